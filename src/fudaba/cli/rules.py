"""The ``fudaba rules`` command: a game's rules summary, the text ``rules`` shows in ``fudaba play``."""

from __future__ import annotations

from typing import Annotated

import typer

from .common import GAME_HELP, VARIANT_HELP, app, console, fail, load

#: widest line of the summary (it is laid out for a 60-column terminal, narrower when the terminal is)
MAX_WIDTH = 60


@app.command("rules")
def rules(
    game: Annotated[str, typer.Argument(help=GAME_HELP)],
    section: Annotated[list[str] | None, typer.Argument(
        help="a section: 5.3 or §5.3 (the spec's numbers), or 'rulebook 8.1' (the rulebook's); none lists them",
        show_default=False)] = None,
    variant: Annotated[str | None, typer.Option(help=VARIANT_HELP)] = None,
    lang: Annotated[str, typer.Option(help="ja or en")] = "ja",
) -> None:
    """A game's rules summary: the sections (number and title), or one section's text."""
    if lang not in ("ja", "en"):
        raise fail("--lang must be ja or en")
    g = load(game, variant)
    ref = " ".join(section or []).strip()
    width = max(20, min(MAX_WIDTH, console.width))
    text = g.rules_text(ref or None, lang, width=width)
    if text is None and not ref:
        raise fail(f"{g.name} has no rules summary" if lang == "en" else f"{g.name} にはルール要約がありません")
    if text is None:
        hint = f"fudaba rules {g.name}" + (f" --variant {g.variant}" if variant else "") + f" --lang {lang}"
        raise fail(f"{g.name}: no section {ref!r} in the rules summary; {hint} lists the sections"
                   if lang == "en" else
                   f"{g.name}: ルール要約に「{ref}」という節はありません。節の一覧は {hint}")
    console.print(text, markup=False, highlight=False)
