"""What a viewer may see of an action taken by someone else (ARCHITECTURE §3 principle 4; issue 6 §1).

Events and views are already redacted per viewer; an action's *notation* is not: ``place W-PC-06
5b down`` names the card its player put face down. :func:`action_line` gives the line a viewer may
see of an action, for every game:

* the seat that decided sees its own action in full (and everyone sees ``concede``);
* another viewer of a *private* decision (a secret pick, a mulligan, a choice naming a face-down
  card) sees only that the seat decided: ``P1 decides (hidden)``;
* in a public decision every argument that names a card id (also as ``label:ID``) becomes ``?``
  unless that card became visible to the viewer through this action: named by an event the action
  caused that the viewer sees in public (or that was shown to the decider and the viewer alike), or
  one copy more of it in the public view afterwards. ``place ? 5b down``, ``place W-PC-02 2d up``.

>>> from fudaba.core.registry import load_game
>>> st = load_game("walpurgis").new_game(seed=5)
>>> while st.decision.kind != "main":
...     _ = st.apply(st.legal_actions()[0])
>>> down = next(a.text for a in st.legal_actions() if a.text.endswith("down"))
>>> before = Before(st)
>>> after = st.clone(); mark = len(after.log); _ = after.apply(down)
>>> action_line(before, down, after.log[mark:], after, 1 - st.current_player).split()[1]
'?'
>>> action_line(before, down, after.log[mark:], after, st.current_player) == down
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .events import Event
from .state import State

#: the line another viewer sees of a private decision's answer
PRIVATE = {"en": "P{p} decides (hidden)", "ja": "P{p}が選択 (非公開)"}


def card_ids(obj: Any, ids: frozenset[str] | set[str]) -> Counter[str]:
    """Card ids named anywhere in a JSON-able ``obj`` (also as ``label:ID``), with multiplicity."""
    out: Counter[str] = Counter()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, str):
            cid = x.rpartition(":")[2]
            if cid in ids:
                out[cid] += 1
        elif isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, (list, tuple)):
            stack.extend(x)
    return out


def _public(st: State, ids: frozenset[str]) -> Counter[str]:
    # the decision holds no card a spectator could not see elsewhere; it is left out so that an
    # option list never counts
    return card_ids({k: v for k, v in st.view(None).items() if k != "decision"}, ids)


class Before:
    """What redaction needs of the state just before an action: who decided, whether the decision
    was private, and the cards the public view showed (the state itself moves on)."""

    __slots__ = ("ids", "player", "private", "public")

    def __init__(self, st: State) -> None:
        d = st.decision
        self.player: int | None = None if d is None else d.player
        self.private = bool(d is not None and d.private)
        self.ids = frozenset(st.game.cards)
        self.public = _public(st, self.ids)


def revealed(before: Before, events: Iterable[Event], after: State, viewer: int | None) -> set[str]:
    """Card ids that this action showed ``viewer``: one copy more in public after it, or named by an
    event it caused that the viewer sees in public, or that the decider and the viewer both see."""
    ids = before.ids
    now = _public(after, ids)
    out = {c for c, n in now.items() if n > before.public[c]}
    for ev in events:
        if not ev.visible_to(viewer):
            continue
        out.update(card_ids(ev.view(None), ids))
        if viewer is not None and viewer in ev.seen_by and before.player in ev.seen_by:
            out.update(card_ids(ev.view(viewer), ids))
    return out


def action_line(before: Before, action: str, events: Sequence[Event], after: State, viewer: int | None,
                lang: str = "en") -> str:
    """The line ``viewer`` (None: a spectator) may see of ``action``, answered at the state captured
    in ``before``; ``events`` are the events it caused and ``after`` the state it led to."""
    parts = action.split()
    if not parts or parts[0] == "concede" or before.player is None or viewer == before.player:
        return action
    if before.private:
        return PRIVATE.get(lang, PRIVATE["en"]).format(p=before.player)
    shown: set[str] | None = None
    out = [parts[0]]
    for tok in parts[1:]:
        head, sep, cid = tok.rpartition(":")
        if not sep:
            cid = tok
        if cid in before.ids:
            if shown is None:
                shown = revealed(before, events, after, viewer)
            if cid not in shown:
                tok = f"{head}{sep}?"
        out.append(tok)
    return " ".join(out)


def redact_action(before: State, action: str, viewer: int | None, lang: str = "en") -> str:
    """:func:`action_line` for ``action`` answered at ``before`` (applied to a clone; ``before`` is
    not changed)."""
    snap = Before(before)
    after = before.clone()
    mark = len(after.log)
    after.apply(action)
    return action_line(snap, action, after.log[mark:], after, viewer, lang)
