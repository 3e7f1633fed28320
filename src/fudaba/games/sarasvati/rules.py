"""The flow of a Sarasvati game, one rules step per clause of the spec (sections in comments).

Each step is ``fn(state, ctx)`` and each decision handler ``fn(state, action, ctx)``; they are
listed in :data:`STEPS` / :data:`ANSWERS`, which :class:`~.game.SarasvatiGame` hands to the state class.
The canonical stack at a phase-level decision is the remaining phases of the turn, e.g. at the
imagine decision ``[end, battle, move]`` — positions (§12) rebuild it exactly.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import Action
from ...core.state import Answer, Step
from .actions import battle_options, charge_options, imagine_options, move_options
from .effects import (
    answer_target,
    apply_cost,
    cost_delta,
    destroy_units,
    draw,
    parse_rel,
    push_triggers,
    stats,
    step_check,
    step_eff,
    unit_triggers,
)
from .state import SarasvatiState, Unit, place

PHASES = ("set", "draw", "charge", "imagine", "move", "battle", "end")
#: the frames left on the stack while a phase-level decision of this phase is pending
REMAINING = {
    "charge": ("imagine", "move", "battle", "end"),
    "imagine": ("move", "battle", "end"),
    "move": ("battle", "end"),
    "battle": ("end",),
}


# ------------------------------------------------------------------------------------------- §4 setup
def step_setup(st: SarasvatiState, ctx: Any) -> None:
    """§4: books are already face down in K1..; shuffle, choose the first player, draw hands."""
    params = st.game.params
    for p in (0, 1):
        st.rng.shuffle(st.deck[p])  # §4.2
    first = params["first"]
    st.first = st.rng.randbelow(2) if first == "random" else int(first)  # §4.3
    st.active = st.first
    st.emit("setup", first=st.first, books=[len(st.books[0]), len(st.books[1])])
    n = int(params["starting_hand"])
    if n and not draw(st, (0, 1), n):  # §4.2 (a deck shorter than the hand loses at once, §7)
        return
    st.charges_left = int(params["charges_per_turn"])
    st.push("turn")


# ------------------------------------------------------------------------------------------- §5.1 set
def step_turn(st: SarasvatiState, ctx: Any) -> None:
    """§5.1 Set phase: ready characters, untap voltage, end 'until your next turn' effects;
    then ``on_turn_start`` effects of the active player's cards."""
    p = st.active
    st.phase = "set"
    st.emit("turn", player=p, turn=st.turn)
    readied = 0
    for u in st.slots[p]:
        if u is not None:
            readied += not u.ready
            u.ready = True
            u.moved = False
    if readied or st.tapped[p]:
        st.emit("set_phase", player=p, readied=readied, untapped=st.tapped[p])
    st.tapped[p] = 0
    _expire(st, lambda m: m[2] == 2 and m[3] == p)
    cm = st.costmods[p]
    if cm:
        st.costmods[p] = [m for m in cm if not (m[1] == 2 and m[2] == p)]
    q = 1 - p
    if st.costmods[q]:
        st.costmods[q] = [m for m in st.costmods[q] if not (m[1] == 2 and m[2] == p)]
    st.push_seq("draw", "charge", "imagine", "move", "battle", "end")
    st.push("check")
    frames: list[tuple[int, str, int, int]] = []
    for i in range(len(st.slots[p])):
        frames += unit_triggers(st, p, i, "on_turn_start")
    if frames:
        push_triggers(st, frames)


def _expire(st: SarasvatiState, gone: Any) -> None:
    for s in st.slots:
        for u in s:
            if u is not None and u.mods:
                keep = tuple(m for m in u.mods if not gone(m))
                if len(keep) != len(u.mods):
                    u.mods = keep


# ------------------------------------------------------------------------------------------- §5.2 draw
def step_draw(st: SarasvatiState, ctx: Any) -> None:
    """§5.2 Draw 1; the first player skips it on the first turn (param first_player_draws)."""
    st.phase = "draw"
    if st.turn == 1 and not st.game.params["first_player_draws"]:
        return
    if draw(st, (st.active,), 1):
        st.push("check")  # §6 state checks: the hand size may change values (e.g. SV-R1)


# ------------------------------------------------------------------------------------------- §5.3 charge
def step_charge(st: SarasvatiState, ctx: Any) -> None:
    """§5.3 Charge: up to ``charges_per_turn`` cards from hand into voltage (upright)."""
    st.phase = "charge"
    p = st.active
    if st.charges_left <= 0 or not st.hand[p]:
        return
    st.renumber()
    st.ask(p, "charge", charge_options(st), "charge")


def answer_charge(st: SarasvatiState, a: Action, ctx: Any) -> None:
    p = st.active
    if a.verb == "pass":
        st.charges_left = 0
        st.emit("charge_pass", player=p)
        return
    c = a.args[0]
    st.hand[p].remove(c)
    st.volt[p].append(c)
    st.charges_left -= 1
    st.emit("charge", player=p, card=c, source="hand")
    st.push("charge")
    st.push("check")


