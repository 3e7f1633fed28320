"""A lesson being taken (issue 22): the learner's moves, the scripted opponent, the goal judged after
every move, hints, and the way back after a move that misses.

:class:`LessonRun` is what the terminal (``fudaba learn``) drives, and what a browser page can drive
the same way: :meth:`LessonRun.submit` takes one typed line and returns a :class:`LessonReply` (plain
data); the table, prompt and options come from :attr:`LessonRun.session` (a play
:class:`~fudaba.core.session.Session`, so ``info``, ``rules``, ``why``, ``list`` work as in ``play``).

The opponent is scripted: at each of its decisions it plays the first action of the lesson's
``opponent`` list that is legal, else ``pass``/``end``/``done``/``no`` when offered, else its first
option. So a lesson plays the same way every time, and :func:`reachable` can search it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.errors import FudabaError, IllegalAction
from ..core.lessons import Judge, Lesson, LessonError, book_of, tr
from ..core.session import Line, Session

if TYPE_CHECKING:
    from ..core.game import Game
    from ..core.state import State

#: what the scripted opponent plays when the lesson names nothing legal
QUIET = ("pass", "end", "done", "no")

#: the opponent's decisions in a row after which a lesson is broken (it never gives the move back)
MAX_OPPONENT = 2000

#: the search of :func:`reachable` tries at most this many moves at run time (tests search further)
RUN_BUDGET = 3000

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "goal": "Goal", "hint": "Hint {k}/{n}",
        "again": "The move is taken back: try again ('hint' helps).",
        "restart": "The lesson starts again from its position.",
        "moves_used": "The goal was to be reached within {n} of your moves.",
        "lost": "The game is over and you did not reach the goal.",
        "commands": "Lesson commands: 'hint' (a hint, then the next), 'goal' (the goal again), 'lesson' (the "
                    "lesson's text again), 'restart', 'quit'. As in play: a number or notation, 'list', 'info X', "
                    "'why X', 'rules', 'log', 'board'.",
        "over": "This lesson is finished: 'restart' takes it again, 'quit' leaves.",
        "read": "Rules: 'rules {section}'.",
    },
    "ja": {
        "goal": "目標", "hint": "ヒント {k}/{n}",
        "again": "その手を取り消しました。もう一度どうぞ ('hint' でヒント)。",
        "restart": "レッスンを最初の局面からやり直します。",
        "moves_used": "目標はあなたの{n}手以内に達成する必要がありました。",
        "lost": "ゲームが終わり、目標は達成できませんでした。",
        "commands": "レッスンのコマンド: 'hint' ヒント (続けて次のヒント), 'goal' 目標をもう一度, 'lesson' 説明をもう一度, "
                    "'restart' やり直し, 'quit' 終了。対戦と同じく: 番号か記法, 'list', 'info X', 'why X', 'rules', 'log', 'board'。",
        "over": "このレッスンは終わりました: 'restart' でもう一度、'quit' で終了。",
        "read": "ルール: 'rules {section}'",
    },
}


def phrases(lang: str) -> dict[str, str]:
    return PHRASES.get(lang, PHRASES["en"])


class LessonReply(NamedTuple):
    """The answer to one line the learner typed. ``kind``: those of
    :class:`~fudaba.core.session.Reply` (``text``, ``refused`` — the refusal's own reason, ``lines``,
    ``menu``, ``table``, ``quit``, ``none``), ``moved`` (the lesson goes on), ``done`` (the goal is
    reached: ``text`` says what the lesson taught), ``missed`` (a legal move that misses the goal:
    ``text`` says why; the position is taken back), ``hint``."""

    kind: str
    text: str = ""
    lines: tuple[Line, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "lines": [ln.text for ln in self.lines]}


def norm(text: str) -> str:
    return " ".join(text.lower().split())


def opponent_action(st: State, preferred: Sequence[str]) -> Any:
    """The scripted opponent's action at its pending decision."""
    texts = {norm(a.text): a for a in st.legal_actions()}
    for want in preferred:
        a = texts.get(norm(want))
        if a is not None:
            return a
    for quiet in QUIET:
        if quiet in texts:
            return texts[quiet]
    return st.legal_actions()[0]


