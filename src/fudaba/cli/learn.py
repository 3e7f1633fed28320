"""The ``fudaba learn`` command: a game's lessons in the terminal (issue 22; docs/lessons.md).

``fudaba learn GAME`` shows the menu, ``--list`` the lessons (number, title, done or not), ``fudaba
learn GAME N`` starts lesson N. A lesson is driven by :class:`~fudaba.learn.run.LessonRun`;
what is finished is kept by :class:`~fudaba.learn.progress.Progress`.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.panel import Panel

from ..core.errors import FudabaError
from ..core.game import Game
from ..core.lessons import Lesson, LessonError, lessons_for, tr
from ..learn.progress import Progress
from ..learn.run import LessonRun
from .common import app, console, esc, fail, load
from .play import discard_typeahead, fitted_menu, height, print_lines, print_menu, show_table, table_panel

L = {
    "en": {
        "header": "{game} {variant} — lessons ({done}/{n} done)",
        "done": "done", "todo": "    ",
        "choose": "Lesson number (Enter: {k}; q: quit)",
        "all_done": "Every lesson is done. Take one again by its number (q: quit)",
        "prompt": "Number or notation (hint, goal, restart, list, info X, why X, rules, quit)",
        "your": "Your decision",
        "refused": "Refused", "missed": "Not the goal", "complete": "Lesson complete",
        "next": "Next: lesson {k}, {title} — Enter to start, m: the menu, q: quit",
        "last": "That was the last lesson of {game} {variant}. m: the menu, q: quit",
        "eof": "Input ended: the lesson is left.",
        "saved_not": "note: the progress file cannot be written ({why})",
        "nonumber": "{text!r}: type a lesson number from 1 to {n}",
        "opponent": "Opponent",
    },
    "ja": {
        "header": "{game} {variant} — レッスン ({done}/{n} 完了)",
        "done": "完了", "todo": "    ",
        "choose": "レッスン番号 (Enter: {k}、q: 終了)",
        "all_done": "すべてのレッスンが完了しています。番号でもう一度受けられます (q: 終了)",
        "prompt": "番号か記法で入力 (hint, goal, restart, list, info X, why X, rules, quit)",
        "your": "あなたの選択",
        "refused": "できません", "missed": "目標に届きません", "complete": "レッスン完了",
        "next": "次: レッスン {k}「{title}」— Enter で開始、m: メニュー、q: 終了",
        "last": "{game} {variant} の最後のレッスンでした。m: メニュー、q: 終了",
        "eof": "入力が終わりました。レッスンを終了します。",
        "saved_not": "注意: 進み具合のファイルに書き込めません ({why})",
        "nonumber": "{text!r}: 1〜{n} のレッスン番号を入力してください",
        "opponent": "相手",
    },
}


def listing(g: Game, lessons: list[Lesson], progress: Progress, lang: str) -> list[str]:
    """The lines of ``--list``: a header, then one line a lesson (number, done or not, title)."""
    t = L[lang]
    done = set(progress.done(g.name, g.variant))
    n_done = sum(1 for les in lessons if les.id in done)
    lines = [t["header"].format(game=g.name, variant=g.variant, done=n_done, n=len(lessons))]
    for k, les in enumerate(lessons, 1):
        mark = t["done"] if les.id in done else t["todo"]
        lines.append(f"{k:>3}. [{mark}] {tr(les.title, lang)}")
    return lines


def read(prompt: str, lang: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        console.print(L[lang]["eof"])
        return None


def show(run: LessonRun, lang: str) -> None:
    """The learner's new log lines, the table, the decision and its options."""
    sess = run.session
    me = run.seat
    print_lines(sess.new_lines(me))
    if run.status != "playing" or sess.to_move() != me:
        show_table(sess, me)
        return
    panel = table_panel(sess, me)
    ask = f"[bold]{L[lang]['your']}[/]: {esc(sess.prompt(me))}"
    console.print(panel, soft_wrap=False)
    console.print(ask)
    print_menu(fitted_menu(sess, me, height(panel, ask, L[lang]["prompt"] + "> ")))


