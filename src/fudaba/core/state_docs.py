"""Reading state documents (``Game.state_from_json``), as strictly as positions (issue 18 §5).

A ``fudaba-state`` document is the whole state (``State.to_json``). Read from a user it is checked
key by key — types, ranges, card ids, seats, step and answer handler names, frame contexts, logged
events, origin — by the game's ``_load`` for its own part and here for the rest; then it must hold
together: a decision exactly while the game goes on, the options the rules give, and a probe on
search copies that runs its options and every frame of its stack, within a bounded number of rules
steps. Anything else is a :class:`~fudaba.core.errors.PositionError` naming the key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action, Decision
from .documents import MAX_ACTION_CHARS, Fields, check_tree, depth_over
from .errors import PositionError
from .events import Event
from .rng import Rng

if TYPE_CHECKING:
    from .game import Game
    from .state import Sealed, State

#: limits of a state document (``state_from_json``): frames on the stack, options of a decision,
#: the turn, the characters of an action's notation, a number in a rules context
MAX_STACK = 10_000
MAX_OPTIONS = 100_000
MAX_TURN = 10**9
MAX_CTX_INT = 10**9
#: how deep the data of one logged event may nest
EVENT_DEPTH = 8
#: the rules steps the probe of a state document may take in all (:func:`_probe`)
PROBE_STEPS = 200_000
#: answers the probe of a state document plays on at most, and the seed of its choices
PROBE_ACTIONS = 2_000
#: a decision with at most this many options has every option tried
PROBE_EVERY = 16
PROBE_SEED = 0x5EED


def load_state(cls: type[State], game: Game, doc: dict[str, Any]) -> State:
    """The ``cls`` state of the document ``doc`` of ``game``: every key checked, then that it holds
    together (:func:`_check_loaded`). PositionError names the key."""
    f = Fields("state")
    c = f.table(doc.get("common"), "common", ("rng", "stack", "decision", "over", "winner", "result", "turn"),
                ("sealed",))
    st = cls.__new__(cls)
    st.game = game
    st.rng = Rng(0)
    st.rng.state = f.whole(c["rng"], "common.rng", 0, (1 << 64) - 1)
    st.stack = [_frame(st, x, f"common.stack[{i}]", f) for i, x in enumerate(f.array(c["stack"], "common.stack",
                                                                                   max_len=MAX_STACK))]
    st.decision = None if c["decision"] is None else _decision_doc(st, c["decision"], f)
    st.over = f.flag(c["over"], "common.over")
    st.winner = None if c["winner"] is None else f.seat(c["winner"], "common.winner")
    st.result = f.text(c["result"], "common.result")
    st.turn = f.whole(c["turn"], "common.turn", 1, MAX_TURN)
    st.sealed = tuple(_sealed_doc(st, x, f"common.sealed[{i}]", f)
                      for i, x in enumerate(f.array(c.get("sealed", []), "common.sealed", max_len=2)))
    st.log = [_event_doc(e, f"log[{i}]", f) for i, e in enumerate(f.array(doc.get("log", []), "log", max_len=10**7))]
    st.history = [f.text(a, f"history[{i}]", max_len=MAX_ACTION_CHARS)
                  for i, a in enumerate(f.array(doc.get("history", []), "history", max_len=10**7))]
    st.origin = _origin_doc(doc.get("origin", {}), f)
    st.search = f.flag(doc.get("search", False), "search")
    try:
        st._load(f.mapping(doc.get("state"), "state"))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise PositionError(f"state: key 'state' is malformed: {type(e).__name__}: {str(e)[:80]}") from None
    _check_loaded(st, f)
    return st


def _frame(st: State, x: Any, key: str, f: Fields) -> tuple[str, Any]:
    """One frame of a state document's stack: ``[step name, ctx]``."""
    name, ctx = f.array(x, key, 2)
    f.text(name, key + "[0]", st.STEPS)
    return name, _ctx(st, name, ctx, key + "[1]", f)


def _ctx(st: State, name: str, ctx: Any, key: str, f: Fields) -> Any:
    """A frame's or a decision's ``ctx``: small plain data (JSON lists back to tuples), checked by
    the game's hook ``State.check_ctx``."""
    _check_ctx_data(ctx, key, f)
    out = _tuplify(ctx)
    problem = st.check_ctx(name, out)
    if problem:
        raise f.fail(key, problem)
    return out


