"""§1 visibility in views and events, text, a random-play smoke test, and the greedy agent."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import fudaba
from fudaba.agents import make_agent
from fudaba.core import Rng, replay
from fudaba.games.walpurgis.state import visible_to

from .helpers import game, play, pos


def test_1_views_hide_faces_per_state() -> None:
    board = {"1a": [(0, "W-RM-01", "bullet")], "1b": [(0, "W-RM-02", "bullet_up")], "1c": [(0, "W-RM-03", "active")],
             "1d": [(0, "W-RM-05", "dormant")], "1e": [(0, "W-RM-06", "up")], "2a": [(1, "W-RR-03", "active")]}
    st = pos(board, hands=(["W-RM-07"], ["W-RR-08"]))
    v0, v1, vs = st.view(0), st.view(1), st.view(None)
    b0, b1, bs = (v["table"]["board"] for v in (v0, v1, vs))
    assert "card" not in b0["1a"][0] and "card" not in b1["1a"][0]  # face-down bullet
    assert b1["1b"][0]["card"] == "W-RM-02"  # face-up bullet: everyone
    assert b0["1c"][0]["card"] == "W-RM-03" and "card" not in b1["1c"][0]  # active: owner
    assert "card" not in b0["1d"][0]  # dormant: nobody, owner included
    assert bs["1e"][0]["card"] == "W-RM-06"
    assert "card" not in b0["2a"][0] and b1["2a"][0]["card"] == "W-RR-03"
    assert v0["players"][0]["hand"] == ["W-RM-07"] and "W-RR-08" not in json.dumps(v0)
    assert "hand" not in v0["players"][1] and not any("hand" in pl for pl in vs["players"])
    assert "options" in v0["decision"] and "options" not in v1["decision"]
    assert [(pl["hand_count"], pl["deck_count"]) for pl in v0["players"]] == [(1, 6), (1, 6)]

def test_1_draw_events_hide_ids_from_the_opponent_and_bullets_from_everyone() -> None:
    st = pos({"1c": [(0, "W-RR-02", "up")]}, hands=(["W-RR-01"], []), decks=(["W-RR-05"] * 4, ["W-RM-01"] * 4))
    play(st, "place W-RR-01 2c up", "bullet 3b", "done")
    b = next(e for e in st.log if e.kind == "bullet")
    assert "card" not in b.view(0) and "card" not in b.view(1)
    # seat 0's turn ended by itself; seat 1 drew in its prepare phase
    d = [e for e in st.log if e.kind == "draw"][-1]
    assert d.view(1)["cards"] == ["W-RM-01"] and "cards" not in d.view(0)


def test_text_render_from_the_viewer_side_and_card_text() -> None:
    g = game()
    st = pos({"1a": [(0, "W-RM-01", "up")], "5e": [(1, "W-RR-01", "active")]}, hands=(["W-RM-07"], []))
    r0 = [ln for ln in g.render(st.view(0)).splitlines() if ln[:1].isdigit()]
    r1 = [ln for ln in g.render(st.view(1), "ja").splitlines() if ln[:1].isdigit()]
    # rows 5…1 from seat 0's side, 1…5 from seat 1's; the owner, the state and the name
    assert [ln[0] for ln in r0] == list("54321") and [ln[0] for ln in r1] == list("12345")
    assert r0[4].startswith("1 0:U") and r0[0].rstrip().endswith("1:r")
    assert r1[0].startswith("1  ·   ·   ·   ·  0:U") and r1[4].startswith("5 1:r")
    assert "faces: Normal Shot (Reimu) 1a" in g.render(st.view(0))
    assert "カード: 通常弾(霊夢) 1a、" in g.render(st.view(1), "ja") and "通常弾(レミリア) 5e" in g.render(st.view(1), "ja")
    assert "Remilia" not in g.render(st.view(0))  # seat 0 cannot see 5e's face
    ct = g.card_text("W-RR-03")
    assert "X  .  .  .  X" in ct and "デーモンロードクレイドル" in ct
    assert "W-RM-01" in (g.inspect(st.view(1), "1a") or "")
    assert "W-RR-01" not in (g.inspect(st.view(0), "5e") or "")
    for e in st.log_view(0):
        assert g.describe(e, "ja") and g.describe(e, "en")


def _visible(st: fudaba.State, seat: int | None) -> Counter[str]:
    c: Counter[str] = Counter()
    for sq in st.board:  # type: ignore[attr-defined]
        for fc in sq:
            if visible_to(fc, seat):
                c[fc[1]] += 1
    for p in (0, 1):
        c.update(st.discard[p])  # type: ignore[attr-defined]
    c.update(rec[2] for rec in st.chain)  # type: ignore[attr-defined]  (activations are face up)
    if seat is not None:
        c.update(st.hand[seat])  # type: ignore[attr-defined]
        c.update(st.aside[seat])  # type: ignore[attr-defined]
    return c


@pytest.mark.parametrize("variant", ["v2.01", "v1.01"])
def test_7_random_play_smoke(variant: str) -> None:
    g = game(variant)
    pool = set(g.cards)
    for i in range(30):
        st = g.new_game(seed=i)
        cards0 = Counter(st.all_cards())
        rng = Rng(500 + i)
        while not st.over:
            h = st.hash()
            assert st.clone().hash() == h
            assert g.state_from_json(st.to_json()).hash() == h
            for seat in (0, 1, None):
                v = st.view(seat)
                text = json.dumps(v, ensure_ascii=False)
                shown = Counter(t for t in pool if t in text for _ in range(text.count(f'"{t}"')))
                vis = _visible(st, seat)
                for cid, n in shown.items():
                    assert n <= vis[cid], (seat, cid)
            if st.phase == "main" and st.decision.kind == "main":
                assert g.load_position(st.position()).hash() == h
            st.apply(rng.choice(st.legal_actions()))
            assert Counter(st.all_cards()) == cards0
        assert st.result in ("board full", "deck out", "turn limit")
        assert replay(st.record()).hash() == st.hash()


def test_agent_greedy_beats_random_in_90_percent_of_200_games() -> None:
    g = game()
    wins = 0
    for i in range(200):
        gs = i % 2
        agents = [make_agent("greedy", "walpurgis"), make_agent("random", "walpurgis")]
        if gs:
            agents.reverse()
        for seat, a in enumerate(agents):
            a.reset(g, seat, i)
        st = g.new_game(seed=i)
        while not st.over:
            d = st.decision
            st.apply(agents[d.player].act(st.infoset(d.player)))
        wins += st.winner == gs
    assert wins >= 180, wins
