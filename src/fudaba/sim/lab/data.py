"""A study's games as tables: ``games.parquet`` (a row per game) and ``cards.parquet`` (a row per
card of each deck in each game), and the same as CSV. pyarrow is imported only here (the ``lab``
extra); the rows themselves are plain dicts (study.py).

``games``: part, agent, batch, index, seed, game, variant, deck0, deck1 (the decks by seat), a_seat,
change, side, params (JSON), winner (null: a draw), reason, turns, first, decisions.

``cards``: part, agent, batch, index, seed, seat, deck, card, copies, opening (copies in the opening
hand), turn_drawn and turn_played (the seat's own turn; null: never), plays, score (1 win, 0.5 draw,
0 loss).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .study import score
from .tracking import COPIES, NEVER, OPENING, PLAYS, TURN_DRAWN, TURN_PLAYED


def game_rows(rows: Iterable[dict[str, Any]], game: str, variant: str) -> list[dict[str, Any]]:
    return [{"part": r["part"], "agent": r["agent"], "batch": r["batch"], "index": r["index"], "seed": r["seed"],
             "game": game, "variant": variant, "deck0": r["decks"][0], "deck1": r["decks"][1], "a_seat": r["a_seat"],
             "change": r["change"], "side": r["side"], "params": json.dumps(r["params"], sort_keys=True),
             "winner": r["winner"], "reason": r["reason"], "turns": r["turns"], "first": r["first"],
             "decisions": r["decisions"]} for r in rows]


def card_rows(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for r in rows:
        for seat, facts in enumerate(r["cards"]):
            s = score(r, seat)
            for card, f in facts.items():
                out.append({"part": r["part"], "agent": r["agent"], "batch": r["batch"], "index": r["index"],
                            "seed": r["seed"], "seat": seat, "deck": r["decks"][seat], "card": card,
                            "copies": f[COPIES], "opening": f[OPENING],
                            "turn_drawn": None if f[TURN_DRAWN] == NEVER else f[TURN_DRAWN],
                            "turn_played": None if f[TURN_PLAYED] == NEVER else f[TURN_PLAYED],
                            "plays": f[PLAYS], "score": s})
    return out


GAME_TYPES = {"part": "string", "agent": "string", "batch": "string", "index": "int32", "seed": "int64",
              "game": "string", "variant": "string", "deck0": "string", "deck1": "string", "a_seat": "int8",
              "change": "string", "side": "int8", "params": "string", "winner": "int8", "reason": "string",
              "turns": "int32", "first": "int8", "decisions": "int32"}
CARD_TYPES = {"part": "string", "agent": "string", "batch": "string", "index": "int32", "seed": "int64",
              "seat": "int8", "deck": "string", "card": "string", "copies": "int16", "opening": "int16",
              "turn_drawn": "int16", "turn_played": "int16", "plays": "int32", "score": "float32"}


def table(records: list[dict[str, Any]], types: dict[str, str]) -> Any:
    """A pyarrow table of ``records`` with the given column types (empty: the columns alone)."""
    import pyarrow as pa

    schema = pa.schema([(k, getattr(pa, t)()) for k, t in types.items()])
    return pa.Table.from_pylist(records, schema=schema)


#: games per Parquet row group (a million-game study is written in pieces, its memory bounded)
GROUP = 20_000


def write(rows: list[dict[str, Any]], game: str, variant: str, out: Path, csv: bool = False) -> list[Path]:
    """``games.parquet`` and ``cards.parquet`` (and ``.csv`` with ``csv``) in ``out``, written
    ``GROUP`` games at a time; the paths."""
    import pyarrow.csv as pcsv
    import pyarrow.parquet as pq

    written = []
    for name, build, types in (("games", lambda rs: game_rows(rs, game, variant), GAME_TYPES),
                               ("cards", card_rows, CARD_TYPES)):
        p = out / f"{name}.parquet"
        c = out / f"{name}.csv"
        first = table([], types)
        with pq.ParquetWriter(p, first.schema) as pw:
            cw = pcsv.CSVWriter(c, first.schema) if csv else None
            for k in range(0, max(len(rows), 1), GROUP):
                t = table(build(rows[k:k + GROUP]), types)
                pw.write_table(t)
                if cw is not None:
                    cw.write_table(t)
            if cw is not None:
                cw.close()
        written += [p, c] if csv else [p]
    return written
