"""Lessons (issue 22): a position, a goal the engine checks, hints, and why a move misses.

A game's lessons are TOML data in its package (``lessons.toml``), reached through its descriptor:
``descriptor(name).capability("lessons")`` is the game's :class:`LessonBook` — the data file's name
and the game's own goal checks. Everything a front end needs is plain data (:meth:`Lesson.to_dict`)
and the small API of :class:`fudaba.learn.run.LessonRun`; docs/lessons.md describes the file.

The **goal vocabulary** is shared by every game. A goal is a table:

* ``{win = true}`` — the game ends and the learner has won;
* ``{survive = N}`` — turn ``N`` begins (or the game ends) and the learner has not lost;
* ``{event = "KIND", field = value, ...}`` — the learner's log shows, since the lesson began, an
  event of that kind whose fields have those values (``"me"`` / ``"opponent"`` stand for the seats;
  ``times = N``: at least N such events);
* ``{played = "NOTATION"}`` — the learner played that action;
* ``{view = "a.b.0.c", eq = V}`` (or ``ne``, ``ge``, ``le``, ``len_ge``, ``len_le``, ``has``) — a value of
  the learner's view (``state.view(seat)``) found by its path;
* ``{check = "NAME", ...}`` — the game's own check ``NAME`` (its :class:`LessonBook`'s ``goals``);
* ``{all = [...]}``, ``{any = [...]}``, ``{none = [...]}`` — goals combined.

Every check reads the public API only: views, log views, ``over``/``winner``, the history.
"""

from __future__ import annotations

import importlib.resources
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .documents import read_toml
from .errors import FudabaError

if TYPE_CHECKING:
    from .game import Game
    from .state import State


class LessonError(FudabaError):
    """A lesson file that cannot be used, or a lesson that does not exist (the message says which)."""


#: the languages every text of a lesson is written in
LANGS = ("en", "ja")

#: a game's own goal check: (state, learner's seat, the goal's table, the learner's events since the
#: lesson began) -> met or not
GoalCheck = Callable[["State", int, Mapping[str, Any], Sequence[Mapping[str, Any]]], bool]


@dataclass(frozen=True)
class LessonBook:
    """A game's lessons capability (``extras={"lessons": "pkg.lessons:LESSONS"}``): the data file in
    its package and the game's own goal checks (``{check = "NAME"}``)."""

    package: str
    data: str = "lessons.toml"
    goals: Mapping[str, GoalCheck] = field(default_factory=dict)

    def text(self) -> str:
        try:
            return (importlib.resources.files(self.package) / self.data).read_text(encoding="utf-8")
        except (OSError, ModuleNotFoundError) as e:
            raise LessonError(f"{self.package}: no lessons file {self.data!r} ({e})") from None


Text = Mapping[str, str]


def tr(text: Text, lang: str) -> str:
    """``text`` in ``lang`` (English for any language the lesson is not written in)."""
    return text.get(lang) or text.get("en", "")


