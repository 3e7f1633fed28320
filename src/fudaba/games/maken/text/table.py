"""The pieces of the table (seat lines, top card, situation) and ``info`` (``inspect``); ``screen.render``
puts them together."""

from __future__ import annotations

from typing import Any

from ....core.text import WIDTH, display_width, wrap_items
from .words import _OPT, SITUATION, SPACE, _lang, _name, _names, card_text

# ------------------------------------------------------------------------------------------- the table
_DOT = " · "
_SEP = {"en": ", ", "ja": "、"}

_LABEL = {
    "en": {"turn": "Turn", "tp": "TP", "you": "you", "spectator": "spectator", "hand": "hand", "lp": "LP",
           "stamina": "stamina", "gauge": "gauge", "dust": "dust", "top": "top", "damage": "damage",
           "draw": "draw limit", "supports": "supports", "field": "field", "guard": "guard", "none": "—",
           "down": "face down", "open": "opened", "decision": "decision", "over": "Game over", "sit": "situation",
           "judge": "judge", "speed": "speed", "reach": "reach", "atk": "attack", "grd": "guard",
           "ung": "unguardable", "support": "support", "no_cards": "no cards yet", "deciding": "is deciding",
           "empty_field": "empty (speed 0, reach 0)"},
    "ja": {"turn": "ターン", "tp": "TP", "you": "あなた", "spectator": "観戦", "hand": "手札", "lp": "LP",
           "stamina": "スタミナ", "gauge": "ゲージ", "dust": "ダスト", "top": "一番上", "damage": "ダメージ",
           "draw": "ドロー上限", "supports": "補助", "field": "アタックフィールド", "guard": "ガード", "none": "なし",
           "down": "裏向き", "open": "オープン", "decision": "選択", "over": "ゲーム終了", "sit": "状況",
           "judge": "ジャッジ", "speed": "速度", "reach": "間合", "atk": "攻撃値", "grd": "ガード難易度",
           "ung": "ガード不可", "support": "補助カード", "no_cards": "まだカードなし", "deciding": "が選択中",
           "empty_field": "なし (速度0・間合0)"},
}
#: the judge under way, by its kind: whose result it is (``{p}``)
_JUDGE = {"en": {"clean_hit": "P{p}'s clean hit", "trade": "a trade (P{p} called)", "guard_holds": "P{p}'s guard holds",
                 "gb": "P{p}'s guard break (GB)", "gc": "P{p}'s guard cancel (GC)"},
          "ja": {"clean_hit": "P{p}の直撃", "trade": "相打 (P{p}のコール)", "guard_holds": "P{p}のガード成立",
                 "gb": "P{p}のGB(ガードブレイク)成立", "gc": "P{p}のGC(ガードキャンセル)成立"}}


def _unit_text(game: Any, u: dict[str, Any], lg: str) -> str:
    """A bet on the field: ``紅葉狩 Maple Hunt ×2 [speed]`` (a double attack), ``(attack +2)`` (on_bet)."""
    nm = _name(game, u.get("card"), lg)
    n = u.get("n", 1)
    if n > 1:
        nm += ("" if lg == "ja" else " ") + f"×{n} [" + ",".join(_OPT[lg].get(o, o) for o in u.get("opts", [])) + "]"
    for st, v in (u.get("mods") or {}).items():
        nm += f" ({_OPT[lg].get(st, st)} {v:+d})" if lg == "en" else f"({_OPT[lg].get(st, st)}{v:+d})"
    return nm


def _top_items(top: dict[str, Any], lg: str) -> list[str]:
    """The compared values of a top card (effective): speed, reach front/back, attack, guard
    difficulty, posture, unguardable postures."""
    L = _LABEL[lg]
    ung = _SEP[lg].join(SPACE[lg][u] for u in top.get("unguardable", []))
    sp = "" if lg == "ja" else " "
    return [f"{L['speed']}{sp}{top['speed']}", f"{L['reach']}{sp}{top['reach_front']}/{top['reach_back']}",
            f"{L['atk']}{sp}{top['attack']}", f"{L['grd']}{sp}{top['guard']}", SPACE[lg].get(top["posture"], "?"),
            f"{L['ung']}: {ung or L['none']}"]


