"""The ``fudaba play`` command: a whole game in the terminal against the AI or a friend."""

from __future__ import annotations

import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Annotated, Any

import typer
from rich.columns import Columns
from rich.panel import Panel

from ..agents import LEVELS, Agent
from ..core.actions import Action
from ..core.decks import Deck
from ..core.errors import DeckError, FudabaError
from ..core.files import read_text
from ..core.game import Game
from ..core.infoset import InfoSet
from ..core.session import Line, Menu, Session
from ..core.starters import opponent_for
from .common import (
    CARDS_HELP,
    GAME_HELP,
    STARTER_HINT,
    VARIANT_HELP,
    T,
    app,
    console,
    esc,
    fail,
    load,
    parse_params,
    resolve_deck,
)
from .decks import guess_deck_game
from .simulate import AGENT_SPECS, build_agent

#: what the terminal shows while the AI chooses
THINKING = {"en": "AI is thinking…", "ja": "AIが考えています…"}

#: the exit code of a game stopped by Ctrl-C (128 + SIGINT, as shells report it)
INTERRUPTED = 130


class Thinking:
    """The AI's seat as ``play`` runs it: the agent's ``act`` inside a Rich status, so the terminal
    shows a spinner while a search thinks (the spinner runs in its own thread; it is erased when the
    agent has chosen, and nothing is printed when the output is not a terminal)."""

    def __init__(self, agent: Agent, text: str) -> None:
        self.agent = agent
        self.text = text
        # a user's class (``pkg.module:Class``) needs only ``act`` (docs/agents.md)
        self.name = str(getattr(agent, "name", "agent"))
        self.reads_decision_only = bool(getattr(agent, "reads_decision_only", False))

    def act(self, infoset: InfoSet) -> Action:
        with console.status(self.text) as status:
            if hasattr(self.agent, "progress"):  # a search reports its iterations: the status counts them
                def shown(done: int, budget: int) -> None:
                    status.update(f"{self.text} {done}/{budget}" if budget else f"{self.text} {done}")

                self.agent.progress = shown
            try:
                return self.agent.act(infoset)
            finally:
                if hasattr(self.agent, "progress"):
                    self.agent.progress = None


class CtrlC:
    """Ctrl-C during ``play``: a KeyboardInterrupt at once — while the player types and while the AI
    thinks — except while an action is being applied (``shield``): then right after it, so that the
    game, and the record saved on the way out, is never half-way through an action."""

    def __init__(self) -> None:
        self.busy = 0
        self.pending = False

    def handler(self, signum: int, frame: FrameType | None) -> None:
        if self.busy:
            self.pending = True
            return
        raise KeyboardInterrupt

    @contextmanager
    def shield(self) -> Iterator[None]:
        self.busy += 1
        try:
            yield
        finally:
            self.busy -= 1
            if not self.busy and self.pending:
                self.pending = False
                raise KeyboardInterrupt

    @contextmanager
    def installed(self) -> Iterator[None]:
        """The handler in place for the game (only where signals can be handled: the main thread)."""
        try:
            old = signal.signal(signal.SIGINT, self.handler)
        except ValueError:  # not the main thread: Python's own KeyboardInterrupt stays
            yield
            return
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, old)


def discard_typeahead() -> None:
    """Throw away what was typed before the decision now shown: a line typed for an earlier decision
    (or while the AI thought) never answers this one. Only a terminal has type-ahead to drop; piped
    input (a script) is read as it is."""
    try:
        if not sys.stdin.isatty():
            return
    except (AttributeError, ValueError):
        return
    try:
        import termios

        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except ImportError:  # Windows
        import msvcrt

        while msvcrt.kbhit():  # type: ignore[attr-defined]
            msvcrt.getwch()  # type: ignore[attr-defined]
    except (OSError, ValueError):
        pass


def print_lines(lines: list[Line], marks: bool = True) -> None:
    """Log lines of one viewer: ``›`` its own events, ``‹`` the others' (no marks: a spectator)."""
    for ln in lines:
        mark = ("  [cyan]›[/] " if ln.mine else "  [magenta]‹[/] ") if marks else "      "
        console.print(mark + esc(ln.text))