@dataclass(frozen=True)
class Wrong:
    """A legal move that misses the goal, and why (shown when the learner plays it). ``after``: the
    moves that lead to where it can be played, when that is off the solution's path (for the test)."""

    action: str
    text: Text
    after: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """One lesson: what a front end shows and what the engine checks (docs/lessons.md)."""

    id: str
    title: Text
    text: Text
    goal: Mapping[str, Any]
    goal_text: Text
    position: Mapping[str, Any]
    solution: tuple[str, ...]
    hints: tuple[Text, ...]
    done: Text
    miss: Text
    wrong: tuple[Wrong, ...] = ()
    moves: int = 1
    seat: int = 0
    variants: tuple[str, ...] = ()
    opponent: tuple[str, ...] = ()
    rules: str = ""

    def for_variant(self, variant: str) -> bool:
        return not self.variants or variant in self.variants

    def wrong_text(self, action: str, before: Sequence[str] = ()) -> Text | None:
        """The lesson's own "why this is not the best" for the move ``action`` (notation) played after
        the learner's moves ``before``: an entry applies where it was written for — after its
        ``after`` moves, or else at a point of the solution whose next move is another one."""
        def norm(t: str) -> str:
            return " ".join(t.lower().split())

        done, move, sol = [norm(m) for m in before], norm(action), [norm(m) for m in self.solution]
        on_path = done == sol[:len(done)] and (len(done) >= len(sol) or sol[len(done)] != move)
        for w in self.wrong:
            if norm(w.action) == move and (done == [norm(m) for m in w.after] if w.after else on_path):
                return w.text
        return None

    def to_dict(self) -> dict[str, Any]:
        """The lesson as plain data (what a browser page gets)."""
        return {
            "id": self.id, "title": dict(self.title), "text": dict(self.text), "goal": dict(self.goal),
            "goal_text": dict(self.goal_text), "position": dict(self.position), "solution": list(self.solution),
            "hints": [dict(h) for h in self.hints], "done": dict(self.done), "miss": dict(self.miss),
            "wrong": [{"action": w.action, "text": dict(w.text), "after": list(w.after)} for w in self.wrong],
            "moves": self.moves,
            "seat": self.seat, "variants": list(self.variants), "opponent": list(self.opponent), "rules": self.rules,
        }


# ---------------------------------------------------------------------- reading a lessons file
_KEYS = frozenset({"id", "title", "text", "goal", "goal_text", "position", "solution", "hints", "done", "miss",
                   "wrong", "moves", "seat", "variants", "opponent", "rules"})


def _text(raw: Any, where: str) -> Text:
    if not isinstance(raw, Mapping) or any(not isinstance(raw.get(lang), str) or not raw[lang].strip()
                                           for lang in LANGS):
        raise LessonError(f"{where}: a text in both languages, {{en = \"...\", ja = \"...\"}}")
    return {lang: raw[lang].strip() for lang in LANGS}


def _strings(raw: Any, where: str) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise LessonError(f"{where}: a list of strings")
    return tuple(raw)


def _lesson(raw: Any, k: int, src: str) -> Lesson:
    where = f"{src}: lesson[{k}]"
    if not isinstance(raw, Mapping):
        raise LessonError(f"{where}: a table ([[lesson]])")
    unknown = set(raw) - _KEYS
    if unknown:
        raise LessonError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}")
    for key in ("id", "title", "text", "goal", "goal_text", "position", "solution", "done", "miss"):
        if key not in raw:
            raise LessonError(f"{where}: key {key!r} is missing")
    lid = raw["id"]
    if not isinstance(lid, str) or not lid or not all(c.isalnum() or c in "-_." for c in lid):
        raise LessonError(f"{where}: 'id' is a short name of letters, digits and - _ .")
    where = f"{src}: lesson {lid!r}"
    for key in ("goal", "position"):
        if not isinstance(raw[key], Mapping):
            raise LessonError(f"{where}: {key!r} is a table")
    check_goal(raw["goal"], f"{where}: goal")
    wrong = []
    for j, w in enumerate(raw.get("wrong", [])):
        if not isinstance(w, Mapping) or not isinstance(w.get("action"), str):
            raise LessonError(f"{where}: wrong[{j}] is a table with 'action' and 'text'")
        wrong.append(Wrong(w["action"], _text(w.get("text"), f"{where}: wrong[{j}].text"),
                           _strings(w.get("after", []), f"{where}: wrong[{j}].after")))
    hints = raw.get("hints", [])
    if not isinstance(hints, list) or not hints:
        raise LessonError(f"{where}: 'hints' lists at least one hint")
    moves, seat = raw.get("moves", 1), raw.get("seat", 0)
    if not isinstance(moves, int) or isinstance(moves, bool) or not 1 <= moves <= 40:
        raise LessonError(f"{where}: 'moves' is a whole number from 1 to 40")
    if seat not in (0, 1) or isinstance(seat, bool):
        raise LessonError(f"{where}: 'seat' is 0 or 1")
    rules = raw.get("rules", "")
    if not isinstance(rules, str):
        raise LessonError(f"{where}: 'rules' is a section number")
    return Lesson(
        id=lid, title=_text(raw["title"], f"{where}: title"), text=_text(raw["text"], f"{where}: text"),
        goal=dict(raw["goal"]), goal_text=_text(raw["goal_text"], f"{where}: goal_text"),
        position=dict(raw["position"]), solution=_strings(raw["solution"], f"{where}: solution"),
        hints=tuple(_text(h, f"{where}: hints[{j}]") for j, h in enumerate(hints)),
        done=_text(raw["done"], f"{where}: done"), miss=_text(raw["miss"], f"{where}: miss"), wrong=tuple(wrong),
        moves=moves, seat=seat, variants=_strings(raw.get("variants", []), f"{where}: variants"),
        opponent=_strings(raw.get("opponent", []), f"{where}: opponent"), rules=rules,
    )


