"""Spec §2: importing cards posted in the designers' カード晒しテンプレ."""

from __future__ import annotations

import re
import tomllib
from typing import Any

import pytest

from fudaba.core.cards import build_cards
from fudaba.core.errors import CardDataError
from fudaba.games.sarasvati.cards import Condition, build_card
from fudaba.games.sarasvati.importer import NOT_TRANSLATED, translate, translate_all

SEED_EXAMPLES = """◆カード記載例◆

◇第零の司書・サラ
4:3000/3000(キャラクター/アクション、マスコット)
‣自分の手札が3枚以上の時、このカードの攻撃力を+2000する。
『黒きコートを翻す、クーデレ貧乳ポニテ黒眼ガール』

◇何が知性だ!
2(サポート/アクション)
[脳筋] 自分のキャラクターを1体選び、このターンの終わりまで攻撃力を+5000、防御力を-2000する。

◇開いた傘
2:1000/0(装備/アクション)
‣これを装備したキャラクターがバトルに勝った時、次の自分のターンの初めまで防御力を+2000する。

◇厨二妄想サラスヴァティ
6(禁書/アクション)
▸オープン時、カードを2枚ドローする。
▸オープン中、バトルゾーンにいる敵味方すべての攻撃力を+2000。
"""


def _load(text: str) -> list[Any]:
    return build_cards(tomllib.loads(text)["card"], build_card, "imported")


def test_2_import_seed_examples_equal_the_real_cards(game: Any) -> None:
    cards = _load(game.import_cards(SEED_EXAMPLES, source="seed", id_prefix="SV-U"))
    assert [c.id for c in cards] == ["SV-U01", "SV-U02", "SV-U03", "SV-U04"]
    for c, rid in zip(cards, ("SV-R1", "SV-R2", "SV-R3", "SV-R4"), strict=True):
        r = game.cards[rid]
        assert (c.name, c.type, c.cost, c.atk, c.def_, c.attribute, c.sub_attributes, c.effect_name) == (
            r.name, r.type, r.cost, r.atk, r.def_, r.attribute, r.sub_attributes, r.effect_name)
        assert c.effects == r.effects
    assert cards[0].flavor == "黒きコートを翻す、クーデレ貧乳ポニテ黒眼ガール"


def test_2_import_rules_section_form_and_equipment_dash(game: Any) -> None:
    post = """◇第零の司書・サラ [サラ]
コスト4:攻3000/防3000(キャラクター/アクション、マスコット)
・攻撃時、攻撃力+2000

◇ただの盾
1:-/-(装備/SF)
付け替え可能。

◇覚醒サラ
3:6000/5000(キャラクター/アクション、マスコット)
進化:第零の司書・サラ。召喚時、カードを1枚引く。
"""
    a, b, c = _load(game.import_cards(post))
    assert a.name == "第零の司書・サラ" and (a.cost, a.atk, a.def_) == (4, 3000, 3000)
    assert [e.to_dict() for e in a.effects] == [{"trigger": "on_attack", "target": "self", "action": "modify",
                                                 "atk": 2000, "duration": "until_end_of_battle"}]
    assert (b.type, b.atk, b.def_, b.reattachable, b.effects) == ("equipment", 0, 0, True, ())
    assert c.evolves_from == "第零の司書・サラ" and c.effects[0].action == "draw"


def test_2_import_every_pool_text_translates_to_its_effects(game: Any) -> None:
    for c in game.cards.values():
        if not c.text:
            continue
        sents = [s for s in re.split(r"(?<=。)", c.text.replace("\n", "")) if s.strip()]
        got = [translate(s, c.type) for s in sents if not s.startswith(("進化", "付け替え"))]
        assert [dict(sorted(g.items())) for g in got if g] == [dict(sorted(e.to_dict().items()))
                                                               for e in c.effects], c.id


def test_2_import_untranslated_text_is_kept_and_flagged(game: Any) -> None:
    out = game.import_cards("◇謎の本\n3(サポート/ドラマ)\n月が綺麗ですね。\n")
    assert 'text = "月が綺麗ですね。"' in out
    assert "\n# not translated: line 3: 月が綺麗ですね。\n" in out
    assert _load(out)[0].effects == ()