def menu_renderables(menu: Menu) -> list[Any]:
    """What ``print_menu`` prints: options numbered one a line, in columns, or grouped (not
    numbered) with a note."""
    if menu.layout == "grouped":
        out: list[Any] = ["  " + esc(it.text) + (f" [dim]{esc(it.gloss)}[/]" if it.gloss else "") for it in menu.items]
        return [*out, "  " + esc(menu.note)] if menu.note else out
    items = [f"[bold]{it.number:>3}[/]. {esc(it.text)}" + (f" [dim]{esc(it.gloss)}[/]" if it.gloss else "")
             for it in menu.items]
    note = ["  " + esc(menu.note)] if menu.note else []
    if menu.layout == "lines":
        return [" " + it for it in items] + note
    return [Columns(items, column_first=True, padding=(0, 2)), *note]


def print_menu(menu: Menu) -> None:
    for r in menu_renderables(menu):
        console.print(r, soft_wrap=not isinstance(r, Columns))


def height(*renderables: Any) -> int:
    """The terminal lines these take when printed at the console's width."""
    with console.capture() as cap:
        for r in renderables:
            console.print(r, soft_wrap=False)
    return len(cap.get().splitlines())


def fitted_menu(sess: Session, seat: int, used: int) -> Menu:
    """The seat's menu, made to fit in a terminal with the ``used`` lines of the table, the prompt
    and the input line, so that the table does not scroll away: the numbered list, in
    columns if need be; else grouped without numbers; else the shorter of the two, cut, with a note
    (``list`` shows every option)."""
    numbered = sess.menu(seat)
    if not console.is_terminal:
        return numbered
    room = console.size.height - used

    def fits(m: Menu) -> bool:
        return height(*menu_renderables(m)) <= room

    if fits(numbered):
        return numbered
    if numbered.layout == "lines" and fits(cols := Menu(numbered.items, "columns", "")):
        return cols
    grouped = sess.menu(seat, compact=True) if numbered.layout != "grouped" else numbered
    if fits(grouped):
        return grouped
    base = grouped
    if numbered.layout != "grouped" and len(numbered.items) <= len(grouped.items):  # grouping saves nothing
        base = sess.menu(seat)  # numbered again: its numbers are accepted
    layout = "lines" if base.layout != "grouped" else "grouped"
    shown = base.items[:max(1, room - 1)]
    while len(shown) > 1 and height(*menu_renderables(Menu(shown, layout, "")), "x") > room:
        shown = shown[:-1]
    more = len(base.items) - len(shown)
    return Menu(shown, layout, T[sess.lang]["more"].format(n=more) if more else base.note)


def table_panel(sess: Session, viewer: int | None) -> Panel:
    return Panel(esc(sess.table(viewer)), title=esc(sess.title()), expand=False)


def show_table(sess: Session, viewer: int | None) -> None:
    console.print(table_panel(sess, viewer), soft_wrap=False)


def show_decision(sess: Session, me: int, tr: dict[str, str]) -> None:
    """The seat's new log lines, the table, what the decision asks and its options (fitted to the
    terminal: the table stays on the screen)."""
    print_lines(sess.new_lines(me))
    panel = table_panel(sess, me)
    ask = f"[bold]{tr['your_turn']}[/]: {esc(sess.prompt(me))}"
    console.print(panel, soft_wrap=False)
    console.print(ask)
    print_menu(fitted_menu(sess, me, height(panel, ask, f"{tr['choose']}> ")))


#: what hides the screen at a hot-seat hand-over: blank lines scroll the last player's hand away
#: (terminals without escape codes, logs), then clear the screen and its scroll-back and go home
CLEAR = "\n" * 60 + "\x1b[2J\x1b[3J\x1b[H"


def clear_screen() -> None:
    f = console.file
    f.write(CLEAR)
    f.flush()


#: the ``--opponent`` help and the one line an unknown agent gets
OPPONENT_HELP = ("the AI: " + AGENT_SPECS + "; or human (a friend at this terminal). The levels (easy, normal, hard) "
                 "search a fixed number of iterations, so the same --seed gives the same game; an ismcts spec with "
                 "seconds=S stops at S seconds too, and then the game depends on the machine's speed")
OPPONENT_USAGE = f"--opponent must be one of {AGENT_SPECS}; or human (a friend at this terminal)"

DECK_HELP = ("your deck: a starter deck by name (fudaba games GAME lists them, e.g. b_highland) or a deck list file "
             "(default: the stronger deck of the first two starters, measured)")
OPPONENT_DECK_HELP = ("the opponent's deck: a starter deck by name or a deck list file (default: the other deck of "
                      "the first two starters)")


