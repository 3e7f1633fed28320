"""The ``fudaba`` command (Typer + Rich): play, deck/cards checks, simulate, replay."""

from __future__ import annotations

import importlib
import re
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from .agents import AGENTS, make_agent, public_decision
from .core.actions import Action
from .core.errors import CardDataError, DeckError, FudabaError, IllegalAction
from .core.game import Game
from .core.record import Record, iter_replay
from .core.registry import game_class, games, load_game
from .core.state import State

app = typer.Typer(
    help="札場 fudaba — play, check and simulate Japanese card games (Sarasvati TCG, Walpurgis).",
    no_args_is_help=True,
    add_completion=False,
)
deck_app = typer.Typer(help="Deck lists: check them against a game's rules.", no_args_is_help=True)
cards_app = typer.Typer(help="Card data: validate TOML, import designers' posts.", no_args_is_help=True)
app.add_typer(deck_app, name="deck")
app.add_typer(cards_app, name="cards")

# soft_wrap: plain lines are never hard-wrapped (paths, log lines stay greppable);
# tables and panels pass soft_wrap=False to lay out at the terminal width.
console = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

T = {
    "en": {
        "your_turn": "Your decision",
        "choose": "Choose by number or notation (help: ?, info X, log, concede, quit)",
        "illegal": "Refused",
        "won": "You won!",
        "lost": "You lost.",
        "draw": "Draw.",
        "result": "Result",
        "eof": "Input ended: the game is left unfinished.",
        "opp": "Opponent",
        "pass": "hand the keyboard to this player",
        "ready": "P{p}: press Enter when you are at the keyboard (the other player looks away)",
        "wins": "P{p} wins",
        "turn": "turn",
        "unseen": "not a card or place you can see",
        "range": "choose 1–{n}",
        "cost": "cost",
        "many": "({n} actions: type one in notation, or 'list' to number them all)",
        "info": "info X: X is a card id or name, a place or a public pile (Sarasvati: F1, xK2, grave, xvoltage; Walpurgis: 3c, discard, xdiscard)",
        "help": (
            "Type a number from the list, or the action in notation (e.g. 'summon SV-A02 F1').\n"
            "Card names may be written instead of ids. Commands: 'info X' shows a card, a place or a public "
            "pile (Sarasvati: 'info F1', 'info grave', 'info xvoltage'; Walpurgis: 'info 3c', 'info discard'; "
            "x = the opponent's), "
            "'log' the whole log, 'board' the table again, 'concede' gives up, 'quit' leaves."
        ),
    },
    "ja": {
        "your_turn": "あなたの選択",
        "choose": "番号か記法で入力 (ヘルプ: ?, info X, log, concede, quit)",
        "illegal": "できません",
        "won": "あなたの勝ちです!",
        "lost": "あなたの負けです。",
        "draw": "引き分けです。",
        "result": "結果",
        "eof": "入力が終わりました。ゲームを中断します。",
        "opp": "相手",
        "pass": "このプレイヤーに交代してください",
        "ready": "P{p}: 席に着いたら Enter を押してください (相手は画面を見ないでください)",
        "wins": "P{p}の勝ち",
        "turn": "ターン",
        "unseen": "見えるカードや場所ではありません",
        "range": "1–{n} の番号を選んでください",
        "cost": "コスト",
        "many": "(全{n}通り: 記法で入力するか、'list' で番号付きの一覧を表示)",
        "info": "info X: X はカードIDか名前、場所、公開の山 (サラスヴァティ: F1, xK2, grave, xvoltage / ワルプルギス: 3c, discard, xdiscard)",
        "help": (
            "一覧の番号か、記法 (例: 'summon SV-A02 F1') で入力してください。IDの代わりにカード名も使えます。\n"
            "コマンド: 'info X' カード・場所・公開の山 (サラスヴァティ: F1, grave, xvoltage / ワルプルギス: 3c, discard; xは相手) の詳細, 'log' ログ全体, 'board' 盤面, 'concede' 投了, 'quit' 終了"
        ),
    },
}


STARTER_HINT = ("the starter decks are built for the default deck rules; with changed deck parameters "
                "give decks that meet them ({options})")


def _fail(msg: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/] {msg}")
    return typer.Exit(code)


