"""Project Maken notation (spec §11): the actions of each decision (its kind's ``verbs``, ``rules/``) and interned builders.

==================== ================================================================
decision (``kind``)  actions
==================== ================================================================
``mulligan``         ``keep``, ``mulligan``
``draw``             ``draw 1``, ``draw 2``, ``draw 3``
``before_attack``    ``set MK-G06``, ``bet MK-G01`` (the FB), ``bet MK-G01 x2 speed``, ``skip``
``action``           even: ``bet MK-A07``, ``guard stand|crouch|air``, ``call``;
                     forcing: ``bet MK-B01``, ``bet MK-A03 x3 attack guard``, ``call``;
                     guarding: ``maintain``, ``maintain crouch`` (after a flush), ``gc``, ``drop``
``cover``            ``cover MK-G04`` (secret; one card at a time, the last is the top)
``bonus``            ``bet MK-B02``, ``pass``
``after_attack``     ``set MK-A08``, ``end``
any                  ``concede`` (accepted by ``apply``, never listed)
==================== ================================================================

A double or triple attack is ``ID x2 OPT`` / ``ID x3 OPT OPT`` (options in the order speed, reach,
attack, guard; two different ones for a triple).
"""

from __future__ import annotations

from ...core.actions import Action
from .state import DOUBLE_ORDER

A = Action.of
KEEP = Action.const("keep")
#: ``mulligan``: the hand into the stamina and a new hand drawn (§4 ⑤)
NEW_HAND = Action.const("mulligan")
SKIP = Action.const("skip")
END = Action.const("end")
CALL = Action.const("call")
GC = Action.const("gc")
DROP = Action.const("drop")
MAINTAIN = Action.const("maintain")
PASS = Action.const("pass")
GUARD = {t: A("guard", t) for t in ("stand", "crouch", "air")}
MAINTAIN_AS = {t: A("maintain", t) for t in ("stand", "crouch")}
#: ``draw N`` by N
DRAWS = tuple(A("draw", str(n)) for n in range(41))

_BET: dict[str, Action] = {}
_SET: dict[str, Action] = {}
_COVER: dict[str, Action] = {}
_MULTI: dict[tuple[str, int, tuple[str, ...]], Action] = {}


def bet(cid: str) -> Action:
    a = _BET.get(cid)
    if a is None:
        a = _BET[cid] = A("bet", cid)
    return a


def bet_multi(cid: str, n: int, opts: tuple[str, ...]) -> Action:
    """``bet ID x2 OPT`` / ``bet ID x3 OPT OPT`` (§6.6)."""
    key = (cid, n, opts)
    a = _MULTI.get(key)
    if a is None:
        a = _MULTI[key] = A("bet", cid, f"x{n}", *opts)
    return a


def set_(cid: str) -> Action:
    a = _SET.get(cid)
    if a is None:
        a = _SET[cid] = A("set", cid)
    return a


def cover(cid: str) -> Action:
    a = _COVER.get(cid)
    if a is None:
        a = _COVER[cid] = A("cover", cid)
    return a


def read_bet(a: Action) -> tuple[str, int, tuple[str, ...]] | None:
    """``bet ID [xN OPT…]`` as (id, copies, options); None when it is not written that way: ``xN``
    with N 2 or 3 and N − 1 options, different and in the order speed, reach, attack, guard."""
    args = a.args
    if not args:
        return None
    if len(args) == 1:
        return args[0], 1, ()
    m = args[1]
    if m not in ("x2", "x3"):
        return None
    n = int(m[1])
    opts = tuple(args[2:])
    if len(opts) != n - 1 or any(o not in DOUBLE_ORDER for o in opts) or len(set(opts)) != len(opts):
        return None
    if list(opts) != sorted(opts, key=DOUBLE_ORDER.index):
        return None
    return args[0], n, opts
