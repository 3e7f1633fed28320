"""§5.3 Charge: up to ``charges_per_turn`` cards from hand into voltage (upright), or pass."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.errors import Refusal
from ..state import SarasvatiState
from .common import PASS, SarasvatiKind, in_hand, nargs


class Charge(SarasvatiKind):
    """§5.3: put one card from hand into voltage, or pass (the phase ends)."""

    name = "charge"
    verbs = ("charge", "pass")
    section = "§5.3"
    phase_ja = "チャージフェイズ"
    title = ("charge", "チャージ")

    def options(self, st: SarasvatiState, player: int, ctx: Any) -> list[Action]:
        opts = []
        seen: set[str] = set()
        for c in st.hand[st.active]:
            if c not in seen:
                seen.add(c)
                opts.append(Action.of("charge", c))
        opts.append(PASS)
        return opts

    def why(self, st: SarasvatiState, player: int, ctx: Any, a: Action, opts: list[Action]) -> Refusal:
        if a.verb == "pass":
            return Refusal("not a legal action now (§5.3)", "今は行えない行動です (§5.3)")
        nargs(a, 1, "charge CARD-ID", "charge カードID")
        in_hand(st, player, a.args[0])
        if st.charges_left <= 0:
            n = st.game.params["charges_per_turn"]
            return Refusal(f"you may charge only {n} card(s) per turn (charges_per_turn, §5.3)",
                           f"チャージできるのは1ターンに{n}枚までです (charges_per_turn, §5.3)")
        return Refusal("not a legal charge now (§5.3)", "今はそのチャージはできません (§5.3)")

    def answer(self, st: SarasvatiState, a: Action, ctx: Any) -> None:
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

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        if lang.lower().startswith("ja"):
            return "チャージフェイズ (§5.3): 手札を1枚ボルテージに置くか、pass"
        return "Charge phase (§5.3): put one card from your hand into voltage, or pass"


CHARGE = Charge()


def charge_phase(st: SarasvatiState, ctx: Any) -> None:
    """§5.3 the charge phase: asked while a charge is left and the hand holds a card."""
    st.phase = "charge"
    p = st.active
    if st.charges_left <= 0 or not st.hand[p]:
        return
    st.renumber()
    st.ask(CHARGE, p)