def _load(game: str, variant: str | None, params: dict[str, Any] | None = None) -> Game:
    try:
        return load_game(game, variant, **(params or {}))
    except FudabaError as e:
        raise _fail(str(e)) from None


def _parse_params(items: list[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for it in items or []:
        if "=" not in it:
            raise _fail(f"--param {it!r}: write KEY=VALUE, e.g. --param starting_hand=6")
        k, v = it.split("=", 1)
        out[k.strip()] = v.strip()
    return out


@app.command("games")
def list_games() -> None:
    """List the playable games, their variants and parameters."""
    t = Table(title="fudaba games")
    t.add_column("game")
    t.add_column("variants")
    t.add_column("parameters (defaults)")
    for g in games():
        cls = game_class(g)
        t.add_row(g, ", ".join(cls.VARIANTS), ", ".join(f"{k}={v}" for k, v in cls.PARAMS.items()))
    console.print(t, soft_wrap=False)


# ---------------------------------------------------------------------------------------------- play
def _print_events(game: Game, st: State, seat: int, start: int, lang: str) -> int:
    evs = st.log_view(seat)
    for ev in evs[start:]:
        line = game.describe(ev, lang)
        if line:
            mine = ev.get("player") == seat
            console.print(("  [cyan]›[/] " if mine else "  [magenta]‹[/] ") + _esc(line))
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
    items = [f"[bold]{i:>3}[/]. {_esc(a.text)}" + (f" [dim]{_esc(gl)}[/]" if gl else "")
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
            console.print("  " + _esc(line) + (f" [dim]{_esc(gl)}[/]" if gl else ""))
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


def _esc(s: str) -> str:
    return s.replace("[", "\\[")


def _show_table(game: Game, st: State, seat: int, lang: str) -> None:
    view = st.view(seat)
    dec = view.get("decision")
    if isinstance(dec, dict) and "options" in dec:  # the options are listed below the table
        view = {**view, "decision": {k: v for k, v in dec.items() if k != "options"}}
    title = f"{game.name} — {T[lang]['turn']}{'' if lang == 'ja' else ' '}{st.turn}"
    console.print(Panel(_esc(game.render(view, lang)), title=title, expand=False), soft_wrap=False)


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
        raise _fail("--lang must be ja or en")
    if opponent not in (*AGENTS, "human"):
        raise _fail(f"--opponent must be one of {', '.join(AGENTS)} or human (a friend at this terminal)")
    params: dict[str, Any] = _parse_params(param)
    params["first"] = first
    g = _load(game, variant, params)
    tr = T[lang]
    try:
        starters = [v for _, v in sorted(g.starter_decks().items())] if not (deck and opponent_deck) else []
        my_deck = g.load_deck(deck) if deck else starters[0]
        ai_deck = g.load_deck(opponent_deck) if opponent_deck else starters[1 % len(starters)]
        st = g.new_game(decks=[my_deck, ai_deck], seed=seed)
        ai = make_agent(opponent, g.name) if opponent != "human" else None
    except FudabaError as e:  # DeckError for --deck, UnknownGame, ...
        hint = ""
        if deck and deck.is_file() and (other := _guess_deck_game(deck)) != g.name:
            hint = f"\n{deck} looks like a {other} deck: fudaba play {other} --deck {deck}"
        elif isinstance(e, DeckError) and "/decks/" in e.source.replace("\\", "/"):
            hint = "\n" + STARTER_HINT.format(options="--deck/--opponent-deck")
        raise _fail(str(e) + hint) from None
    if ai is not None:
        ai.reset(g, 1, seed)

    def save_record() -> None:
        if record:
            try:
                record.write_text(st.record().to_json() + "\n", encoding="utf-8")
            except OSError as e:
                raise _fail(f"cannot write the record to {record}: {e.strerror}") from None

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
        seen[me] = _print_events(g, st, me, seen[me], lang)
        _show_table(g, st, me, lang)
        prompt = g.prompt(st.view(me), lang, st.log_view(me)) or d.prompt
        console.print(f"[bold]{tr['your_turn']}[/]: {_esc(prompt)}")
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
                        console.print("  " + _esc(line))
                continue
            if low.split()[0] == "concede":  # only ever for yourself, whatever seat is typed
                st.concede(me)
                break
            if low == "list":
                _print_options(d.options, full=True, game=g, lang=lang, view=st.view(me))
                continue
            if low == "board":
                _show_table(g, st, me, lang)
                continue
            if low in ("info", "card"):
                console.print(tr["info"])
                continue
            if low.startswith("info ") or low.startswith("card "):
                token = raw.split(None, 1)[1].strip()
                text = g.inspect(st.view(me), token, lang)
                console.print(_esc(text) if text else f"{token}: {tr['unseen']}")
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
                console.print(f"[red]{tr['illegal']}:[/] {_esc(e.text(lang))}")
    _print_events(g, st, me, seen[me], lang)
    _show_table(g, st, me, lang)
    if ai is None:
        verdict = tr["draw"] if st.winner is None else tr["wins"].format(p=st.winner)
    else:
        verdict = tr["draw"] if st.winner is None else (tr["won"] if st.winner == me else tr["lost"])
    if lang == "ja":
        console.print(f"[bold]{tr['result']}:[/] {verdict}({g.result_text(st.result, lang)}、ターン{st.turn})")
    else:
        console.print(f"[bold]{tr['result']}:[/] {verdict} ({g.result_text(st.result, lang)}, turn {st.turn})")
    save_record()


# ---------------------------------------------------------------------------------------------- deck / cards
@deck_app.command("check")
def deck_check(
    files: Annotated[list[Path], typer.Argument(help="deck list file(s)")],
    game: Annotated[str | None, typer.Option(help="game name (guessed from the cards when omitted)")] = None,
    variant: Annotated[str | None, typer.Option(help="rules variant, e.g. v1.01 for walpurgis")] = None,
) -> None:
    """List every problem of deck lists (size, copies, books, unknown names with line numbers)."""
    failed = 0
    for file in files:
        g = _load(game or _guess_deck_game(file), variant)
        try:
            d = g.load_deck(file)
        except DeckError as e:
            failed += 1
            err.print(f"[bold red]{file}: {len(e.problems)} problem(s)[/] ({g.name} {g.variant})")
            for p in e.problems:
                err.print(f"  - {_esc(p)}")
            continue
        extra = ", ".join(f"{k}: {len(v)}" for k, v in d.sections.items())
        console.print(f"[green]{file}: legal[/] for {g.name} {g.variant} "
                      f"({len(d.main)} cards{', ' + extra if extra else ''})")
    if failed:
        raise typer.Exit(1)


def _guess_deck_game(file: Path) -> str:
    """The game whose card pool recognises most lines of the deck list."""
    from .core.decks import parse_deck_text

    try:
        text = file.read_text(encoding="utf-8")
    except OSError as e:
        raise _fail(f"{file}: {e.strerror}") from None
    best, best_unknown = "", 10**9
    for name in games():
        g = load_game(name)
        _, problems = parse_deck_text(text, g.cards, g.DECK_SECTIONS)
        unknown = sum("unknown card" in p for p in problems)
        if unknown < best_unknown:
            best, best_unknown = name, unknown
    return best


def _card_check_game(path: Path, game: str | None) -> Game:
    if game:
        return _load(game, None)
    text = ""
    files = [path] if path.is_file() else sorted(path.glob("*.toml"))
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except OSError:
            continue
        for gname in games():
            prefix = game_class(gname).CARD_ID_PREFIX
            if prefix and f'"{prefix}' in text:
                return _load(gname, None)
    raise _fail(f"{path}: cannot tell which game these cards are for; pass --game")


@cards_app.command("check")
def cards_check(
    path: Annotated[Path, typer.Argument(help="a card TOML file or a directory of them")],
    game: Annotated[str | None, typer.Option(help="game name (guessed from the ids when omitted)")] = None,
) -> None:
    """Validate card TOML; errors name the file, line, card and field."""
    if not path.exists():
        raise _fail(f"{path}: no such file or directory")
    g = _card_check_game(path, game)
    files = [path] if path.is_file() else sorted(path.glob("*.toml"))
    if not files:
        raise _fail(f"{path}: no .toml files")
    bad = 0
    total = 0
    for f in files:
        try:
            cards = g.check_card_file(f)
            total += len(cards)
            console.print(f"[green]ok[/] {f}: {len(cards)} card(s)")
        except CardDataError as e:
            bad += 1
            err.print(f"[bold red]error[/] {_esc(str(e))}")
    if bad:
        raise typer.Exit(1)
    console.print(f"[green]{total} card(s) valid[/] for {g.name}")


@cards_app.command("import")
def cards_import(
    post: Annotated[Path, typer.Argument(help="text of a thread post written in カード晒しテンプレ")],
    game: Annotated[str, typer.Option(help="game name")] = "sarasvati",
    out: Annotated[Path | None, typer.Option(help="write TOML here (default: print it)")] = None,
    prefix: Annotated[str, typer.Option(help="id prefix for the new cards")] = "SV-U",
) -> None:
    """Turn cards posted in the designers' template into card TOML."""
    g = _load(game, None)
    try:
        text = post.read_text(encoding="utf-8")
    except OSError as e:
        raise _fail(f"{post}: {e.strerror}") from None
    try:
        toml_text = g.import_cards(text, source=str(post), id_prefix=prefix)
    except FudabaError as e:
        raise _fail(str(e)) from None
    if out:
        out.write_text(toml_text, encoding="utf-8")
        console.print(f"[green]wrote[/] {out}")
    else:
        sys.stdout.write(toml_text)


# ---------------------------------------------------------------------------------------------- simulate
def _run_games(cfg: Any, games_: int, workers: int, label: str) -> tuple[list[Record], float]:
    """Play a batch with a progress bar; records in game order and the elapsed seconds."""
    from .sim import run_batch

    records: list[Record] = []
    t0 = time.perf_counter()
    with Progress(
        TextColumn(f"[bold]{_esc(label)}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TimeRemainingColumn(), console=console, transient=False,
    ) as prog:
        task = prog.add_task("games", total=games_)
        try:
            for rec in run_batch(cfg, games_, workers, lambda n: prog.advance(task, n)):
                records.append(rec)
        except FudabaError as e:
            raise _fail(str(e)) from None
    records.sort(key=lambda r: r.meta.get("index", 0))
    return records, time.perf_counter() - t0


def _ci(w: int, n: int) -> str:
    """A 95% Wilson interval as ``27–37%``."""
    from .sim import wilson

    if not n:
        return "—"
    lo, hi = wilson(w, n)
    return f"{lo * 100:.0f}–{hi * 100:.0f}%"


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game name")],
    games_: Annotated[int, typer.Option("--games", help="number of games (per sweep value)")] = 100,
    agents: Annotated[str, typer.Option(help="two agents A,B (random, greedy)")] = "greedy,random",
    param: Annotated[list[str] | None, typer.Option(help="rule parameter KEY=VALUE (repeatable)")] = None,
    sweep: Annotated[str | None, typer.Option(help="compare values of one parameter: KEY=V1,V2,...")] = None,
    variant: Annotated[str | None, typer.Option(help="rules variant, e.g. v1.01 for walpurgis")] = None,
    seed: Annotated[int, typer.Option(help="seed of game 0 (game i uses seed+i)")] = 0,
    workers: Annotated[int, typer.Option(help="worker processes")] = 1,
    out: Annotated[Path | None, typer.Option(help="write every game's record here (JSON lines)")] = None,
    deck_a: Annotated[Path | None, typer.Option(help="deck of agent A (default: starter deck 1)")] = None,
    deck_b: Annotated[Path | None, typer.Option(help="deck of agent B (default: starter deck 2)")] = None,
) -> None:
    """Run many AI games and print win rates (95% CI), first-player rate, draws, reasons, lengths.

    With --sweep, the same seeded games are played for every value of one parameter and compared."""
    from .sim import SimConfig, summarize
    from .sim.runner import agent_decks

    names = tuple(a.strip().lower() for a in agents.split(","))
    if len(names) != 2 or any(n not in AGENTS for n in names):
        raise _fail(f"--agents takes two of {', '.join(AGENTS)} separated by a comma, e.g. greedy,random")
    if games_ < 1:
        raise _fail("--games must be at least 1")
    if workers < 1:
        raise _fail("--workers must be at least 1")
    params = _parse_params(param)
    g = _load(game, variant, params)
    sweep_key, sweep_values = "", [""]
    if sweep is not None:
        if "=" not in sweep or not sweep.split("=", 1)[1].strip():
            raise _fail(f"--sweep {sweep!r}: write KEY=V1,V2,..., e.g. --sweep starting_hand=5,6,7")
        sweep_key, vals = sweep.split("=", 1)
        sweep_key = sweep_key.strip()
        sweep_values = [v.strip() for v in vals.split(",") if v.strip()]
        if sweep_key in params:
            raise _fail(f"--sweep {sweep_key}: the same parameter is also given with --param")
        for v in sweep_values:  # every value is checked before anything runs
            _load(game, variant, {**params, sweep_key: v})
    for n in names:
        try:
            make_agent(n, g.name)
        except FudabaError as e:
            raise _fail(str(e)) from None
    decks: list[dict[str, Any] | None] = [None, None]
    for i, p in enumerate((deck_a, deck_b)):
        if p is not None:
            try:
                decks[i] = g.load_deck(p).to_dict()
            except DeckError as e:
                raise _fail(str(e)) from None
    for value in sweep_values or [None]:  # every deck legal under every rule setting, before running
        gv = _load(game, variant, {**params, sweep_key: value}) if sweep_key else g
        setting = f" under {sweep_key}={value}" if sweep_key else ""
        try:
            pair = agent_decks(gv, SimConfig(gv.name, (names[0], names[1]), gv.variant, dict(gv.params), seed,
                                            (decks[0], decks[1])))
        except DeckError as e:
            raise _fail(f"{e}\n" + STARTER_HINT.format(options="--deck-a/--deck-b")) from None
        for who, d in zip("AB", pair, strict=True):
            problems = gv.check_deck(d)
            if problems:
                raise _fail(f"deck of agent {who}{setting}: " + "; ".join(problems))
    conf = Table(title="configuration", show_header=False)
    conf.add_row("game", f"{g.name} {g.variant}")
    conf.add_row("games", str(games_) + (f" per value of {sweep_key}" if sweep_key else ""))
    conf.add_row("agents", f"A={names[0]}  B={names[1]} (seats alternate)")
    conf.add_row("decks", f"A={deck_a or 'starter 1'}  B={deck_b or 'starter 2'}")
    conf.add_row("seed", f"{seed} (game i: seed+i)")
    conf.add_row("workers", str(workers))
    conf.add_row("params", ", ".join(f"{k}={v}" + (" *" if k in params else "") for k, v in g.params.items()
                                      if k != sweep_key))
    if sweep_key:
        conf.add_row("sweep", f"{sweep_key} = {', '.join(sweep_values)}")
    console.print(conf, soft_wrap=False)
    try:
        fh = out.open("w", encoding="utf-8") if out else None
    except OSError as e:
        raise _fail(f"cannot write {out}: {e.strerror}") from None
    rows = []
    for value in sweep_values:
        gv = _load(game, variant, {**params, sweep_key: value}) if sweep_key else g
        cfg = SimConfig(gv.name, (names[0], names[1]), gv.variant, dict(gv.params), seed, (decks[0], decks[1]))
        label = f"{sweep_key}={value}" if sweep_key else "simulating"
        records, elapsed = _run_games(cfg, games_, workers, label)
        if fh:
            for r in records:
                fh.write(r.to_json() + "\n")
        s = summarize(records)
        rows.append((value, s))
        if sweep_key:
            continue
        t = Table(title=f"results of {s.games} games ({elapsed:.1f} s, {s.games / elapsed:.0f} games/s)")
        for c in ("who", "wins", "games", "win rate", "95% CI"):
            t.add_column(c, justify="right" if c != "who" else "left")
        for lab, w, n, rate, lo, hi in s.rows():
            t.add_row(lab, str(w), str(n), f"{rate:.1%}", f"{lo:.1%} – {hi:.1%}")
        t.add_row("draws", str(s.draws), str(s.games), f"{s.draws / s.games:.1%}", "")
        console.print(t, soft_wrap=False)
        rt = Table(title="result reasons")
        rt.add_column("reason")
        rt.add_column("games", justify="right")
        for reason, n in s.reasons.most_common():
            rt.add_row(reason or "(none)", str(n))
        console.print(rt, soft_wrap=False)
        console.print(f"game length in turns: mean {s.mean_turns:.1f}, median {s.median_turns:.1f}")
    if fh:
        fh.close()
    if sweep_key:
        t = Table(title=f"sweep of {sweep_key}: {games_} games per value, the same seeds for each")
        for c in ("value", "A wins", "95% CI", "first wins", "95% CI", "draws", "turns"):
            t.add_column(c, justify="right", no_wrap=True)
        for value, s in rows:
            a_label = next(lab for lab in s.agent_games if lab.startswith("A:"))
            aw, an = s.agent_wins[a_label], s.agent_games[a_label]
            t.add_row(f"{sweep_key}={value}", f"{aw / an:.1%}", _ci(aw, an),
                      f"{s.first_wins / max(1, s.first_games):.1%}", _ci(s.first_wins, s.first_games),
                      f"{s.draws / s.games:.1%}", f"{s.mean_turns:.1f}")
        console.print(t, soft_wrap=False)
        console.print(f"A = {names[0]}, B = {names[1]}; turns: mean game length. Result reasons:")
        for value, s in rows:
            reasons = ", ".join(f"{r or '(none)'} {n / s.games:.0%}" for r, n in s.reasons.most_common())
            console.print(f"  {sweep_key}={value}: {reasons}")
    if out:
        console.print(f"records written to {out} (replay one with: fudaba replay {out} --game-index 0)")


# ---------------------------------------------------------------------------------------------- replay
@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="a record (.json) or a runs file (.jsonl)")],
    game_index: Annotated[int, typer.Option("--game-index", help="which game of a .jsonl file (0-based)")] = 0,
    lang: Annotated[str, typer.Option(help="ja or en")] = "ja",
    seat: Annotated[int | None, typer.Option(help="replay as this seat sees it (default: spectator)")] = None,
    board: Annotated[bool, typer.Option(help="print the table after every action")] = False,
) -> None:
    """Print a recorded game step by step (checking every action and the state hashes)."""
    if lang not in T:
        raise _fail("--lang must be ja or en")
    if seat not in (None, 0, 1):
        raise _fail(f"--seat {seat}: the seats are 0 and 1 (leave it out to watch as a spectator)")
    try:
        lines = [ln for ln in file.read_text(encoding="utf-8").splitlines() if ln.strip()]
    except OSError as e:
        raise _fail(f"{file}: {e.strerror}") from None
    if not lines:
        raise _fail(f"{file}: empty")
    if len(lines) == 1 and game_index == 0:
        text = lines[0]
    else:
        if not 0 <= game_index < len(lines):
            raise _fail(f"--game-index {game_index}: {file} holds games 0–{len(lines) - 1}")
        text = lines[game_index]
    try:
        rec = Record.from_json(text)
        g = load_game(rec.game, rec.variant, **rec.params)
        seen = 0
        meta = rec.meta or {}
        start = f"seed {rec.seed}" if rec.position is None else "from a position"
        ag = meta.get("agents")
        agents = f", P0 {ag[0]} vs P1 {ag[1]}" if isinstance(ag, list) and len(ag) == 2 else ""
        console.print(f"[bold]{rec.game} {rec.variant}[/] {start}{agents}")
        for i, a, st in iter_replay(rec):
            if i >= 0:
                console.print(f"[bold]{i + 1:>4}.[/] {_esc(a)}")
            if seat is None:
                seen = _print_spectator(g, st, seen, lang)
            else:
                seen = _print_events(g, st, seat, seen, lang)
            if board or i == -1:
                console.print(Panel(_esc(g.render(st.view(seat), lang)), expand=False), soft_wrap=False)
        if not rec.over:
            outcome = f"not over ({len(rec.actions)} action(s) recorded)"
        else:
            outcome = ("draw" if rec.winner is None else f"P{rec.winner} wins") + f" ({g.result_text(rec.result, lang)})"
        console.print(f"[bold]result:[/] {outcome}, turn {rec.turns} — hashes verified")
    except FudabaError as e:
        raise _fail(str(e)) from None


def _print_spectator(game: Game, st: State, start: int, lang: str) -> int:
    evs = st.log_view(None)
    for ev in evs[start:]:
        line = game.describe(ev, lang)
        if line:
            console.print("      " + _esc(line))
    return len(evs)


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