def _decision_doc(st: State, x: Any, f: Fields) -> Decision:
    key = "common.decision"
    d = f.table(x, key, ("player", "kind", "prompt", "options", "handler", "ctx"), ("private", "sealed"))
    sealed = d.get("sealed")
    # a sealed pick runs no handler: its name only tells decision_options which decision it is
    handler = f.text(d["handler"], key + ".handler", st.ANSWERS if sealed is None else None, max_len=60)
    opts = f.items(d["options"], key + ".options", str, max_len=MAX_OPTIONS)
    if not opts:
        raise f.fail(key + ".options", "must list at least one action")
    actions = [_notation(t, f"{key}.options[{i}]", f) for i, t in enumerate(opts)]
    if len(set(actions)) != len(actions):
        raise f.fail(key + ".options", "lists an action twice")
    if sealed is not None:
        check_tree(f.mapping(sealed, key + ".sealed"), "state: key 'common.decision.sealed'", max_depth=4)
    return Decision(f.seat(d["player"], key + ".player"), f.text(d["kind"], key + ".kind"),
                    f.text(d["prompt"], key + ".prompt", max_len=2000), actions, handler,
                    st.game.kind_ctx(handler, _ctx(st, handler, d["ctx"], key + ".ctx", f)),
                    f.flag(d.get("private", False), key + ".private"), sealed)


def _check_loaded(st: State, f: Fields) -> None:
    """The parts of a state document hold together, and the rules run on it: a game in progress
    waits for a decision (a finished one for none); the decision's options are the ones the
    rules give there (``decision_options``); every view and the hash can be made; and the rules
    run every frame of the document (:func:`_probe`). PositionError otherwise."""
    d = st.decision
    if st.over != (d is None):
        raise f.fail("common.decision", "must be null exactly when the game is over (common.over)")
    if st.winner is not None and not st.over:
        raise f.fail("common.winner", "must be null while the game is not over")
    if st.over and (st.stack or st.sealed):
        raise f.fail("common.stack", "must be empty once the game is over")
    limit = st.game.params.get("turn_limit")
    if not st.over and type(limit) is int and 0 < limit < st.turn:
        raise f.fail("common.turn", f"= {st.turn} is past turn_limit = {limit} while the game goes on")
    what = ["the views"]
    try:
        for seat in (0, 1, None):
            st.view(seat)
        what[0] = "the hash"
        st.hash()
        if d is None:
            return
        what[0] = f"the options of the decision ({d.kind})"
        if set(st.game.decision_options(st, d)) != set(d.options):
            raise f.fail("common.decision.options", f"are not the options the rules give at this {d.kind} decision")
        _probe(st, d, what)
    except PositionError:
        raise
    except Exception as e:  # the rules cannot run on this document: it is not a state they made
        raise PositionError(f"state: the document does not hold together: {what[0]} cannot be made from it "
                            f"({type(e).__name__})") from None


def _probe(st: State, d: Decision, what: list[str]) -> None:
    """Try a state document's rules on copies: every option of a small decision, an option of each
    verb of a larger one (each verb runs its own rules; their options are computed again),
    then play on (seeded choices) until every frame and sealed pick of the document has run and
    the next turn has begun, or the game has ended — within :data:`PROBE_ACTIONS` answers and
    :data:`PROBE_STEPS` rules steps in all. ``what[0]`` says what was being tried."""
    tried: set[tuple[str, int]] = set()
    trial = st
    budget = [PROBE_STEPS]
    every = len(d.options) <= PROBE_EVERY
    for a in d.options:
        if (a.verb, len(a.args)) in tried and not every:
            continue
        tried.add((a.verb, len(a.args)))
        what[0] = f"the option {a.text[:40]!r}"
        trial = st.clone(search=True)
        _answer_probe(trial, a, budget)
    frames = {id(fr) for fr in st.stack}
    rng = Rng(PROBE_SEED)
    for n in range(PROBE_ACTIONS):  # past the document's frames, into the next turn the rules set up
        if trial.over or (trial.turn > st.turn and not trial.sealed
                          and not any(id(fr) in frames for fr in trial.stack)):
            return
        opts = trial.legal_actions()
        what[0] = f"the frames of the stack ({n + 1} answers on)"
        _answer_probe(trial, opts[rng.randbelow(len(opts))], budget)
    raise RuntimeError("the frames of the document do not end")


def _answer_probe(st: State, a: Action, budget: list[int]) -> None:
    """``apply(a)`` of a search copy, within the rules steps left in ``budget[0]``."""
    d = st.decision
    assert d is not None
    st.decision = None
    if d.sealed is None:
        st.ANSWERS[d.handler](st, a, d.ctx)
    else:
        st._seal(d, a)
    if budget[0] <= 0:
        raise RuntimeError("the probe of the document ran out of steps")
    budget[0] -= st.run(budget[0])


def _sealed_doc(st: State, x: Any, key: str, f: Fields) -> Sealed:
    p, kind, handler, ctx, text = f.array(x, key, 5)
    f.text(handler, key + "[2]", max_len=60)
    return (f.seat(p, key + "[0]"), f.text(kind, key + "[1]"), handler, st.game.kind_ctx(handler, _ctx(st, handler, ctx, key + "[3]", f)),
            _notation(text, key + "[4]", f).text)


