"""Spec §2 (the card template) and seed 004's カード作成Q&A: the importer reads the full phrasing of every
sentence of the vocabulary as it reads the short one — 「このカードが攻撃するとき、バトルが終わるまでこのカード
の攻撃力は+2000される」 is 「攻撃時、攻撃力+2000」 (issue 18 item 4)."""

from __future__ import annotations

from typing import Any

import pytest

from fudaba.games.sarasvati.importer import translate_all

#: (the full phrasing, the short one it means, the card type) — every trigger, action, duration, target
#: and condition of the vocabulary in the long form a designer may write
LONG_FORMS = [
    # the rulebook's own card-making Q&A (seed 004, カード作成Q&A)
    ("このカードが攻撃するとき、バトルが終わるまでこのカードの攻撃力は+2000される", "攻撃時、攻撃力+2000", "character"),
    ("このカードがバトルゾーンに召喚されたとき、自分はカードを1枚引く", "召喚時、カードを1枚引く", "character"),
    # every trigger
    ("このカードが攻撃するとき、自分はカードを1枚引く。", "攻撃時、カードを1枚引く。", "character"),
    ("このキャラクターが召喚された時、自分は山札からカードを1枚引く。", "召喚時、カードを1枚引く。", "character"),
    ("このカードがバトルに勝ったとき、このカードは臨戦状態に戻る。", "バトルに勝った時、臨戦状態に戻る。", "character"),
    ("このカードが破壊されたとき、自分の山札の一番上のカードをボルテージゾーンに置く。",
     "破壊された時、自分の山札の上から1枚をボルテージゾーンに置く。", "character"),
    ("自分のターンの初めに、このターンが終わるまで自分のアクションのキャラクターすべての攻撃力は+1000される。",
     "自分のターンの初め、このターンの終わりまで自分のアクションのキャラクターすべての攻撃力を+1000する。", "character"),
    ("この禁書がオープンされたとき、自分はカードを2枚引く。", "オープン時、カードを2枚ドローする。", "book"),
    ("この禁書がオープンしている間、相手のキャラクターすべての攻撃力は-1000される。",
     "オープン中、相手のキャラクターすべての攻撃力を-1000。", "book"),
    ("これを装備したキャラクターがバトルに勝ったとき、次の自分のターンが始まるまで、そのキャラクターの防御力は+2000される。",
     "これを装備したキャラクターがバトルに勝った時、次の自分のターンの初めまで防御力を+2000する。", "equipment"),
    # every action, with the chosen character named again (そのキャラクター)
    ("このカードが召喚されたとき、相手のキャラクターを1体選び、そのキャラクターを無防備状態にする。",
     "召喚時、相手のキャラクターを1体選び、無防備状態にする。", "character"),
    ("防御力3000以下の相手のキャラクターを1体選び、そのキャラクターを破壊する。",
     "防御力3000以下の相手のキャラクターを1体選び、破壊する。", "support"),
    ("このカードが召喚されたとき、後列の自分のキャラクターを1体選び、そのキャラクターを前列に移動させる。",
     "召喚時、後列の自分のキャラクターを1体選び、前列に移動させる。", "character"),
    ("このカードが召喚されたとき、相手のキャラクターを1体選び、このターンが終わるまでそのキャラクターの防御力は-2000される。",
     "召喚時、相手のキャラクターを1体選び、このターンの終わりまで防御力を-2000する。", "character"),
    ("自分のキャラクターを1体選び、このターンが終わるまでそのキャラクターの攻撃力は+5000、防御力は-2000される。",
     "自分のキャラクターを1体選び、このターンの終わりまで攻撃力を+5000、防御力を-2000する。", "support"),
    ("自分のキャラクターを1体選び、そのキャラクターの攻撃力と防御力は+1000される(永続)。",
     "自分のキャラクターを1体選び、攻撃力と防御力を+1000する(永続)。", "support"),
    ("このターンが終わるまで、相手のキャラクターすべての防御力は-1000される。",
     "このターンの終わりまで、相手のキャラクターすべての防御力を-1000する。", "support"),
    ("次の自分のターンが始まるまで、相手のカードのコストは+1される。", "次の自分のターンの初めまで、相手のカードのコストを+1する。",
     "support"),
    ("このターンが終わるまで、自分のカードのコストは1下がる(1より小さくならない)。",
     "このターンの終わりまで、自分のカードのコストを-1する(1より小さくならない)。", "support"),
    ("お互いのプレイヤーはカードを1枚引く。", "お互いにカードを1枚引く。", "support"),
    ("相手のキャラクターを1体選び、このターンが終わるまでそのキャラクターの攻撃力を2000下げる。",
     "相手のキャラクターを1体選び、このターンの終わりまで攻撃力を-2000する。", "support"),
    ("攻撃時、バトルが終わるまでこのカードの攻撃力が2000上がる。", "攻撃時、攻撃力+2000。", "character"),
    # every condition
    ("自分の手札が3枚以上あるとき、このカードの攻撃力は+2000される。", "自分の手札が3枚以上の時、このカードの攻撃力を+2000する。",
     "character"),
    ("自分のボルテージゾーンのカードが6枚以上ある場合、このカードの攻撃力は+3000される。",
     "自分のボルテージが6枚以上の時、このカードの攻撃力を+3000する。", "character"),
    ("相手のキャラクターが3体以上いる場合、このカードの攻撃力は+3000される。",
     "相手のキャラクターが3体以上いる時、このカードの攻撃力を+3000する。", "character"),
    ("相手の手札が5枚以上あるとき、このカードの攻撃力は+2000される。", "相手の手札が5枚以上の時、このカードの攻撃力を+2000する。",
     "character"),
    ("自分のドラマのキャラクターが2体以上いるとき、このカードの攻撃力は+2000、防御力は+1000される。",
     "自分のドラマのキャラクターが2体以上いる時、このカードの攻撃力を+2000、防御力を+1000する。", "character"),
    ("自分のターンの間、このカードの攻撃力は+1000される。", "自分のターン中、このカードの攻撃力を+1000する。", "character"),
    ("このカードが後列にいるとき、このカードの攻撃力は+2000される。", "後列にいる時、このカードの攻撃力を+2000する。", "character"),
    ("相手の前列の臨戦状態のキャラクターすべてを無防備状態にする。", "相手の前列の臨戦状態のキャラクターすべてを無防備状態にする。",
     "support"),
]