def top_text(side: dict[str, Any], lg: str, game: Any = None) -> str:
    """The compared values of a seat's top card (effective), from ``table["players"][p]``; with
    ``game``, the card's name first."""
    L = _LABEL[lg]
    top = side.get("top")
    if top is None:
        return f"{L['none']} ({L['speed']} 0)" if lg == "en" else f"{L['none']} ({L['speed']}0)"
    nm = f"{_name(game, side['field'][-1]['card'], lg)}: " if game is not None and side.get("field") else ""
    return nm + _DOT.join(_top_items(top, lg))


def _guard_head_items(game: Any, g: dict[str, Any], lg: str) -> tuple[str, list[str]]:
    """A guard space (§6.2.2) as a heading and items: the cards the viewer sees by name (its owner:
    all, marked face down in the heading), the others as a count; a card opened by a GC by name."""
    L = _LABEL[lg]
    sp = SPACE[lg].get(g.get("space") or "", "?")
    cards = g.get("cards") or []
    if not cards:
        return f"{L['guard']} ({sp}): ", [L["no_cards"]]
    opened = bool(g.get("open"))
    down = len(cards) - (1 if opened else 0)
    cnt = f"{down} face down" if lg == "en" else f"裏向き{down}枚"
    named = [_name(game, c, lg) for c in cards if c]
    if opened:
        named[-1] += f" ({L['open']})"
    if not all(cards):  # another's face-down cards: a count
        return f"{L['guard']} ({sp}): ", [cnt, *named]
    if not down:  # only the card a GC opened
        return f"{L['guard']} ({sp}): ", named
    return (f"{L['guard']} ({sp}, {cnt}): " if lg == "en" else f"{L['guard']} ({sp}、{cnt}): "), named


def _fold(line: str) -> list[str]:
    """A line wider than ``WIDTH`` broken at spaces, the rest indented under its start (+4)."""
    if display_width(line) <= WIDTH:
        return [line]
    lead = line[:len(line) - len(line.lstrip())]
    return wrap_items(lead, line.strip().split(" "), " ", indent=len(lead) + 4)


def _dust_item(game: Any, view: dict[str, Any], p: int, lg: str) -> str:
    """The dust count and its top card with its posture (the guard type an empty field follows, 注7)."""
    L = _LABEL[lg]
    side = view["table"]["players"][p]
    pile = view["players"][p].get("discard") or []
    n = side["dust_count"]
    if not pile:
        return f"{L['dust']}{n}" if lg == "ja" else f"{L['dust']} {n}"
    post = side.get("dust_top_posture")
    what = SPACE[lg][post] if post else L["support"]
    top = pile[-1]
    if lg == "ja":
        return f"{L['dust']}{n} ({L['top']}: {_name(game, top, lg)}、{what})"
    return f"{L['dust']} {n} ({L['top']}: {_name(game, top, lg)}, {what})"


def _seat_lines(game: Any, view: dict[str, Any], p: int, lg: str) -> list[str]:
    """One player: character and counts; dust (its top's posture) and draw limit; supports; the attack
    field with its top card's values; the guard space; the hand when the viewer sees it."""
    L = _LABEL[lg]
    ja = lg == "ja"
    you = view.get("seat")
    tb = view["table"]
    side = tb["players"][p]
    pl = view["players"][p]
    tag = f"P{p}" + (f" ({L['you']})" if p == you else "")
    sp = "" if ja else " "
    counts = [f"{L['lp']}{sp}{side['lp_count']}", f"{L['stamina']}{sp}{side['stamina_count']}",
              f"{L['gauge']}{sp}{side['gauge_count']}/{tb['gauge_max']}",
              f"{L['damage']}{sp}{side['damage_count']}/{tb['down_damage']}", f"{L['hand']}{sp}{pl['hand_count']}"]
    out = wrap_items(f"{tag} {_name(game, side['character'], lg)} — ", counts, _DOT, indent=2)
    out += wrap_items("  ", [_dust_item(game, view, p, lg), f"{L['draw']}{sp}{side['draw_limit']}"], _DOT, indent=4)
    if side["supports"]:
        lim = int(game.params.get("support_limit", 0))
        head = f"  {L['supports']}{sp}{len(side['supports'])}" + (f"/{lim}" if lim else "") + ": "
        out += wrap_items(head, [_name(game, c, lg) for c in side["supports"]], _SEP[lg])
    g = side["guard"]
    if view["phase"] == "attack" or side["field"] or g["count"]:
        if side["field"]:
            out += wrap_items(f"  {L['field']}: ", [_unit_text(game, u, lg) for u in side["field"]], " → ")
            if side["top"] is not None:
                out += wrap_items(f"    {L['top']}: ", _top_items(side["top"], lg), _DOT)
        elif side.get("situation") != "guarding":
            out.append(f"  {L['field']}: {L['empty_field']}")
        if g["count"] or g["space"]:
            head, items = _guard_head_items(game, g, lg)
            out += wrap_items("  " + head, items, " → ")
    if "hand" in pl:
        hand = [f"{c} {_name(game, c, lg)}" for c in pl["hand"]] or [L["none"]]
        out += wrap_items(f"  {L['hand']}: ", hand, "、" if ja else ", ")
    return out