def play_opponent(st: State, seat: int, preferred: Sequence[str]) -> None:
    """The opponent moves until the learner (``seat``) is to decide or the game is over."""
    n = 0
    while not st.over and st.current_player != seat:
        st.apply(opponent_action(st, preferred))
        n += 1
        if n > MAX_OPPONENT:
            raise LessonError("the lesson's opponent never gives the move back (check its position)")


def start_state(game: Game, lesson: Lesson) -> State:
    """The lesson's position loaded in ``game``'s variant, the opponent played up to the learner."""
    doc = dict(lesson.position)
    doc.setdefault("game", game.name)
    if len(game.VARIANTS) > 1:  # the lesson is taken in the variant asked for
        doc["variant"] = game.variant
    try:
        st = game.load_position(doc)
    except FudabaError as e:
        raise LessonError(f"lesson {lesson.id!r}: its position does not load: {e}") from None
    play_opponent(st, lesson.seat, lesson.opponent)
    return st


def judge_for(game: Game, lesson: Lesson, st: State) -> Judge:
    return Judge(lesson.goal, lesson.seat, len(st.log_view(lesson.seat)), book_of(game).goals)


def reachable(st: State, judge: Judge, lesson: Lesson, mine: Sequence[str], budget: int = RUN_BUDGET) -> bool | None:
    """Whether the learner can still reach the goal from ``st`` within the lesson's moves (the
    scripted opponent answering): True, False, or None when ``budget`` moves were tried without
    knowing."""
    seen: dict[tuple[str, int], bool] = {}
    left = [budget]

    def go(s: State, done: list[str]) -> bool | None:
        if judge.met(s, done):
            return True
        room = lesson.moves - len(done)
        if s.over or room <= 0 or s.current_player != lesson.seat:
            return False
        key = (s.hash(), room)
        if key in seen and not judge.goal.get("played"):
            return seen[key]
        unknown = False
        for a in s.legal_actions():
            left[0] -= 1
            if left[0] < 0:
                return None
            nxt = s.clone()
            nxt.apply(a)
            play_opponent(nxt, lesson.seat, lesson.opponent)
            r = go(nxt, [*done, a.text])
            if r:
                seen[key] = True
                return True
            unknown = unknown or r is None
        if unknown:
            return None
        seen[key] = False
        return False

    return go(st, list(mine))


@dataclass
class _Step:
    """The state before one of the learner's moves, to go back to."""

    state: State
    mine: list[str]