def opponent_agent(spec: str, game: str) -> Agent:
    """The AI named ``spec``; a level searches its iteration budget without its time cap, so that a
    game does not depend on the machine's speed (a ``seconds=`` in an ismcts spec is kept: asked for)."""
    if spec.strip().lower() in LEVELS:
        return build_agent(spec, game, "--opponent", OPPONENT_USAGE, seconds=None)
    return build_agent(spec, game, "--opponent", OPPONENT_USAGE)


def choose_decks(g: Game, deck: str | None, opponent_deck: str | None, lang: str) -> tuple[list[Deck], str]:
    """The player's and the opponent's decks, and the line that names them (with the starters'
    measured balance). Neither chosen: the stronger deck of the default pair goes to the player
    (``Game.player_starters``); only the player's chosen: the opponent gets the other deck of the
    default pair (``core.starters.opponent_for``)."""
    you, them = g.player_starters()
    mine, mine_name = resolve_deck(g, deck, "--deck") if deck else (g.starter_deck(you), you)
    if opponent_deck:
        theirs, theirs_name = resolve_deck(g, opponent_deck, "--opponent-deck")
    else:
        theirs_name = opponent_for(g.starter_deck_info(), mine_name) if deck else them
        theirs = g.starter_deck(theirs_name)
    return [mine, theirs], decks_line(g, (mine, mine_name), (theirs, theirs_name), lang)


def decks_line(g: Game, mine: tuple[Deck, str | None], theirs: tuple[Deck, str | None], lang: str) -> str:
    """``Your deck: Highland Army (b_highland); the opponent's: …`` and, for two measured starter
    decks, how often yours won their measured games; then how to choose another."""
    from ..sim import wilson

    tr = T[lang]
    info = {d.name: d for d in g.starter_deck_info()}

    def named(d: tuple[Deck, str | None]) -> str:
        s = info.get(d[1] or "")
        return f"{s.title(lang)} ({s.name})" if s is not None and s.title(lang) else (d[1] or d[0].name or "?")

    line = tr["decks"].format(mine=named(mine), theirs=named(theirs))
    s = info.get(mine[1] or "")
    for b in s.balance if s is not None and theirs[1] and theirs[1] != mine[1] else ():
        if theirs[1] in b.decks:
            w = b.wins_of(s.name)
            lo, hi = wilson(w, b.games)
            line += tr["balance"].format(rate=100 * w / b.games, lo=100 * lo, hi=100 * hi, n=b.games,
                                         agent=b.agents.split(",")[0])
    return line + tr["choose_deck"].format(game=g.name)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    variant: Annotated[str | None, typer.Option(help=VARIANT_HELP)] = None,
    deck: Annotated[str | None, typer.Option(help=DECK_HELP)] = None,
    opponent_deck: Annotated[str | None, typer.Option(help=OPPONENT_DECK_HELP)] = None,
    opponent: Annotated[str, typer.Option(help=OPPONENT_HELP)] = "greedy",
    seed: Annotated[int, typer.Option(help="random seed (same seed, same game — the AI is seeded from it)")] = 0,
    lang: Annotated[str, typer.Option(help="ja or en")] = "ja",
    first: Annotated[str | None, typer.Option(help="who goes first: 0 (you), 1 (the AI) or random (default: "
                                                   "the game's 'first' parameter, random)")] = None,
    param: Annotated[list[str] | None, typer.Option(help="rule parameter KEY=VALUE (repeatable)")] = None,
    record: Annotated[Path | None, typer.Option(help="write the game's record (JSON) here when the game ends, "
                                                     "you quit or press Ctrl-C")] = None,
    cards: Annotated[list[Path] | None, typer.Option(help=CARDS_HELP)] = None,
) -> None:
    """Play a whole game in the terminal against the built-in AI (you are seat 0)."""
    if lang not in T:
        raise fail("--lang must be ja or en")
    params: dict[str, Any] = parse_params(param)
    if first is not None:  # else --param first=… or the game's default
        params["first"] = first
    g = load(game, variant, params, cards)
    tr = T[lang]
    human = opponent.strip().lower() == "human"
    agent = None if human else opponent_agent(opponent, g.name)
    try:
        decks, named = choose_decks(g, deck, opponent_deck, lang)
        st = g.new_game(decks=decks, seed=seed)
    except FudabaError as e:  # DeckError for --deck, UnknownGame, ...
        hint = ""
        other = _deck_game(Path(deck)) if deck and isinstance(e, DeckError) and Path(deck).is_file() else ""
        if other not in ("", g.name):
            hint = f"\n{deck} looks like a {other} deck: fudaba play {other} --deck {deck}"
        elif isinstance(e, DeckError) and "/decks/" in e.source.replace("\\", "/"):
            hint = "\n" + STARTER_HINT.format(options="--deck/--opponent-deck")
        raise fail(str(e) + hint) from None
    ai = None
    if agent is not None:
        if hasattr(agent, "reset"):
            agent.reset(g, 1, seed)  # the AI's random numbers come from the game's seed
        ai = Thinking(agent, THINKING[lang])
    sess = Session(g, st, [None, ai], lang)
    save = record_saver(sess, record, tr)
    save()  # an unwritable path is reported now, not after the game
    console.print(f"[bold]札場 fudaba[/] — {g.name} {g.variant}  ({tr['opp']}: {esc(opponent)}, seed {seed})")
    console.print(esc(named))
    if sess.legend():
        console.print(f"[dim]{esc(sess.legend())}[/]")
    ctrl_c = CtrlC()
    sess.shield = ctrl_c.shield
    try:
        with ctrl_c.installed():
            play_loop(sess, ai is None, tr, save)
    except KeyboardInterrupt:
        console.print()
        if record:
            save()
            console.print(esc(tr["interrupted_saved"].format(path=record)))
        else:
            console.print(tr["interrupted"])
        raise typer.Exit(INTERRUPTED) from None
    save(True)