def parse_lessons(text: str, src: str = "lessons.toml") -> list[Lesson]:
    """Every lesson of a lessons file (``[[lesson]]`` tables), checked; LessonError names the lesson
    and key of the first problem."""
    doc = read_toml(text, src, LessonError)
    raw = doc.get("lesson")
    if not isinstance(raw, list) or not raw:
        raise LessonError(f"{src}: no [[lesson]] tables")
    out = [_lesson(r, k, src) for k, r in enumerate(raw)]
    ids = [les.id for les in out]
    dup = sorted({i for i in ids if ids.count(i) > 1})
    if dup:
        raise LessonError(f"{src}: lesson id(s) used twice: {', '.join(dup)}")
    return out


def book_of(game: Game) -> LessonBook:
    """The game's :class:`LessonBook` (LessonError when it has no lessons)."""
    from .registry import descriptor

    book = descriptor(game.name).capability("lessons")
    if not isinstance(book, LessonBook):
        raise LessonError(f"{game.name}: this game has no lessons yet")
    return book


def lessons_for(game: Game) -> list[Lesson]:
    """The lessons of ``game``'s variant, in the order a newcomer takes them."""
    book = book_of(game)
    return [les for les in parse_lessons(book.text(), f"{book.package}/{book.data}") if les.for_variant(game.variant)]


def find_lesson(game: Game, which: str | int) -> tuple[int, Lesson]:
    """The lesson numbered ``which`` (1-based, as ``--list`` shows) or with that id."""
    found = lessons_for(game)
    if isinstance(which, int) or (isinstance(which, str) and which.strip().isdigit()):
        n = int(which)
        if 1 <= n <= len(found):
            return n, found[n - 1]
    else:
        for k, les in enumerate(found, 1):
            if les.id == which:
                return k, les
    raise LessonError(f"{game.name} {game.variant}: no lesson {which!r}; lessons 1–{len(found)} "
                      f"(fudaba learn {game.name} --list)")


# ---------------------------------------------------------------------- goals
_CORE_GOALS = ("win", "survive", "event", "played", "view", "check", "all", "any", "none")
_COMPARE = ("eq", "ne", "ge", "le", "len_ge", "len_le", "has")


def check_goal(goal: Any, where: str) -> None:
    """LessonError unless ``goal`` is written in the goal vocabulary (its words; a game's own checks
    are looked up when the goal is judged)."""
    if not isinstance(goal, Mapping):
        raise LessonError(f"{where}: a goal is a table")
    heads = [k for k in _CORE_GOALS if k in goal]
    if len(heads) != 1:
        raise LessonError(f"{where}: a goal has exactly one of {', '.join(_CORE_GOALS)}; got {sorted(goal)}")
    head = heads[0]
    if head in ("all", "any", "none"):
        parts = goal[head]
        if not isinstance(parts, list) or not parts:
            raise LessonError(f"{where}: {head!r} lists goals")
        for j, g in enumerate(parts):
            check_goal(g, f"{where}.{head}[{j}]")
    elif head == "view" and not any(k in goal for k in _COMPARE):
        raise LessonError(f"{where}: 'view' needs one of {', '.join(_COMPARE)}")