class LessonRun:
    """One lesson taken by one learner (see the module's doc)."""

    def __init__(self, game: Game, lesson: Lesson, lang: str = "en", budget: int = RUN_BUDGET) -> None:
        self.game = game
        self.lesson = lesson
        self.lang = lang if lang in PHRASES else "en"
        self.budget = budget
        self.start = start_state(game, lesson)
        self.judge = judge_for(game, lesson, self.start)
        self.hints_given = 0
        self.misses = 0
        self._begin(self.start.clone())

    def _begin(self, st: State, mine: Sequence[str] = ()) -> None:
        self.session = Session(self.game, st, [None, None], self.lang)
        self.session.new_lines(self.lesson.seat)  # what happened before the lesson is not news
        self.mine = list(mine)
        self.status = "done" if self.judge.met(st, self.mine) else "playing"

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def seat(self) -> int:
        return self.lesson.seat

    def intro(self) -> str:
        """The lesson's title, text and goal (what a front end shows first)."""
        ph = phrases(self.lang)
        les = self.lesson
        out = f"{tr(les.title, self.lang)}\n\n{tr(les.text, self.lang)}\n\n{ph['goal']}: {tr(les.goal_text, self.lang)}"
        return out + (f"\n{ph['read'].format(section=les.rules)}" if les.rules else "")

    def goal(self) -> str:
        return f"{phrases(self.lang)['goal']}: {tr(self.lesson.goal_text, self.lang)}"

    def hint(self) -> str:
        """The next hint (after the last one, the last one again)."""
        hints = self.lesson.hints
        k = min(self.hints_given, len(hints) - 1)
        self.hints_given += 1
        return f"{phrases(self.lang)['hint'].format(k=k + 1, n=len(hints))}: {tr(hints[k], self.lang)}"

    def restart(self) -> None:
        self._begin(self.start.clone())

    # ------------------------------------------------------------------ the learner's input
    def submit(self, raw: str) -> LessonReply:
        """Answer one line typed by the learner."""
        ph = phrases(self.lang)
        low = norm(raw)
        if low in ("hint", "ヒント"):
            return LessonReply("hint", self.hint())
        if low in ("goal", "目標"):
            return LessonReply("text", self.goal())
        if low in ("lesson", "text", "説明"):
            return LessonReply("text", self.intro())
        if low in ("restart", "やり直し"):
            self.restart()
            return LessonReply("text", ph["restart"])
        if low in ("?", "help", "h"):
            return LessonReply("text", ph["commands"] + "\n" + self.session.help(self.seat))
        if self.status != "playing" and low not in ("quit", "exit", "q", "log", "board", "list") \
                and not low.startswith(("info", "rules", "card")):
            return LessonReply("text", ph["over"])
        before = self.state.clone()
        mine = list(self.mine)
        n_hist = len(self.state.history)
        reply = self.session.handle(self.seat, raw)
        if reply.kind != "moved":
            return LessonReply(reply.kind, reply.text, reply.lines)
        move = self.state.history[n_hist] if len(self.state.history) > n_hist else norm(raw)
        self.mine.append(move)
        return self._after_move(_Step(before, mine), move)

    def _after_move(self, step: _Step, move: str) -> LessonReply:
        st = self.state
        try:
            play_opponent(st, self.seat, self.lesson.opponent)
        except IllegalAction as e:  # pragma: no cover - a broken lesson script
            raise LessonError(f"lesson {self.lesson.id!r}: its opponent's move is refused: {e}") from None
        if self.judge.met(st, self.mine):
            self.status = "done"
            return LessonReply("done", tr(self.lesson.done, self.lang))
        why = self.lesson.wrong_text(move, step.mine)
        note = ""
        if why is None:
            ph = phrases(self.lang)
            if st.over or st.current_player != self.seat:
                why, note = self.lesson.miss, ph["lost"]
            elif len(self.mine) >= self.lesson.moves:
                why, note = self.lesson.miss, ph["moves_used"].format(n=self.lesson.moves)
            elif reachable(st, self.judge, self.lesson, self.mine, self.budget) is False:
                why = self.lesson.miss
        if why is None:
            return LessonReply("moved")
        return self._missed(step, tr(why, self.lang) + (f" ({note})" if note else ""))

    def _missed(self, step: _Step, why: str) -> LessonReply:
        """The explanation, and the position taken back to the last one from which the goal can
        still be reached (the move before, or further back)."""
        ph = phrases(self.lang)
        self.misses += 1
        back = step
        if reachable(back.state, self.judge, self.lesson, back.mine, self.budget) is False:
            back = _Step(self.start.clone(), [])
        self._begin(back.state, back.mine)
        return LessonReply("missed", f"{why}\n{ph['again']}")

    def to_dict(self) -> dict[str, Any]:
        """What a browser page shows of the lesson now (plain data)."""
        st = self.state
        return {"lesson": self.lesson.to_dict(), "status": self.status, "seat": self.seat,
                "view": st.view(self.seat), "moves": list(self.mine), "hints_given": self.hints_given}


__all__ = ["LessonReply", "LessonRun", "opponent_action", "play_opponent", "reachable", "start_state"]
