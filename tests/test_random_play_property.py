"""Random-play property tests for every game (ARCHITECTURE §7).

For thousands of seeded random games, at every decision:
- every legal action applies (all of them on clones in the first games, a sample later);
- a sample of illegal actions is refused with IllegalAction and the state unchanged;
- no card is lost or duplicated (``all_cards()`` is constant);
- ``clone()`` and ``state_from_json(to_json())`` reproduce ``hash()``; the record replays to it;
- neither seat's view nor its log view shows a card it may not see (views are unchanged when
  everything hidden from that seat is resampled, and every card id shown is one the seat can see);
- no text printed for a seat or a spectator names a card hidden from it (by id, Japanese or English
  name): replay lines (the redacted action line and the log lines it caused), the play session's
  output (table, prompt, options with their glosses, help, log lines), ``info`` on every place and
  pile, and the hot-seat hand-over (issue 6 §1; in the first ``TEXT_GAMES`` games, at every step);
- ``resample(seat, rng)`` depends only on what the seat knows (issue 7 §1): a *twin* state that gives
  the seat the same view and log view (its hidden cards elsewhere, another RNG, other secrets of the
  other seat, other sealed picks; the game's ``testing.twin``, ``property_hooks``), a sample of the state and the seat's
  ``infoset`` all give the same sample (same ``hash()`` and ``to_json()``); a sample keeps the seat's
  log view and no history or origin; every option of its pending decision applies in it — for every
  decision kind met in each chunk of games (both seats), and every 7th step of its first games; a
  state whose pending decision holds other picks so far (Suikoden's casualties, the game's
  ``testing.pick_twins``) is told apart by the seat's view or log view, or samples the same
  (issue 18);
- decision kinds agree with the rules (issue 19 §2): at each decision asked with a
  :class:`~fudaba.core.kinds.DecisionKind`, every option passes the kind's ``check`` (all of them in
  the first games, a sample later), and actions that are no option — options of earlier decisions,
  options with an argument changed, dropped or added — get a Refusal from ``check``, and
  ``state.apply`` refuses them with exactly that refusal (``"<action>: <refusal>"``, in English and
  Japanese), the state unchanged;
- every game ends within a step bound.

Every game installed is played, each variant (``fudaba.games()``: a game installed as a plugin too,
and the engine's test game); the per-game hooks (what a seat may see, ``info``'s places, twins) come
from each game's descriptor (``testing``; ``property_hooks.hooks``). A game without them gets every
check that needs none. ``FUDABA_PROPERTY_GAMES`` (default 1000 per game and variant) sets the number
of games.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from typing import Any

import pytest

import fudaba
from fudaba.core import Action, Rng, replay
from fudaba.core.errors import IllegalAction, Refusal
from fudaba.core.kinds import DecisionKind
from fudaba.core.redact import Before, action_line
from fudaba.core.registry import game_class
from fudaba.core.session import Session
from fudaba.core.state import MAX_REFUSAL, REFUSAL_ECHO

from .property_hooks import Hooks, hooks

GAMES = int(os.environ.get("FUDABA_PROPERTY_GAMES", "1000"))
CHUNK = 50
STEP_BOUND = 6000
FULL_CHECK_GAMES = 10  # in these, every legal action is tried on a clone at every step
WATCH_GAMES = 300  # in these, every event is checked against what each viewer sees at that step
SAMPLE_GAMES = 2  # in these of each chunk, samples are checked every 7th step (later: each new decision kind)
TEXT_GAMES = int(os.environ.get("FUDABA_PROPERTY_TEXT_GAMES", "8"))  # in these, every printed text is checked

KIND_SAMPLE = 2  # after the first games: options checked against their kind at each decision
NON_OPTIONS = 3  # actions that are no option, checked against the kind at each decision


def _cases() -> list[tuple[str, str | None]]:
    """Every game installed, each variant (None: a game of one variant)."""
    out: list[tuple[str, str | None]] = []
    for name in fudaba.games():
        variants = game_class(name).VARIANTS
        out += [(name, None)] if len(variants) == 1 else [(name, v) for v in variants]
    return out


CASES = _cases()
PARAMS = [
    pytest.param(g, v, start, id=f"{g}-{v or 'default'}-{start}", marks=pytest.mark.slow)
    for g, v in CASES
    for start in range(0, GAMES, CHUNK)
]

_ID = re.compile(r"[A-Z]{1,3}-[A-Z0-9]{1,4}(?:-[0-9A-Z]{1,4})?")


def _ids_in(obj: object, pool: set[str]) -> Counter[str]:
    text = json.dumps(obj, ensure_ascii=False)
    return Counter(m for m in _ID.findall(text) if m in pool)


def _counted(v: dict[str, object]) -> dict[str, object]:
    """A view without what refers back to cards shown elsewhere in it: the decision (its options),
    the game table's chain (Walpurgis: the activating cards are on the board), the card a
    modifier came from (Suikoden's ``mods``: a used counter is in the discard pile) and the
    casualties picked so far (Suikoden's ``casualties``: they are in their column)."""
    out = {k: x for k, x in v.items() if k != "decision"}
    tb = out.get("table")
    if isinstance(tb, dict):
        out["table"] = _without_mods({k: x for k, x in tb.items() if k != "chain"})
    return out


def _without_mods(x: object) -> object:
    if isinstance(x, dict):
        return {k: _without_mods(v) for k, v in x.items() if k not in ("mods", "casualties")}
    if isinstance(x, list):
        return [_without_mods(v) for v in x]
    return x


def _check_views(st: fudaba.State, pool: set[str], rng: Rng, seen: list[set[str]], visible: Any) -> None:
    for seat in (0, 1):
        v = st.view(seat)
        r = st.resample(seat, rng)
        assert r.view(seat) == v, f"seat {seat}'s view changes when its hidden cards are resampled"
        assert Counter(r.all_cards()) == Counter(st.all_cards())
        if visible is not None:
            vis = visible(st, seat)
            seen[seat].update(vis)
            # keys that refer back to cards shown elsewhere in the view are not counted twice
            shown = _ids_in(_counted(v), pool)
            unseen = set(_ids_in(v, pool)) - set(vis)
            assert not unseen, f"seat {seat}'s view names cards it may not see: {sorted(unseen)}"
            for cid, n in shown.items():
                assert n <= vis[cid], f"seat {seat}'s view shows {cid} {n}x but it may see it {vis[cid]}x"
    spect = st.view(None)
    if visible is not None:
        both = visible(st, None)
        for cid, n in _ids_in(_counted(spect), pool).items():
            assert n <= both[cid], f"the spectator view shows {cid} {n}x but may see it {both[cid]}x"


def _check_logs(st: fudaba.State, pool: set[str], seen: list[set[str]], watched: bool, visible: Any) -> None:
    if visible is None:
        return
    # every card a log view names (also inside compound words such as 'active:W-PC-07') must be one
    # its viewer could see at some point of the game. ``watched``: visibility was sampled after every
    # rules step, so the spectator's log is checked too; otherwise (sampled at decisions only) the
    # public log is taken as seen by everyone
    public = set() if watched else set(_ids_in(st.log_view(None), pool))
    for i, viewer in enumerate((0, 1, None) if watched else (0, 1)):
        shown = set(_ids_in(st.log_view(viewer), pool))
        extra = shown - public - seen[i]
        who = "the spectator" if viewer is None else f"seat {viewer}"
        assert not extra, f"{who}'s log names cards it never could see: {sorted(extra)}"


def _sample_key(st: fudaba.State) -> tuple[Any, ...]:
    """The kind of the pending decision, as finely as its handler and a word of its context say."""
    d = st.decision
    assert d is not None
    sub = d.ctx[1] if isinstance(d.ctx, tuple) and len(d.ctx) > 1 and isinstance(d.ctx[1], str) and (
        d.ctx[1] not in st.game.cards) else None
    return d.kind, d.handler, sub, d.sealed is not None, bool(st.sealed)


def _check_samples(st: fudaba.State, srng: Rng, rnd: random.Random, h: Hooks) -> None:
    """issue 7 §1: for each seat, its sample is a function of what it knows, and playable (compared
    with a twin's when the game has a twin hook)."""
    for seat in (0, 1):
        k = srng.next64()
        a = st.resample(seat, Rng(k))
        assert a.view(seat) == st.view(seat)
        assert a.log_view(seat) == st.log_view(seat), "a sample keeps the seat's log view"
        assert a.history == [] and a.origin == {}, "a sample keeps no history or origin"
        assert all(seat in e.seen_by or not (e.secret or e.hidden) for e in a.log), "another seat's secret in a sample"
        js = a.to_json()
        if h.twin is not None:
            t = h.twin(st, seat, rnd)
            assert t.view(seat) == st.view(seat) and t.log_view(seat) == st.log_view(seat)  # the premise
            b = t.resample(seat, Rng(k))
            assert b.hash() == a.hash() and b.to_json() == js, (
                f"seat {seat}'s samples of two states it cannot tell apart differ ({st.decision!r})")
        assert a.resample(seat, Rng(k + 1)).to_json() == st.resample(seat, Rng(k + 1)).to_json(), (
            "a sample of a sample differs from the sample of the state")
        assert st.infoset(seat).sample(Rng(k)).to_json() == js
        for opt in a.legal_actions():  # every option of the sampled decision applies in the sample
            a.clone().apply(opt)
        for t in (h.pick_twins or _no_twins)(st, seat):
            # issue 18: the same decision with other picks so far: the seat tells the two apart by
            # its view or log view, or its samples of both are the same
            if t.view(seat) == st.view(seat) and t.log_view(seat) == st.log_view(seat):
                assert t.resample(seat, Rng(k)).to_json() == js, (
                    f"seat {seat}'s samples differ with picks it cannot see ({st.decision!r})")


def _no_twins(st: fudaba.State, seat: int) -> list[fudaba.State]:
    return []


def _illegal_candidates(st: fudaba.State, pool_texts: list[str], rng: Rng) -> list[str]:
    legal = {a.text.lower() for a in st.legal_actions()}
    out = ["frobnicate", "zz 9z 9z"]
    for _ in range(6):
        if not pool_texts:
            break
        t = rng.choice(pool_texts)
        if t.lower() not in legal and not t.startswith("concede"):
            out.append(t)
    a = rng.choice(st.legal_actions())
    if a.args:
        out.append(" ".join([a.verb, *a.args[:-1], "Q9"]))
    return [t for t in out if t.lower() not in legal][:4]


def _cut(text: str, n: int = REFUSAL_ECHO) -> str:
    """The core's refusal format (``State.refusal``): the action echoed up to ``REFUSAL_ECHO``
    characters, the whole message up to ``MAX_REFUSAL``, a cut text ending with …."""
    return text if len(text) <= n else text[: n - 1] + "…"


class _KindCheck:
    """issue 19 §2: at each decision asked with a :class:`DecisionKind`, the kind's one legality
    ``check`` agrees with the decision's options, and ``state.apply`` refuses a non-option with that
    check's refusal, word for word. Actions that are no option: options of earlier decisions (of
    this chunk's games), and options with their last argument changed, dropped or doubled."""

    POOL = 400

    def __init__(self, game: Any) -> None:
        self.game = game
        self.pool: list[Action] = []
        #: decisions checked, and the kinds met (a game asked with kinds must get checked)
        self.checked = 0
        self.kinds: set[str] = set()

    def at_decision(self, st: fudaba.State, rng: Rng, full: bool) -> None:
        d = st.decision
        assert d is not None
        opts = list(d.options)
        kind: DecisionKind | None = self.game.KIND_BY_HANDLER.get(d.handler)
        if kind is not None:
            self.kinds.add(kind.name)
            self.checked += 1
            for a in opts if full else [rng.choice(opts) for _ in range(KIND_SAMPLE)]:
                r = kind.check(st, d.player, d.ctx, a)
                assert r is None, f"{kind!r}: the option {a.text!r} is refused by the kind's own check: {r}"
            for a in self.non_options(opts, rng):
                self.refused(st, kind, a)
        self.pool.extend(rng.choice(opts) for _ in range(2))
        if len(self.pool) > self.POOL:
            del self.pool[: self.POOL // 2]

    def refused(self, st: fudaba.State, kind: DecisionKind, a: Action) -> None:
        d = st.decision
        assert d is not None
        r = kind.check(st, d.player, d.ctx, a)
        assert isinstance(r, Refusal), f"{kind!r}: {a.text!r} is no option, yet the kind's check gives {r!r}"
        with pytest.raises(IllegalAction) as e:
            st.apply(a)
        shown = _cut(a.text)
        assert str(e.value) == _cut(f"{shown}: {r.text('en')}", MAX_REFUSAL), "the refusal is not the kind's check"
        if "ja" in st.REFUSAL_LANGS:
            assert e.value.text("ja") == _cut(f"{shown}: {r.text('ja')}", MAX_REFUSAL)

    def non_options(self, opts: list[Action], rng: Rng) -> list[Action]:
        legal = set(opts)
        out: list[Action] = []
        cands = [rng.choice(self.pool) for _ in range(3)] if self.pool else []
        a = rng.choice(opts)
        if a.args:
            other = rng.choice(self.pool).args if self.pool else ()
            cands += [Action.known(a.verb, *a.args[:-1], other[-1] if other else "Q9"),
                      Action.known(a.verb, *a.args[:-1], "Q9"), Action.known(a.verb, *a.args[:-1])]
        cands.append(Action.known(a.verb, *a.args, a.args[-1] if a.args else "Q9"))
        for c in cands:
            if c not in legal and c.verb != "concede" and c not in out:
                out.append(c)
        return out[:NON_OPTIONS]


class _Watch:
    """Runs around every rules step and answer handler of the game being played: each event logged
    must name, for each viewer, only cards that viewer may see just before or just after the step
    that logged it (so a card played face up and turned down within one ``apply`` may be named,
    a face-down card may not). Also collects every card each viewer could see during the game."""

    VIEWERS = (0, 1, None)

    def __init__(self, visible: Any, pool: set[str]) -> None:
        self.visible = visible
        self.pool = pool
        self.seen: list[set[str]] = [set(), set(), set()]  # seat 0, seat 1, spectator
        self.now: list[set[str]] = [set(), set(), set()]
        self.checked = 0
        self.game: fudaba.State | None = None  # the game being played (None: while it is set up)

    def start(self) -> None:
        self.seen, self.now, self.checked, self.game = [set(), set(), set()], [set(), set(), set()], 0, None

    def wrap(self, table: dict[str, Any]) -> dict[str, Any]:
        def step(fn: Any) -> Any:
            def run(st: Any, *args: Any) -> None:
                fn(st, *args)
                # clones (tried actions, resampled states) are not the game: they do not count
                if self.visible is not None and (self.game is None or st is self.game):
                    self.after_step(st)
            return run
        return {k: step(fn) for k, fn in table.items()}

    def after_step(self, st: fudaba.State) -> None:
        before = self.now
        self.now = [set(self.visible(st, v)) for v in self.VIEWERS]
        for i in range(3):
            self.seen[i] |= self.now[i]
        for ev in st.log[self.checked:]:
            for i, v in enumerate(self.VIEWERS):
                if not ev.visible_to(v):
                    continue
                named = set(_ids_in(ev.view(v), self.pool))
                bad = named - before[i] - self.now[i]
                who = "the spectator" if v is None else f"seat {v}"
                assert not bad, f"event {ev.view(v)} names {sorted(bad)}, which {who} may not see"
        self.checked = len(st.log)


class _Texts:
    """Every text printed for a viewer, checked against the cards that viewer may see (issue 6 §1).

    A card is named in a text by its id, its Japanese name or its English name (longest first, so
    that 竜騎士 inside 覚醒の竜騎士 is not counted). The text of a card the viewer sees may name other
    cards (an evolution names its base): those count as seen too."""

    LANGS = ("en", "ja")

    def __init__(self, game: Any, visible: Any, places: list[str]) -> None:
        self.game = game
        self.visible = visible
        self.places = places
        self.card_of: dict[str, str] = {}
        for cid, c in game.cards.items():
            for ident in (cid, c.name, getattr(c, "name_en", "")):
                if ident:
                    self.card_of.setdefault(ident, cid)
        alts = sorted(self.card_of, key=len, reverse=True)
        self.rx = re.compile("|".join(rf"(?<![A-Za-z0-9-]){re.escape(a)}(?![A-Za-z0-9])" for a in alts))
        self.mentions: dict[str, set[str]] = {}
        for cid in game.cards:
            named = self.named("\n".join(game.card_text(cid, lang) for lang in self.LANGS))
            self.mentions[cid] = named - {cid}

    def named(self, text: str) -> set[str]:
        return {self.card_of[m.group(0)] for m in self.rx.finditer(text)}

    def allowed(self, ids: Any) -> set[str]:
        out = set(ids)
        for cid in list(out):
            out |= self.mentions.get(cid, set())
        return out

    def check(self, texts: list[str], allowed: set[str], who: str, what: str) -> None:
        for t in texts:
            bad = self.named(t) - allowed
            assert not bad, f"{what} for {who} names {sorted(bad)}, hidden from it: {t!r}"

    def at_decision(self, sess: Session, st: fudaba.State, lang: str, step: int, seen: list[set[str]]) -> None:
        """The play session's output for every viewer at this decision (``seen``: the cards each
        viewer could see at some point of the game, which its log lines may name)."""
        sess.lang = lang
        d = st.decision
        assert d is not None
        for i, viewer in enumerate((0, 1, None)):
            who = "the spectator" if viewer is None else f"seat {viewer}"
            allowed = self.allowed(self.visible(st, viewer))
            lines = [ln.text for ln in sess.new_lines(viewer)]  # already checked step by step in after_action
            self.check(lines, allowed | self.allowed(seen[i]), who, "the play log lines")
            out = [sess.table(viewer)]
            tokens = self.places if step % 4 == 0 else self.places[step % max(1, len(self.places))::9]
            out += [sess.info(viewer, t) for t in tokens]
            if viewer == d.player:
                menu = sess.menu(viewer)
                out += [sess.prompt(viewer), menu.note, sess.help(viewer), *sess.handover(viewer)]
                out += [f"{it.text} {it.gloss}" for it in menu.items]
            elif viewer is not None:
                out += [*sess.handover(viewer)]
            self.check(out, allowed, who, "the play output")

    def after_action(self, before: Before, vis_before: list[set[str]], action: str, st: fudaba.State,
                     events: list[Any], lang: str) -> None:
        """The replay lines of one action for every viewer: its redacted notation and its log lines."""
        for i, viewer in enumerate((0, 1, None)):
            who = "the spectator" if viewer is None else f"seat {viewer}"
            vis = vis_before[i] | set(self.visible(st, viewer))
            shown = [ev.view(viewer) for ev in events if ev.visible_to(viewer)]
            in_events = set().union(*(self.named(json.dumps(v, ensure_ascii=False)) for v in shown))
            allowed = self.allowed(vis | in_events)
            line = action_line(before, action, events, st, viewer, lang)
            self.check([line, *(self.game.describe(v, lang) for v in shown)], allowed, who,
                       f"the replay of {action!r}")


@pytest.mark.parametrize(("name", "variant", "start"), PARAMS)
def test_7_random_play_properties(name: str, variant: str | None, start: int, monkeypatch: pytest.MonkeyPatch) -> None:
    if name not in fudaba.games():
        pytest.fail(f"game {name} is not installed")
    game = fudaba.load_game(name, variant)
    pool = set(game.cards)
    hk = hooks(name)
    visible = hk.visible
    watch = _Watch(visible if start < WATCH_GAMES else None, pool)
    cls = game.state_class()
    monkeypatch.setattr(cls, "STEPS", watch.wrap(cls.STEPS))
    monkeypatch.setattr(cls, "ANSWERS", watch.wrap(cls.ANSWERS))
    text_check = _Texts(game, visible, hk.places) if visible is not None and start < TEXT_GAMES else None
    kinds = _KindCheck(game)
    krng = Rng(30_000 + start)  # the kinds' own draws: the games played stay those of the seeds
    sampled: set[tuple[Any, ...]] = set()  # decision kinds whose samples this chunk checked
    for gi in range(start, min(start + CHUNK, GAMES)):
        rng = Rng(10_000 + gi)
        srng, rnd = Rng(20_000 + gi), random.Random(gi)
        watch.start()
        st = game.new_game(seed=gi)
        watch.game = st
        seen = watch.seen
        cards0 = Counter(st.all_cards())
        texts: list[str] = []
        steps = 0
        _check_views(st, pool, rng, seen, visible)
        if visible is not None:
            seen[2].update(visible(st, None))
        printed = text_check if gi < TEXT_GAMES else None
        sess = Session(game, st) if printed is not None else None
        while not st.over:
            steps += 1
            assert steps <= STEP_BOUND, f"game {gi} exceeded {STEP_BOUND} decisions"
            h = st.hash()
            opts = st.legal_actions()
            assert opts and st.current_player is not None
            # every legal action applies
            trial = opts if gi < FULL_CHECK_GAMES else [rng.choice(opts) for _ in range(2)]
            for a in trial:
                c = st.clone()
                c.apply(a)
                assert Counter(c.all_cards()) == cards0
            assert st.hash() == h, "applying on a clone changed the original"
            # illegal actions are refused, state unchanged
            for t in _illegal_candidates(st, texts, rng):
                with pytest.raises(IllegalAction):
                    st.apply(t)
                assert st.hash() == h, f"refused action {t!r} changed the state"
            kinds.at_decision(st, krng, full=gi < FULL_CHECK_GAMES)
            assert st.hash() == h, "checking the decision's kind changed the state"
            texts.extend(a.text for a in opts[:8])
            if len(texts) > 400:
                del texts[:200]
            # clone and JSON reproduce the hash
            assert st.clone().hash() == h
            if steps % 5 == 0 or gi < FULL_CHECK_GAMES:
                assert game.state_from_json(st.to_json()).hash() == h
            if steps % 7 == 0 or gi < FULL_CHECK_GAMES:
                _check_views(st, pool, rng, seen, visible)
            key = _sample_key(st)
            picks = bool((hk.pick_twins or _no_twins)(st, 0))  # picks so far: always checked
            if key not in sampled or picks or (steps % 7 == 0 and gi - start < SAMPLE_GAMES):
                sampled.add(key)
                _check_samples(st, srng, rnd, hk)
            choice = rng.choice(opts)
            if printed is not None and sess is not None:
                lang = _Texts.LANGS[steps % 2]
                printed.at_decision(sess, st, lang, steps, seen)
                before, mark = Before(st), len(st.log)
                vis_before = [set(printed.visible(st, v)) for v in (0, 1, None)]
                st.apply(choice)
                printed.after_action(before, vis_before, choice.text, st, st.log[mark:], lang)
            else:
                st.apply(choice)
            assert Counter(st.all_cards()) == cards0, "a card was lost or duplicated"
            if visible is not None:
                for i, seat in enumerate((0, 1, None)):
                    seen[i].update(visible(st, seat))
        _check_views(st, pool, rng, seen, visible)
        _check_logs(st, pool, seen, watch.visible is not None, visible)
        assert st.winner in (0, 1, None) and st.result
        back = replay(st.record())
        assert back.hash() == st.hash() and back.winner == st.winner
    if game.KINDS:
        assert kinds.checked and kinds.kinds, "a game asked with decision kinds: its kinds were checked"


@pytest.mark.parametrize("name", fudaba.games())
def test_19_2_every_decision_is_asked_with_a_decision_kind(name: str) -> None:
    """issue 19 §2: every decision of random games is of one of the game's ``KINDS`` (its kind's word,
    privacy and sealing). A game not converted yet (no ``KINDS``) is skipped, saying so."""
    game = fudaba.load_game(name)
    if not game.KINDS:
        pytest.skip(f"{name}: not converted to decision kinds yet (Game.KINDS is empty): the kinds' checks "
                    "of the random-play test skip its decisions")
    met: set[str] = set()
    for seed in range(20):
        st = game.new_game(seed=seed)
        rng = Rng(40_000 + seed)
        while not st.over:
            d = st.decision
            assert d is not None
            kind = game.KIND_BY_HANDLER.get(d.handler)
            assert kind is not None, f"{name}: decision {d.kind!r} (handler {d.handler!r}) is of no kind in KINDS"
            private = kind.is_private(st, d.player, d.ctx)
            assert d.kind == kind.name and (d.private, d.sealed is not None) == (private, kind.sealed)
            met.add(kind.handler)
            st.apply(rng.choice(st.legal_actions()))
    assert met, f"{name}: no decision met"


def _toy_at_decisions(games: int = 3) -> _KindCheck:
    game = fudaba.load_game("toy")
    kinds = _KindCheck(game)
    rng, krng = Rng(1), Rng(2)
    for seed in range(games):
        st = game.new_game(seed=seed)
        while not st.over:
            kinds.at_decision(st, krng, full=True)
            st.apply(rng.choice(st.legal_actions()))
    return kinds


def test_19_2_the_kind_check_passes_a_kind_that_agrees_with_its_options() -> None:
    kinds = _toy_at_decisions()
    assert kinds.checked > 10 and kinds.kinds == {"play"}


@pytest.mark.parametrize(("broken", "message"), [
    # an option the kind's check refuses
    (lambda self, st, p, ctx, a: Refusal("no passing", "パス不可") if a.verb == "pass" else None,
     "the option 'pass' is refused by the kind's own check"),
    # a non-option the check accepts
    (lambda self, st, p, ctx, a: None, "is no option, yet the kind's check gives None"),
])
def test_19_2_the_kind_check_catches_a_check_that_disagrees_with_the_options(
        monkeypatch: pytest.MonkeyPatch, broken: Any, message: str) -> None:
    import toygame

    monkeypatch.setattr(toygame.Play, "check", broken)
    with pytest.raises(AssertionError, match=re.escape(message)):
        _toy_at_decisions()


def test_19_2_the_kind_check_catches_a_refusal_that_is_not_the_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fudaba.Game, "explain", lambda self, st, a, lang="en": "refused for another reason")
    with pytest.raises(AssertionError, match="the refusal is not the kind's check"):
        _toy_at_decisions()
