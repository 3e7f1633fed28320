"""The ``fudaba play`` command: a whole game in the terminal against the AI or a friend."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.columns import Columns
from rich.panel import Panel

from ..agents import Agent
from ..core.actions import Action
from ..core.errors import DeckError, FudabaError
from ..core.files import read_text
from ..core.infoset import InfoSet
from ..core.session import Line, Menu, Session
from .common import CARDS_HELP, STARTER_HINT, T, app, console, esc, fail, load, parse_params
from .decks import guess_deck_game
from .simulate import AGENT_SPECS, build_agent

#: what the terminal shows while the AI chooses
THINKING = {"en": "AI is thinking…", "ja": "AIが考えています…"}


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


def print_lines(lines: list[Line], marks: bool = True) -> None:
    """Log lines of one viewer: ``›`` its own events, ``‹`` the others' (no marks: a spectator)."""
    for ln in lines:
        mark = ("  [cyan]›[/] " if ln.mine else "  [magenta]‹[/] ") if marks else "      "
        console.print(mark + esc(ln.text))


def print_menu(menu: Menu) -> None:
    """Options numbered one a line, in columns, or grouped (not numbered) with a note."""
    if menu.layout == "grouped":
        for it in menu.items:
            console.print("  " + esc(it.text) + (f" [dim]{esc(it.gloss)}[/]" if it.gloss else ""))
        console.print("  " + esc(menu.note))
        return
    items = [f"[bold]{it.number:>3}[/]. {esc(it.text)}" + (f" [dim]{esc(it.gloss)}[/]" if it.gloss else "")
             for it in menu.items]
    if menu.layout == "lines":
        for it in items:
            console.print(" " + it)
    else:
        console.print(Columns(items, column_first=True, padding=(0, 2)), soft_wrap=False)


def show_table(sess: Session, viewer: int | None) -> None:
    console.print(Panel(esc(sess.table(viewer)), title=esc(sess.title()), expand=False), soft_wrap=False)


#: what hides the screen at a hot-seat hand-over: blank lines scroll the last player's hand away
#: (terminals without escape codes, logs), then clear the screen and its scroll-back and go home
CLEAR = "\n" * 60 + "\x1b[2J\x1b[3J\x1b[H"


def clear_screen() -> None:
    f = console.file
    f.write(CLEAR)
    f.flush()


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="maken, sarasvati, suikoden or walpurgis")],
    variant: Annotated[str | None, typer.Option(help="rules variant, e.g. v1.01 for walpurgis")] = None,
    deck: Annotated[Path | None, typer.Option(help="your deck list (default: the first starter deck)")] = None,
    opponent_deck: Annotated[Path | None, typer.Option(help="the opponent's deck list (default: the second starter deck)")] = None,
    opponent: Annotated[str, typer.Option(help="the AI: " + AGENT_SPECS + "; or human (a friend at this "
                                                 "terminal)")] = "greedy",
    seed: Annotated[int, typer.Option(help="random seed (same seed, same game)")] = 0,
    lang: Annotated[str, typer.Option(help="ja or en")] = "ja",
    first: Annotated[str | None, typer.Option(help="who goes first: 0 (you), 1 (the AI) or random (default: "
                                                   "the game's 'first' parameter, random)")] = None,
    param: Annotated[list[str] | None, typer.Option(help="rule parameter KEY=VALUE (repeatable)")] = None,
    record: Annotated[Path | None, typer.Option(help="write the game's record (JSON) here when the game ends or you quit")] = None,
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
    agent = None if human else build_agent(opponent, g.name, "--opponent",
                                             f"--opponent must be one of {AGENT_SPECS}; or human (a friend at this "
                                             "terminal)")
    try:
        starters = [v for _, v in sorted(g.starter_decks().items())] if not (deck and opponent_deck) else []
        my_deck = g.load_deck(deck) if deck else starters[0]
        ai_deck = g.load_deck(opponent_deck) if opponent_deck else starters[1 % len(starters)]
        st = g.new_game(decks=[my_deck, ai_deck], seed=seed)
    except FudabaError as e:  # DeckError for --deck, UnknownGame, ...
        hint = ""
        if deck and isinstance(e, DeckError) and (other := _deck_game(deck)) not in ("", g.name):
            hint = f"\n{deck} looks like a {other} deck: fudaba play {other} --deck {deck}"
        elif isinstance(e, DeckError) and "/decks/" in e.source.replace("\\", "/"):
            hint = "\n" + STARTER_HINT.format(options="--deck/--opponent-deck")
        raise fail(str(e) + hint) from None
    ai = None
    if agent is not None:
        if hasattr(agent, "reset"):
            agent.reset(g, 1, seed)
        ai = Thinking(agent, THINKING[lang])
    sess = Session(g, st, [None, ai], lang)

    def save_record(say: bool = False) -> None:
        if record:
            try:
                record.write_text(sess.record().to_json() + "\n", encoding="utf-8")
            except OSError as e:
                raise fail(f"cannot write the record to {record}: {e.strerror}") from None
            if say:
                console.print(esc(tr["saved"].format(path=record)))

    save_record()  # an unwritable path is reported now, not after the game
    me = 0
    console.print(f"[bold]札場 fudaba[/] — {g.name} {g.variant}  ({tr['opp']}: {opponent}, seed {seed})")
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
            try:
                input(ready + " ")
            except EOFError:
                console.print(tr["eof"])
                save_record(say=True)
                raise typer.Exit(1) from None
            clear_screen()
        print_lines(sess.new_lines(me))
        show_table(sess, me)
        console.print(f"[bold]{tr['your_turn']}[/]: {esc(sess.prompt(me))}")
        print_menu(sess.menu(me))
        while True:
            try:
                raw = input(f"{tr['choose']}> ")
            except EOFError:
                console.print(tr["eof"])
                save_record(say=True)
                raise typer.Exit(1) from None
            reply = sess.handle(me, raw)
            if reply.kind == "moved":
                break
            if reply.kind == "quit":
                save_record(say=True)
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
    print_lines(sess.new_lines(me))
    show_table(sess, me)
    verdict = sess.result(None if ai is None else me)
    head, _, rest = verdict.partition(": ")
    console.print(f"[bold]{esc(head)}:[/] {esc(rest)}")
    save_record(say=True)


def _deck_game(deck: Path) -> str:
    """The game the deck list ``deck`` looks like, or "" when it cannot be read."""
    try:
        return guess_deck_game(read_text(deck))
    except FudabaError:
        return ""