# ------------------------------------------------------------------------------------------- §5.4 imagine
def step_imagine(st: SarasvatiState, ctx: Any) -> None:
    """§5.4 Imagine: summon, evolve, use, equip, re-attach — any number of times."""
    st.phase = "imagine"
    st.renumber()
    # private: the options come from the hand, so an automatic "end" must not tell the opponent
    # that no card in it was playable (§1 hidden information)
    st.ask(st.active, "imagine", imagine_options(st), "imagine", private=True)


def _pay(st: SarasvatiState, p: int, cost: int) -> int:
    c = apply_cost(cost, cost_delta(st, p))
    st.tapped[p] += c
    return c


def answer_imagine(st: SarasvatiState, a: Action, ctx: Any) -> None:
    v = a.verb
    if v == "end":
        return
    p = st.active
    st.push("imagine")
    st.push("check")
    C = st.C
    slots = st.slots[p]
    n = len(slots)
    if v == "reequip":  # §5.4 re-attach a reattachable equipment, paying again
        fw = parse_rel(p, a.args[0], st.nf, n)
        tw = parse_rel(p, a.args[1], st.nf, n)
        assert fw is not None and tw is not None
        src = slots[fw[1]]
        dst = slots[tw[1]]
        assert src is not None and dst is not None and src.equip is not None
        eq = src.equip
        paid = _pay(st, p, C[eq].cost)
        src.equip = None
        _replace_equip(st, p, tw[1], dst, eq)
        st.emit("reequip", player=p, frm=a.args[0], to=a.args[1], card=eq, paid=paid)
        return
    cid = a.args[0]
    card = C[cid]
    if v == "evolve":
        equips = []
        for t in a.args[1:]:
            w = parse_rel(p, t, st.nf, n)
            b = None if w is None else slots[w[1]]
            if b is not None and b.equip is not None:
                equips.append(b.equip)
        if len(set(equips)) > 1:  # Q&A: more than one equipment would be inherited; the player keeps one
            keep = [Action.of("keep", e) for e in dict.fromkeys(equips)]
            st.ask(p, "keep", keep, "keep", tuple(a.args), prompt="keep which equipment (evolution, Q&A)")
            return
        _evolve(st, p, tuple(a.args), equips[0] if equips else None)
        return
    paid = _pay(st, p, card.cost)
    st.hand[p].remove(cid)
    if v == "use":  # §2 support: resolves, then the graveyard
        st.discard[p].append(cid)
        st.emit("use", player=p, card=cid, paid=paid)
        push_triggers(st, [(p, cid, idx, -1) for idx in card.triggers("on_play")])
        return
    w = parse_rel(p, a.args[1], st.nf, n)
    assert w is not None
    i = w[1]
    if v == "summon":  # §5.4 summon into an empty slot of either row; enters ready
        uid = st.new_uid()
        slots[i] = Unit(uid, cid, (), None, True, True, False, ())
        st.emit("summon", player=p, card=cid, place=a.args[1], paid=paid)
        push_triggers(st, [(p, cid, idx, uid) for idx in card.triggers("on_summon")])
        return
    u = slots[i]
    assert u is not None
    # equip (§2): one per character; the old one is destroyed
    _replace_equip(st, p, i, u, cid)
    st.emit("equip", player=p, card=cid, place=a.args[1], paid=paid)


def answer_keep(st: SarasvatiState, a: Action, ctx: tuple[str, ...]) -> None:
    _evolve(st, st.active, ctx, a.args[0])


def _evolve(st: SarasvatiState, p: int, args: tuple[str, ...], keep: str | None) -> None:
    """§2 evolution: on top of its base(s), one card; no summoning sickness; it inherits the bases'
    equipment, keeping ``keep`` when several would apply (Q&A) — the others are destroyed."""
    cid = args[0]
    card = st.C[cid]
    slots = st.slots[p]
    nf = st.nf
    n = len(slots)
    paid = _pay(st, p, card.cost)
    st.hand[p].remove(cid)
    idx = []
    for t in args[1:]:
        w = parse_rel(p, t, nf, n)
        assert w is not None
        idx.append(w[1])
    i = idx[0]
    u = slots[i]
    assert u is not None
    under = list(u.under)
    under.append(u.card)
    dropped: list[tuple[int, str]] = []
    if u.equip is not None:
        dropped.append((i, u.equip))
    bases = [u.card]
    for j in idx[1:]:  # further bases go under the stack (they do not leave the battle zone)
        b = slots[j]
        assert b is not None
        slots[j] = None
        under.extend(b.under)
        under.append(b.card)
        bases.append(b.card)
        if b.equip is not None:
            dropped.append((j, b.equip))
    u.under = tuple(under)
    u.card = cid
    u.new = False
    u.equip = keep
    kept = False
    for j, e in dropped:
        if e == keep and not kept:
            kept = True
            continue
        st.discard[p].append(e)
        st.emit("equip_destroyed", player=p, place=place(j, nf), card=e)
    st.emit("evolve", player=p, card=cid, place=args[1], base=bases[0], bases=bases, frm=list(args[1:]), paid=paid)
    push_triggers(st, [(p, cid, k, u.uid) for k in card.triggers("on_summon")])


