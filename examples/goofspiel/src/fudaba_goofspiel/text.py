"""Goofspiel's text for people, in ``en`` and ``ja`` (docs/core.md, *Text for people*): log lines
(``describe``), the table (``render``), what a bid asks (``prompt``), option glosses, ``info``
lookups, card text and facts, results. Everything is read from views and event views, never from a
state: a bid is named only where the event shows it (to the seat that made it, until the reveal).
"""

from __future__ import annotations

import re
from typing import Any

from fudaba.core.text import wrap_items

from .cards import SUIT_NAME, SYMBOL, rank_word

W = {
    "en": {
        "setup": "The {n} prizes (♦A to ♦{top}) are shuffled face down. Equal bids: {ties}.",
        "discard": "the prize is discarded", "carry": "the prize carries over to the next round",
        "prize": "Round {r}: the prize {card} ({v} points) is turned up.",
        "pot": " The pot holds {cards}: {v} points.",
        "pick_own": "P{p} bids {card} face down.", "pick": "P{p} has bid, face down.",
        "reveal": "Bids revealed: P0 {b0}, P1 {b1}.",
        "win": "P{p} wins {cards} ({v} points). Score: P0 {s0}, P1 {s1}.",
        "tie_discard": "Equal bids: {cards} is discarded; no one scores.",
        "tie_carry": "Equal bids: {cards} stays up for the next round ({v} points).",
        "unclaimed": "{cards} is left in the pot: no one wins it.",
        "concede": "P{p} concedes.", "over": "Game over ({why}).",
        "final": "Final score: P0 {s0} points, P1 {s1} points.",
        "title": "Goofspiel — round {r} of {n} (equal bids: {ties})",
        "up": "Prize up: {cards} — {v} points", "none_up": "No prize up.",
        "left": "Prizes face down: {n}", "lost": "Won by no one: ", "you": " (you)",
        "points": "{n} points", "won": "  won: ", "hand": "  hand: ", "played": "  bid: ", "empty": "—",
        "picked": "Bid already, face down: {who}.", "deciding": "P{p} is bidding.",
        "ask": "Round {r} of {n} — prize {card} ({v} points){pot}. Bid one card face down: "
               "bid RANK (bid 7, bid q) or the card's number in the list.{others}",
        "ask_pot": "; the pot holds {v} points", "ask_other": " P{p} has bid already.",
        "beats": "beats {k} of P{o}'s {n} cards",
        "card": "{short} {name}: {role}.",
        "role_bid": "a bidding card of the {suit} hand, value {v}", "role_prize": "a prize, worth {v} points",
        "higher total": "on points", "equal totals": "equal points",
    },
    "ja": {
        "setup": "賞品{n}枚 (♦Aから♦{top}) を裏向きに切る。同じ値の入札: {ties}。",
        "discard": "賞品は捨て札", "carry": "賞品は次のラウンドに持ち越し",
        "prize": "ラウンド{r}: 賞品{card} ({v}点) を表にする。",
        "pot": "場の賞品は{cards}、計{v}点。",
        "pick_own": "P{p}が{card}を伏せて入札。", "pick": "P{p}が入札した (伏せ札)。",
        "reveal": "入札を公開: P0 {b0}、P1 {b1}。",
        "win": "P{p}が{cards}を獲得 ({v}点)。得点: P0 {s0}、P1 {s1}。",
        "tie_discard": "同じ値: {cards}は捨て札。得点なし。",
        "tie_carry": "同じ値: {cards}は次のラウンドに持ち越し ({v}点)。",
        "unclaimed": "場に残った{cards}は誰のものにもならない。",
        "concede": "P{p}が投了。", "over": "ゲーム終了 ({why})。",
        "final": "最終得点: P0 {s0}点、P1 {s1}点。",
        "title": "ゴフシュピール — ラウンド{r}/{n} (同じ値の入札: {ties})",
        "up": "表の賞品: {cards} — {v}点", "none_up": "表の賞品なし。",
        "left": "裏向きの賞品: {n}枚", "lost": "誰のものでもない賞品: ", "you": " (あなた)",
        "points": "{n}点", "won": "  獲得: ", "hand": "  手札: ", "played": "  入札済み: ", "empty": "なし",
        "picked": "入札済み (伏せ札): {who}。", "deciding": "P{p}が入札中。",
        "ask": "ラウンド{r}/{n} — 賞品{card} ({v}点){pot}。手札から1枚を伏せて入札: "
               "bid ランク (bid 7、bid q) か、一覧の番号。{others}",
        "ask_pot": "、場の賞品は計{v}点", "ask_other": "P{p}は入札済み。",
        "beats": "P{o}の残り{n}枚中{k}枚に勝つ",
        "card": "{short} {name}: {role}。",
        "role_bid": "{suit}の手札 (入札用)、値{v}", "role_prize": "賞品、{v}点",
        "higher total": "得点差", "equal totals": "同点",
    },
}


