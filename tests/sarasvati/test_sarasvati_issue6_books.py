"""Issue 6: a destroyed forbidden book goes to its owner's graveyard (spec §1 zones, §6, §7, §12).

Seed 004: 「墓地:破壊されたカードを置く」. The book's K place stays empty (the other books keep their K
numbers); the books left are the ones still in the book zone.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from sv_util import opts, seat, slot

from fudaba.core.errors import IllegalAction, PositionError
from fudaba.core.rng import Rng


def _attackers() -> dict[str, Any]:
    return seat(slots={"F1": "SV-A02", "F2": "SV-A02", "F3": "SV-A02"})


# ------------------------------------------------------------------------------------------- §6 to the graveyard
def test_6_destroyed_book_goes_to_its_owners_graveyard(make: Any) -> None:
    p0, p1 = _attackers(), seat(books=["SV-AF2", {"card": "SV-R4", "open": True}, "SV-BF2"], grave=["SV-B03"])
    st = make(p0, p1, phase="battle")
    before = Counter(st.all_cards())
    ev = st.apply("attack F1 xK2")
    assert st.books[1] == ["SV-AF2", None, "SV-BF2"] and st.hits[1] == [0, 2, 0]
    assert st.discard[1] == ["SV-B03", "SV-R4"] and st.discard[0] == []  # the owner's graveyard, last
    assert Counter(st.all_cards()) == before  # counted once: in the graveyard, not at K2
    assert [(e.kind, e.data["card"]) for e in ev if e.kind == "book_destroyed"] == [("book_destroyed", "SV-R4")]
    assert not st.over  # two books are left in the book zone


def test_6_destroyed_book_view_empty_place_card_in_public_graveyard(make: Any) -> None:
    p0, p1 = _attackers(), seat(books=["SV-AF2", {"card": "SV-R4", "open": True}, "SV-BF2"])
    st = make(p0, p1, phase="battle")
    st.apply("attack F1 xK2")
    for viewer in (0, 1, None):
        v = st.view(viewer)
        books = v["table"]["players"][1]["books"]
        assert books[1] == {"place": "K2", "card": None, "state": "destroyed", "hits": 2}
        assert v["players"][1]["discard"] == ["SV-R4"]
        assert [b["place"] for b in books] == ["K1", "K2", "K3"]  # K numbers stay
    assert [b["card"] for b in st.view(1)["table"]["players"][1]["books"]] == ["SV-AF2", None, "SV-BF2"]
    assert [b["card"] for b in st.view(0)["table"]["players"][1]["books"]] == [None, None, None]
    r = st.resample(0, Rng(5))  # a face-down book may be permuted; the empty place stays empty
    assert r.books[1][1] is None and sorted(r.books[1][k] for k in (0, 2)) == ["SV-AF2", "SV-BF2"]


def test_6_destroyed_book_while_open_ends_with_it(make: Any) -> None:
    p0, p1 = _attackers(), seat(books=[{"card": "SV-R4", "open": True}, "T-BK", "T-BK"])
    st = make(p0, p1, phase="battle")
    assert slot(st, 0, "F2")["atk"] == 4000  # SV-R4 open: +2000
    st.apply("attack F1 xK1")
    assert st.discard[1] == ["SV-R4"] and slot(st, 0, "F2")["atk"] == 2000


def test_6_destroyed_books_place_is_no_target_other_places_keep_their_numbers(make: Any) -> None:
    p0, p1 = _attackers(), seat(books=["T-BK", {"card": "T-BK", "open": True}, "SV-R4"])
    st = make(p0, p1, phase="battle")
    st.apply("attack F1 xK2")
    assert opts(st) == ["attack F2 xK1", "attack F2 xK3", "attack F3 xK1", "attack F3 xK3", "end"]
    with pytest.raises(IllegalAction, match=r"attack F2 xK2: the forbidden book xK2 is already destroyed: it "
                                            r"is in the graveyard \(§6\)") as e:
        st.apply("attack F2 xK2")
    assert e.value.text("ja") == "attack F2 xK2: 禁書 xK2 はすでに破壊され、墓地にあります (§6)"
    st.apply("attack F2 xK3")  # K3 is still SV-R4: it opens
    assert st.books[1] == ["T-BK", None, "SV-R4"] and st.hits[1] == [0, 2, 1] and len(st.hand[1]) == 2


# ------------------------------------------------------------------------------------------- §7 books left
def test_7_books_left_are_counted_in_the_book_zone(make: Any) -> None:
    p1 = seat(books=[{"card": "T-BK", "open": True}, {"destroyed": True}, {"card": "T-BK", "open": True}],
              grave=["SV-B03", "T-BK"])
    st = make(_attackers(), p1, phase="battle")
    assert st.books_left(1) == 2
    st.apply("attack F1 xK1")
    assert not st.over and st.books_left(1) == 1 and st.discard[1] == ["SV-B03", "T-BK", "T-BK"]
    st.apply("attack F2 xK3")
    assert st.over and st.winner == 0 and st.result == "all books destroyed"
    assert st.books[1] == [None, None, None] and st.discard[1] == ["SV-B03", "T-BK", "T-BK", "T-BK"]


def test_7_book_hits_1_first_hit_destroys_into_the_graveyard(make: Any) -> None:
    st = make(_attackers(), seat(books=["SV-R4", "T-BK"]), phase="battle", params={"book_hits": 1})
    ev = st.apply("attack F1 xK1")
    assert "book_open" not in [e.kind for e in ev] and st.hand[1] == []  # never opened: no on_open draw
    assert st.books[1] == [None, "T-BK"] and st.discard[1] == ["SV-R4"]
    st.apply("attack F2 xK2")
    assert st.over and st.winner == 0


# ------------------------------------------------------------------------------------------- §12 positions
def test_12_destroyed_book_old_form_loads_into_the_graveyard(game: Any, make: Any) -> None:
    # the §12 example's {card = ID, destroyed = true}: the book goes after the cards listed in 'grave'
    st = make(seat(), seat(books=["T-BK", {"card": "SV-R4", "destroyed": True}, "T-BK"], grave=["SV-B03"]))
    assert st.books[1] == ["T-BK", None, "T-BK"] and st.hits[1] == [0, 2, 0]
    assert st.discard[1] == ["SV-B03", "SV-R4"]
    pos = st.position()
    assert pos["seat"][1]["books"] == [{"card": "T-BK", "open": False}, {"destroyed": True},
                                       {"card": "T-BK", "open": False}]
    assert pos["seat"][1]["grave"] == ["SV-B03", "SV-R4"]
    assert game.load_position(json.dumps(pos, ensure_ascii=False)).hash() == st.hash()
    assert game.state_from_json(st.to_json()).hash() == st.hash()


def test_12_destroyed_book_written_in_the_graveyard_keeps_its_order(game: Any, make: Any) -> None:
    st = make(seat(), seat(books=[{"destroyed": True}, "T-BK", "T-BK"], grave=["SV-R4", "SV-B03"]))
    assert st.books[1] == [None, "T-BK", "T-BK"] and st.discard[1] == ["SV-R4", "SV-B03"]
    assert game.load_position(st.position()).hash() == st.hash()
    # the same position written with hits = book_hits
    same = make(seat(), seat(books=[{"hits": 2}, "T-BK", "T-BK"], grave=["SV-R4", "SV-B03"]))
    assert same.hash() == st.hash()


@pytest.mark.parametrize(
    ("p1", "msg"),
    [
        (seat(grave=["SV-R4"]),
         r"key 'seat\[1\]\.grave\[0\]': SV-R4 厨二妄想サラスヴァティ is a forbidden book; a book reaches the "
         r"graveyard only when destroyed \(§6\): give its K place in 'books' as \{destroyed = true\}, or drop it "
         r"from 'grave' and give \{card = \"SV-R4\", destroyed = true\}"),
        (seat(books=["T-BK", {"card": "SV-R4", "destroyed": True}], grave=["SV-R4"]),
         r"key 'seat\[1\]\.grave\[0\]': SV-R4 .* is a forbidden book"),
        (seat(books=["T-BK", {"destroyed": True}]),
         r"key 'seat\[1\]\.books\[1\]': a destroyed book's place without a card needs its book in "
         r"'seat\[1\]\.grave' \(§6\)"),
        (seat(books=["T-BK", {"open": True}]),
         r"key 'seat\[1\]\.books\[1\]\.card' is missing \(only a destroyed book's place, \{destroyed = true\}, "
         r"is empty\)"),
        (seat(books=[{"destroyed": True}], grave=["T-BK"]), r"key 'seat\[1\]\.books': every book is destroyed"),
    ],
)
def test_12_destroyed_book_positions_refused(make: Any, p1: dict[str, Any], msg: str) -> None:
    with pytest.raises(PositionError, match=msg):
        make(seat(), p1)


# ------------------------------------------------------------------------------------------- text
def test_text_destroyed_book_log_table_and_info(game: Any, make: Any) -> None:
    p0, p1 = _attackers(), seat(books=["T-BK", {"card": "SV-R4", "open": True}, "T-BK"])
    st = make(p0, p1, phase="battle")
    st.apply("attack F1 xK2")
    lines = {lang: [game.describe(e, lang) for e in st.log_view(0)] for lang in ("en", "ja")}
    assert "P1's forbidden book K2 (Chuunibyou Delusion Sarasvati) is destroyed and goes to the graveyard." in lines["en"]
    assert "P1の禁書K2(厨二妄想サラスヴァティ)が破壊され、墓地に置かれた。" in lines["ja"]
    table = game.render(st.view(0), "en")
    assert "K1:face down  K2:destroyed  K3:face down" in table
    assert "K2:破壊" in game.render(st.view(0), "ja")
    assert game.inspect(st.view(0), "xK2", "en") == (
        "xK2: empty (its forbidden book was destroyed and is in the graveyard)")
    assert game.inspect(st.view(1), "K2", "ja") == "K2: 空き (禁書は破壊され、墓地にあります)"
    assert "SV-R4" in game.inspect(st.view(0), "xgrave", "en")