def _replace_equip(st: SarasvatiState, p: int, i: int, u: Unit, eq: str) -> None:
    old = u.equip
    if old is not None:
        st.discard[p].append(old)
        st.emit("equip_destroyed", player=p, place=place(i, st.nf), card=old)
    u.equip = eq


# ------------------------------------------------------------------------------------------- §5.5 move
def step_move(st: SarasvatiState, ctx: Any) -> None:
    """§5.5 Move: a ready character may become defenceless to move to the other row."""
    st.phase = "move"
    st.renumber()
    st.ask(st.active, "move", move_options(st), "move")


def answer_move(st: SarasvatiState, a: Action, ctx: Any) -> None:
    if a.verb == "end":
        return
    p = st.active
    n = len(st.slots[p])
    fw = parse_rel(p, a.args[0], st.nf, n)
    tw = parse_rel(p, a.args[1], st.nf, n)
    assert fw is not None and tw is not None
    u = st.slots[p][fw[1]]
    assert u is not None
    st.slots[p][tw[1]] = u
    st.slots[p][fw[1]] = None
    u.moved = True
    if st.game.params["move_taps"]:
        u.ready = False
    st.emit("move", player=p, frm=a.args[0], to=a.args[1], card=u.card, cause="move")
    st.push("move")
    st.push("check")  # §6 state checks: row and ready state may change values


# ------------------------------------------------------------------------------------------- §6 battle
def step_battle(st: SarasvatiState, ctx: Any) -> None:
    """§6 Battle: declare attacks one at a time (wall rule in ``battle_options``)."""
    st.phase = "battle"
    st.renumber()
    st.ask(st.active, "battle", battle_options(st), "battle")


def answer_battle(st: SarasvatiState, a: Action, ctx: Any) -> None:
    if a.verb == "end":
        return
    p = st.active
    n = len(st.slots[p])
    fw = parse_rel(p, a.args[0], st.nf, n)
    assert fw is not None
    i = fw[1]
    u = st.slots[p][i]
    assert u is not None
    tok = a.args[1]
    st.push("battle")
    if tok[1] == "K":
        k = int(tok[2:]) - 1
        # a face-down book is named only once it is open (§1)
        tcard = st.books[1 - p][k] if st.hits[1 - p][k] > 0 else None
        st.emit("attack", player=p, attacker=a.args[0], card=u.card, target=tok[1:], target_card=tcard)
        st.push("battle_resolve", (u.uid, 1, k, -1))
    else:
        tw = parse_rel(p, tok, st.nf, n)
        assert tw is not None
        t = st.slots[1 - p][tw[1]]
        assert t is not None
        st.emit("attack", player=p, attacker=a.args[0], card=u.card, target=tok[1:], target_card=t.card)
        st.push("battle_resolve", (u.uid, 0, tw[1], t.uid))
    push_triggers(st, unit_triggers(st, p, i, "on_attack"))  # §6 on_attack resolves first


def _end_battle(st: SarasvatiState) -> None:
    _expire(st, lambda m: m[2] == 0)


