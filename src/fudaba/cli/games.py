"""The ``fudaba games`` command: the games, their variants and what each parameter does."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from ..core.game import Game
from ..core.registry import games
from .common import T, app, console, esc, fail, load


@app.command("games")
def list_games(
    game: Annotated[str | None, typer.Argument(help="one game: its variants and every parameter explained")] = None,
    lang: Annotated[str, typer.Option(help="en or ja (the parameters' descriptions)")] = "en",
) -> None:
    """List the playable games, their variants and parameters (defaults, allowed values, what they do).

    Give a --param KEY=VALUE to play, simulate or sweep with another value."""
    if lang not in T:
        raise fail("--lang must be ja or en")
    for name in [game] if game else games():
        _describe(name, lang)
    if game is None:
        console.print("\nOne game alone: fudaba games GAME (--lang ja: in Japanese).")


def _describe(name: str, lang: str) -> None:
    """A game's variants and the table of its parameters."""
    g = load(name, None)
    ja = lang == "ja"
    others = {v: load(name, v) for v in g.VARIANTS[1:]}
    _title(g, lang)
    variants = [f"{g.variant} ({'既定' if ja else 'default'})"]
    for v, gv in others.items():
        values = {p.name: p.value for p in gv.describe_params(lang)}
        changed = ", ".join(f"{k}={v}" for k, v in values.items() if gv.params[k] != g.params[k])
        variants.append(f"{v}" + (f" ({changed})" if changed else ""))
    console.print(("ルールの版: " if ja else "variants: ") + ", ".join(variants))
    t = Table(title=f"{g.name}: " + ("パラメータ (--param KEY=VALUE)" if ja else "parameters (--param KEY=VALUE)"))
    for col in (("名前", "既定値", "取りうる値", "内容") if ja else ("name", "default", "allowed", "what it does")):
        t.add_column(col, overflow="fold")
    for p in g.describe_params(lang):
        t.add_row(p.name, p.default, p.allowed, esc(p.help))
    console.print(t, soft_wrap=False)
    _starters(g, lang)
    for gv in others.values():
        _balance(gv, lang)


def _title(g: Game, lang: str) -> None:
    """The game's title and one-line summary from its descriptor, in ``lang`` and then in the other
    language (a game no descriptor describes: its ``TITLE``)."""
    d = g.descriptor()
    if d is None:
        console.print(f"\n[bold]{g.name}[/] — {esc(g.TITLE)}")
        return
    langs = (lang, "en" if lang == "ja" else "ja")
    titles = list(dict.fromkeys(d.title_in(x) for x in langs))
    console.print(f"\n[bold]{g.name}[/] — {esc(titles[0])}" + (f" ({esc(titles[1])})" if len(titles) > 1 else ""))
    for text in dict.fromkeys(d.summary_in(x) for x in langs):
        if text:
            console.print(esc(text))


def _starters(g: Game, lang: str) -> None:
    """The starter decks by name (``--deck NAME``) with their titles and descriptions, the measured
    balance of each pair, and which deck ``fudaba play`` gives a new player."""
    ja = lang == "ja"
    info = g.starter_deck_info()
    t = Table(title=f"{g.name}: " + ("スターターデッキ (--deck 名前)" if ja else "starter decks (--deck NAME)"))
    for col in (("名前", "デッキ", "内容") if ja else ("name", "deck", "what it plays")):
        t.add_column(col, overflow="fold")
    for d in info:
        t.add_row(d.name, esc(d.title(lang)), esc(d.text(lang)))
    console.print(t, soft_wrap=False)
    _balance(g, lang)
    you, them = g.player_starters()
    console.print(f"fudaba play {g.name} で --deck を指定しないと、あなたは {you}、AIは {them} を使います "
                   "(最初の2つのスターターデッキのうち、測定で勝ち越した方があなたに)。" if ja else
                   f"fudaba play {g.name} without --deck gives you {you} and the AI {them} (of the first two starter "
                   "decks, the one that won more of their measured games goes to you).")


def _balance(g: Game, lang: str) -> None:
    """The measured games of every pair of starter decks in ``g``'s variant: each deck's wins with
    a 95% interval, draws, the number of games and the agents."""
    from ..sim import wilson

    ja = lang == "ja"
    seen = {b for d in g.starter_deck_info() for b in d.balance}
    if not seen:
        return
    order = sorted(seen, key=lambda b: b.decks)
    head = g.name + (f" {g.variant}" if len(g.VARIANTS) > 1 else "")
    title = (f"{head}: スターターデッキの相性 (同じAI同士の対戦、席は交互)" if ja else
             f"{head}: starter decks measured (the same AI on both sides, seats alternating)")
    t = Table(title=title)
    for col in (("デッキA", "A勝率 (95%区間)", "デッキB", "B勝率 (95%区間)", "引分", "対戦数", "AI") if ja else
                ("deck A", "A won (95% interval)", "deck B", "B won (95% interval)", "draws", "games", "agents")):
        t.add_column(col, justify="right" if col in ("draws", "games", "引分", "対戦数") else "left")
    for b in order:
        rates = []
        for k in (0, 1):
            lo, hi = wilson(b.wins[k], b.games)
            rates.append(f"{100 * b.wins[k] / b.games:.1f}% ({100 * lo:.0f}–{100 * hi:.0f}%)")
        t.add_row(b.decks[0], rates[0], b.decks[1], rates[1], str(b.draws), str(b.games), b.agents)
    console.print(t, soft_wrap=False)
    first = order[0]
    console.print(("再現: " if ja else "again: ") + first.command(g.name) + (" (他の組も同様)" if ja else " (the other pairs alike)")
                  if len(order) > 1 else ("再現: " if ja else "again: ") + first.command(g.name))