@pytest.mark.parametrize(("sentence", "ctype", "effects", "missed"), [
    # two clauses joined by a continuative verb: one effect each, the trigger shared
    ("召喚時、カードを1枚引き、相手のキャラクターを1体選び無防備状態にする。", "character",
     [{"trigger": "on_summon", "target": "self_player", "action": "draw", "amount": 1},
      {"trigger": "on_summon", "target": "choose_enemy_character", "action": "set_defenceless"}], []),
    ("攻撃時、攻撃力+2000し、カードを1枚引く。", "character",
     [{"trigger": "on_attack", "target": "self", "action": "modify", "atk": 2000, "duration": "until_end_of_battle"},
      {"trigger": "on_attack", "target": "self_player", "action": "draw", "amount": 1}], []),
    ("このターンの終わりまで、相手のキャラクターすべての防御力を-1000し、カードを1枚引く。", "support",
     [{"trigger": "on_play", "target": "all_enemy_characters", "action": "modify", "def": -1000,
       "duration": "until_end_of_turn"},
      {"trigger": "on_play", "target": "self_player", "action": "draw", "amount": 1}], []),
    # conditions about the opponent and the turn (§8 opp_hand_size_ge, own_turn, opp_characters_ge)
    ("相手の手札が5枚以上の時、攻撃力+2000。", "character",
     [{"trigger": "static", "condition": {"opp_hand_size_ge": 5}, "target": "self", "action": "modify",
       "atk": 2000, "duration": "while_condition"}], []),
    ("自分のターン中、攻撃力+1000。", "character",
     [{"trigger": "static", "condition": {"own_turn": True}, "target": "self", "action": "modify", "atk": 1000,
       "duration": "while_condition"}], []),
    ("相手のターン中、防御力+1000。", "equipment",
     [{"trigger": "static", "condition": {"own_turn": False}, "target": "equipped", "action": "modify",
       "def": 1000, "duration": "while_condition"}], []),
    ("相手のキャラクターが3体以上いる時、攻撃力+3000。", "character",
     [{"trigger": "static", "condition": {"opp_characters_ge": 3}, "target": "self", "action": "modify",
       "atk": 3000, "duration": "while_condition"}], []),
    ("攻撃時、相手の手札が5枚以上の時、カードを1枚引く。", "character",
     [{"trigger": "on_attack", "condition": {"opp_hand_size_ge": 5}, "target": "self_player", "action": "draw",
       "amount": 1}], []),
    # a condition outside the vocabulary: the whole sentence, never an unconditional effect
    ("墓地にカードが10枚以上ある時、攻撃力+2000。", "character", [], ["墓地にカードが10枚以上ある時、攻撃力+2000。"]),
    ("相手のSFのキャラクターが3体以上いる時、攻撃力+3000。", "character", [],
     ["相手のSFのキャラクターが3体以上いる時、攻撃力+3000。"]),
    ("召喚時、カードを1枚引かない。", "character", [], ["召喚時、カードを1枚引かない。"]),
    ("召喚時、相手のキャラクターを2体選び、破壊する。", "character", [], ["召喚時、相手のキャラクターを2体選び、破壊する。"]),
    # a count of your own characters without an attribute is in the vocabulary (characters_ge alone)
    ("自分のキャラクターが3体以上いる時、攻撃力+1000。", "character",
     [{"trigger": "static", "condition": {"characters_ge": 3}, "target": "self", "action": "modify", "atk": 1000,
       "duration": "while_condition"}], []),
    # a clause after a translated one that is not understood is returned, the first kept
    ("攻撃時、カードを1枚引き、月が綺麗。", "character",
     [{"trigger": "on_attack", "target": "self_player", "action": "draw", "amount": 1}], ["月が綺麗"]),
])
def test_2_import_sentence_is_translated_whole_or_its_untranslated_part_returned(
        sentence: str, ctype: str, effects: list[dict[str, Any]], missed: list[str]) -> None:
    assert translate_all(sentence, ctype) == (effects, missed)
    assert translate(sentence, ctype) == (effects[0] if len(effects) == 1 and not missed else None)


def test_2_import_short_name_becomes_a_field() -> None:
    from fudaba.games.sarasvati.importer import import_post

    out = import_post("◇第零の司書・サラ [サラ]\n4:3000/3000(キャラクター/アクション)\n◇名無し\n1(サポート/SF)\n")
    a, b = tomllib.loads(out)["card"]
    assert (a["name"], a["short_name"], b["name"]) == ("第零の司書・サラ", "サラ", "名無し")
    assert "short_name" not in b
    assert _load(out)[0].short_name == "サラ"


def test_2_card_short_name_must_not_be_empty() -> None:
    raw = {"id": "SV-Q1", "name": "x", "short_name": " ", "type": "support", "cost": 1, "attribute": "SF"}
    with pytest.raises(CardDataError, match="card 'SV-Q1': field 'short_name': must not be empty"):
        build_cards([raw], build_card, "t.toml")


