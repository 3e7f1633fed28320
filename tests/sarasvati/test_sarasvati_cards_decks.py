"""Spec §2 card data, §3 deck building, §10 the pool: validation and errors naming file/card/field/line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fudaba.core.errors import CardDataError, DeckError
from fudaba.games.sarasvati.cards import ACTIONS, CONDITION_FIELDS, DURATIONS, FILTER_FIELDS, TARGETS, TRIGGERS
from fudaba.games.sarasvati.game import deck_books


def test_2_pool_real_cards_exact(game: Any) -> None:
    r1, r2, r3, r4 = (game.cards[f"SV-R{k}"] for k in range(1, 5))
    assert (r1.type, r1.cost, r1.atk, r1.def_, r1.attribute, r1.sub_attributes) == (
        "character", 4, 3000, 3000, "アクション", ("マスコット",))
    assert (r2.type, r2.cost, r2.effect_name) == ("support", 2, "脳筋")
    assert (r3.type, r3.cost, r3.atk, r3.def_) == ("equipment", 2, 1000, 0)
    assert (r4.type, r4.cost) == ("book", 6)
    assert game.cards.find("第零の司書・サラ") is r1 and game.cards.find("sara, the zeroth librarian") is r1


def test_10_pool_uses_the_whole_vocabulary(game: Any) -> None:
    used: dict[str, set[Any]] = {"trigger": set(), "target": set(), "action": set(), "duration": set(),
                                 "condition": set(), "filter": set()}
    for c in game.cards.values():
        for e in c.effects:
            used["trigger"].add(e.trigger)
            used["target"].add(e.target)
            used["action"].add(e.action)
            used["duration"].add(e.duration)
            if e.condition is not None:
                used["condition"] |= {k for k in e.condition.to_dict() if k not in ("of_attribute",
                                                                                    "of_sub_attribute")}
                used["condition"] |= {k for k in e.condition.to_dict() if k.startswith("of_")}
            if e.filter is not None:
                used["filter"] |= set(e.filter.to_dict())
    assert used["trigger"] == set(TRIGGERS)
    assert used["target"] == set(TARGETS)
    assert used["action"] == set(ACTIONS)
    assert used["duration"] - {""} == set(DURATIONS)
    assert used["condition"] == set(CONDITION_FIELDS)
    assert used["filter"] == set(FILTER_FIELDS)
    assert any(c.is_evolution for c in game.cards.values())
    assert any(c.evolve_bases > 1 for c in game.cards.values())  # the Q&A's choice of equipment to keep
    assert any(c.reattachable for c in game.cards.values())
    ids = [c for c in game.cards if c.startswith("SV-") and not c.startswith("SV-R")]
    assert len(ids) >= 24


def test_10_vanilla_curve(game: Any) -> None:
    curve = {1: (500, 0), 2: (2000, 1000), 3: (3000, 2000), 4: (4000, 3000), 5: (5000, 5000), 6: (8000, 7000),
             7: (12000, 10000)}
    for c in game.cards.values():
        if c.type == "character" and not c.effects and not c.is_evolution and c.cost in curve:
            a, d = curve[c.cost]
            assert abs((c.atk + c.def_) - (a + d)) <= 1000, c.id


def test_3_starter_decks_are_legal_and_use_all_attributes(game: Any) -> None:
    decks = game.starter_decks()
    assert len(decks) >= 2
    attrs = set()
    for d in decks.values():
        assert game.check_deck(d) == []
        attrs |= {game.cards[c].attribute for c in d.main}
    assert attrs == {"SF", "ファンタジー", "アクション", "ドラマ"}


def test_3_deck_problems_all_at_once_with_line_numbers(game: Any) -> None:
    text = "\n".join([
        "# broken deck",
        "5 SV-A02  # 路地裏の拳闘士",
        "1 SV-R4",
        "3 ナニカ",
        "garbage line here",
        "# 禁書",
        "1 SV-A01",
        "1 SV-R4",
        "1 SV-BF1",
        "1 SV-BF2",
    ])
    with pytest.raises(DeckError) as e:
        game.parse_deck(text)
    assert e.value.problems == [
        "line 4: unknown card 'ナニカ'",
        "line 5: unknown card 'garbage line here'",
        "the deck has 6 cards; it must have exactly 40 (deck_size, §3)",
        "5 copies of 路地裏の拳闘士 (SV-A02); at most 4 of a name (max_copies, §3)",
        "SV-R4 厨二妄想サラスヴァティ is a forbidden book: list it in the '# 禁書' section, not the deck (§3)",
        "SV-A01 見習い剣士 is a character, not a forbidden book; it cannot be in the '# 禁書' section (§3)",
        "4 forbidden books; exactly 3 are needed (books, §3)",
        "the forbidden books cost 15 in total; at most 13 (book_cost_cap, §3)",
    ]


def test_3_duplicate_books_allowed(game: Any) -> None:
    main = "\n".join(f"4 SV-A0{k}" for k in (1, 2, 3, 4, 5)) + "\n4 SV-B01\n4 SV-B02\n4 SV-B03\n4 SV-B04\n4 SV-B06"
    d = game.parse_deck(main + "\n# 禁書\n3 SV-AF2\n")
    assert deck_books(d) == ("SV-AF2",) * 3


def _bad(tmp_path: Path, body: str) -> str:
    p = tmp_path / "bad.toml"
    p.write_text(body, encoding="utf-8")
    return str(p)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('[[card]]\nid = "X-1"\nname = "x"\ntype = "character"\ncost = 1\natk = 1\nattribute = "SF"\n',
         "bad.toml:2: card 'X-1': field 'def': missing"),
        ('[[card]]\nid = "X-1"\nname = "x"\ntype = "spell"\ncost = 1\nattribute = "SF"\n',
         "bad.toml:4: card 'X-1': field 'type': 'spell' is not one of character, support, equipment, book"),
        ('[[card]]\nid = "X-1"\nname = "x"\ntype = "support"\ncost = 1\nattribute = "SF"\n'
         'effects = [{trigger = "on_summon", target = "self_player", action = "draw", amount = 1}]\n',
         "field 'effects[0].trigger': a support card cannot have 'on_summon' effects"),
        ('[[card]]\nid = "X-1"\nname = "x"\ntype = "support"\ncost = 1\nattribute = "SF"\n'
         'effects = [{trigger = "on_play", target = "self_player", action = "modify", atk = 1}]\n',
         "field 'effects[0].target': action 'modify' needs a character target"),
        ('[[card]]\nid = "X-1"\nname = "x"\ntype = "support"\ncost = 1\nattribute = "SF"\n'
         'effects = [{trigger = "on_play", target = "choose_own_character", action = "modify", atk = 1}]\n',
         "field 'effects[0].duration': a on_play modify effect needs a duration"),
        ('[[card]]\nid = "X-1"\nname = "x"\ntype = "character"\ncost = 1\natk = 0\ndef = 0\nattribute = "SF"\n'
         'effects = [{trigger = "static", target = "self", action = "modify", atk = 1, condition = {hand = 2}}]\n',
         "field 'effects[0].condition.hand': unknown condition"),
        ('[[card]]\nid = "X-1"\nname = "x"\ntype = "character"\ncost = 1\natk = 0\ndef = 0\nattribute = "魔法"\n',
         "field 'attribute': '魔法' is not one of SF, ファンタジー, アクション, ドラマ"),
        ('[[card]]\nid = "X-1"\nname = "x"\ntype = "book"\ncost = 1\nattribute = "SF"\ncolour = 1\n',
         "field 'colour': unknown field"),
    ],
)
def test_2_card_errors_name_file_line_card_field(game: Any, tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(CardDataError) as e:
        game.check_card_file(_bad(tmp_path, body))
    assert message in str(e.value)


def test_2_pool_files_validate(game: Any) -> None:
    from fudaba.games.sarasvati.cards import CARD_DIR

    n = sum(len(game.check_card_file(p)) for p in sorted(CARD_DIR.glob("*.toml")))
    assert n == len(game.cards)
