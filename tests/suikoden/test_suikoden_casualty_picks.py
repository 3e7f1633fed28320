"""§7.3 troops casualties are picked one at a time, in public (issue 18 §5): every seat's view shows
the casualties picked so far and its log each pick, so that an information set stays a function of
the view and the log view."""

from __future__ import annotations

from typing import Any

import fudaba
from fudaba.core import Rng
from fudaba.core.actions import Decision
from fudaba.games.suikoden.actions import casualty_options

# seat 1's M2, seat 0 deployed there: both pass and seat 0 must lose 5,500 printed mil (exact)
DOC: dict[str, Any] = {
    "turn": 11, "active": 1, "first": 1, "phase": "battle",
    "seat": [{"mastermind": "GS-M01", "hand": ["GS-A06"], "deck": ["GS-A13"] * 10},
             {"mastermind": "GS-M02", "vp": 1, "hand": ["GS-B18"], "deck": ["GS-B20"] * 10,
              "missions": [{"slot": "M2", "card": "GS-B16", "mine": ["GS-B02", "GS-B08"],
                            "theirs": ["GS-A01", "GS-A08", "GS-A05", "GS-A04", "GS-A07"]}]}],
    "battle": {"seat": 1, "slot": "M2", "kind": "new", "actor": 0, "steps": 12, "last_pass": True},
}


def _picking() -> Any:
    st = fudaba.load_game("suikoden").load_position(DOC)
    st.apply("pass")  # both passed: troops (§7.3); シュウ (3,000) is in every exact set, lost without asking
    assert st.decision.kind == "casualties" and st.decision.player == 0
    return st


def test_7_3_the_casualties_picked_so_far_are_in_every_seats_view() -> None:
    st = _picking()
    for seat in (0, 1, None):
        assert st.view(seat)["table"]["battle"]["casualties"] == {"player": 0, "cards": ["GS-A04"]}
    st.apply("lose xM2.1")  # フリック (1,500)
    for seat in (0, 1, None):
        assert st.view(seat)["table"]["battle"]["casualties"] == {"player": 0, "cards": ["GS-A04", "GS-A01"]}
    assert [a.text for a in st.legal_actions()] == ["lose xM2.2", "lose xM2.5"]  # 1,000 more: ツァイ or ジョウイ
    st.apply("lose xM2.2")
    assert "casualties" not in (st.view(1)["table"]["battle"] or {})


def test_7_3_each_pick_is_a_public_log_line() -> None:
    st = _picking()
    st.apply("lose xM2.1")
    for seat in (0, 1, None):
        ev = st.log_view(seat)[-1]
        assert ev == {"kind": "casualty", "player": 0, "card": "GS-A01", "place": "M2", "owner": 1}
    game = st.game
    ev = st.log_view(1)[-1]
    assert game.describe(ev, "en") == "P0 picks フリック Flik on P1's M2 as a casualty."
    assert game.describe(ev, "ja") == "P0はP1のM2の損害にフリックを選ぶ。"


def test_7_3_a_state_with_other_picks_is_another_view_and_samples_follow_the_view() -> None:
    st = _picking()
    st.apply("lose xM2.1")
    d = st.decision
    other = st.clone()  # the same, but ツァイ picked instead of フリック
    ctx = (0, 7000, 5500, ("GS-A04", "GS-A08"))
    other.decision = Decision(d.player, d.kind, d.prompt, casualty_options(other, 0, 5500, ["GS-A04", "GS-A08"]),
                              d.handler, ctx)
    assert other.view(1) != st.view(1)  # seat 1 tells them apart
    sample = st.infoset(1).sample(Rng(3))
    assert sample.decision.ctx == (0, 7000, 5500, ("GS-A04", "GS-A01"))
    assert sample.view(1)["table"]["battle"]["casualties"]["cards"] == ["GS-A04", "GS-A01"]
