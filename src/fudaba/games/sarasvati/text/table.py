"""The table as plain text (``render``) and ``info`` (``inspect``), from views only: places named
relative to the viewer as the notation does (§11: own ``F1``, the opponent's ``xF1``; a spectator
reads them as seat 0)."""

from __future__ import annotations

from typing import Any

from ....core.actions import number
from ....core.text import wrap_items
from ..effects import parse_rel
from .words import PHASE_JA, SEP, card_name, card_text, kind_word, lang_code, result_text, who

LABEL = {
    "en": {"turn": "Turn", "phase": "phase", "active": "active", "you": "you", "hand": "hand", "deck": "deck",
           "grave": "grave", "volt": "voltage", "books": "books", "front": "front", "back": "back",
           "closed": "face down", "open": "open", "destroyed": "destroyed", "ready": "ready",
           "defenceless": "defenceless", "new": "new", "decision": "decision", "over": "Game over",
           "empty": "(none)"},
    "ja": {"turn": "ターン", "phase": "フェイズ", "active": "手番", "you": "あなた", "hand": "手札", "deck": "山札",
           "grave": "墓地", "volt": "ボルテージ", "books": "禁書", "front": "前列", "back": "後列",
           "closed": "裏", "open": "オープン", "destroyed": "破壊", "ready": "臨戦", "defenceless": "無防備",
           "new": "召喚酔い", "decision": "選択", "over": "ゲーム終了",
           "empty": "なし"},
}


def render(game: Any, view: dict[str, Any], lang: str = "en") -> str:
    """The table as plain text, from a view (the viewer's side last, at the bottom)."""
    lg = lang_code(lang)
    L = LABEL[lg]
    you = view.get("seat")
    phase = PHASE_JA.get(view["phase"], view["phase"]) if lg == "ja" else view["phase"]
    out = [f"{L['turn']} {view['turn']} · {L['phase']} {phase} · {L['active']} P{view['active']}"]
    for p in [1 - you, you] if you in (0, 1) else [1, 0]:
        out += _side_lines(game, view, p, lg)
    d = view.get("decision")
    if view.get("over"):
        w = view.get("winner")
        res = result_text(str(view.get("result") or ""), lg)
        if lg == "ja":
            out.append(f"{L['over']}: {res} — " + ("引き分け" if w is None else f"P{w}の勝ち"))
        else:
            out.append(f"{L['over']}: {res} — " + ("draw" if w is None else f"P{w} wins"))
    elif d is not None:
        out.append(f"{L['decision']}: P{d['player']} {kind_word(game, d['kind'], lg)}")
        if "options" in d:
            out.extend(wrap_items("  ", [f"[{i + 1}] {o}" for i, o in enumerate(d["options"])], "  "))
    return "\n".join(out)


def _side_lines(game: Any, view: dict[str, Any], p: int, lg: str) -> list[str]:
    """Seat ``p``'s lines: its counts, books, front and back rows, and its hand when the viewer sees it."""
    L = LABEL[lg]
    tb = view["table"]
    pl = view["players"][p]
    side = tb["players"][p]
    tag = f"P{p}" + (f" ({L['you']})" if p == view.get("seat") else "")
    v = side["voltage"]
    out = [f"{tag}  {L['hand']} {pl['hand_count']}  {L['deck']} {pl['deck_count']}  "
           f"{L['volt']} {v['untapped']}/{len(v['cards'])}  {L['grave']} {len(pl['discard'])}"]
    books = []
    for b in side["books"]:
        name = card_name(game, b["card"], lg) if b["card"] else "?"
        books.append(f"{b['place']}:{L[b['state']]}" + (f"({name})" if b["card"] else ""))
    out.extend(wrap_items(f"  {L['books']}: ", books, "  "))
    for row, letter, count in ((L["front"], "F", tb["front_slots"]), (L["back"], "B", tb["back_slots"])):
        cells = [_cell(game, f"{letter}{k}", side["slots"].get(f"{letter}{k}"), lg) for k in range(1, count + 1)]
        out.extend(wrap_items(f"  {row}: ", cells, " | "))
    if "hand" in pl:
        hand = [f"{c} {card_name(game, c, lg)}" for c in pl["hand"]] or [L["empty"]]
        out.extend(wrap_items(f"  {L['hand']}: ", hand, SEP[lg]))
    return out


