"""Issue 7 §5: one view shape, one vocabulary (ARCHITECTURE §4, docs/core.md "Views").

* every game's ``view(seat)`` is the core's envelope, with exactly the documented keys and types,
  for each seat and a spectator, at the decisions of real games (both games, both Walpurgis variants);
* the keys of the old views answer lookups for one version (deprecated aliases, with a warning) but
  are not part of the view's data;
* ``log_view(seat, since=cursor)``: the cursor counts the seat's own log view, so it stays valid as
  events hidden from the seat are logged;
* events name a place ``place`` in every game; the deck's top comes first in every game's position.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import fudaba
from fudaba.core import FudabaError, Rng

CASES = [("sarasvati", None), ("walpurgis", "v2.01"), ("walpurgis", "v1.01")]
NONE = type(None)

# the documented shape (docs/core.md "Views"), written out here so that a change to it fails
ENVELOPE = {"game": str, "variant": str, "seat": (int, NONE), "turn": int, "phase": str, "active": int,
            "decision": (dict, NONE), "players": list, "over": bool, "winner": (int, NONE), "result": str,
            "table": dict}
PLAYER = {"hand_count": int, "deck_count": int, "discard": list}  # + "hand" (list) for the viewer's own seat
TABLE = {
    "sarasvati": {"first": int, "front_slots": int, "back_slots": int, "book_hits": int, "players": list},
    "walpurgis": {"first": int, "placed": bool, "activated": bool, "board": dict, "chain": list,
                  "until_end_of_turn": list, "score": (dict, NONE), "players": list},
}
SIDE = {  # table["players"][p]; Walpurgis adds "aside" (list) for the viewer's own seat
    "sarasvati": {"voltage": dict, "books": list, "slots": dict, "cost_mods": list},
    "walpurgis": {"bullet_pile_count": int, "aside_count": int},
}


def _is(x: Any, t: type | tuple[type, ...]) -> bool:
    """isinstance, with bool not counted as an int (and an int not as a bool)."""
    ts = t if isinstance(t, tuple) else (t,)
    if isinstance(x, bool):
        return bool in ts
    return isinstance(x, ts)


def _check_keys(d: dict[str, Any], spec: dict[str, Any], where: str) -> None:
    assert set(d) == set(spec), f"{where}: keys {sorted(d)} != {sorted(spec)}"
    for k, t in spec.items():
        assert _is(d[k], t), f"{where}.{k}: {d[k]!r} is not {t}"


def _zones(st: Any) -> tuple[list[list[str]], list[list[str]], list[list[str]]]:
    """(hands, decks, discard piles) of the true state, per seat."""
    return st.hand, st.deck, st.discard


def _check_view(st: Any, seat: int | None) -> None:
    v = st.view(seat)
    name = st.game.name
    assert json.loads(json.dumps(v)) == v  # JSON-able, and the aliases are no part of it
    _check_keys(v, ENVELOPE, "view")
    assert (v["game"], v["variant"], v["seat"], v["turn"]) == (name, st.game.variant, seat, st.turn)
    assert (v["over"], v["winner"], v["result"]) == (st.over, st.winner, st.result)
    assert v["phase"] == st.phase and v["active"] == st.active
    d = st.decision
    if d is None:
        assert v["decision"] is None
    elif seat == d.player:
        assert v["decision"] == {**d.public(), "kind": d.kind, "prompt": d.prompt,
                                 "options": [a.text for a in d.options]}
    else:
        assert v["decision"] == d.public() and "options" not in v["decision"]
    hands, decks, discards = _zones(st)
    assert len(v["players"]) == 2
    for p, pl in enumerate(v["players"]):
        _check_keys(pl, {**PLAYER, **({"hand": list} if seat == p else {})}, f"players[{p}]")
        assert (pl["hand_count"], pl["deck_count"], pl["discard"]) == (len(hands[p]), len(decks[p]), discards[p])
        if seat == p:
            assert pl["hand"] == hands[p]
    tb = v["table"]
    _check_keys(tb, TABLE[name], "table")
    assert len(tb["players"]) == 2
    for p, side in enumerate(tb["players"]):
        own = {"aside": list} if name == "walpurgis" and seat == p else {}
        _check_keys(side, {**SIDE[name], **own}, f"table.players[{p}]")


def _random_game(name: str, variant: str | None, seed: int) -> Any:
    """A random game of ``name``, yielding the state at each of its decisions and at its end."""
    st = fudaba.load_game(name, variant).new_game(seed=seed)
    rng = Rng(seed + 1000)
    while not st.over:
        yield st
        st.apply(rng.choice(st.legal_actions()))
    yield st


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_issue7_5_every_view_is_the_envelope_with_exactly_the_documented_keys_and_types(
        name: str, variant: str | None) -> None:
    kinds: set[str] = set()
    over = 0
    for seed in (1, 2, 3):
        for st in _random_game(name, variant, seed):
            for seat in (0, 1, None):
                _check_view(st, seat)
            kinds.add("over" if st.over else st.decision.kind)
            over += st.over
    assert over == 3 and len(kinds) >= 6, kinds  # several kinds of decision, and the end


def test_issue7_5_both_games_share_the_envelope_and_the_per_seat_keys() -> None:
    sv = fudaba.load_game("sarasvati").new_game(seed=3)
    wp = fudaba.load_game("walpurgis").new_game(seed=3)
    for seat in (0, 1, None):
        a, b = sv.view(seat), wp.view(seat)
        assert list(a) == list(b) == list(ENVELOPE)
        assert [set(pl) for pl in a["players"]] == [set(pl) for pl in b["players"]]
        assert a["seat"] == b["seat"] == seat


#: Walpurgis's view keys before the envelope (issue 7), answered for one version, gone with issue 19
WP_OLD_KEYS = ("first", "placed", "activated", "board", "chain", "until_end_of_turn", "score", "hand", "aside",
               "hand_counts", "deck_counts", "discards", "aside_counts", "bullet_pile_counts")


def test_19_5_walpurgis_views_have_no_deprecated_keys_left() -> None:
    """Issue 19 §5: the grace version is over — the old keys are no lookups of a Walpurgis view (no
    warning, no value: ``KeyError``, ``get`` gives the default), nor of its chain entries (``square``)."""
    import warnings

    chains = 0
    for k, st in enumerate(_random_game("walpurgis", None, 4)):
        if k % 5:
            continue
        for seat in (0, 1, None):
            v = st.view(seat)
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                for key in WP_OLD_KEYS:
                    assert v.get(key, "gone") == "gone"
                    with pytest.raises(KeyError):
                        v[key]
                for c in v["table"]["chain"]:
                    chains += 1
                    assert set(c) <= {"player", "place", "card"} and c.get("square") is None
    assert chains > 0


def test_19_5_sarasvati_views_have_no_old_keys_any_more() -> None:
    """Issue 19 §5: the one-version grace of the views' old keys is over for Sarasvati: ``you``,
    ``first``…, ``players[p]["grave"]``, ``["voltage"]``… are plain missing keys, with no warning."""
    import warnings

    st = fudaba.load_game("sarasvati").new_game(seed=4)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for seat in (0, 1, None):
            v = st.view(seat)
            for key in ("you", "first", "front_slots", "back_slots", "book_hits"):
                assert v.get(key) is None
                with pytest.raises(KeyError):
                    v[key]
            for pl in v["players"]:
                assert [pl.get(k) for k in ("grave", "voltage", "books", "slots", "cost_mods")] == [None] * 5
            assert v["table"]["first"] == st.first and v["players"][0]["discard"] == st.discard[0]


def _client_log(st: Any, seat: int | None, cursor: int, got: list[dict[str, Any]]) -> int:
    new = st.log_view(seat, since=cursor)
    got.extend(new)
    return cursor + len(new)


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_issue7_7_log_view_since_a_cursor_of_the_seats_own_log_view(name: str, variant: str | None) -> None:
    # an incremental client per viewer: it asks for the events after its cursor after every action
    cursors: dict[int | None, int] = {0: 0, 1: 0, None: 0}
    got: dict[int | None, list[dict[str, Any]]] = {0: [], 1: [], None: []}
    for k, st in enumerate(_random_game(name, variant, 5)):
        for seat in (0, 1, None):
            cursors[seat] = _client_log(st, seat, cursors[seat], got[seat])
            assert got[seat] == st.log_view(seat)
            if k % 7 == 0:
                full = st.log_view(seat)
                for n in (0, 1, len(full) // 2, len(full) - 1, len(full), len(full) + 3):
                    assert st.log_view(seat, since=n) == full[n:]
    # the cursor is not a global event index: events hidden from a seat were logged in between
    assert any(len(st.log_view(seat)) < len(st.log) for seat in (0, 1))


@pytest.mark.parametrize("bad", [-1, "3", 1.5, True, None])
def test_issue7_7_log_view_refuses_a_cursor_that_is_not_a_count(bad: object) -> None:
    st = fudaba.load_game("walpurgis").new_game(seed=1)
    with pytest.raises(FudabaError, match="cursor"):
        st.log_view(0, since=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(("name", "variant"), CASES)
def test_issue7_5_events_name_a_place_place_in_every_game(name: str, variant: str | None) -> None:
    with_place: set[str] = set()
    *_, st = _random_game(name, variant, 6)  # a whole game
    for e in st.log:
        keys = set(e.data) | set(e.secret or {})
        assert "square" not in keys, e
        if "place" in keys:
            with_place.add(e.kind)
    expected = {"summon"} if name == "sarasvati" else {"place", "activate", "bullet", "resolve"}
    assert expected <= with_place, with_place


def test_issue7_5_walpurgis_describe_still_reads_logs_recorded_with_square() -> None:
    g = fudaba.load_game("walpurgis")
    new = {"kind": "destroy", "player": 1, "place": "3b", "card": "W-RM-01"}
    old = {"kind": "destroy", "player": 1, "square": "3b", "card": "W-RM-01"}
    assert g.describe(new, "en") == g.describe(old, "en") == "P1's Normal Shot (Reimu) on 3b is destroyed"
    assert g.describe(old, "ja") == g.describe(new, "ja") == "P1: 3bの通常弾(霊夢)が破壊された"


WP_DECK = ["W-RM-02", "W-RM-03", "W-RM-04", "W-RM-05", "W-RM-06", "W-RM-07"]
SV_DECK = ["SV-A03", "SV-A04", "SV-A05", "SV-A07", "SV-A08", "SV-A11"]


def _position(name: str, deck1: list[str]) -> dict[str, Any]:
    if name == "walpurgis":
        seats: list[dict[str, Any]] = [{"hand": ["W-RM-01"], "deck": ["W-RM-01"] * 6, "discard": [],
                                        "bullet_pile": []},
                                       {"hand": [], "deck": deck1, "discard": [], "bullet_pile": []}]
        return {"game": name, "turn": 5, "active": 0, "first": 0, "phase": "main", "seed": 1, "seat": seats,
                "board": {"3c": [{"owner": 0, "card": "W-RM-01", "state": "up"}],
                          "3d": [{"owner": 1, "card": "W-RM-01", "state": "up"}]}}
    books = [["SV-R4", "SV-AF1", "SV-AF2"], ["SV-BF1", "SV-BF2", "SV-BF3"]]
    seats = [{"hand": ["SV-A02"] if p == 0 else [], "deck": deck, "grave": [], "voltage": [], "books": books[p],
              "slots": {"F1": {"card": "SV-A02"}} if p == 0 else {}}
             for p, deck in enumerate((["SV-A02"] * 6, deck1))]
    return {"game": name, "turn": 3, "active": 0, "first": 0, "phase": "battle", "seed": 1, "seat": seats}


@pytest.mark.parametrize(("name", "deck"), [("walpurgis", WP_DECK), ("sarasvati", SV_DECK)])
def test_issue7_5_the_deck_top_comes_first_in_every_games_position(name: str, deck: list[str]) -> None:
    g = fudaba.load_game(name)
    st = g.load_position(_position(name, deck))
    assert st.position()["seat"][1]["deck"] == deck  # written back top first
    while not any(e.kind == "draw" and e.data["player"] == 1 for e in st.log):
        st.apply(st.legal_actions()[0])  # seat 0 ends its turn; seat 1 draws in its own
    draw = next(e for e in st.log if e.kind == "draw" and e.data["player"] == 1)
    assert draw.view(1)["cards"] == [deck[0]]  # the first card listed is the one drawn
    assert st.view(1)["players"][1]["deck_count"] == len(deck) - 1