def _w(lang: str) -> dict[str, str]:
    return W["ja" if lang.lower().startswith("ja") else "en"]


_ONE_POINTS = re.compile(r"(?<![\d.])1 points")


def say(lang: str, key: str, **kw: Any) -> str:
    """The phrase ``key`` in ``lang`` with its blanks filled (English: "1 point", not "1 points")."""
    return _ONE_POINTS.sub("1 point", _w(lang)[key].format(**kw))


def short(game: Any, cid: Any) -> str:
    """A card as the table shows it: ``♦Q``."""
    c = game.cdb.get(cid) if isinstance(cid, str) else None
    return str(c.short_name) if c is not None else "?"


def shorts(game: Any, ids: Any, empty: str = "") -> str:
    return " ".join(short(game, c) for c in ids or []) or empty


def worth(game: Any, ids: Any) -> int:
    return sum(int(game.cdb[c].value) for c in ids or [] if c in game.cdb)


def _bid_card(action: Any) -> str:
    """The card of a bid's notation (``bid GOF-H07``)."""
    parts = str(action or "").split()
    return parts[1] if len(parts) == 2 else ""


def describe(game: Any, ev: dict[str, Any], lang: str = "en") -> str:
    """One log line for an event view ("" for an event nobody needs to read)."""
    L, k, p = _w(lang), ev.get("kind"), ev.get("player")
    if k == "setup":
        return say(lang, "setup", n=ev.get("rounds"), top=rank_word(int(ev.get("rounds", 0))),
                                 ties=L.get(str(ev.get("ties")), ev.get("ties")))
    if k == "prize":
        pot = ev.get("pot") or []
        extra = say(lang, "pot", cards=shorts(game, pot), v=worth(game, pot)) if len(pot) > 1 else ""
        return say(lang, "prize", r=ev.get("round"), card=short(game, ev.get("card")), v=worth(game, [ev.get("card")])) + extra
    if k == "pick":
        cid = _bid_card(ev.get("action"))
        return say(lang, "pick_own", p=p, card=short(game, cid)) if cid else say(lang, "pick", p=p)
    if k == "reveal":
        picks = ev.get("picks") or {}
        return say(lang, "reveal", b0=short(game, _bid_card(picks.get("0"))), b1=short(game, _bid_card(picks.get("1"))))
    if k == "round":
        cards, v, s = shorts(game, ev.get("prizes")), ev.get("worth"), ev.get("points") or [0, 0]
        if ev.get("winner") in (0, 1):
            return say(lang, "win", p=ev["winner"], cards=cards, v=v, s0=s[0], s1=s[1])
        return say(lang, "tie_carry" if ev.get("tie") == "carry" else "tie_discard", cards=cards, v=v)
    if k == "unclaimed":
        return say(lang, "unclaimed", cards=shorts(game, ev.get("prizes")))
    if k == "auto":  # a last card bid by the engine: its ``pick`` line says it
        return ""
    if k == "concede":
        return say(lang, "concede", p=p)
    if k == "game_over":
        return say(lang, "over", why=result_text(str(ev.get("result", "")), lang))
    if k == "final":
        s = ev.get("points") or ["?", "?"]
        return say(lang, "final", s0=s[0], s1=s[1])
    return ""


def render(game: Any, view: dict[str, Any], lang: str = "en") -> str:
    """The table as plain text, from a view."""
    L = _w(lang)
    tb, me = view["table"], view.get("seat")
    ties = L.get(str(tb.get("ties")), tb.get("ties"))
    out = [say(lang, "title", r=view["turn"], n=tb["rounds"], ties=ties)]
    pot = tb.get("pot") or []
    out.append(say(lang, "up", cards=shorts(game, pot), v=tb.get("pot_value")) if pot else L["none_up"])
    out.append(say(lang, "left", n=tb.get("prizes_left")))
    if tb.get("lost"):
        out.append(L["lost"] + shorts(game, tb["lost"]))
    for p in (0, 1) if me is None else (1 - me, me):
        pl, side = view["players"][p], tb["players"][p]
        out.append(f"P{p}{L['you'] if p == me else ''}: " + say(lang, "points", n=side["points"]))
        out += wrap_items(L["won"], [short(game, c) for c in side["won"]] or [L["empty"]], " ")
        if "hand" in pl:
            out += wrap_items(L["hand"], [short(game, c) for c in pl["hand"]] or [L["empty"]], " ")
        out += wrap_items(L["played"], [short(game, c) for c in pl["discard"]] or [L["empty"]], " ")
    d = view.get("decision")
    if isinstance(d, dict) and not view.get("over"):
        if d.get("picked"):
            out.append(say(lang, "picked", who=", ".join(f"P{s}" for s in d["picked"])))
        if d.get("player") != me:
            out.append(say(lang, "deciding", p=d.get("player")))
    return "\n".join(out)


