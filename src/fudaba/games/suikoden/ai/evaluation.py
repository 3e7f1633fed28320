"""Suikoden's evaluation for a search's cut-off rollouts (``ismcts:depth=N``; docs/agents.md,
*Cut-off rollouts*): seat 0's chances in a determinization, from the victory points and the
prospects of the missions still on the table."""

from __future__ import annotations

from typing import Any

from ....core.agent import logistic as _logistic
from ..effects import mission_values


def evaluate(st: Any) -> float:
    """Seat 0's chances in a search state (a determinization), for a search's cut-off rollouts
    (``ismcts:depth=N``): a logistic of the victory points apart (§9: ``vp_to_win`` wins), a clear
    near the goal weighing more, the VP each side can expect from the unresolved missions on the
    table (:func:`mission_prospects`) and a little for the cards in hand."""
    goal = int(st.game.params["vp_to_win"])
    v0, v1 = st.vp
    d = (v0 - v1) + 0.1 * (len(st.hand[0]) - len(st.hand[1]))
    d += 0.5 * (max(0, v0 - goal + 2) - max(0, v1 - goal + 2))  # one clear from winning
    e0, e1 = mission_prospects(st)
    d += PROSPECT_W * (e0 - e1)
    return _logistic(0.9 * d)


#: the weight of the VP expected from unresolved missions against VP scored
PROSPECT_W = 1.2


def mission_prospects(st: Any) -> tuple[float, float]:
    """The VP each seat may expect from the unresolved missions and facilities on the table: per
    mission, the VP it would score (§7.5: the placer's left number, the other's right; a facility
    half of its ``facilities_per_vp`` step) times how far its totals are towards clearing —
    ``(total / value)²`` for an attack mission (halved without a character able to garrison),
    the share of the mil totals for troops (§7.3: the larger total wins), and the owner's con
    towards ``build`` for a facility, less the opponent's atk towards ``block``."""
    C = st.C
    per_vp = 1.0 / max(1, int(st.game.params.get("facilities_per_vp", 2)))
    out = [0.0, 0.0]
    for o in (0, 1):
        for k, m in enumerate(st.missions[o]):
            if m is None or not (m.cols[0] or m.cols[1]):
                continue
            c = C[m.card]
            _, tots, _ = mission_values(st, o, k)
            garr = [any(not C[d[0]].pair for d in m.cols[q]) for q in (0, 1)]
            if c.type == "facility":
                build = min(1.0, tots[o][2] / max(1, c.build)) * (1.0 if garr[o] else 0.5)
                block = min(1.0, tots[1 - o][0] / max(1, c.block))
                out[o] += per_vp * build * build * (1.0 - block * block)
                continue
            if c.clear == "duel":
                continue
            gain = (c.vp[0], c.vp[1]) if o == 0 else (c.vp[1], c.vp[0])
            if c.clear == "mil":
                s0, s1 = tots[0][1], tots[1][1]
                if s0 + s1 == 0:
                    continue
                for p, sp in ((0, s0), (1, s1)):
                    reach = min(1.0, sp / max(1, c.value)) * (1.0 if garr[p] else 0.5)
                    out[p] += gain[p] * (sp / (s0 + s1)) * reach
            else:
                for p in (0, 1):
                    r = min(1.0, tots[p][0] / max(1, c.value)) * (1.0 if garr[p] else 0.5)
                    out[p] += gain[p] * r * r
    return out[0], out[1]
