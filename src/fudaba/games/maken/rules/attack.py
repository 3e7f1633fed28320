"""§6.1–§6.2 the attack phase up to the judge: the bet (§6.2.1, its order ①–⑥, 注1–注4; §6.6 double
and triple attacks), and the five actions — attack, guard (§6.2.2), maintain with the guard flush
(§6.2.3), GC (§6.2.4), call (§6.2.5) — and ``drop`` (not maintaining: the opponent's GB)."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ..actions import CALL, DROP, GC, cover, read_bet
from ..effects import apply_effect, draw, gauge_gain, gauge_to_dust, modify_unit, to_dust
from ..state import ZERO, MakenState
from .common import action_options


# ====================================================================== §6.2.1 the bet
def do_bet(st: MakenState, p: int, a: Action, kind: str) -> None:
    """A bet from hand face up on top of ``p``'s field (§6.2.1): ① legality (the options), ② gauge
    cost — that many gauge cards, top first, to the dust; ③ place; ④ a double/triple attack draws
    1/2 (§6.6); ⑤ gauge gain — stamina top to gauge, stopping at ``gauge_max`` (注1) or an empty
    stamina; ⑥ ``on_bet`` effects (the gain precedes the text, 注2). ``kind``: ``fb`` (without cost
    and gain when ``fb_gauge`` is false, §6.1), ``attack``, ``bonus`` (§6.3)."""
    got = read_bet(a)
    assert got is not None
    cid, n, opts = got
    c = st.cards[cid]
    pay = kind != "fb" or st.game.params["fb_gauge"]
    if not st.search:
        st.emit("bet", player=p, card=cid, n=n, opts=list(opts), bet=kind)
    if pay and c.gauge_cost:  # ②
        gauge_to_dust(st, p, c.gauge_cost, "cost")
    h = st.hand[p]  # ③
    for _ in range(n):
        h.remove(cid)
    f = st.field[p]
    f.append((cid, n, opts, ZERO))
    if n > 1:  # ④
        draw(st, p, n - 1, "double" if n == 2 else "triple")
    if pay and c.gauge_gain:  # ⑤
        gauge_gain(st, p, c.gauge_gain, "bet")
    if c.effects:  # ⑥
        idx = len(f) - 1
        for e in c.effects:
            if e.trigger == "on_bet":
                if e.action == "modify":
                    modify_unit(st, p, idx, e)
                else:
                    apply_effect(st, p, c, e)


# ====================================================================== §6.2 the action
def action(st: MakenState, ctx: Any) -> None:
    """§6.2 B/C: ``p`` chooses one action (the options follow the §6.2 table; a player who can do
    nothing else must call, 注11). The options come from the hand and the face-down guard: private."""
    p = ctx[0]
    st.phase = "attack"
    s = st.sit[p]
    st.ask(p, "action", action_options(st, p), "action", (p,), _PROMPT[s], private=True)


_PROMPT = {
    "even": "attack phase (even): attack, guard or call",
    "forcing": "attack phase (forcing a guard): attack or call",
    "guarding": "attack phase (guarding): maintain, GC or drop",
}


def ans_action(st: MakenState, a: Action, ctx: Any) -> None:
    p = ctx[0]
    o = 1 - p
    v = a.verb
    st.after_fb = False
    if v == "bet":  # §6.2.1: situations unchanged, the other acts
        do_bet(st, p, a, "attack")
        st.push("action", (o,))
    elif v == "guard":
        guard(st, p, a.args[0])
    elif v == "maintain":
        maintain(st, p, a.args[0] if a.args else "")
    elif a is GC:
        guard_cancel(st, p)
    elif a is DROP:  # §6.2.3: not maintaining — the opponent's GB
        st.emit("drop", player=p)
        st.push("judge", ("gb", o))
    else:
        assert a is CALL
        call(st, p)


def guard(st: MakenState, p: int, t: str) -> None:
    """§6.2.2: your field to the dust in bet order (注5), then T's guard difficulty in cards from
    hand, face down, one at a time, in the ``t`` space; you are guarding, the opponent forcing."""
    o = 1 - p
    u = st.top(o)
    assert u is not None
    need = st.unit_stats(o, u)[4]
    moved = [cid for cid, n, _o, _m in st.field[p] for _ in range(n)]
    to_dust(st, p, moved)
    st.field[p] = []
    st.gspace[p] = t
    st.sit[p] = "guarding"
    st.sit[o] = "forcing"
    st.emit("guard", player=p, space=t, need=need, dusted=moved)
    st.push("action", (o,))
    st.push("cover", (p, need))


def maintain(st: MakenState, p: int, t: str) -> None:
    """§6.2.3: ① a guard flush when T is unguardable for the current type (the guard cards to the
    dust in bet order, 注8; the new type ``t`` chosen, 注9); ② cover up to T's guard difficulty."""
    o = 1 - p
    u = st.top(o)
    need = st.unit_stats(o, u)[4] if u is not None else 0
    if t:
        flushed = st.gcards[p]
        to_dust(st, p, flushed)
        st.gcards[p] = []
        st.emit("flush", player=p, space=st.gspace[p], cards=flushed, to=t)
        st.gspace[p] = t
    add = need - len(st.gcards[p])
    st.emit("maintain", player=p, space=st.gspace[p], add=max(0, add))
    st.push("action", (o,))
    if add > 0:
        st.push("cover", (p, add))


