"""§5 the turn [TF]: turn start, draw, before attack (supports, the first bet), after attack, end;
§7 the turn limit and the stalemate (specs/maken.md §5, §7)."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ..actions import DRAW, END, SKIP
from ..effects import draw, run_trigger
from ..state import MakenState
from .attack import do_bet
from .common import bet_options, set_options


# ====================================================================== §5 step 1: turn start
def turn_start(st: MakenState, ctx: Any) -> None:
    """§5 step 1; §7 ``turn_limit`` ends the game as a draw."""
    if st.turn > int(st.game.params["turn_limit"]):
        st.end_game(None, "turn limit")
        return
    st.phase = "draw"
    st.attacked = False
    st.emit("turn", turn=st.turn, player=st.active)
    st.push_seq("turn_effects", "draw_phase", "before_attack")


def turn_effects(st: MakenState, ctx: Any) -> None:
    """§5 step 1: the ``turn_start`` effects of the TP's character and supports, in the order set."""
    p = st.active
    for sid in (st.char[p], *st.supports[p]):
        c = st.cards.get(sid)
        if c is not None and c.effects:
            run_trigger(st, p, c, "turn_start")


# ====================================================================== §5 step 2: draw
def draw_count(st: MakenState) -> int:
    """§5 step 2: the most the TP may draw now — its draw limit, the stamina, and ``first_turn_draw``
    on the game's very first turn."""
    p = st.active
    n = min(st.draw_limit(p), len(st.deck[p]))
    if st.turn == 1:
        n = min(n, int(st.game.params["first_turn_draw"]))
    return n


def draw_phase(st: MakenState, ctx: Any) -> None:
    """§5 step 2: the TP declares N (1 ≤ N ≤ the draw limit and the stamina), then draws N; with an
    empty stamina there is no draw."""
    p = st.active
    n = draw_count(st)
    if n <= 0:
        st.emit("no_draw", player=p)
        return
    st.ask(p, "draw", list(DRAW[1:n + 1]), "draw", None, "draw phase: how many cards to draw")


def ans_draw(st: MakenState, a: Action, ctx: Any) -> None:
    draw(st, st.active, int(a.args[0]))


# ====================================================================== §5 step 3: before attack
def before_options(st: MakenState) -> list[Action]:
    """§5 step 3: set supports, the first bet (§6.1); ``skip`` only with no legal first bet, or
    always with ``attack_optional``."""
    p = st.active
    out = set_options(st, p)
    bets = bet_options(st, p, "fb")
    out += bets
    if not bets or st.game.params["attack_optional"]:
        out.append(SKIP)
    return out


def before_attack(st: MakenState, ctx: Any) -> None:
    st.phase = "before_attack"
    st.ask(st.active, "before_attack", before_options(st), "before_attack", None,
           "before the attack: set supports, then make the first bet", private=True)


def do_set(st: MakenState, p: int, cid: str) -> None:
    """§5 step 3/5: a support from hand to the supports (free), then its ``on_set`` effects."""
    st.hand[p].remove(cid)
    st.supports[p].append(cid)
    st.emit("set", player=p, card=cid)
    run_trigger(st, p, st.cards[cid], "on_set")


def ans_before(st: MakenState, a: Action, ctx: Any) -> None:
    p = st.active
    if a.verb == "set":
        do_set(st, p, a.args[0])
        st.push("before_attack")
    elif a is SKIP:
        st.emit("skip", player=p)
        st.push("after_attack")
    else:  # §6.1 the first bet starts the attack phase: both even, the non-TP acts
        st.phase = "attack"
        st.attacked = True
        st.sit = ["even", "even"]
        st.after_fb = True
        do_bet(st, p, a, "fb")
        st.push("action", (1 - p,))


# ====================================================================== §5 step 5: after attack
def after_options(st: MakenState) -> list[Action]:
    return [*set_options(st, st.active), END]


def after_attack(st: MakenState, ctx: Any) -> None:
    st.phase = "after_attack"
    st.ask(st.active, "after_attack", after_options(st), "after_attack", None,
           "after the attack: set supports, or end the turn", private=True)


def ans_after(st: MakenState, a: Action, ctx: Any) -> None:
    if a is END:
        st.push("turn_end")
        return
    do_set(st, st.active, a.args[0])
    st.push("after_attack")


# ====================================================================== §5 step 6: end
def turn_end(st: MakenState, ctx: Any) -> None:
    """§5 step 6: the other player becomes the TP. §7 stalemate: both stamina piles empty and two
    turns in a row ended without an attack phase — a draw."""
    st.idle = 0 if st.attacked else st.idle + 1
    st.emit("turn_end", player=st.active)
    if st.idle >= 2 and not st.deck[0] and not st.deck[1]:
        st.end_game(None, "stalemate")
        return
    st.active = 1 - st.active
    st.turn += 1
    st.push("turn_start")