def step_battle_resolve(st: SarasvatiState, ctx: tuple[int, int, int, int]) -> None:
    auid, kind, k, tuid = ctx
    where = st.find(auid)
    if where is None or where[0] != st.active:
        st.emit("battle_fizzles", player=st.active, why="attacker left")
        _end_battle(st)
        st.push("check")
        return
    p, i = where
    o = 1 - p
    u = st.slots[p][i]
    assert u is not None
    nf = st.nf
    if kind == 1:  # §6 forbidden book: open, then destroy (param book_hits)
        bid = st.books[o][k]
        if bid is None:
            step_book_attack_done(st, auid)
            st.emit("battle_fizzles", player=p, why="book already destroyed")
            return
        # the book opens (its on_open effects resolve at once); その後 (after that, seed §6) the attacker
        # becomes defenceless
        st.push("book_attack_done", auid)
        h = st.hits[o][k] + 1
        st.hits[o][k] = h
        if h >= st.bh:
            destroy_book(st, o, k, place(i, nf))
            return
        if h == 1:
            st.emit("book_open", player=o, place=f"K{k + 1}", card=bid, by=place(i, nf))
            push_triggers(st, [(o, bid, idx, -1) for idx in st.C[bid].triggers("on_open")])
        else:
            st.emit("book_hit", player=o, place=f"K{k + 1}", card=bid, hits=h, by=place(i, nf))
        return
    tw = st.find(tuid)
    if tw is None or tw[0] != o:
        u.ready = False
        st.emit("battle_fizzles", player=p, why="target left")
        _end_battle(st)
        st.push("check")
        return
    j = tw[1]
    d = st.slots[o][j]
    assert d is not None
    s = stats(st)
    va = s[p][i]
    vd = s[o][j]
    assert va is not None and vd is not None
    aa, ad = va
    da, dd = vd
    params = st.game.params
    if params["ties_destroy"]:
        kill_d = aa >= dd
        counter = bool(params["counterattack"]) and d.ready and da >= 0
        kill_a = counter and da >= ad
    else:
        kill_d = aa > dd
        counter = bool(params["counterattack"]) and d.ready and da >= 0
        kill_a = counter and da > ad
    outcome = "mutual" if kill_a and kill_d else ("win" if kill_d else ("loss" if kill_a else "draw"))
    st.emit("battle", player=p, attacker=place(i, nf), card=u.card, atk=aa, dfn=ad,
            defender=place(j, nf), dcard=d.card, datk=da, ddef=dd, counter=counter, outcome=outcome)
    if not kill_a:
        u.ready = False
    if not kill_d:
        d.ready = False
    wins: list[tuple[int, str, int, int]] = []
    if kill_d and not kill_a:
        wins = unit_triggers(st, p, i, "on_battle_win")
    elif kill_a and not kill_d:
        wins = unit_triggers(st, o, j, "on_battle_win")
    _end_battle(st)
    st.push("check")
    if wins:
        push_triggers(st, wins)
    dead = ([(p, i)] if kill_a else []) + ([(o, j)] if kill_d else [])
    if dead:
        destroy_units(st, dead, "battle")


def destroy_book(st: SarasvatiState, o: int, k: int, by: str) -> None:
    """§6: a face-up book attacked again is destroyed — to its owner's graveyard (墓地:破壊されたカードを
    置く), its ``while_open`` effects end; its K place stays empty. §7: no book left in the book zone
    loses."""
    bid = st.books[o][k]
    assert bid is not None
    st.books[o][k] = None
    st.discard[o].append(bid)
    st.emit("book_destroyed", player=o, place=f"K{k + 1}", card=bid, by=by)
    if not st.books_left(o):
        st.end_game(1 - o, "all books destroyed")  # §7


def step_book_attack_done(st: SarasvatiState, auid: int) -> None:
    """§6: after a forbidden book opened (and its on_open effects resolved) or was destroyed, the
    attacker becomes defenceless (when it is still in the battle zone) and the attack ends."""
    where = st.find(auid)
    if where is not None and where[0] == st.active:
        p, i = where
        u = st.slots[p][i]
        assert u is not None
        if u.ready:
            u.ready = False
            st.emit("defenceless", player=p, place=place(i, st.nf), card=u.card)
    _end_battle(st)
    st.push("check")


# ------------------------------------------------------------------------------------------- §5.7 end
def step_end(st: SarasvatiState, ctx: Any) -> None:
    """§5.7 End: 'until end of turn' effects end; the opponent's turn begins (or the turn limit)."""
    st.phase = "end"
    p = st.active
    _expire(st, lambda m: m[2] <= 1)
    for q in (0, 1):
        if st.costmods[q]:
            st.costmods[q] = [m for m in st.costmods[q] if m[1] != 1]
    for u in st.slots[p]:
        if u is not None:
            u.new = False
            u.moved = False
    st.emit("end_turn", player=p, turn=st.turn)
    st.push("next_turn")
    st.push("check")


def step_next_turn(st: SarasvatiState, ctx: Any) -> None:
    """§7 turn_limit, then the next player's turn."""
    limit = int(st.game.params["turn_limit"])
    if limit and st.turn >= limit:
        st.end_game(None, "turn limit")
        return
    st.turn += 1
    st.active = 1 - st.active
    st.charges_left = int(st.game.params["charges_per_turn"])
    st.push("turn")


STEPS: dict[str, Step] = {
    "setup": step_setup,
    "turn": step_turn,
    "draw": step_draw,
    "charge": step_charge,
    "imagine": step_imagine,
    "move": step_move,
    "battle": step_battle,
    "battle_resolve": step_battle_resolve,
    "book_attack_done": step_book_attack_done,
    "end": step_end,
    "next_turn": step_next_turn,
    "eff": step_eff,
    "check": step_check,
}
ANSWERS: dict[str, Answer] = {
    "charge": answer_charge,
    "imagine": answer_imagine,
    "move": answer_move,
    "battle": answer_battle,
    "target": answer_target,
    "keep": answer_keep,
}
