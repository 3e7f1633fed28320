"""§2 the card schema, §3 deck building, §10 the sample pool and the starter decks."""

from __future__ import annotations

from collections import Counter

import pytest

from fudaba.core.errors import CardDataError, DeckError

from .helpers import AI, GRAY, attack_card, attack_pos, game, seat


# ====================================================================== §2 the card schema
@pytest.mark.parametrize(("raw", "field", "problem"), [
    ({"reach_front": 2}, "reach_front", "give either reach, or reach_front and reach_back"),
    ({"guard": 0}, "guard", "at least 1"),
    ({"posture": "lying"}, "posture", "'lying' is not one of"),
    ({"unguardable": ["stand", "stand"]}, "unguardable", "listed twice"),
    ({"gc": "maybe"}, "gc", "'maybe' is not one of"),
    ({"dest": "deck"}, "dest", "'deck' is not one of"),
    ({"gauge_cost": 11}, "gauge_cost", "out of range"),
    ({"speed": -1}, "speed", "must be ≥ 0"),
    ({"effects": [{"trigger": "static", "action": "draw_limit", "n": 4}]}, "effects[0].trigger",
     "an attack card has no static effects"),
    ({"effects": [{"trigger": "on_bet", "action": "modify", "stat": "luck", "n": 1}]}, "effects[0].stat",
     "'luck' is not one of"),
    ({"effects": [{"trigger": "on_hit", "action": "draw", "n": 1, "colour": "red"}]}, "effects[0].colour",
     "unknown field"),
    ({"draw_limit": 4}, "draw_limit", "unknown field"),
])
def test_2_card_errors_name_the_card_and_the_field(raw: dict[str, object], field: str, problem: str) -> None:
    card = attack_card("MK-X1", **raw)
    with pytest.raises(CardDataError) as e:
        game().with_cards([card])
    assert f"card 'MK-X1': field '{field}'" in str(e.value) and problem in str(e.value)


def test_2_the_card_file_error_names_the_file_and_line(tmp_path: object) -> None:
    from pathlib import Path

    p = Path(str(tmp_path)) / "bad.toml"
    p.write_text('[[card]]\nid = "MK-X2"\nname = "壊れ"\nkind = "attack"\nseries = "B"\nspeed = 1\nreach = 1\n'
                 'attack = 1\nguard = 1\nposture = "sitting"\n', encoding="utf-8")
    with pytest.raises(CardDataError, match=r"bad\.toml:10: card 'MK-X2': field 'posture'"):
        game().check_card_file(p)


def test_2_a_single_reach_is_front_and_back() -> None:
    c = game().cards["MK-G02"]
    assert (c.reach_front, c.reach_back, c.split_reach) == (3, 3, False)
    c = game().cards["MK-A06"]
    assert (c.reach_front, c.reach_back, c.split_reach) == (4, 2, True)


def test_2_effective_values_never_below_zero_guard_never_below_one() -> None:
    st = attack_pos(seat(GRAY, field=[{"card": "MK-G01", "mods": {"speed": -9, "reach": -9, "attack": -9,
                                                                  "guard": -9}}], hand=["MK-G06"]),
                    seat(AI, hand=["MK-A08"]), 0, 1, after_fb=True)
    assert st.unit_stats(0, st.field[0][0]) == (0, 0, 0, 0, 1)


# ====================================================================== §3 deck building
def test_3_the_starter_decks_are_legal() -> None:
    g = game()
    decks = g.starter_decks()
    assert sorted(decks) == ["ai", "gray"]
    for d in decks.values():
        assert g.check_deck(d) == [] and len(d.main) == 41


def test_3_deck_problems_every_breach_at_once() -> None:
    g = game()
    text = "1 MK-C1\n1 MK-C2\n5 MK-B01\n4 MK-A01\n"
    problems = g.check_deck(text)
    assert problems == [
        "a deck has exactly one character card (one line, count 1); this one has 2 (§3)",
        "the deck has 9 cards besides the character; exactly 40 are needed (§3)",
        "line 3: 5 copies of 雪嶺衝 (MK-B01); at most 4 per card (§3)",
    ]
    problems = g.check_deck("1 MK-C1\n" + "".join(f"4 MK-{c}\n" for c in
                                                   ("B01", "B02", "B06", "G01", "G02", "G03", "G04", "G05", "G06", "A01")))
    assert problems == ["line 11: 花弾 (MK-A01) is of series E, not the character's series B or common (§3)"]
    with pytest.raises(DeckError, match=r"line 2: unknown card 'MK-ZZ'"):
        g.parse_deck("1 MK-C1\n1 MK-ZZ\n")


def test_3_deck_lists_read_names_too() -> None:
    g = game()
    d = g.parse_deck("1 グレイ\n" + "".join(f"4 {g.cards['MK-' + c].name}\n" for c in
                                            ("B01", "B02", "B06", "G01", "G02", "G03", "G04", "G05", "G06", "G07")))
    assert Counter(d.main) == Counter(g.starter_decks()["gray"].main)


# ====================================================================== §10 the pool
def test_10_2_the_sample_pool_uses_every_flag_stance_and_trigger() -> None:
    cards = list(game().cards.values())
    attack = [c for c in cards if c.is_attack]
    assert {c.posture for c in attack} == {"stand", "crouch", "air"}
    assert {u for c in attack for u in c.unguardable} == {"stand", "crouch", "air"}
    assert any(set(c.unguardable) == {"stand", "crouch"} for c in attack)
    assert {c.gc for c in attack} == {"none", "possible", "only"}
    assert {c.dest for c in attack} == {"gauge", "dust", "hand"}
    assert any(c.split_reach for c in attack) and any(c.reach_front == 0 for c in attack)
    assert {e.trigger for c in cards for e in c.effects} == {"on_bet", "on_hit", "static", "on_set", "turn_start",
                                                             "on_down"}
    assert {e.action for c in cards for e in c.effects} == {"draw", "gauge_gain", "gauge_loss", "modify", "draw_limit",
                                                            "bonus_bet"}
    assert any(e.who == "opponent" for c in cards for e in c.effects)
    assert any(e.gauge_ge is not None for c in cards for e in c.effects)
    assert any(e.posture for c in cards for e in c.effects)
    assert {c.kind for c in cards} == {"attack", "support", "character"}


def test_10_1_setsurei_strike_keeps_its_known_values() -> None:
    b01 = game().cards["MK-B01"]
    assert (b01.gauge_cost, b01.attack, b01.reach_front, b01.name) == (2, 8, 0, "雪嶺衝")
    assert set(b01.invented) == {"speed", "guard", "posture", "dest"}


def test_10_2_characters_and_series() -> None:
    g = game()
    assert (g.cards["MK-C1"].series, g.cards["MK-C2"].series) == ("B", "E")
    assert g.cards["MK-C1"].draw_limit is None and g.cards["MK-C2"].effects[0].trigger == "on_down"
    assert all(g.cards[c].series == "B" for c in g.cards if c.startswith(("MK-B", "MK-G")))
    assert all(g.cards[c].series == "E" for c in g.cards if c.startswith(("MK-A", "MK-E")))
