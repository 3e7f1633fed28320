"""The ``fudaba play`` command: a whole game in the terminal against the AI or a friend."""

from __future__ import annotations

import importlib
import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.columns import Columns
from rich.panel import Panel

from ..agents import AGENTS, make_agent, public_decision
from ..core.actions import Action
from ..core.errors import DeckError, FudabaError, IllegalAction
from ..core.game import Game
from ..core.state import State
from .common import STARTER_HINT, T, app, console, esc, fail, load, parse_params
from .decks import guess_deck_game


def print_events(game: Game, st: State, seat: int, start: int, lang: str) -> int:
    evs = st.log_view(seat)
    for ev in evs[start:]:
        line = game.describe(ev, lang)
        if line:
            mine = ev.get("player") == seat
            console.print(("  [cyan]›[/] " if mine else "  [magenta]‹[/] ") + esc(line))
    return len(evs)


def _gloss(game: Game | None, a: Action, lang: str, view: dict[str, Any] | None = None) -> str:
    """The card names (and costs) an action's arguments refer to by id: ``Flame Sprite (cost 2)``;
    with the chooser's ``view``, also the cards on the places it names (the game's
    ``option_gloss``): ``attack F2 xF1`` → ``Dragon Knight → Great Detective``."""
    if game is None:
        return ""
    out = []
    for arg in a.args:
        cid = arg.rsplit(":", 1)[-1]
        card = game.cards.get(cid) if "-" in cid else None
        if card is None:
            continue
        name = card.name if lang == "ja" or not getattr(card, "name_en", "") else card.name_en
        cost = getattr(card, "cost", None)
        out.append(name + (f" ({T[lang]['cost']}{cost})" if isinstance(cost, int) and a.verb != "charge" else ""))
    if view is not None and game.TEXT_MODULE:
        fn = getattr(importlib.import_module(game.TEXT_MODULE), "option_gloss", None)
        placed = fn(game, view, a.text, lang) if fn is not None else ""
        if placed:
            out.append(str(placed))
    return ("、" if lang == "ja" else ", ").join(out)


def _print_options(options: list[Action], full: bool = False, game: Game | None = None, lang: str = "en",
                   view: dict[str, Any] | None = None) -> None:
    """Numbered legal actions, with the names of the cards they name (``view``: the chooser's, for
    cards named by their place); long lists in columns, very long ones grouped (``list`` shows all)."""
    glosses = [_gloss(game, a, lang, view) for a in options]
    items = [f"[bold]{i:>3}[/]. {esc(a.text)}" + (f" [dim]{esc(gl)}[/]" if gl else "")
             for i, (a, gl) in enumerate(zip(options, glosses, strict=True), 1)]
    if len(items) <= 12:
        for it in items:
            console.print(" " + it)
    elif len(items) <= 40 or full:
        console.print(Columns(items, column_first=True, padding=(0, 2)), soft_wrap=False)
    else:
        named = {a.args[0]: gl for a, gl in zip(options, glosses, strict=True) if a.args and gl}
        for line in _grouped(options):
            parts = line.split(" ")
            gl = named.get(parts[1], "") if len(parts) > 1 else ""
            console.print("  " + esc(line) + (f" [dim]{esc(gl)}[/]" if gl else ""))
        console.print("  " + T[lang]["many"].format(n=len(options)))


def _grouped(options: list[Action]) -> list[str]:
    """Compress actions that differ only in their second argument (a square or slot):
    ``place W-MR-05 <1b 1c 2a> down``."""
    groups: dict[tuple[str, ...], list[str]] = {}
    order: list[tuple[str, ...]] = []
    for a in options:
        if len(a.args) >= 2:
            key = (a.verb, a.args[0], "*", *a.args[2:])
            var = a.args[1]
        else:
            key = (a.verb, *a.args)
            var = ""
        if key not in groups:
            groups[key] = []
            order.append(key)
        if var:
            groups[key].append(var)
    out = []
    for key in order:
        vals = groups[key]
        if vals:
            out.append(" ".join(t if t != "*" else "{" + " ".join(vals) + "}" for t in key))
        else:
            out.append(" ".join(key))
    return out