def _seat_word(v: Any, seat: int) -> Any:
    if v == "me":
        return seat
    if v == "opponent":
        return 1 - seat
    return v


def _path(view: Any, path: str) -> Any:
    cur = view
    for part in path.split("."):
        if isinstance(cur, Mapping):
            cur = cur.get(part)
        elif isinstance(cur, list) and part.lstrip("-").isdigit() and -len(cur) <= int(part) < len(cur):
            cur = cur[int(part)]
        else:
            return None
    return cur


_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "eq": lambda v, w: bool(v == w), "ne": lambda v, w: bool(v != w), "ge": lambda v, w: bool(v >= w),
    "le": lambda v, w: bool(v <= w), "len_ge": lambda v, w: len(v) >= w, "len_le": lambda v, w: len(v) <= w,
    "has": lambda v, w: w in v,
}


def _compare(value: Any, goal: Mapping[str, Any], seat: int) -> bool:
    for op in _COMPARE:
        if op not in goal:
            continue
        try:
            if not _OPS[op](value, _seat_word(goal[op], seat)):
                return False
        except TypeError:
            return False
    return True


def event_matches(ev: Mapping[str, Any], goal: Mapping[str, Any], seat: int) -> bool:
    if ev.get("kind") != goal.get("event"):
        return False
    return all(ev.get(k) == _seat_word(v, seat) for k, v in goal.items() if k not in ("event", "times"))


@dataclass
class Judge:
    """Judges a lesson's goal on states of one lesson (the learner's ``seat``; the learner's log
    cursor where the lesson began)."""

    goal: Mapping[str, Any]
    seat: int
    start_log: int
    goals: Mapping[str, GoalCheck] = field(default_factory=dict)

    def events(self, st: State) -> list[Mapping[str, Any]]:
        return list(st.log_view(self.seat, since=self.start_log))

    def met(self, st: State, mine: Sequence[str] = ()) -> bool:
        """Whether the goal holds in ``st``; ``mine``: the learner's moves since the lesson began."""
        return self._met(st, self.goal, None, mine)

    def _met(self, st: State, goal: Mapping[str, Any], evs: list[Mapping[str, Any]] | None,
             mine: Sequence[str]) -> bool:
        if "all" in goal:
            return all(self._met(st, g, evs, mine) for g in goal["all"])
        if "any" in goal:
            return any(self._met(st, g, evs, mine) for g in goal["any"])
        if "none" in goal:
            return not any(self._met(st, g, evs, mine) for g in goal["none"])
        if "win" in goal:
            return bool(st.over and st.winner == self.seat) == bool(goal["win"])
        if "survive" in goal:
            lost = st.over and st.winner is not None and st.winner != self.seat
            return not lost and (st.over or st.turn >= int(goal["survive"]))
        if "played" in goal:
            want = " ".join(str(goal["played"]).lower().split())
            return any(" ".join(a.lower().split()) == want for a in mine)
        if "view" in goal:
            return _compare(_path(st.view(self.seat), str(goal["view"])), goal, self.seat)
        evs = self.events(st) if evs is None else evs
        if "event" in goal:
            return sum(1 for e in evs if event_matches(e, goal, self.seat)) >= int(goal.get("times", 1))
        fn = self.goals.get(str(goal["check"]))
        if fn is None:
            raise LessonError(f"goal check {goal['check']!r}: the game has no such check "
                              f"(its checks: {', '.join(sorted(self.goals)) or 'none'})")
        return bool(fn(st, self.seat, goal, evs))



__all__ = ["LANGS", "GoalCheck", "Judge", "Lesson", "LessonBook", "LessonError", "Wrong", "book_of", "check_goal",
           "event_matches", "find_lesson", "lessons_for", "parse_lessons", "tr"]