def _cell(game: Any, pname: str, u: dict[str, Any] | None, lg: str) -> str:
    """One slot of a row: ``F1:Dragon Knight 4000/3000 [ready]``."""
    if u is None:
        return f"{pname}:—"
    L = LABEL[lg]
    st = L["ready"] if u["ready"] else L["defenceless"]
    extra = f" +{card_name(game, u['equip'], lg)}" if u.get("equip") else ""
    new = f" {L['new']}" if u.get("new") else ""
    return f"{pname}:{card_name(game, u['card'], lg)} {u['atk']}/{u['def']} [{st}{new}]{extra}"


_ZONE_WORDS = {"grave": "grave", "graveyard": "grave", "discard": "grave", "墓地": "grave", "voltage": "voltage",
               "ボルテージ": "voltage"}


def _zone_text(game: Any, view: dict[str, Any], side: int, zone: str, lang: str) -> str:
    """The cards of a public zone (``info grave``, ``info xvoltage``), in order."""
    lg = lang_code(lang)
    z = view["players"][side]["discard"] if zone == "grave" else view["table"]["players"][side][zone]
    ids: list[str] = list(z["cards"] if isinstance(z, dict) else z)
    whose = who(side, lg)
    label = {"grave": ("graveyard", "墓地"), "voltage": ("voltage", "ボルテージ")}[zone][lg == "ja"]
    head = f"{whose}の{label} ({len(ids)}枚)" if lg == "ja" else f"{whose}'s {label} ({len(ids)} cards)"
    if isinstance(z, dict):
        head += f", 横向き{z['tapped']}枚" if lg == "ja" else f", {z['tapped']} tapped"
    return head + ("\n" + "\n".join(f"  {c} {card_name(game, c, lg)}" for c in ids) if ids else "")


def inspect(game: Any, view: dict[str, Any], token: str, lang: str = "en") -> str | None:
    """``info TOKEN``: a card id/name, a visible place (``F1``, ``xB2``, ``K1``, ``xK3``) or a public
    zone (``grave``, ``xgrave``, ``voltage``, ``xvoltage``)."""
    c = game.cards.find(token)
    if c is not None and len(token) > 3:
        return card_text(game, c.id, lang)
    you = view.get("seat")
    viewer = you if you in (0, 1) else 0
    t = token.strip()
    side = viewer
    body = t
    if t[:1] in ("x", "X"):
        side = 1 - viewer
        body = t[1:]
    zone = _ZONE_WORDS.get(body.lower())
    if zone is not None:  # public zones: graveyard and voltage (§1)
        return _zone_text(game, view, side, zone, lang)
    if body[:1].upper() == "K" and number(body[1:], 4) is not None:
        return _book_text(game, view["table"]["players"][side]["books"], t, int(body[1:]) - 1, lang)
    tb = view["table"]
    w = parse_rel(viewer, t, tb["front_slots"], tb["front_slots"] + tb["back_slots"])
    if w is not None:
        return _slot_text(game, tb["players"][w[0]]["slots"].get(body.upper()), t, lang)
    return card_text(game, c.id, lang) if c is not None else None


def _book_text(game: Any, books: list[dict[str, Any]], t: str, k: int, lang: str) -> str | None:
    """``info K1``: the book at a K place, as far as the viewer sees it."""
    ja = lang_code(lang) == "ja"
    if not 0 <= k < len(books):
        return None
    if books[k]["state"] == "destroyed":  # §6: the book went to the graveyard
        return f"{t}: " + ("空き (禁書は破壊され、墓地にあります)" if ja
                           else "empty (its forbidden book was destroyed and is in the graveyard)")
    if books[k]["card"]:
        return card_text(game, books[k]["card"], lang) + f"\n({LABEL[lang_code(lang)][books[k]['state']]})"
    return f"{t}: " + ("裏向きの禁書 (中身は見えません)" if ja else "a face-down forbidden book (you cannot see which)")


def _slot_text(game: Any, u: dict[str, Any] | None, t: str, lang: str) -> str:
    """``info F1``: the character at a battle-zone place, its current values and its equipment."""
    if u is None:
        return f"{t}: " + ("空き" if lang_code(lang) == "ja" else "empty")
    L = LABEL[lang_code(lang)]
    now = "現在" if lang_code(lang) == "ja" else "now"
    txt = card_text(game, u["card"], lang) + f"\n{now} {u['atk']}/{u['def']}, " + (
        L["ready"] if u["ready"] else L["defenceless"])
    if u.get("equip"):
        txt += "\n" + card_text(game, u["equip"], lang)
    return txt