def show_table(game: Game, st: State, seat: int, lang: str) -> None:
    view = st.view(seat)
    dec = view.get("decision")
    if isinstance(dec, dict) and "options" in dec:  # the options are listed below the table
        view = {**view, "decision": {k: v for k, v in dec.items() if k != "options"}}
    title = f"{game.name} — {T[lang]['turn']}{'' if lang == 'ja' else ' '}{st.turn}"
    console.print(Panel(esc(game.render(view, lang)), title=title, expand=False), soft_wrap=False)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="sarasvati or walpurgis")],
    variant: Annotated[str | None, typer.Option(help="rules variant, e.g. v1.01 for walpurgis")] = None,
    deck: Annotated[Path | None, typer.Option(help="your deck list (default: the first starter deck)")] = None,
    opponent_deck: Annotated[Path | None, typer.Option(help="the opponent's deck list (default: the second starter deck)")] = None,
    opponent: Annotated[str, typer.Option(help="greedy, random, or human (a friend at this terminal)")] = "greedy",
    seed: Annotated[int, typer.Option(help="random seed (same seed, same game)")] = 0,
    lang: Annotated[str, typer.Option(help="ja or en")] = "ja",
    first: Annotated[str, typer.Option(help="who goes first: 0 (you), 1 (the AI) or random")] = "random",
    param: Annotated[list[str] | None, typer.Option(help="rule parameter KEY=VALUE (repeatable)")] = None,
    record: Annotated[Path | None, typer.Option(help="write the game's record (JSON) here when the game ends or you quit")] = None,
) -> None:
    """Play a whole game in the terminal against the built-in AI (you are seat 0)."""
    if lang not in T:
        raise fail("--lang must be ja or en")
    if opponent not in (*AGENTS, "human"):
        raise fail(f"--opponent must be one of {', '.join(AGENTS)} or human (a friend at this terminal)")
    params: dict[str, Any] = parse_params(param)
    params["first"] = first
    g = load(game, variant, params)
    tr = T[lang]
    try:
        starters = [v for _, v in sorted(g.starter_decks().items())] if not (deck and opponent_deck) else []
        my_deck = g.load_deck(deck) if deck else starters[0]
        ai_deck = g.load_deck(opponent_deck) if opponent_deck else starters[1 % len(starters)]
        st = g.new_game(decks=[my_deck, ai_deck], seed=seed)
        ai = make_agent(opponent, g.name) if opponent != "human" else None
    except FudabaError as e:  # DeckError for --deck, UnknownGame, ...
        hint = ""
        if deck and deck.is_file() and (other := guess_deck_game(deck)) != g.name:
            hint = f"\n{deck} looks like a {other} deck: fudaba play {other} --deck {deck}"
        elif isinstance(e, DeckError) and "/decks/" in e.source.replace("\\", "/"):
            hint = "\n" + STARTER_HINT.format(options="--deck/--opponent-deck")
        raise fail(str(e) + hint) from None
    if ai is not None:
        ai.reset(g, 1, seed)

    def save_record() -> None:
        if record:
            try:
                record.write_text(st.record().to_json() + "\n", encoding="utf-8")
            except OSError as e:
                raise fail(f"cannot write the record to {record}: {e.strerror}") from None

    save_record()  # an unwritable path is reported now, not after the game
    me = 0
    seen = [0, 0]
    console.print(f"[bold]札場 fudaba[/] — {g.name} {g.variant}  ({tr['opp']}: {opponent}, seed {seed})")
    while not st.over:
        d = st.decision
        assert d is not None
        if d.player != me and ai is not None:
            st.apply(ai.act(st.view(1), public_decision(d)))  # bots get views, never the state
            continue
        if ai is None and d.player != me:
            me = d.player
            console.rule(f"[bold]P{me}[/] — {tr['pass']}")
            try:  # nothing of this player's hand is shown before they are at the keyboard
                input(tr["ready"].format(p=me) + " ")
            except EOFError:
                console.print(tr["eof"])
                save_record()
                raise typer.Exit(1) from None
        seen[me] = print_events(g, st, me, seen[me], lang)
        show_table(g, st, me, lang)
        prompt = g.prompt(st.view(me), lang, st.log_view(me)) or d.prompt
        console.print(f"[bold]{tr['your_turn']}[/]: {esc(prompt)}")
        _print_options(d.options, game=g, lang=lang, view=st.view(me))
        while True:
            try:
                raw = input(f"{tr['choose']}> ").strip()
            except EOFError:
                console.print(tr["eof"])
                save_record()
                raise typer.Exit(1) from None
            if not raw:
                continue
            low = raw.lower()
            if low in ("?", "help", "h"):
                console.print(tr["help"])
                continue
            if low in ("quit", "exit", "q"):
                save_record()
                raise typer.Exit(0)
            if low == "log":
                for ev in st.log_view(me):
                    line = g.describe(ev, lang)
                    if line:
                        console.print("  " + esc(line))
                continue
            if low.split()[0] == "concede":  # only ever for yourself, whatever seat is typed
                st.concede(me)
                break
            if low == "list":
                _print_options(d.options, full=True, game=g, lang=lang, view=st.view(me))
                continue
            if low == "board":
                show_table(g, st, me, lang)
                continue
            if low in ("info", "card"):
                console.print(tr["info"])
                continue
            if low.startswith("info ") or low.startswith("card "):
                token = raw.split(None, 1)[1].strip()
                text = g.inspect(st.view(me), token, lang)
                console.print(esc(text) if text else f"{token}: {tr['unseen']}")
                continue
            try:
                if re.fullmatch(r"[-+]?\d+", raw):
                    n = int(raw)
                    if not 1 <= n <= len(d.options):
                        console.print(f"[red]{tr['illegal']}:[/] {tr['range'].format(n=len(d.options))}")
                        continue
                    st.apply(d.options[n - 1])
                else:
                    st.apply(raw)
                break
            except IllegalAction as e:
                console.print(f"[red]{tr['illegal']}:[/] {esc(e.text(lang))}")
    print_events(g, st, me, seen[me], lang)
    show_table(g, st, me, lang)
    if ai is None:
        verdict = tr["draw"] if st.winner is None else tr["wins"].format(p=st.winner)
    else:
        verdict = tr["draw"] if st.winner is None else (tr["won"] if st.winner == me else tr["lost"])
    if lang == "ja":
        console.print(f"[bold]{tr['result']}:[/] {verdict}({g.result_text(st.result, lang)}、ターン{st.turn})")
    else:
        console.print(f"[bold]{tr['result']}:[/] {verdict} ({g.result_text(st.result, lang)}, turn {st.turn})")
    save_record()

