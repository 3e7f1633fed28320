"""Issue 11, server rules: no websocket frame sent to seat 1 names a card that is hidden from it in
seat 0's hand, deck or face-down places — checked against the truth, the record replayed step by
step from the server's database."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from playwright.sync_api import Browser

import fudaba
from fudaba.core.record import Record, iter_replay

from .conftest import Server
from .helpers import Frames, dataset, friend_game, friend_move, sarasvati_policy, walpurgis_policy

# Walpurgis stack entries are [owner, card, state, …]; states (walpurgis.text.WORDS): 0 bullet,
# 2 active, 3 dormant are face down (§1); 1 bullet_up, 4 up, 5 activating are face up.
W_FACE_DOWN = (0, 2, 3)


def walpurgis_zones(s: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(seat 0's hidden cards: hand, deck, set aside, face-down on the board; public cards)."""
    hidden = list(s["hands"][0]) + list(s["decks"][0]) + list(s["aside"][0])
    public = [c for d in s["discards"] for c in d]
    for stack in s["board"]:
        for owner, card, state, *_ in stack:
            if owner == 0 and state in W_FACE_DOWN:
                hidden.append(card)
            elif state not in W_FACE_DOWN:
                public.append(card)
    return hidden, public


def sarasvati_zones(s: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(seat 0's hidden cards: hand, deck, closed forbidden books; public cards: graveyards,
    voltage, characters and equipment in slots, opened books)."""
    hidden = list(s["hand"][0]) + list(s["deck"][0])
    public: list[str] = []
    for p in (0, 1):
        for k, book in enumerate(s["books"][p]):
            if book is None:
                continue
            if p == 0 and s["hits"][p][k] == 0:
                hidden.append(book)
            elif s["hits"][p][k] > 0:
                public.append(book)
        public += list(s["grave"][p]) + list(s["volt"][p])
        public += list(strings(s["slots"][p]))
    return hidden, public


ZONES: dict[str, Callable[[dict[str, Any]], tuple[list[str], list[str]]]] = {
    "walpurgis": walpurgis_zones, "sarasvati": sarasvati_zones}


def strings(o: Any) -> Iterable[str]:
    if isinstance(o, str):
        yield o
    elif isinstance(o, dict):
        for k, v in o.items():
            yield from strings(k)
            yield from strings(v)
    elif isinstance(o, list | tuple):
        for x in o:
            yield from strings(x)


def hidden_by_step(srv: Server, room: str) -> tuple[Any, list[set[str]], set[str]]:
    """Replay the stored record; for each seq (actions applied) the ids seat 1 must not learn:
    seat 0's hand + deck + face-down cards, minus every card that was public by then (in a public
    zone, or named by an event seat 1 saw) and minus seat 1's own card ids."""
    row = srv.room_row(room)
    game = fudaba.load_game(row["game"], row["variant"], **json.loads(row["params"]))
    rec = Record(game=row["game"], variant=row["variant"], params=json.loads(row["params"]),
                 decks=json.loads(row["decks"]), seed=row["seed"],
                 cards=json.loads(row["cards"]) if row["cards"] else None, actions=srv.actions(room))
    pool = game.load_cards()
    own1 = {c for c in strings(json.loads(row["decks"])[1]) if pool.get(c) is not None}
    zones = ZONES[row["game"]]
    public: set[str] = set()
    steps: list[set[str]] = []
    for _i, _a, st in iter_replay(rec):
        doc = json.loads(st.to_json())
        hidden, pub = zones(doc["state"])
        public |= {c for c in pub if pool.get(c) is not None}
        for ev in doc["log"]:
            seen = ev.get("seen_by")
            parts = [ev.get("data")] + ([ev.get("secret")] if seen is not None and 1 in seen else [])
            if seen is None or 1 in seen:
                public |= {c for c in strings(parts) if pool.get(c) is not None}
        steps.append({c for c in hidden if pool.get(c) is not None} - public - own1)
    return game, steps, own1