@pytest.mark.parametrize(
    ("post", "message"),
    [
        ("ただの文章", "post: no card found; each card starts with a line '◇カード名'"),
        ("◇名前だけ", "post:1: card SV-U01 (名前だけ): the cost line is missing"),
        ("◇X\nコスト高い(キャラクター/SF)", "post:2: card SV-U01 (X): cannot read the cost line"),
        ("◇X\n2:1000/1000(呪文/SF)", "post:2: card SV-U01 (X): unknown card type '呪文'"),
        ("◇X\n2:1000/1000(キャラクター/魔法)", "post:2: card SV-U01 (X): unknown main attribute '魔法'"),
        ("◇X\n2:1000/1000(サポート/SF)", "a サポート card has no 攻撃力/防御力"),
        ("◇X\n2(キャラクター/SF)", "a character needs 攻撃力/防御力"),
    ],
)
def test_2_import_errors_name_line_and_card(game: Any, post: str, message: str) -> None:
    with pytest.raises(CardDataError) as e:
        game.import_cards(post, source="post")
    assert message in str(e.value)


def test_2_import_evolution_on_several_bases(game: Any) -> None:
    post = "◇合体要塞ロボ\n4:9000/8000(キャラクター/SF、機械)\n▸進化:機械×2\n\n◇双子の勇者\n3:7000/6000(キャラクター/アクション)\n進化:見習い剣士2体。\n"
    a, b = _load(game.import_cards(post))
    assert (a.evolves_from, a.evolve_bases) == ("機械", 2)
    assert (b.evolves_from, b.evolve_bases) == ("見習い剣士", 2)
    r = game.cards["SV-B24"]
    assert (a.name, a.cost, a.atk, a.def_, a.sub_attributes, a.evolves_from, a.evolve_bases) == (
        r.name, r.cost, r.atk, r.def_, r.sub_attributes, r.evolves_from, r.evolve_bases)


def test_2_import_conditions_on_the_opponent_and_the_turn_exact_toml(game: Any) -> None:
    post = """◇手札読み
3:3000/4000(キャラクター/アクション)
相手の手札が5枚以上の時、攻撃力+2000。

◇先攻の騎士
3:3000/4000(キャラクター/アクション)
自分のターン中、攻撃力+1000。

◇多勢の勇者
3:1000/4000(キャラクター/アクション)
相手のキャラクターが3体以上いる時、攻撃力+3000。
"""
    out = game.import_cards(post, id_prefix="T-I")
    eff = '{trigger = "static", condition = {%s}, target = "self", action = "modify", atk = %d, ' \
          'duration = "while_condition"},'
    assert out == "\n".join([
        "[[card]]", 'id = "T-I01"', 'name = "手札読み"', 'type = "character"', "cost = 3", "atk = 3000",
        "def = 4000", 'attribute = "アクション"', 'text = "相手の手札が5枚以上の時、攻撃力+2000。"', "effects = [",
        "  " + eff % ("opp_hand_size_ge = 5", 2000), "]", "",
        "[[card]]", 'id = "T-I02"', 'name = "先攻の騎士"', 'type = "character"', "cost = 3", "atk = 3000",
        "def = 4000", 'attribute = "アクション"', 'text = "自分のターン中、攻撃力+1000。"', "effects = [",
        "  " + eff % ("own_turn = true", 1000), "]", "",
        "[[card]]", 'id = "T-I03"', 'name = "多勢の勇者"', 'type = "character"', "cost = 3", "atk = 1000",
        "def = 4000", 'attribute = "アクション"', 'text = "相手のキャラクターが3体以上いる時、攻撃力+3000。"',
        "effects = [", "  " + eff % ("opp_characters_ge = 3", 3000), "]", "",
    ])
    assert NOT_TRANSLATED not in out
    a, b, c = _load(out)
    assert [e.condition for e in (*a.effects, *b.effects, *c.effects)] == [
        Condition(opp_hand_size_ge=5), Condition(own_turn=True), Condition(opp_characters_ge=3)]


def test_2_import_a_reading_the_rules_cannot_run_is_flagged_not_fatal(game: Any) -> None:
    """A sentence whose word-for-word reading is no valid effect (a continuous draw) is kept as
    text and flagged like any other untranslated sentence; the rest of the card still imports."""
    out = game.import_cards("◇テスト戦士\n2:3000/2000(キャラクター/アクション)\n"
                            "自分のターン中、カードを1枚引く。\n召喚時、カードを1枚引く。\n")
    card = _load(out)[0]
    assert [e.to_dict() for e in card.effects] == [
        {"trigger": "on_summon", "target": "self_player", "action": "draw", "amount": 1}]
    assert (f"\n{NOT_TRANSLATED} line 3: 自分のターン中、カードを1枚引く。 (read as an effect the rules "
            "cannot run: a continuous (static) effect can only modify or cost_modifier)\n") in out