def prompt(game: Any, view: dict[str, Any], lang: str = "en", log: list[dict[str, Any]] | None = None) -> str:
    """What a bid asks, for the seat bidding."""
    d, tb = view.get("decision"), view["table"]
    if not isinstance(d, dict) or d.get("player") != view.get("seat") or not tb.get("pot"):
        return ""
    pot = tb["pot"]
    others = "".join(say(lang, "ask_other", p=s) for s in d.get("picked") or [] if s != view.get("seat"))
    extra = say(lang, "ask_pot", v=tb["pot_value"]) if len(pot) > 1 else ""
    return say(lang, "ask", r=view["turn"], n=tb["rounds"], card=short(game, pot[-1]), v=worth(game, pot[-1:]),
                           pot=extra, others=others)


def option_gloss(game: Any, view: dict[str, Any], action: str, lang: str = "en") -> str:
    """A bid's chances: how many of the other seat's cards it beats."""
    me, cid = view.get("seat"), _bid_card(action)
    if me not in (0, 1) or cid not in game.cdb:
        return ""
    theirs = view["players"][1 - me].get("hand", [])
    v = game.cdb[cid].value
    beaten = sum(1 for c in theirs if game.cdb[c].value < v)
    return say(lang, "beats", k=beaten, o=1 - me, n=len(theirs))


PLACES = {"hand": "hand", "played": "discard", "won": "won"}


def inspect(game: Any, view: dict[str, Any], token: str, lang: str = "en") -> str | None:
    """``info X``: a card (id, name, ``♥7``), or a pile the viewer sees: ``hand``, ``played``,
    ``won`` (``x``: the other seat's), ``pot``, ``lost``."""
    t = token.strip()
    c = game.cards.find(t)
    if c is not None:
        return card_text(game, c.id, lang)
    low, tb = t.lower(), view["table"]
    if low in ("pot", "lost"):
        return f"{low}: {shorts(game, tb.get(low), _w(lang)['empty'])}"
    me = int(view.get("seat") or 0)  # a spectator reads seat 0's piles as its own
    side, body = (1 - me, low[1:]) if low[:1] == "x" and low[1:] in PLACES else (me, low)
    key = PLACES.get(body)
    if key is None:
        return None
    ids = tb["players"][side]["won"] if key == "won" else view["players"][side].get(key)
    return None if ids is None else f"P{side} {body}: {shorts(game, ids, _w(lang)['empty'])}"


def card_text(game: Any, card_id: str, lang: str = "en") -> str:
    """A card's text: its short form, name, role and value."""
    c = game.cards.find(card_id)
    if c is None:
        return card_id
    lg = "ja" if lang.lower().startswith("ja") else "en"
    role = (say(lang, "role_prize", v=c.value) if c.suit == "diamonds"
            else say(lang, "role_bid", suit=SUIT_NAME[lg][c.suit], v=c.value))
    return say(lang, "card", short=c.short_name, name=c.name if lg == "ja" else c.name_en, role=role)


def card_facts(game: Any, card_id: str) -> dict[str, Any]:
    """A card's printed facts, for a page that draws it: suit, symbol, value, short form."""
    c = game.cdb.get(card_id)
    if c is None:
        return {}
    return {"suit": c.suit, "symbol": SYMBOL[c.suit], "value": c.value, "short": c.short_name}


def result_text(result: str, lang: str = "en") -> str:
    """How the game ended (§4: ``higher total``, ``equal totals``; a concession) in words."""
    if result in ("higher total", "equal totals"):
        return _w(lang)[result]
    if lang.lower().startswith("ja") and result.startswith("player ") and result.endswith(" conceded"):
        return f"P{result.split()[1]}の投了"
    return result