def forbidden_strings(game: Any, hidden: set[str], allowed: set[str]) -> dict[str, str]:
    """string -> card id: the ids and names (ja, en) of ``hidden``, except a name that also occurs
    in the name or text of a card seat 1 may see (it would prove nothing)."""
    pool = game.load_cards()
    ok_text = " ".join(
        f"{pool.get(c).name} {getattr(pool.get(c), 'name_en', '')} {game.card_text(c, 'ja')} {game.card_text(c, 'en')}"
        for c in allowed)
    out = {}
    for c in hidden:
        card = pool.get(c)
        out[c] = c
        for name in (card.name, getattr(card, "name_en", "")):
            if name and len(name) >= 2 and name not in ok_text:
                out[name] = c
    return out


def check_frames(game: Any, steps: list[set[str]], own1: set[str], frames: Frames) -> tuple[int, int]:
    """Every frame seat 1 received, against the hidden set of the step it was built at."""
    pool_ids = set(game.load_cards().keys())
    n_state, cur = 0, 0
    cache: dict[int, dict[str, str]] = {}
    for raw in frames.raw:
        msg = json.loads(raw)
        text = json.dumps(msg, ensure_ascii=False)
        if msg.get("type") == "state":
            cur = msg["seq"]
            n_state += 1
        assert cur < len(steps), f"frame at seq {cur}, the record has {len(steps) - 1} actions"
        if cur not in cache:
            cache[cur] = forbidden_strings(game, steps[cur], pool_ids - steps[cur])
        leaked = {s: c for s, c in cache[cur].items() if s in text}
        assert not leaked, f"seat 1 was sent hidden cards of seat 0 at seq {cur} ({msg.get('type')}): {leaked}"
    return n_state, len(frames.raw)


def positive_control(steps: list[set[str]], frames0: Frames) -> int:
    """Seat 0's own frames DO name its hidden cards (so the check above can find a leak)."""
    hits = 0
    for raw in frames0.raw:
        msg = json.loads(raw)
        if msg.get("type") == "state":
            hits += sum(1 for c in steps[msg["seq"]] if c in raw)
    return hits


@pytest.mark.parametrize(("game", "decisions"), [("walpurgis", 40), ("sarasvati", 40)])
def test_issue11_no_frame_to_seat_1_names_a_hidden_card_of_seat_0(browser: Browser, server: Server, game: str,
                                                                   decisions: int) -> None:
    ctx0, ctx1, p0, p1, f0, f1, room = friend_game(browser, server.url, game)
    try:
        policy = walpurgis_policy if game == "walpurgis" else sarasvati_policy
        choose = policy(random.Random(5))
        moved = {0: 0, 1: 0}
        for _ in range(decisions):
            if dataset(p0)["over"] == "1":
                break
            seat, _how = friend_move(p0, p1, f0, f1, choose)
            moved[seat] += 1
        # switch seat 1's page to Japanese and back: the names in both languages go through the check
        p1.click(".lang-switch")
        p1.wait_for_function("() => document.documentElement.lang === 'ja'")
        p1.wait_for_timeout(300)
        p1.click(".lang-switch")
        p1.wait_for_function("() => document.documentElement.lang === 'en'")
        p1.wait_for_timeout(300)
    finally:
        ctx0.close()
        ctx1.close()
    assert moved[0] and moved[1], moved
    g, steps, own1 = hidden_by_step(server, room)
    assert all(steps), "seat 0 always has hidden cards (its deck)"
    n_state, n_frames = check_frames(g, steps, own1, f1)
    assert n_state >= sum(moved.values()), (n_state, moved)
    hits = positive_control(steps, f0)
    assert hits > 0, "seat 0's frames never named its own hidden cards: the check would prove nothing"
    with pytest.raises(AssertionError, match="hidden cards of seat 0"):  # the same check finds them there
        check_frames(g, steps, own1, f0)
    langs = {json.loads(r).get("lang") for r in f1.raw if '"joined"' in r}
    print(f"{game}: seat 1 got {n_frames} frames ({n_state} states, seq 0..{len(steps) - 1}) with no hidden card of "
          f"seat 0; seat 0's own frames named its hidden cards {hits} times; {moved}; langs {langs}")
