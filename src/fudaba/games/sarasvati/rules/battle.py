"""§6 Battle: attacks declared one at a time (the wall rule), character against character with a
counterattack, forbidden books opened then destroyed; and the state checks after every change of
values (def < 0 destroys)."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action, number
from ....core.errors import Refusal
from ..effects import destroy_units, parse_rel, push_triggers, stats, surely_no_negative_def, unit_triggers
from ..state import SarasvatiState, place
from .common import END, SarasvatiKind, atk_may_drop, atk_now, attack_table, base_atk, nargs, unit_at, wall_up
from .turn import expire

_WALL = Refusal("the enemy front row has a ready character (壁役, §6)",
                "相手の前列に臨戦状態のキャラクターがいるため、相手の前列しか攻撃できません (壁役, §6)")
_NO_ATTACK = Refusal("not a legal attack now (§6)", "今はその攻撃はできません (§6)")


class Battle(SarasvatiKind):
    """§6: each ready character (not summoned this turn, atk ≥ 0) may attack an enemy character or,
    when no ready character guards the front row (wall rule), a forbidden book; or end."""

    name = "battle"
    verbs = ("attack",)
    ends = True
    section = "§6"
    phase_ja = "バトルフェイズ"
    title = ("battle", "バトル")

    def options(self, st: SarasvatiState, player: int, ctx: Any) -> list[Action]:
        p = st.active
        o = 1 - p
        slots = st.slots[p]
        sick = st.game.params["summoning_sickness"]
        ready = [(i, u) for i, u in enumerate(slots) if u is not None and u.ready and not (u.new and sick)]
        if not ready:
            return [END]
        if all(base_atk(st, u) >= 0 for _i, u in ready) and not atk_may_drop(st):
            attackers = [i for i, _u in ready]  # no atk can be below 0: stats need not be computed
        else:
            s = stats(st)[p]
            attackers = [i for i, _u in ready if s[i][0] >= 0]  # type: ignore[index]
            if not attackers:
                return [END]
        nf = st.nf
        n = len(slots)
        eslots = st.slots[o]
        # wall rule: a ready character in the enemy front row guards the back row and the books
        if wall_up(st, o):
            targets = [j for j in range(nf) if eslots[j] is not None]
        else:
            targets = [j for j, u in enumerate(eslots) if u is not None]
            targets += [n + k for k, b in enumerate(st.books[o]) if b is not None]
        table = attack_table(nf, n, len(st.books[o]))
        opts = [table[i][t] for i in attackers for t in targets]
        opts.append(END)
        return opts

    def why(self, st: SarasvatiState, player: int, ctx: Any, a: Action, opts: list[Action]) -> Refusal:
        nargs(a, 2, "attack FROM TARGET", "attack 攻撃元 攻撃先")
        p = player
        i, u = unit_at(st, p, a.args[0])
        at = a.args[0]
        if not u.ready:
            return Refusal(f"the character at {at} is defenceless; only ready characters attack (§6)",
                           f"{at} のキャラクターは無防備状態です。攻撃できるのは臨戦状態のキャラクターだけです (§6)")
        if u.new and st.game.params["summoning_sickness"]:
            return Refusal(f"the character at {at} was summoned this turn (summoning sickness, §5, §6)",
                           f"{at} のキャラクターはこのターンに召喚されたばかりなので攻撃できません (召喚酔い, §5, §6)")
        atk = atk_now(st, p, i)
        if atk < 0:
            return Refusal(f"the character at {at} has atk {atk} < 0 and cannot attack (§6, Q&A)",
                           f"{at} のキャラクターは攻撃力が{atk}(マイナス)なので攻撃できません (§6, Q&A)")
        return _why_target(st, p, a.args[1])

    def answer(self, st: SarasvatiState, a: Action, ctx: Any) -> None:
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

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        if lang.lower().startswith("ja"):
            return "バトルフェイズ (§6): 臨戦状態のキャラクターで相手のキャラクターか禁書を攻撃、または end"
        return "Battle phase (§6): attack with a ready character (target: an enemy character or book) — or end"


BATTLE = Battle()


def _why_target(st: SarasvatiState, p: int, tok: str) -> Refusal:
    """Why the attack's target ``tok`` is refused (§6, §11)."""
    o = 1 - p
    if tok[:1] not in ("x", "X"):
        return Refusal(f"{tok} is your own place; attack an enemy place such as xF1 or xK1 (§6, §11)",
                       f"{tok} は自分の場所です。xF1 や xK1 のような相手の場所を攻撃してください (§6, §11)")
    if tok[1:2].upper() == "K":
        n = number(tok[2:], 4)
        k = -1 if n is None else n - 1
        if not 0 <= k < len(st.books[o]):
            return Refusal(f"the opponent has no forbidden book {tok} (§1)", f"相手の禁書 {tok} はありません (§1)")
        if st.books[o][k] is None:
            return Refusal(f"the forbidden book {tok} is already destroyed: it is in the graveyard (§6)",
                           f"禁書 {tok} はすでに破壊され、墓地にあります (§6)")
        return _WALL if wall_up(st, o) else _NO_ATTACK
    w = parse_rel(p, tok, st.nf, len(st.slots[p]))
    if w is None:
        return Refusal(f"{tok} is not a place (xF1.., xB1.., xK1..; §11)",
                       f"{tok} という場所はありません (xF1.., xB1.., xK1..; §11)")
    if st.slots[o][w[1]] is None:
        return Refusal(f"there is no enemy character at {tok} (§6)", f"{tok} に相手のキャラクターはいません (§6)")
    if w[1] >= st.nf and wall_up(st, o):
        return _WALL
    return _NO_ATTACK