def guard_cancel(st: MakenState, p: int) -> None:
    """§6.2.4: open the top guard card (注10), pay its gauge cost (no gain unless
    ``gc_gauge_gain``, no ``on_bet``): the GC is established (D5)."""
    c = st.cards[st.gcards[p][-1]]
    st.gopen[p] = True
    st.emit("gc", player=p, card=c.id, space=st.gspace[p])
    if c.gauge_cost:
        gauge_to_dust(st, p, c.gauge_cost, "cost")
    if st.game.params["gc_gauge_gain"] and c.gauge_gain:
        gauge_gain(st, p, c.gauge_gain, "gc")
    st.push("judge", ("gc", p))


def call(st: MakenState, p: int) -> None:
    """§6.2.5: even — the faster top card's clean hit, equal speeds a trade (an empty field is speed
    0, 注12); forcing — the guarding player's guard holds."""
    o = 1 - p
    if st.sit[p] == "forcing":
        st.emit("call", player=p, outcome="guard_holds")
        st.push("judge", ("guard_holds", o))
        return
    mine, theirs = st.top(p), st.top(o)
    sp = st.unit_stats(p, mine)[0] if mine is not None else 0
    so = st.unit_stats(o, theirs)[0] if theirs is not None else 0
    if sp > so:
        st.emit("call", player=p, outcome="clean_hit", speeds=[sp, so], winner=p)
        st.push("judge", ("clean_hit", p))
    elif so > sp:
        st.emit("call", player=p, outcome="clean_hit", speeds=[sp, so], winner=o)
        st.push("judge", ("clean_hit", o))
    else:
        st.emit("call", player=p, outcome="trade", speeds=[sp, so])
        st.push("judge", ("trade", p))


# ====================================================================== the guard cards
def cover_options(st: MakenState, p: int) -> list[Action]:
    return [cover(cid) for cid in sorted(set(st.hand[p]))]


def cover_step(st: MakenState, ctx: Any) -> None:
    """§6.2.2/§6.2.3: one face-down card from hand onto the guard space (the last is the top); the
    card is seen by its owner only."""
    p, k = ctx
    if k <= 0:
        return
    st.ask(p, "cover", cover_options(st, p), "cover", (p, k), f"guard: cover with a card from hand ({k} more)",
           private=True)


def ans_cover(st: MakenState, a: Action, ctx: Any) -> None:
    p, k = ctx
    cid = a.args[0]
    st.hand[p].remove(cid)
    st.gcards[p].append(cid)
    if not st.search:
        st.emit("cover", secret={"card": cid}, seen_by=(p,), player=p, space=st.gspace[p],
                count=len(st.gcards[p]))
    if k > 1:
        st.push("cover", (p, k - 1))
