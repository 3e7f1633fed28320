"""The websocket protocol (docs/server.md, *WebSocket*): every outbound message, built from
``state.view(seat)`` and ``state.log_view(seat)`` only, and the checks of every inbound message.

Nothing here reads a hidden part of the state: a ``state`` message is the seat's view, its log
view described in its language, the prompt and options of its own decision, and a table of the
cards that occur in that view (so it can never name a card the seat does not see).
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from typing import Any

from ..core.actions import Action
from ..core.game import Game
from ..core.record import Record, iter_replay
from ..core.session import Line, Session, card_name, option_gloss
from ..core.state import State

#: the largest websocket message accepted (bytes of its UTF-8 text)
MAX_MESSAGE = 4096
#: messages a connection may send in one second
RATE = 20
RATE_WINDOW = 1.0
#: what a change of language costs in that limit: it answers with a complete state (at most two a second)
LANG_COST = 10
LANGS = ("ja", "en")
#: the largest ``seq`` (either sign) an ``act`` may carry (a game has far fewer actions)
MAX_SEQ = 2**31

#: the server's own words (refusals of the engine come from ``IllegalAction.text(lang)``)
REASONS: dict[str, dict[str, str]] = {
    "en": {
        "spectator": "spectators cannot move",
        "not_yours": "it is not your decision",
        "stale": "stale: the game has moved on (seq is {seq}, yours was {sent}); reload the state",
        "too_large": f"message too large: at most {MAX_MESSAGE} bytes",
        "too_frequent": f"too frequent: at most {RATE} messages a second",
        "saving": "the move could not be saved; it was not played",
        "rematch_not_over": "a rematch is for a finished game",
    },
    "ja": {
        "spectator": "観戦者は操作できません",
        "not_yours": "あなたの選択ではありません",
        "stale": "古い状態からの操作です (現在 {seq}、送信 {sent}): 最新の状態を読み込み直してください",
        "too_large": f"メッセージが大きすぎます (最大{MAX_MESSAGE}バイト)",
        "too_frequent": f"送信が多すぎます (1秒に{RATE}件まで)",
        "saving": "この手を保存できなかったため、実行していません",
        "rematch_not_over": "再戦は対戦が終わってからです",
    },
}


def reason(key: str, lang: str, **kw: Any) -> str:
    return REASONS.get(lang, REASONS["en"])[key].format(**kw)


class Malformed(Exception):
    """An inbound message the protocol cannot read; ``str()`` is the reason sent back."""


#: one encoder for every message: compact, UTF-8 as is, the C encoder (``json.dumps`` with options
#: would build a new encoder for each call)
_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False)


def dumps(msg: Any) -> str:
    return _ENCODER.encode(msg)


# ---------------------------------------------------------------------- inbound
def parse_message(text: str) -> dict[str, Any]:
    """An inbound message: a JSON object with a known ``type`` and keys of the right types
    (:class:`Malformed` naming what is wrong otherwise). The size is checked by the caller."""
    try:
        msg = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # not JSON, NaN/Infinity, a number int() will not read
        raise Malformed("malformed message: not JSON") from None
    if not isinstance(msg, dict):
        raise Malformed("malformed message: a message is a JSON object with a 'type'")
    kind = msg.get("type")
    if kind == "act":
        action, seq = msg.get("action"), msg.get("seq")
        if not isinstance(action, str):
            raise Malformed("malformed message: 'act' needs 'action', the action's notation (text)")
        if not isinstance(seq, int) or isinstance(seq, bool) or not -MAX_SEQ <= seq <= MAX_SEQ:
            raise Malformed("malformed message: 'act' needs 'seq', the seq of the state it answers (a whole number)")
    elif kind == "lang":
        if msg.get("lang") not in LANGS:
            raise Malformed("malformed message: 'lang' must be 'ja' or 'en'")
    elif kind == "join":
        if "token" not in msg:
            raise Malformed("malformed join: 'token' is missing (null for a spectator)")
        token = msg["token"]
        if token is not None and not isinstance(token, str):
            raise Malformed("malformed join: 'token' must be the seat's token (text) or null (a spectator)")
        if msg.get("lang", "ja") not in LANGS:
            raise Malformed("malformed join: 'lang' must be 'ja' or 'en'")
    elif kind not in ("concede", "ping", "rematch"):
        raise Malformed(f"malformed message: unknown type {str(kind)[:40]!r}; types: act, concede, lang, ping, rematch")
    return msg


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_join(text: str) -> tuple[str | None, str]:
    """The first message of a connection: ``(token or None, lang)``; :class:`Malformed` otherwise."""
    if len(text.encode()) > MAX_MESSAGE:
        raise Malformed(f"malformed join: larger than {MAX_MESSAGE} bytes")
    msg = parse_message(text)
    if msg.get("type") != "join":
        raise Malformed("the first message must be {\"type\":\"join\",\"token\":…,\"lang\":…}")
    token = msg["token"]
    return (token if isinstance(token, str) else None), str(msg.get("lang", "ja"))


# ---------------------------------------------------------------------- outbound
def refs(action: Action) -> list[str]:
    """What the page may click to choose ``action``: its arguments, ``label:ID`` as ``ID``."""
    return [a.rsplit(":", 1)[-1] if ":" in a else a for a in action.args]


def _card_of(s: str, pool: Mapping[str, Any]) -> str | None:
    """The card id a view string names: the string itself, or ``ID`` of ``label:ID``."""
    if s in pool:
        return s
    if ":" in s and (tail := s.rsplit(":", 1)[-1]) in pool:
        return tail
    return None


def card_ids(obj: Any, pool: Mapping[str, Any], out: set[str] | None = None) -> set[str]:
    """Every card id of ``pool`` that occurs in ``obj`` (a view: keys and values, recursively; a
    string ``label:ID`` names ``ID``)."""
    if out is None:
        out = set()
    stack = [obj]
    while stack:
        o = stack.pop()
        if isinstance(o, str):
            if (cid := _card_of(o, pool)) is not None:
                out.add(cid)
        elif isinstance(o, dict):
            for k, v in o.items():
                if isinstance(k, str) and (cid := _card_of(k, pool)) is not None:
                    out.add(cid)
                stack.append(v)
        elif isinstance(o, (list, tuple)):
            stack.extend(o)
    return out


#: a JSON string in JSON text (scanned from the start, so an escaped quote never ends one); the
#: simpler pattern serves a text without any escape
_JSON_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_PLAIN_STRING = re.compile(r'"([^"]*)"')


def card_ids_json(text: str, pool: Mapping[str, Any], memo: dict[str, str | None] | None = None) -> set[str]:
    """``card_ids`` of a view given as its JSON text (``dumps(view)``): the same set, found by a
    scan of the text's strings (keys and values) instead of a walk of the objects. ``memo``: the
    strings already looked up in this pool (a room's views repeat most of their strings)."""
    strings = set((_PLAIN_STRING if "\\" not in text else _JSON_STRING).findall(text))
    if memo is None:
        memo = {}
    out = set()
    for s in strings:
        if s in memo:
            cid = memo[s]
        else:
            cid = memo[s] = _card_of(json.loads(f'"{s}"') if "\\" in s else s, pool)
        if cid is not None:
            out.add(cid)
    return out


def card_entry(game: Game, cid: str, lang: str) -> dict[str, Any] | None:
    """One ``cards`` entry: ``{name, en, text}`` (the Japanese name, the English one, the card text
    in ``lang``) and the game's printed facts of the card (``game.card_facts``: types, stats,
    Walpurgis' matrices); None for an id the game does not know."""
    c = game.cdb.get(cid)
    if c is None:
        return None
    facts = game.card_facts(cid)
    return {**facts, "name": str(c.name), "en": str(getattr(c, "name_en", "") or ""),
            "text": game.card_text(cid, lang)}


def cards_table(game: Game, ids: Iterable[str], lang: str) -> dict[str, dict[str, Any]]:
    """``{id: entry}`` (:func:`card_entry`) for the ids, in id order."""
    out = {}
    for cid in sorted(ids):
        got = card_entry(game, cid, lang)
        if got is not None:
            out[cid] = got
    return out


def cards_json(game: Game, ids: Iterable[str], lang: str, cache: dict[tuple[str, str], str]) -> str:
    """``cards_table`` as JSON text, from entries encoded once (``cache``: by id and language)."""
    parts = []
    for cid in sorted(ids):
        got = cache.get((cid, lang))
        if got is None:
            entry = card_entry(game, cid, lang)
            got = cache[(cid, lang)] = "" if entry is None else dumps(cid) + ":" + dumps(entry)
        if got:
            parts.append(got)
    return "{" + ",".join(parts) + "}"


def log_lines(game: Game, events: Iterable[dict[str, Any]], seat: int | None, lang: str) -> list[Line]:
    """Log lines of a seat's log view in ``lang`` (``Session``'s lines: empty descriptions left out)."""
    out = []
    for ev in events:
        text = game.describe(ev, lang)
        if text:
            out.append(Line(text, seat is not None and ev.get("player") == seat))
    return out


def line_entries(game: Game, events: Iterable[dict[str, Any]], acts: Iterable[int], seat: int | None,
                 lang: str) -> list[dict[str, Any]]:
    """The ``log`` entries of a seat's log view (``acts``: the action that logged each event):
    ``{"text","mine","n"}`` and, when the event names them, ``place`` and ``card`` (strings) and
    ``who`` (the place's ``owner``, else the event's ``player``) — what the page marks on the table
    for the last action. Events that describe to "" are left out."""
    out = []
    for ev, n in zip(events, acts, strict=True):
        text = game.describe(ev, lang)
        if not text:
            continue
        player = ev.get("player")
        entry: dict[str, Any] = {"text": text, "mine": seat is not None and player == seat, "n": n}
        for key in ("place", "card"):
            if isinstance(ev.get(key), str):
                entry[key] = ev[key]
        who = ev.get("owner", player)
        if isinstance(who, int) and not isinstance(who, bool):
            entry["who"] = who
        out.append(entry)
    return out


def line_json(line: Line) -> str:
    """One ``log`` entry as JSON text: ``{"text","mine"}``."""
    return dumps({"text": line.text, "mine": line.mine})


def prompt_text(game: Game, state: State, view: dict[str, Any], events: list[dict[str, Any]], seat: int | None,
                lang: str) -> str:
    """What the pending decision asks of ``seat`` (``Session.prompt``), "" when it is not its decision."""
    d = state.decision
    if seat is None or d is None or d.player != seat:
        return ""
    return game.prompt(view, lang, events) or d.prompt


def result_text(game: Game, state: State, seat: int | None, lang: str) -> str:
    """The verdict in the seat's words (``Session.result``), "" until the game ends."""
    if not state.over:
        return ""
    return Session(game, state, (None, None), lang).result(seat)


def state_head(game: Game, state: State, seat: int | None, lang: str, view: dict[str, Any], view_json: str,
               events: list[dict[str, Any]], last_by: int | None = None) -> str:
    """The ``state`` message for ``seat`` without its cards and log, as JSON text left open at the
    end (:func:`finish` closes it). ``view`` is ``state.view(seat)`` and ``view_json`` its JSON text,
    ``events`` the seat's whole ``log_view(seat)`` (the room caches them, once per change)."""
    d = state.decision
    actions: list[dict[str, Any]] = []
    if seat is not None and d is not None and d.player == seat:
        for a in d.options:
            actions.append({"text": a.text, "gloss": option_gloss(game, a, lang, view), "refs": refs(a)})
    rest = dumps({
        "prompt": prompt_text(game, state, view, events, seat, lang),
        "actions": actions,
        "over": state.over,
        "result": result_text(game, state, seat, lang),
        "last_by": last_by,
    })
    return f'{{"type":"state","seq":{len(state.history)},"view":{view_json},{rest[1:-1]}'


def finish(head: str, cards: str, log_from: int, lines: Iterable[str]) -> str:
    """A whole ``state`` message: ``head`` (:func:`state_head`) with its ``cards`` (JSON text of
    :func:`cards_json`), ``log_from`` and the log lines from that index on (each :func:`line_json`)."""
    return f'{head},"cards":{cards},"log_from":{log_from},"log":[{",".join(lines)}]}}'


def state_message(game: Game, state: State, seat: int | None, lang: str) -> dict[str, Any]:
    """The whole ``state`` message (``log_from`` 0: the whole log and every card of the view), built
    from scratch: what a room sends to a connection that joins (it builds the text from its caches)."""
    view = state.view(seat)
    events = state.log_view(seat)
    starts, movers = action_marks(state)
    acts = [bisect_right(starts, i) - 1 for i, e in enumerate(state.log) if e.visible_to(seat)]
    cards = cards_json(game, card_ids(view, game.cdb), lang, {})
    head = state_head(game, state, seat, lang, view, dumps(view), events, movers[-1] if movers else None)
    lines = map(dumps, line_entries(game, events, acts, seat, lang))
    msg: dict[str, Any] = json.loads(finish(head, cards, 0, lines))
    return msg


# ---------------------------------------------------------------------- which action logged what
def mover(action: str, player: int | None) -> int | None:
    """The seat that chose ``action`` (history text) where ``player`` was to decide: a concession
    names its own seat (``concede 1``)."""
    words = action.split()
    if len(words) == 2 and words[0] == "concede" and words[1] in ("0", "1"):
        return int(words[1])
    return player


def marked_replay(rec: Record) -> tuple[State, tuple[list[int], list[int | None]]]:
    """``replay(rec)`` (hashes checked), with the action marks (:func:`action_marks`) taken on the way."""
    starts: list[int] = []
    movers: list[int | None] = []
    st: State | None = None
    for _, _, s in iter_replay(rec):
        st = s
        if len(starts) < len(rec.actions):  # the state before the next action
            starts.append(len(s.log))
            movers.append(mover(rec.actions[len(movers)], s.decision.player if s.decision is not None else None))
    assert st is not None
    return st, (starts, movers)


def action_marks(state: State) -> tuple[list[int], list[int | None]]:
    """For each action of ``state.history``: the index in ``state.log`` where its events begin, and
    the seat that chose it — found by replaying the game's record (a new room whose start the
    engine answered already; a room rebuilt from the database gets them from its replay)."""
    if not state.history:
        return [], []
    return marked_replay(state.record())[1]


def player_name(agent_spec: str | None, seat: int, lang: str) -> str:
    if agent_spec is None:
        return f"P{seat}"
    return f"AI ({agent_spec})"


__all__ = [
    "LANGS",
    "MAX_MESSAGE",
    "RATE",
    "Malformed",
    "action_marks",
    "card_entry",
    "card_ids",
    "card_ids_json",
    "card_name",
    "cards_json",
    "cards_table",
    "dumps",
    "finish",
    "line_entries",
    "line_json",
    "log_lines",
    "marked_replay",
    "mover",
    "parse_join",
    "parse_message",
    "reason",
    "refs",
    "state_head",
    "state_message",
]