def _situation_line(view: dict[str, Any], lg: str) -> str:
    """§1 situations: both even (right after the FB: the TP's first bet), or who forces a guard and
    who guards."""
    L = _LABEL[lg]
    sides = view["table"]["players"]
    sit = [s.get("situation") for s in sides]
    if sit == ["even", "even"]:
        text = SITUATION[lg]["even"]
        if view["table"].get("after_fb"):
            a = view.get("active")
            text += f" (P{a}のFB直後)" if lg == "ja" else f" — right after P{a}'s first bet"
        return f"{L['sit']}: {text}"
    parts = [f"P{p} {SITUATION[lg][s]}" for p, s in enumerate(sit) if s]
    return f"{L['sit']}: " + _SEP[lg].join(parts)


# ------------------------------------------------------------------------------------------- info
_ZONES = {"field": "field", "フィールド": "field", "guard": "guard", "ガード": "guard", "dust": "dust", "ダスト": "dust",
          "discard": "dust", "supports": "supports", "support": "supports", "補助": "supports", "character": "character",
          "キャラ": "character", "hand": "hand", "手札": "hand"}


def inspect(game: Any, view: dict[str, Any], token: str, lang: str = "en") -> str | None:
    """``info TOKEN``: a card id/name, or a place the viewer sees: ``field``, ``guard``, ``dust``,
    ``supports``, ``character``, ``hand`` (own), and the opponent's with ``x`` (``xfield``, …)."""
    lg = _lang(lang)
    ja = lg == "ja"
    t = token.strip()
    c = game.cards.find(t)
    if c is not None:
        return card_text(game, c.id, lg)
    you = view.get("seat")
    viewer = you if you in (0, 1) else 0
    side = viewer
    body = t
    if t[:1] in ("x", "X") and t[1:].lower() in _ZONES:
        side, body = 1 - viewer, t[1:]
    zone = _ZONES.get(body.lower())
    if zone is None:
        return None
    L = _LABEL[lg]
    pl = view["players"][side]
    tb = view["table"]["players"][side]
    who = f"P{side}"
    if zone == "character":
        return card_text(game, tb["character"], lg)
    if zone == "hand":
        if "hand" not in pl:
            return None
        return f"{who} {L['hand']}: " + (_names(game, pl["hand"], lg) or L["none"])
    if zone == "dust":
        ids = list(reversed(pl["discard"]))  # top first
        head = f"{who}の{L['dust']} ({len(ids)}枚、一番上から)" if ja else f"{who}'s {L['dust']} ({len(ids)}, top first)"
        return head + ("\n" + "\n".join(f"  {c} {_name(game, c, lg)}" for c in ids) if ids else "")
    if zone == "supports":
        ids = tb["supports"]
        head = f"{who}の{L['supports']} ({len(ids)}枚)" if ja else f"{who}'s {L['supports']} ({len(ids)})"
        return head + ("\n" + "\n".join(f"  {c} {_name(game, c, lg)}" for c in ids) if ids else "")
    if zone == "field":
        units = [_unit_text(game, u, lg) for u in tb["field"]]
        head = f"{who} {L['field']}: " + (" → ".join(units) or L["none"])
        return head + f"\n  {L['top']}: {top_text(tb, lg, game)}"
    g = tb["guard"]
    if not g["count"]:
        return f"{who} {L['guard']}: {L['none']}"
    gh, items = _guard_head_items(game, g, lg)
    return f"{who} {gh}" + " → ".join(items)
