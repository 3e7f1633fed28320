"""The ``fudaba`` command (Typer + Rich): one module per command.

``common`` holds the Typer apps and consoles; importing a command module registers its command.
"""

from __future__ import annotations

from . import decks, games, lab, ladder, learn, play, post, replay, rules, serve, simulate  # noqa: F401  (each registers its command)
from .common import app

__all__ = ["app", "main"]


def main() -> None:
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