def record_saver(sess: Session, record: Path | None, tr: dict[str, str]) -> Callable[..., None]:
    """``save(say=False)``: the record of the game so far written to ``--record`` (if given)."""
    def save(say: bool = False) -> None:
        if record:
            try:
                record.write_text(sess.record().to_json() + "\n", encoding="utf-8")
            except OSError as e:
                raise fail(f"cannot write the record to {record}: {e.strerror}") from None
            if say:
                console.print(esc(tr["saved"].format(path=record)))

    return save


def ask(prompt: str, tr: dict[str, str], save: Callable[..., None]) -> str:
    """One line typed; the end of the input leaves the game (its record saved)."""
    try:
        return input(prompt)
    except EOFError:
        console.print(tr["eof"])
        save(True)
        raise typer.Exit(1) from None


def play_loop(sess: Session, hot_seat: bool, tr: dict[str, str], save: Callable[..., None]) -> None:
    """The game: agents move, the person whose decision is pending is shown it and types, until the
    game ends (then the result) or the player quits."""
    me = 0
    while True:
        sess.play_agents()  # bots get information sets, never the state
        seat = sess.to_move()
        if seat is None:
            break
        if seat != me:  # hot seat: nothing of this player's hand is shown before they are at the keyboard
            me = seat
            head, ready = sess.handover(me)
            clear_screen()
            console.rule(f"[bold]{esc(head)}[/]")
            discard_typeahead()
            ask(ready + " ", tr, save)
            clear_screen()
        show_decision(sess, me, tr)
        discard_typeahead()  # typed before this decision was shown: not for it
        answer(sess, me, tr, save)
    print_lines(sess.new_lines(me))
    show_table(sess, me)
    verdict = sess.result(me if not hot_seat else None)
    head, _, rest = verdict.partition(": ")
    console.print(f"[bold]{esc(head)}:[/] {esc(rest)}")


def answer(sess: Session, me: int, tr: dict[str, str], save: Callable[..., None]) -> None:
    """Lines typed by the seat until one moves the game on (commands are answered in between)."""
    while True:
        reply = sess.handle(me, ask(f"{tr['choose']}> ", tr, save))
        if reply.kind == "moved":
            return
        if reply.kind == "quit":
            save(True)
            raise typer.Exit(0)
        if reply.kind == "refused":
            console.print(f"[red]{tr['illegal']}:[/] {esc(reply.text)}")
        elif reply.kind == "text":
            console.print(esc(reply.text))
        elif reply.kind == "lines":
            for ln in reply.lines:
                console.print("  " + esc(ln.text))
        elif reply.kind == "menu":
            print_menu(sess.menu(me, full=True))
        elif reply.kind == "table":
            show_table(sess, me)


def _deck_game(deck: Path) -> str:
    """The game the deck list ``deck`` looks like, or "" when it cannot be read."""
    try:
        return guess_deck_game(read_text(deck))
    except FudabaError:
        return ""