def _check_ctx_data(ctx: Any, key: str, f: Fields) -> None:
    """A frame's or decision's context in a state document: small plain data (ints, text, true/false,
    null, lists of those and text-keyed tables), as the rules build it."""
    todo: list[tuple[Any, str, int]] = [(ctx, key, 0)]
    while todo:
        v, k, depth = todo.pop()
        if v is None or isinstance(v, bool):
            continue
        if isinstance(v, int):
            f.whole(v, k, -MAX_CTX_INT, MAX_CTX_INT)
        elif isinstance(v, str):
            f.text(v, k, max_len=MAX_ACTION_CHARS)
        elif isinstance(v, (list, dict)) and depth < 4:
            if len(v) > 64:
                raise f.fail(k, f"holds {len(v)} items; a rules context holds at most 64")
            pairs = v.items() if isinstance(v, dict) else enumerate(v)
            todo.extend((x, f"{k}[{i!r}]" if isinstance(v, dict) else f"{k}[{i}]", depth + 1) for i, x in pairs)
        else:
            raise f.fail(k, f"is not a rules context (small lists of numbers and text), got {type(v).__name__}")


def _notation(text: Any, key: str, f: Fields) -> Action:
    """An action's notation in a state document: words separated by single spaces (interned: an
    option or a pick the rules made)."""
    t = f.text(text, key, max_len=MAX_ACTION_CHARS)
    if not t or " ".join(t.split()) != t:
        raise f.fail(key, f"is not an action in notation: {t[:40]!r}")
    return Action.parse(t)


_EVENT_KEYS = frozenset({"kind", "data", "secret", "seen_by", "hidden"})


def _shallow(data: dict[str, Any]) -> bool:
    """Whether an event's data nests at most :data:`EVENT_DEPTH` deep (most values are flat)."""
    return not any((type(v) is dict or type(v) is list) and depth_over(v, EVENT_DEPTH - 1) for v in data.values())


def _event_doc(x: Any, key: str, f: Fields) -> Event:
    """One event of a state document's log."""
    if type(x) is dict and x.keys() <= _EVENT_KEYS:  # the common case, checked at once
        kind, data, secret = x.get("kind"), x.get("data"), x.get("secret")
        seen, hidden = x.get("seen_by", []), x.get("hidden", False)
        if (type(kind) is str and len(kind) <= 60 and type(data) is dict and (secret is None or type(secret) is dict)
                and type(hidden) is bool and type(seen) is list and len(seen) <= 2
                and all(type(p) is int and 0 <= p <= 1 for p in seen) and _shallow(data)
                and (secret is None or _shallow(secret))):
            return Event(kind, data, secret, tuple(seen), hidden)
    e = f.table(x, key, ("kind", "data"), ("secret", "seen_by", "hidden"))
    data = f.mapping(e["data"], key + ".data")
    secret = e.get("secret")
    if secret is not None:
        f.mapping(secret, key + ".secret")
    for part in ("data", "secret"):
        if isinstance(e.get(part), dict) and depth_over(e[part], EVENT_DEPTH):
            raise f.fail(f"{key}.{part}", f"is nested more than {EVENT_DEPTH} levels deep")
    seen = [f.seat(p, f"{key}.seen_by[{i}]") for i, p in enumerate(f.array(e.get("seen_by", []), key + ".seen_by", max_len=2))]
    return Event(f.text(e["kind"], key + ".kind", max_len=60), data, secret, tuple(seen),
                 f.flag(e.get("hidden", False), key + ".hidden"))


def _origin_doc(x: Any, f: Fields) -> dict[str, Any]:
    """Where a state document's game started: ``seed`` and ``decks``, or ``position`` (as in a record)."""
    o = f.table(x, "origin", optional=("seed", "decks", "position"))
    if "seed" in o and not (isinstance(o["seed"], int) and not isinstance(o["seed"], bool)):
        raise f.fail("origin.seed", f"must be a whole number, got {str(o['seed'])[:40]}")
    if "decks" in o:
        from .decks import Deck

        for i, d in enumerate(f.array(o["decks"], "origin.decks", 2)):
            try:
                Deck.from_dict(f.mapping(d, f"origin.decks[{i}]", ("main",)))
            except ValueError as e:
                raise f.fail(f"origin.decks[{i}]", f"is not a deck: {e}") from None
    if "position" in o:
        check_tree(f.mapping(o["position"], "origin.position"), "state: key 'origin.position'")
    return o


def _tuplify(x: Any) -> Any:
    """JSON lists back to the tuples rules code uses for frame contexts."""
    if isinstance(x, list):
        return tuple(_tuplify(v) for v in x)
    if isinstance(x, dict):
        return {k: _tuplify(v) for k, v in x.items()}
    return x