@pytest.mark.parametrize(("long", "short", "ctype"), LONG_FORMS, ids=[s for _, s, _ in LONG_FORMS])
def test_2_import_long_form_translates_like_the_short_one(long: str, short: str, ctype: str) -> None:
    effects, missed = translate_all(short, ctype)
    assert effects and not missed  # the short form is in the vocabulary
    assert translate_all(long, ctype) == (effects, [])


def test_2_import_the_rulebooks_qa_examples_give_the_same_cards(game: Any) -> None:
    long_post = ("◇サラ\n4:3000/3000(キャラクター/アクション)\n"
                 "このカードが攻撃するとき、バトルが終わるまでこのカードの攻撃力は+2000される。\n"
                 "このカードがバトルゾーンに召喚されたとき、自分はカードを1枚引く。\n")
    short_post = "◇サラ\n4:3000/3000(キャラクター/アクション)\n攻撃時、攻撃力+2000。\n召喚時、カードを1枚引く。\n"
    long_cards = game.with_cards(_tables(game.import_cards(long_post)), "long").cards
    short_cards = game.with_cards(_tables(game.import_cards(short_post)), "short").cards
    assert [e.to_dict() for e in long_cards["SV-U01"].effects] == [e.to_dict() for e in short_cards["SV-U01"].effects] == [
        {"trigger": "on_attack", "target": "self", "action": "modify", "atk": 2000, "duration": "until_end_of_battle"},
        {"trigger": "on_summon", "target": "self_player", "action": "draw", "amount": 1}]


@pytest.mark.parametrize("sentence", [
    "このカードが攻撃するとき、墓地にカードが10枚以上あれば、このカードの攻撃力は+2000される。",
    "このカードが召喚されたとき、相手のキャラクターを2体選び、それを破壊する。",
    "このカードがバトルゾーンに召喚されたとき、自分はカードを1枚引かない。",
    "自分の手札が3枚以下のとき、このカードの攻撃力は+2000される。",
])
def test_2_import_a_long_form_outside_the_vocabulary_stays_untranslated(sentence: str) -> None:
    assert translate_all(sentence, "character") == ([], [sentence])


def _tables(toml_text: str) -> list[dict[str, Any]]:
    import tomllib

    return list(tomllib.loads(toml_text)["card"])


def test_2_import_a_number_of_thousands_of_digits_is_refused_with_its_range(game: Any) -> None:
    huge = "9" * 5000
    assert translate_all(f"カードを{huge}枚引く。", "support") == (
        [{"trigger": "on_play", "target": "self_player", "action": "draw", "amount": 10**18}], [])
    out = game.import_cards(f"◇X\n1(サポート/SF)\nカードを{huge}枚引く。\n◇Y\n{huge}(サポート/SF)\n", source="p")
    assert out.splitlines()[0] == ("# not imported: p:5: card 'SV-U02': field 'cost': must be at most 99 (from 0 to "
                                   "99), got 1000000000000000000")
    assert "(read as an effect the rules cannot run: must be at most 40 (from 1 to 40), got 1000000000000000000)" in out
