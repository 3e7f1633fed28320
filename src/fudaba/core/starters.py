"""The starter decks for people: each deck's title and one-line description (Japanese and English)
and the measured balance of the starter decks, read from ``decks/starters.toml`` next to a game's
deck lists (the deck lists stay plain deck lists: ``parse_deck`` never reads this file).

The file holds one ``[deck.NAME]`` table per starter deck (``title_ja``, ``title_en``, ``ja``,
``en``) and one ``[[balance]]`` table per measured pair of starter decks::

    [[balance]]
    variant = "v2.01"                  # the rules variant the games were played under
    decks = ["marisa", "patchouli"]    # deck A (agent A) and deck B (agent B)
    wins = [300, 98]                   # games won by deck A and by deck B
    draws = 2
    games = 400                        # wins + draws
    agents = "greedy,greedy"           # the same agent on both sides: the decks are compared
    seed = 0                           # fudaba simulate --seed (seats alternate: both seat orders)
    measured = "2026-11-24"

``fudaba games GAME`` prints both (with 95% intervals), ``Game.starter_deck_info()`` returns them,
and ``fudaba play`` gives a new player the stronger deck of the default pair
(:func:`player_starters`).
"""

from __future__ import annotations

import functools
import tomllib
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from .errors import DeckError, FudabaError

#: the file next to a game's deck lists
FILE = "starters.toml"


class Balance(NamedTuple):
    """One measured pair of starter decks: ``games`` games of ``agents`` (the same agent twice),
    deck A against deck B, seats alternating (both seat orders), seeds ``seed``…``seed+games-1``."""

    variant: str
    decks: tuple[str, str]
    wins: tuple[int, int]
    draws: int
    games: int
    agents: str
    seed: int
    measured: str

    def wins_of(self, deck: str) -> int:
        return self.wins[self.decks.index(deck)]

    def opponent(self, deck: str) -> str:
        return self.decks[1 - self.decks.index(deck)]

    def win_rate(self, deck: str) -> float:
        """The share of the games ``deck`` won (draws count as not won)."""
        return self.wins_of(deck) / self.games

    def command(self, game: str) -> str:
        """The ``fudaba simulate`` command that plays these games again."""
        variant = f" --variant {self.variant}" if self.variant else ""
        return (f"fudaba simulate {game}{variant} --agents {self.agents} --deck-a {self.decks[0]} "
                f"--deck-b {self.decks[1]} --games {self.games} --seed {self.seed} --workers 1")

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "decks": list(self.decks), "wins": list(self.wins), "draws": self.draws,
                "games": self.games, "agents": self.agents, "seed": self.seed, "measured": self.measured}


class StarterDeck(NamedTuple):
    """A starter deck for people: its name (``--deck NAME``), title and one-line description in
    Japanese and English, and the measured pairs it played in (this variant)."""

    name: str
    title_ja: str
    title_en: str
    text_ja: str
    text_en: str
    balance: tuple[Balance, ...]

    def title(self, lang: str = "en") -> str:
        return (self.title_ja or self.title_en) if lang == "ja" else (self.title_en or self.title_ja)

    def text(self, lang: str = "en") -> str:
        return (self.text_ja or self.text_en) if lang == "ja" else (self.text_en or self.text_ja)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "title_ja": self.title_ja, "title_en": self.title_en, "ja": self.text_ja,
                "en": self.text_en, "balance": [b.to_dict() for b in self.balance]}


@functools.lru_cache(maxsize=16)
def read_file(path: Path) -> tuple[dict[str, dict[str, str]], tuple[Balance, ...]]:
    """The deck tables and the balance entries of a ``starters.toml`` ({} and () when there is
    none); FudabaError names the file and the key of a malformed entry."""
    if not path.is_file():
        return {}, ()
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise FudabaError(f"{path}: {e}") from None
    decks: dict[str, dict[str, str]] = {}
    for name, t in (doc.get("deck") or {}).items():
        if not isinstance(t, dict) or any(not isinstance(t.get(k, ""), str) for k in ("title_ja", "title_en", "ja", "en")):
            raise FudabaError(f"{path}: [deck.{name}]: title_ja, title_en, ja and en are text")
        decks[name] = {k: str(t.get(k, "")) for k in ("title_ja", "title_en", "ja", "en")}
    out = []
    for k, b in enumerate(doc.get("balance") or [], 1):
        out.append(_balance(b, f"{path}: [[balance]] #{k}"))
    return decks, tuple(out)


def _balance(b: Any, where: str) -> Balance:
    try:
        decks, wins = tuple(b["decks"]), tuple(b["wins"])
        draws, games, seed = b.get("draws", 0), b["games"], b.get("seed", 0)
        ok = (len(decks) == 2 and all(isinstance(d, str) for d in decks) and len(wins) == 2
              and all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in (*wins, draws, games, seed))
              and sum(wins) + draws == games > 0 and decks[0] != decks[1])
    except (KeyError, TypeError):
        ok = False
    if not ok:
        raise FudabaError(f"{where}: give decks = [A, B], wins = [a, b], draws and games (a + b + draws = games)")
    return Balance(str(b.get("variant", "")), (decks[0], decks[1]), (wins[0], wins[1]), draws, games,
                   str(b.get("agents", "greedy,greedy")), seed, str(b.get("measured", "")))


def starter_info(path: Path, names: Sequence[str], variant: str) -> list[StarterDeck]:
    """Every starter deck ``names`` (sorted) with its description and the measured pairs of
    ``variant`` it played in (a deck the file does not describe: its name, no text)."""
    decks, balance = read_file(path)
    here = [b for b in balance if b.variant in ("", variant)]
    out = []
    for n in sorted(names):
        t = decks.get(n, {})
        out.append(StarterDeck(n, t.get("title_ja", ""), t.get("title_en", ""), t.get("ja", ""), t.get("en", ""),
                               tuple(b for b in here if n in b.decks)))
    return out


def player_starters(info: Sequence[StarterDeck]) -> tuple[str, str]:
    """The decks a new player and the opponent get when neither is chosen: the default pair (the
    first two starter decks by name, as ``new_game`` deals them), the player taking the one that
    won more of the pair's measured games — a new player never gets the weak side silently. Not
    measured: the first deck and the second."""
    names = sorted(d.name for d in info)
    if not names:
        raise DeckError(["this game has no starter decks"], "starter decks")
    a, b = names[0], names[1 % len(names)]
    for d in info:
        if d.name == a:
            for m in d.balance:
                if set(m.decks) == {a, b} and m.wins_of(b) > m.wins_of(a):
                    return b, a
    return a, b


def opponent_for(info: Sequence[StarterDeck], mine: str | None) -> str:
    """The opponent's starter deck when only the player's is chosen: the other deck of the default
    pair when ``mine`` is one of its two, else the deck the default gives the opponent."""
    you, them = player_starters(info)
    if mine == them:
        return you
    return them


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().casefold()


def find_starter(info: Sequence[StarterDeck], text: str) -> str | None:
    """The name of the starter deck ``text`` names: its name or its title (Japanese or English),
    case and full-width letters ignored; None when none does."""
    want = _fold(text)
    for d in info:
        if want in (_fold(d.name), _fold(d.title_ja), _fold(d.title_en)) and want:
            return d.name
    return None


__all__ = ["Balance", "StarterDeck", "find_starter", "opponent_for", "player_starters", "read_file", "starter_info"]
