"""The whole screen (``render``): the table, the decision and its options with their glosses."""

from __future__ import annotations

from typing import Any

from ....core.text import WIDTH, display_width
from .prompts import option_gloss
from .table import _DOT, _JUDGE, _LABEL, _fold, _seat_lines, _situation_line
from .words import _PHASE, _lang, result_text


def render(game: Any, view: dict[str, Any], lang: str = "en") -> str:
    """The table as plain text from a view, every line within ``WIDTH`` columns: the turn; the
    situation and the judge under way; each player (the viewer last): counts, the dust top's posture,
    supports, the attack field and its top card's speed, reach, attack, guard difficulty, posture and
    unguardable postures, the guard space (names where the viewer sees them, else a count); the
    viewer's hand; the decision, with each option's gloss (why it is legal)."""
    lg = _lang(lang)
    ja = lg == "ja"
    L = _LABEL[lg]
    you = view.get("seat")
    order = [1 - you, you] if you in (0, 1) else [1, 0]
    tb = view["table"]
    phase = _PHASE[lg].get(view["phase"], view["phase"])
    head = [f"{L['turn']}{'' if ja else ' '}{view['turn']}", phase, f"{L['tp']} P{view['active']}"]
    if you not in (0, 1):
        head.append(f"({L['spectator']})")
    out = [_DOT.join(head)]
    if any(s.get("situation") for s in tb["players"]):
        out.append(_situation_line(view, lg))
    j = tb.get("judge")
    if j:
        out.append(f"{L['judge']}: " + _JUDGE[lg].get(j["kind"], j["kind"]).format(p=j["player"]))
    for p in order:
        out += _seat_lines(game, view, p, lg)
    d = view.get("decision")
    if view.get("over"):
        w = view.get("winner")
        res = result_text(str(view.get("result") or ""), lg)
        out.append(f"{L['over']}: {res} — " + (("引き分け" if w is None else f"P{w}の勝ち") if ja else
                                                ("draw" if w is None else f"P{w} wins")))
    elif isinstance(d, dict):
        kind = str(d.get("kind"))
        who = f"P{d['player']}"
        if kind == "deciding":
            out.append(f"{L['decision']}: {who} {L['deciding']}" if not ja else f"{L['decision']}: {who}{L['deciding']}")
        else:
            mine = f" ({L['you']})" if d["player"] == you else ""
            k = game.KIND_BY_NAME.get(kind)
            out.append(f"{L['decision']}: {who}{mine} — {k.label_in(lg) if k is not None else kind}")
        for i, o in enumerate(d.get("options") or []):
            gl = option_gloss(game, view, o, lg)
            line = f"  [{i + 1}] {o}" + (f"  {gl}" if gl else "")
            if display_width(line) <= WIDTH:
                out.append(line)
            else:  # the gloss on its own line(s), under the option
                out.append(f"  [{i + 1}] {o}")
                out.append(f"      {gl}")
    return "\n".join(x for ln in out for x in _fold(ln))
