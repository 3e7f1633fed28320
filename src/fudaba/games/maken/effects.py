"""The card moves every rule and effect is made of, and the effect vocabulary of §8.

Moves: draw (stamina top → hand), gauge gain (stamina top → gauge top, stopping at ``gauge_max``
or an empty stamina: 注1, §6.2.1 ⑤), gauge loss and gauge payment (gauge top → dust top), dust
(ダスト送り). Effects: ``draw``, ``gauge_gain``, ``gauge_loss``, ``modify`` (an ``on_bet`` modifier
of its own unit), ``bonus_bet`` (granted to the judge, which asks for it) and the static ones,
which the state reads (``MakenState.static_mods``, ``MakenState.draw_limit``).
"""

from __future__ import annotations

from .cards import Effect, MCard
from .state import STAT_INDEX, MakenState


def draw(st: MakenState, p: int, n: int, why: str = "draw") -> int:
    """``p`` draws ``n`` from the stamina top (stops when it is empty); the cards are seen by ``p``
    only. Returns how many were drawn."""
    s = st.deck[p]
    k = n if n < len(s) else len(s)
    if k <= 0:
        return 0
    got = s[:k]
    del s[:k]
    st.hand[p].extend(got)
    if not st.search:
        st.emit("draw", secret={"cards": got}, seen_by=(p,), player=p, count=k, why=why)
    return k


def gauge_gain(st: MakenState, p: int, n: int, why: str = "gain") -> int:
    """注1, 注3: ``n`` stamina cards, top first, to the gauge (face down; ゲージ行き), stopping at
    ``gauge_max`` or an empty stamina. Returns how many moved."""
    g = st.gauge[p]
    s = st.deck[p]
    room = int(st.game.params["gauge_max"]) - len(g)
    k = min(n, room, len(s))
    if k <= 0:
        if n > 0 and not st.search:
            st.emit("gauge_gain", player=p, count=0, asked=n, gauge=len(g), why=why)
        return 0
    for _ in range(k):
        g.insert(0, s.pop(0))
    if not st.search:
        st.emit("gauge_gain", player=p, count=k, asked=n, gauge=len(g), why=why)
    return k


def gauge_to_dust(st: MakenState, p: int, n: int, why: str) -> list[str]:
    """``n`` gauge cards (as many as exist), top first, to the dust (face up: now public) — a gauge
    cost paid (§6.2.1 ②, §6.2.4) or a ``gauge_loss``."""
    g = st.gauge[p]
    moved = g[:n]
    del g[:n]
    d = st.discard[p]
    for c in moved:
        d.insert(0, c)
    if moved and not st.search:
        st.emit("gauge_to_dust", player=p, cards=moved, gauge=len(g), why=why)
    return moved


def to_dust(st: MakenState, p: int, cards: list[str]) -> None:
    """ダスト送り: ``cards`` in this order (bet order, 注5) onto ``p``'s dust, the last on top."""
    d = st.discard[p]
    for c in cards:
        d.insert(0, c)


def condition_met(st: MakenState, p: int, e: Effect) -> bool:
    """§8 ``condition``: ``gauge_ge`` of the effect's owner."""
    return e.gauge_ge is None or len(st.gauge[p]) >= e.gauge_ge


def apply_effect(st: MakenState, p: int, src: MCard, e: Effect) -> bool:
    """Apply one effect of ``p``'s card ``src`` (not ``modify``, which needs its unit: see
    :func:`modify_unit`). Returns True when it grants a bonus bet (§6.3)."""
    if not condition_met(st, p, e):
        return False
    who = 1 - p if e.who == "opponent" else p
    if not st.search:
        st.emit("effect", player=p, card=src.id, action=e.action, n=e.n, who=who)
    a = e.action
    if a == "draw":
        draw(st, who, e.n, "effect")
    elif a == "gauge_gain":
        gauge_gain(st, who, e.n, "effect")
    elif a == "gauge_loss":
        gauge_to_dust(st, who, e.n, "effect")
    elif a == "bonus_bet":
        return True
    return False


def modify_unit(st: MakenState, p: int, index: int, e: Effect) -> None:
    """§8 ``modify`` from ``on_bet``: this unit, while it is on the field."""
    if not condition_met(st, p, e):
        return
    cid, n, opts, mods = st.field[p][index]
    m = list(mods)
    m[STAT_INDEX[e.stat]] += e.n
    st.field[p][index] = (cid, n, opts, (m[0], m[1], m[2], m[3]))
    if not st.search:
        st.emit("effect", player=p, card=cid, action="modify", stat=e.stat, n=e.n, who=p)


def run_trigger(st: MakenState, p: int, src: MCard, trigger: str) -> int:
    """Every ``trigger`` effect of ``p``'s card ``src`` in printed order (not ``on_bet`` modifiers);
    returns the number of bonus bets granted."""
    granted = 0
    for e in src.effects:
        if e.trigger == trigger and apply_effect(st, p, src, e):
            granted += 1
    return granted
