"""Issue 18 item 7: a card's text is the card as players read it; where its data comes from (the
values the engine invented) is for designers — ``Game.card_source`` and ``info X --source`` in the
terminal — and never on the card (the browser table shows ``card_text``)."""

from __future__ import annotations

import pytest

import fudaba
from fudaba.core.session import Session

NOTES = ("invented", "創作", "provenance", "出典")


@pytest.mark.parametrize("game", ["sarasvati", "walpurgis", "suikoden", "maken"])
def test_issue18_card_text_shows_the_card_and_no_source_notes(game: str) -> None:
    g = fudaba.load_game(game)
    invented = 0
    for cid in g.cards:
        c = g.cards.find(cid)
        for lang in ("en", "ja"):
            text = g.card_text(c.id, lang)
            assert not [n for n in NOTES if n in text], (c.id, text)
            source = g.card_source(c.id, lang)
            if getattr(c, "invented", None):
                assert source, c.id
            else:
                assert source == "", (c.id, source)
        invented += bool(getattr(c, "invented", None))
    # the two games whose card data marks invented values have such cards
    assert (invented > 0) == (game in ("suikoden", "maken"))


def test_issue18_card_source_words() -> None:
    mk, sk = fudaba.load_game("maken"), fudaba.load_game("suikoden")
    b01 = mk.cards.find("MK-B01")
    assert mk.card_source("MK-B01", "en") == "invented fields: " + ", ".join(b01.invented)
    assert mk.card_source("MK-B01", "ja") == "創作した項目: " + ", ".join(b01.invented)
    assert sk.card_source("GS-A01", "en") == "stats and effects invented"
    assert sk.card_source("GS-A01", "ja") == "能力値・効果は創作"
    assert sk.card_source("GS-R01", "en") == ""  # タイムスリップ: every value sourced


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_issue18_info_source_in_the_terminal(lang: str) -> None:
    g = fudaba.load_game("maken")
    s = Session(g, g.new_game(seed=3), lang=lang)
    plain = s.handle(0, "info MK-B01")
    sourced = s.handle(0, "info MK-B01 --source")
    assert plain.kind == sourced.kind == "text"
    assert plain.text == g.card_text("MK-B01", lang)
    assert sourced.text == plain.text + "\n" + g.card_source("MK-B01", lang)
    sv = fudaba.load_game("sarasvati")
    s2 = Session(sv, sv.new_game(seed=3), lang=lang)
    none = s2.handle(0, "info --source SV-A01")  # the flag may come first; a card with nothing invented
    assert none.text == sv.card_text("SV-A01", lang) + "\n" + (
        "source: nothing recorded (no value of this card is marked invented)" if lang == "en"
        else "出典: 記録なし (このカードに創作と記された値はありません)")