def battle_phase(st: SarasvatiState, ctx: Any) -> None:
    """§6 the battle phase: asked again after every attack until the player ends it."""
    st.phase = "battle"
    st.renumber()
    st.ask(BATTLE, st.active)


def _end_battle(st: SarasvatiState) -> None:
    expire(st, lambda m: m[2] == 0)


def resolve_attack(st: SarasvatiState, ctx: tuple[int, int, int, int]) -> None:
    """§6 an attack, once its ``on_attack`` effects resolved: ``(attacker uid, 1, book index, -1)``
    against a forbidden book, ``(attacker uid, 0, slot index, defender uid)`` against a character."""
    auid, kind, k, tuid = ctx
    where = st.find(auid)
    if where is None or where[0] != st.active:
        st.emit("battle_fizzles", player=st.active, why="attacker left")
        _end_battle(st)
        st.push("check")
        return
    if kind == 1:
        _attack_book(st, where[1], auid, k)
    else:
        _fight(st, where[1], tuid)


def _attack_book(st: SarasvatiState, i: int, auid: int, k: int) -> None:
    """§6 forbidden book: it opens (its on_open effects resolve at once), then it is destroyed (param
    book_hits); その後 (after that, seed §6) the attacker becomes defenceless."""
    p = st.active
    o = 1 - p
    bid = st.books[o][k]
    if bid is None:
        after_book_attack(st, auid)
        st.emit("battle_fizzles", player=p, why="book already destroyed")
        return
    st.push("book_attack_done", auid)
    h = st.hits[o][k] + 1
    st.hits[o][k] = h
    by = place(i, st.nf)
    if h >= st.bh:
        destroy_book(st, o, k, by)
    elif h == 1:
        st.emit("book_open", player=o, place=f"K{k + 1}", card=bid, by=by)
        push_triggers(st, [(o, bid, idx, -1) for idx in st.C[bid].triggers("on_open")])
    else:
        st.emit("book_hit", player=o, place=f"K{k + 1}", card=bid, hits=h, by=by)


def _fight(st: SarasvatiState, i: int, tuid: int) -> None:
    """§6 character against character: the attacker's atk against the defender's def (wherever its
    on_attack effects moved it), and a ready defender's counterattack; survivors become defenceless;
    "when it wins a battle" effects."""
    p = st.active
    o = 1 - p
    u = st.slots[p][i]
    assert u is not None
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
    va, vd = s[p][i], s[o][j]
    assert va is not None and vd is not None
    (aa, ad), (da, dd) = va, vd
    params = st.game.params
    counter = bool(params["counterattack"]) and d.ready and da >= 0
    if params["ties_destroy"]:
        kill_d, kill_a = aa >= dd, counter and da >= ad
    else:
        kill_d, kill_a = aa > dd, counter and da > ad
    outcome = "mutual" if kill_a and kill_d else ("win" if kill_d else ("loss" if kill_a else "draw"))
    st.emit("battle", player=p, attacker=place(i, st.nf), card=u.card, atk=aa, dfn=ad,
            defender=place(j, st.nf), dcard=d.card, datk=da, ddef=dd, counter=counter, outcome=outcome)
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


def after_book_attack(st: SarasvatiState, auid: int) -> None:
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


def state_check(st: SarasvatiState, ctx: Any) -> None:
    """State checks (§6): every character with def < 0 is destroyed, repeatedly until none."""
    if surely_no_negative_def(st):
        return
    s = stats(st)
    dead = [(p, i) for p in (st.active, 1 - st.active) for i, v in enumerate(s[p]) if v is not None and v[1] < 0]
    if dead:
        st.push("check")
        destroy_units(st, dead, "negative def")