def take(run: LessonRun, lang: str) -> bool | None:
    """One lesson, until it is done (True), the learner quits (False) or the input ends (None). The
    lesson's prose (explanations, hints) is wrapped at the terminal's width, between words."""
    t = L[lang]
    console.print(Panel(esc(run.intro()), expand=False), soft_wrap=False)
    show(run, lang)
    while True:
        discard_typeahead()
        line = read(t["prompt"] + "> ", lang)
        if line is None:
            return None
        rep = run.submit(line)
        if rep.kind == "quit":
            return False
        if rep.kind == "done":
            print_lines(run.session.new_lines(run.seat))
            console.print(f"[bold green]{t['complete']}:[/] {esc(rep.text)}", soft_wrap=False)
            return True
        if rep.kind == "refused":
            console.print(f"[red]{t['refused']}:[/] {esc(rep.text)}", soft_wrap=False)
        elif rep.kind == "missed":
            console.print(f"[yellow]{t['missed']}:[/] {esc(rep.text)}", soft_wrap=False)
            show(run, lang)
        elif rep.kind == "moved":
            show(run, lang)
        elif rep.kind in ("text", "hint"):
            console.print(esc(rep.text), soft_wrap=False)
        elif rep.kind == "lines":
            for ln in rep.lines:
                console.print("  " + esc(ln.text))
        elif rep.kind == "menu":
            print_menu(run.session.menu(run.seat, full=True))
        elif rep.kind == "table":
            show_table(run.session, run.seat)


def first_open(lessons: list[Lesson], done: set[str]) -> int:
    for k, les in enumerate(lessons, 1):
        if les.id not in done:
            return k
    return 0


def menu(g: Game, lessons: list[Lesson], progress: Progress, lang: str) -> int | None:
    """The menu: the list, then the number typed (None: quit)."""
    t = L[lang]
    for line in listing(g, lessons, progress, lang):
        console.print(esc(line))
    k = first_open(lessons, set(progress.done(g.name, g.variant)))
    while True:
        line = read((t["choose"].format(k=k) if k else t["all_done"]) + "> ", lang)
        if line is None or line.strip().lower() in ("q", "quit", "exit"):
            return None
        text = line.strip()
        if not text and k:
            return k
        if text.isdigit() and 1 <= int(text) <= len(lessons):
            return int(text)
        console.print(esc(t["nonumber"].format(text=text, n=len(lessons))))


def after(g: Game, lessons: list[Lesson], k: int, lang: str) -> str:
    """After a finished lesson: ``next``, ``menu`` or ``quit``."""
    t = L[lang]
    if k < len(lessons):
        prompt = t["next"].format(k=k + 1, title=tr(lessons[k].title, lang))
    else:
        prompt = t["last"].format(game=g.name, variant=g.variant)
    line = read(prompt + "> ", lang)
    if line is None or line.strip().lower() in ("q", "quit", "exit"):
        return "quit"
    if line.strip().lower() in ("m", "menu"):
        return "menu"
    return "next" if k < len(lessons) else "menu"


def course(g: Game, lessons: list[Lesson], start: int | None, progress: Progress, lang: str) -> int:
    """The menu and the lessons one after another; the exit code."""
    k = start
    while True:
        if k is None:
            k = menu(g, lessons, progress, lang)
            if k is None:
                return 0
        try:
            run = LessonRun(g, lessons[k - 1], lang)
        except FudabaError as e:
            raise fail(str(e)) from None
        result = take(run, lang)
        if result is None:
            return 1
        if result is False:
            return 0
        try:
            progress.mark(g.name, g.variant, lessons[k - 1].id)
        except OSError as e:
            console.print(f"[yellow]{esc(L[lang]['saved_not'].format(why=e.strerror or e))}[/]")
        step = after(g, lessons, k, lang)
        if step == "quit":
            return 0
        k = k + 1 if step == "next" else None


@app.command("learn")
def learn(
    game: Annotated[str, typer.Argument(help="the game (fudaba games lists them)")],
    lesson: Annotated[str | None, typer.Argument(help="the lesson's number (see --list) or its id; none: the menu",
                                                 show_default=False)] = None,
    list_: Annotated[bool, typer.Option("--list", help="list the lessons: number, done or not, title")] = False,
    variant: Annotated[str | None, typer.Option(help="rules variant (fudaba games GAME lists them)")] = None,
    lang: Annotated[str, typer.Option(help="ja or en")] = "ja",
) -> None:
    """Learn a game: short lessons, each a position with a goal the engine checks.

    Hints on request, and after a move that misses the goal, why it misses."""
    if lang not in L:
        raise fail("--lang must be ja or en")
    g = load(game, variant)
    try:
        lessons = lessons_for(g)
    except LessonError as e:
        raise fail(str(e)) from None
    progress = Progress()
    if list_:
        for line in listing(g, lessons, progress, lang):
            console.print(esc(line))
        return
    start = None
    if lesson is not None:
        text = lesson.strip()
        found = [k for k, les in enumerate(lessons, 1) if les.id == text or str(k) == text]
        if not found:
            raise fail(f"{g.name} {g.variant}: no lesson {text!r}; lessons 1–{len(lessons)} "
                       f"(fudaba learn {g.name} --list)")
        start = found[0]
    raise typer.Exit(course(g, lessons, start, progress, lang))
