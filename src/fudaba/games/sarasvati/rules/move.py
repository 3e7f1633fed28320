"""§5.5 Move: a ready character that has not moved this turn may become defenceless (param
``move_taps``) to move to an empty slot of the other row."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.errors import Refusal
from ..effects import parse_rel
from ..state import SarasvatiState
from .common import END, SarasvatiKind, move_table, nargs, own_place, unit_at


class Move(SarasvatiKind):
    """§5.5: one move to the other row, or end."""

    name = "move"
    verbs = ("move",)
    ends = True
    section = "§5.5"
    phase_ja = "ムーブフェイズ"
    title = ("move", "ムーブ")

    def options(self, st: SarasvatiState, player: int, ctx: Any) -> list[Action]:
        """Every ready character that has not moved this turn, to each empty slot of the other row."""
        p = st.active
        slots = st.slots[p]
        nf = st.nf
        n = len(slots)
        table = move_table(nf, n)
        opts: list[Action] = []
        empty_front = [j for j in range(nf) if slots[j] is None]
        empty_back = [j for j in range(nf, n) if slots[j] is None]
        for i, u in enumerate(slots):
            if u is None or not u.ready or u.moved:
                continue
            row = table[i]
            opts += [row[j] for j in (empty_back if i < nf else empty_front)]
        opts.append(END)
        return opts

    def why(self, st: SarasvatiState, player: int, ctx: Any, a: Action, opts: list[Action]) -> Refusal:
        nargs(a, 2, "move FROM TO", "move 移動元 移動先")
        i, u = unit_at(st, player, a.args[0])
        j = own_place(st, player, a.args[1])
        at = a.args[0]
        if not u.ready:
            return Refusal(f"the character at {at} is defenceless; only ready characters move (§5.5)",
                           f"{at} のキャラクターは無防備状態です。移動できるのは臨戦状態のキャラクターだけです (§5.5)")
        if u.moved:
            return Refusal(f"the character at {at} already moved this turn (§5.5)",
                           f"{at} のキャラクターはこのターンすでに移動しています (§5.5)")
        if (i < st.nf) == (j < st.nf):
            return Refusal("a move goes to the other row (§5.5)",
                           "移動先はもう一方の列です(前列から後列、後列から前列) (§5.5)")
        if st.slots[player][j] is not None:
            return Refusal(f"{a.args[1]} is occupied; move to an empty slot (§5.5)",
                           f"{a.args[1]} にはすでにキャラクターがいます。空いている枠に移動してください (§5.5)")
        return Refusal("not a legal move now (§5.5)", "今はその移動はできません (§5.5)")

    def answer(self, st: SarasvatiState, a: Action, ctx: Any) -> None:
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

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        if lang.lower().startswith("ja"):
            return "ムーブフェイズ (§5.5): 臨戦状態のキャラクターを反対の列へ移動 (無防備になる)、または end"
        return "Move phase (§5.5): a ready character may move to the other row (it becomes defenceless) — or end"


MOVE = Move()


def move_phase(st: SarasvatiState, ctx: Any) -> None:
    """§5.5 the move phase: asked again after every move until the player ends it."""
    st.phase = "move"
    st.renumber()
    st.ask(MOVE, st.active)
