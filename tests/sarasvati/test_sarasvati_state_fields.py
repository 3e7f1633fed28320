"""Issue 19 §3: Sarasvati's state declared once. The fields are written in the order the state
document always had (so every hash stays), the graveyard is ``discard`` with its JSON key ``grave``
kept, and every value of a state document is checked, naming its key as before."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from sv_util import seat

import fudaba
from fudaba.core import PositionError, Rng
from fudaba.games.sarasvati.state import SarasvatiState


def _played(seed: int = 3, steps: int = 30) -> Any:
    st = fudaba.load_game("sarasvati").new_game(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        st.apply(st.legal_actions()[rng.randbelow(len(st.legal_actions()))])
    return st


def test_19_3_the_fields_keep_the_state_documents_keys_in_their_order() -> None:
    st = _played()
    doc = json.loads(st.to_json())["state"]
    assert list(doc) == ["active", "first", "phase", "nuid", "charges_left", "hand", "deck", "grave", "volt",
                         "tapped", "slots", "books", "hits", "costmods"]
    assert doc["grave"] == st.discard and not hasattr(st, "grave")  # §1 墓地: the common word, the old key


def test_19_3_a_clone_shares_no_zone_and_no_unit(make: Any) -> None:
    st = make(seat(hand=["SV-A02"], slots={"F1": "SV-A07"}, volt=2, grave=["SV-A01"]), seat())
    t = st.clone()
    t.hand[0].append("SV-A03")
    t.discard[0].clear()
    t.slots[0][0].ready = False
    t.tapped[0] = 2
    assert st.hand[0] == ["SV-A02"] and st.discard[0] == ["SV-A01"] and st.slots[0][0].ready and st.tapped[0] == 0
    assert t.C is st.C and (t.nf, t.bh) == (5, 2)


def test_19_3_all_cards_are_the_cards_of_every_zone(make: Any) -> None:
    st = make(seat(hand=["SV-A02"], deck=["SV-A03"], slots={"F1": {"card": "SV-A11", "under": ["SV-A07"],
                                                                   "equip": "SV-R3"}}, volt=1, grave=["SV-R2"]),
              seat(deck=["SV-A04"], books=["SV-R4", {"destroyed": True}, "T-BK"], grave=["T-BK"]))
    assert Counter(st.all_cards()) == Counter({"SV-A02": 1, "SV-A03": 1, "SV-A11": 1, "SV-A07": 1, "SV-R3": 1,
                                               "SV-A01": 1, "SV-R2": 1, "T-BK": 5, "SV-A04": 1, "SV-R4": 1})


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        *keys, last = path.split("/")
        at: Any = doc["state"]
        for k in keys:
            at = at[int(k)] if isinstance(at, list) else at[k]
        at[int(last) if isinstance(at, list) else last] = value
    return change


@pytest.mark.parametrize(("change", "message"), [
    (_set("tapped/0", 9), "state: key 'state.tapped[0]' = 9 is out of range (0..1)"),
    (_set("hits/1/0", 3), "state: key 'state.hits[1][0]' = 3 is out of range (0..2)"),
    (_set("hits/1", [0]), "state: key 'state.hits[1]' must have 3 items, got 1"),
    (_set("slots/0", [None] * 9), "state: key 'state.slots[0]' must have 10 items, got 9"),
    (_set("hand/1/0", "SV-R4"), "state: key 'state.hand[1][0]' = SV-R4 is not a character or support or "
                                "equipment card (it is book)"),
    (_set("books/0/0", "SV-A01"), "state: key 'state.books[0][0]' = SV-A01 is not a book card (it is character)"),
    (_set("slots/0/0", [1, "SV-R3", [], None, True, False, False, []]),
     "state: key 'state.slots[0][0][1]' = SV-R3 is not a character card (it is equipment)"),
    (_set("costmods/0", [[-1, 7, 0]]), "state: key 'state.costmods[0][0][1]' = 7 is out of range (0..3)"),
    (_set("phase", "lunch"), "state: key 'state.phase' = 'lunch' is not one of battle, charge, draw, end, imagine, "
                             "move, set"),
    (_set("nuid", 0), "state: key 'state.slots' gives two units one uid, or a uid above state.nuid"),
])
def test_19_3_a_tampered_state_document_names_the_key(make: Any, change: Any, message: str) -> None:
    st = make(seat(slots={"F1": "SV-A07"}, volt=1), seat(hand=["SV-A02"]))
    doc = json.loads(st.to_json())
    change(doc)
    with pytest.raises(PositionError) as e:
        st.game.state_from_json(json.dumps(doc))
    assert str(e.value) == message


def test_19_3_a_state_document_with_another_key_is_refused() -> None:
    st = _played()
    doc = json.loads(st.to_json())
    doc["state"]["discard"] = doc["state"].pop("grave")
    with pytest.raises(PositionError, match=r"^state: key 'state' lacks the key 'grave'$"):
        st.game.state_from_json(json.dumps(doc))
    assert isinstance(st.game.state_from_json(st.to_json()), SarasvatiState)
