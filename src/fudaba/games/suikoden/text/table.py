"""The table (``render``) and ``info`` (``inspect``): places named relative to the viewer (§13)."""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Any

from ....core.text import WIDTH, display_width, wrap_items
from ..cards import STAT_JA

if TYPE_CHECKING:
    from ..game import SuikodenGame
from .words import (
    _DOT,
    _DUR,
    _SEP,
    _STAT,
    _card,
    _lang,
    _mission_head,
    _name,
    _over_line,
    _rel,
    _seat,
    _signed,
    _stats,
    card_text,
)

# ------------------------------------------------------------------------------------------- the table
_L = {
    "en": {"turn": "Turn", "turn_of": "{p}'s turn", "first": "{p} went first", "wins": "{n} VP wins",
           "you": " (you)", "mm": "mastermind", "none": "none", "vp": "VP", "built": "built", "hand": "hand",
           "limit": "limit", "deck": "deck", "discard": "discard", "returned": "returned (mulligan)",
           "support": "support", "links": "links", "nobody": "none deployed",
           "garrison": "garrison", "no_garrison": "no garrison", "resolved_of": "{p}'s mission",
           "built_fac": "built", "your_hand": "Your hand", "your_returned": "Returned (mulligan)",
           "decides": "{p} decides: {k}", "deciding": "{p} is deciding", "your_decision": "Your decision: {k}",
           "no_missions": "no unresolved missions", "meets": "✓", "pairs_only": "pairs only: cannot garrison",
           "build": "build", "block": "block", "effects": "effects", "characters": "characters",
           "printed": "printed", "rune_used": "rune used", "empty": "(empty)",
           "spectator": "spectator: places as P0 names them"},
    "ja": {"turn": "ターン", "turn_of": "手番{p}", "first": "先攻{p}", "wins": "{n}VPで勝利",
           "you": "(あなた)", "mm": "総大将", "none": "なし", "vp": "VP", "built": "建設済み", "hand": "手札",
           "limit": "上限", "deck": "山札", "discard": "捨て場", "returned": "マリガンで戻した札",
           "support": "サポート", "links": "リンク", "nobody": "派遣なし",
           "garrison": "駐留", "no_garrison": "駐留なし", "resolved_of": "{p}のミッション",
           "built_fac": "建設済み", "your_hand": "あなたの手札", "your_returned": "マリガンで戻した札",
           "decides": "{p}の選択: {k}", "deciding": "{p}が選択中", "your_decision": "あなたの選択: {k}",
           "no_missions": "未解決のミッションなし", "meets": "✓", "pairs_only": "ペアのみ: 駐留できない",
           "build": "建設", "block": "阻止", "effects": "効果", "characters": "キャラクター",
           "printed": "記載", "rune_used": "紋章使用済み", "empty": "(なし)",
           "spectator": "観戦: 場所はP0から見た名前"},
}
_PHASE = {"en": {}, "ja": {"mulligan": "マリガン", "main": "メインフェイズ", "battle": "バトル", "replenish": "補充フェイズ",
                           "setup": "準備", "over": "終了"}}
def _can_garrison(game: SuikodenGame, col: list[dict[str, Any]]) -> bool:
    """§7.1: a deployed non-pair character."""
    return any((c := _card(game, d.get("card"))) is not None and not c.pair for d in col)


def _column_total(game: SuikodenGame, m: dict[str, Any], q: int, owner: int, lg: str) -> str:
    """What seat ``q``'s column adds up to against the mission's value (§7.2–7.4): ``atk 6/7 ✓``;
    a facility: the owner's con against build, the other's atk against block; troops: mil."""
    L = _L[lg]
    kind = m.get("kind")
    tot = m["totals"][q]
    col = m["columns"][q]
    if kind == "facility":
        stat, goal = ("con", m.get("value", 0)) if q == owner else ("atk", m.get("block") or 0)
        what = L["build"] if q == owner else L["block"]
    elif kind == "troops":
        stat, goal, what = "mil", m.get("value", 0), ""
    elif kind == "attack":
        stat, goal, what = "atk", m.get("value", 0), ""
    else:
        return ""
    have = int(tot.get(stat, 0))
    text = f"{_STAT[lg][stat]} {have}/{goal}" + (f" ({what})" if what else "")
    summed = sum(int(d.get(stat, 0)) for d in col)
    if summed != have:  # modify_total effects (a support's, a mastermind's): say so
        text += f" ({L['characters']} {summed}{_SEP[lg]}{L['effects']} {_signed(have - summed)})"
    if have >= goal and col:
        needs_garrison = kind != "facility" or q == owner
        if needs_garrison and not _can_garrison(game, col):
            text += f" ({L['pairs_only']})"
        elif kind != "troops":
            text += f" {L['meets']}"
    return text


def _pad(text: str, cols: int) -> str:
    return text + " " * max(0, cols - display_width(text))


def _dep_line(game: SuikodenGame, d: dict[str, Any], label: str, lg: str) -> str:
    """A deployed character after its place and name (``label``, padded): links, current atk/mil/con,
    the printed values when they differ, a used rune."""
    L = _L[lg]
    cid = d.get("card")
    c = _card(game, cid)
    now = _stats(d.get("atk"), d.get("mil"), d.get("con"))
    line = f"{label} {_pad(d.get('links') or '—', 5)} {now}"
    if c is not None:  # what effects change now, against the printed values
        delta = [f"{_STAT[lg][k]}{_signed(int(d.get(k, 0)) - getattr(c, k))}" for k in ("atk", "mil", "con")
                 if int(d.get(k, 0)) != getattr(c, k)]
        if delta:
            line += f" ({' '.join(delta)})"
    if d.get("rune_used"):
        line += f" [{L['rune_used']}]"
    return line.rstrip()


def _mission_lines(game: SuikodenGame, m: dict[str, Any], owner: int, viewer: int | None, lg: str,
                   indent: str = "  ") -> list[str]:
    """One unresolved mission or facility: its slot (relative to the viewer), card, type and value, VP
    pair, support; then both columns (the owner's first) with links L(p, m), every character's place,
    name, links and current values, and the totals against the value."""
    L = _L[lg]
    slot = _rel(owner, str(m.get("slot")), viewer)
    cid = m.get("card")
    c = _card(game, cid)
    out = [f"{indent}{slot} {_name(game, cid, lg)} — " + (_mission_head(c, lg) if c is not None else str(m.get("kind")))]
    if m.get("support"):
        out.append(f"{indent}  {L['support']}: {_name(game, m['support'], lg)}")
    me = viewer if viewer in (0, 1) else 0
    if m.get("kind") == "duel":
        return out
    labels = {(q, i): f"{slot}.{'' if q == me else 'x'}{i + 1} {_name(game, d.get('card'), lg)}"
              for q in (0, 1) for i, d in enumerate(m["columns"][q])}
    cols = max((display_width(x) for x in labels.values()), default=0)
    for q in (owner, 1 - owner):
        col = m["columns"][q]
        tag = _seat(q) + (L["you"] if q == viewer else "")
        if not col:
            out.append(f"{indent}  {tag}: {L['nobody']}")
            continue
        tot = _column_total(game, m, q, owner, lg)
        out.append(f"{indent}  {tag}{_DOT}{L['links']} {m['links'][q] or '—'}{_DOT}{tot}")
        for i, d in enumerate(col):
            out.append(f"{indent}    {_dep_line(game, d, _pad(labels[(q, i)], cols), lg)}")
    return out


def _resolved_line(game: SuikodenGame, r: dict[str, Any], side: int, viewer: int | None, lg: str,
                   indent: str = "  ") -> list[str]:
    """A card of a resolved area (``R1``, ``xR1``): whose mission it was when not this player's, a
    built facility, and its garrison on top."""
    L = _L[lg]
    me = viewer if viewer in (0, 1) else 0
    place = (str(r.get("place")) if side == me else f"x{r.get('place')}")
    cid = r.get("card")
    c = _card(game, cid)
    items = [f"{place} {_name(game, cid, lg)}"]
    notes = []
    if c is not None and c.type == "facility":
        notes.append(L["built_fac"])
    owner = r.get("owner")
    if isinstance(owner, int) and owner != side:
        notes.append(L["resolved_of"].format(p=_seat(owner)))
    if notes:
        items.append(f"({_SEP[lg].join(notes)})")
    gar = r.get("garrison")
    items.append(f"— {L['garrison']} {_name(game, gar, lg)}" if gar else f"— {L['no_garrison']}")
    return wrap_items(indent, items, " ", indent=len(indent) + 4)


def _battle_mission(view: dict[str, Any]) -> tuple[int, str, dict[str, Any] | None]:
    b = view["table"].get("battle")
    if not isinstance(b, dict):
        return -1, "", None
    o = int(b["seat"])
    m = next((x for x in view["table"]["players"][o]["missions"] if x.get("slot") == b["slot"]), None)
    return o, str(b["slot"]), m


def _pass_note(view: dict[str, Any], lg: str) -> str:
    """What a pass of the battle's actor would mean now (§7.1), when the actor is deciding its step:
    not allowed (the first step of a continue), or "both passed" (after the other's pass: an attack or
    facility stays unresolved, troops are decided). "" otherwise."""
    b = view["table"].get("battle")
    d = view.get("decision")
    if not isinstance(b, dict) or b.get("kind") == "duel" or not isinstance(d, dict):
        return ""
    actor = int(b["actor"])
    if d.get("player") != actor or d.get("kind") not in ("step", "deciding"):
        return ""
    ja = lg == "ja"
    if b.get("kind") == "continue" and int(b.get("steps", 0)) == 0:
        return "継続の最初のステップ: パスできない" if ja else "may not pass (the first step of a continue)"
    if not b.get("last_pass"):
        return ""
    o, slot_abs, m = _battle_mission(view)
    slot = _rel(o, slot_abs, view.get("seat"))
    troops = m is not None and m.get("kind") == "troops"
    if ja:
        means = "兵力判定 (損害の処理)" if troops else f"{slot}は未解決のまま残る"
        return f"{_seat(1 - actor)}がパスした: {_seat(actor)}も今パスすると両者パス — {means}"
    means = "troops are decided (casualties)" if troops else f"{slot} stays unresolved"
    return f"{_seat(1 - actor)} passed: if {_seat(actor)} passes now, both passed — {means}"


def _battle_lines(game: SuikodenGame, view: dict[str, Any], lg: str) -> list[str]:
    """The battle under way: its mission, whose step it is, and what a pass would mean now (§7.1); a
    duel: who has picked (all a view tells of a sealed pick)."""
    o, slot_abs, m = _battle_mission(view)
    if o < 0:
        return []
    b = view["table"]["battle"]
    ja = lg == "ja"
    slot = _rel(o, slot_abs, view.get("seat"))
    nm = _name(game, m["card"], lg) if m else ""
    kind = str(b.get("kind"))
    if kind == "duel":
        d = view.get("decision")
        picked = [_seat(p) for p in d.get("picked", [])] if isinstance(d, dict) else []
        if ja:
            state = ("選択済み: " + "、".join(picked)) if picked else "まだ誰も選んでいない"
            return [f"一騎打ち: {slot} {nm} — 両者が手札から1枚を裏向きに選ぶ", f"  {state}"]
        state = ("picked: " + ", ".join(picked)) if picked else "nobody has picked yet"
        return [f"Duel: {slot} {nm} — each picks a card face down", f"  {state}"]
    actor = int(b["actor"])
    steps = int(b.get("steps", 0))
    kw = {"new": ("新規", "new"), "continue": ("継続", "continue")}.get(kind, (kind, kind))
    d = view.get("decision")
    d = d if isinstance(d, dict) else {}
    dk = d.get("kind")
    if dk == "casualties":  # §7.3: both passed, the troops are being decided
        now = "損害の処理中" if ja else "troops decided: casualties"
    elif dk == "garrison":  # §7.5
        now = f"{_seat(d.get('player'))}がクリア: 駐留ステップ" if ja else f"{_seat(d.get('player'))} clears: garrison step"
    else:  # the deploy/pass step about to be taken (or an answer within it: a target, a counter)
        now = (f"ステップ{steps + 1}・{_seat(actor)}の番" if ja else f"step {steps + 1} · {_seat(actor)} to act")
    short = _name(game, m["card"], "ja") if m else ""
    for shown in (f"{slot} {nm}", f"{slot} {short}", slot):  # the mission's name when the line has room for it
        line = f"バトル: {shown} ({kw[0]})・{now}" if ja else f"Battle: {shown} ({kw[1]}) · {now}"
        if display_width(line) <= WIDTH:
            break
    note = _pass_note(view, lg)
    return [line] + ([f"  {note}"] if note else [])


def _player_lines(game: SuikodenGame, view: dict[str, Any], p: int, lg: str) -> list[str]:
    """``P0 (you): mastermind 主人公 Hero · VP 1/5 · built 0`` and, under it, the hand (with its limit),
    deck and discard counts (and a mulligan's returned count)."""
    L = _L[lg]
    tb = view["table"]
    side = tb["players"][p]
    pl = view["players"][p]
    tag = _seat(p) + (L["you"] if p == view.get("seat") else "")
    mm = side.get("mastermind")
    first = [f"{L['mm']} {_name(game, mm, lg) if mm else L['none']}",
             f"{L['vp']} {side['vp']}/{tb['vp_to_win']}", f"{L['built']} {side['built']}"]
    second = [f"{L['hand']} {pl['hand_count']} ({L['limit']} {side['hand_limit']})",
              f"{L['deck']} {pl['deck_count']}", f"{L['discard']} {len(pl['discard'])}"]
    if side.get("returned"):
        second.append(f"{L['returned']} {side['returned']}")
    return wrap_items(f"{tag}: ", first, _DOT, indent=4) + wrap_items("    ", second, _DOT, indent=4)


def render(game: SuikodenGame, view: dict[str, Any], lang: str = "en") -> str:
    """The table from a view: the header; per player (the opponent first, the viewer last) its
    mastermind, VP, built facilities, counts and hand limit, its unresolved missions (with both columns,
    links and totals against the value) and its resolved area; the battle under way; the viewer's hand;
    the pending decision. Places are named as the viewer types them (``M1``, ``xM1.x2``)."""
    lg = _lang(lang)
    ja = lg == "ja"
    L = _L[lg]
    you = view.get("seat")
    tb = view["table"]
    phase = str(view.get("phase"))
    head = [f"{L['turn']}{'' if ja else ' '}{view['turn']}", _PHASE[lg].get(phase, phase),
            L["turn_of"].format(p=_seat(view.get("active"))), L["first"].format(p=_seat(tb.get("first"))),
            L["wins"].format(n=tb["vp_to_win"])]
    out = [_DOT.join(head)]
    if you not in (0, 1):
        out.append(f"({L['spectator']})")
    order = [1 - you, you] if you in (0, 1) else [1, 0]
    for p in order:
        side = tb["players"][p]
        out.append("")
        out.extend(_player_lines(game, view, p, lg))
        for m in side["missions"]:
            out.extend(_mission_lines(game, m, p, you, lg))
        for r in side["resolved"]:
            out.extend(_resolved_line(game, r, p, you, lg))
    out.append("")
    out.extend(_battle_lines(game, view, lg))
    if you in (0, 1):
        pl = view["players"][you]
        hand = pl.get("hand")
        if hand is not None:
            items = [f"{c} {_name(game, c, lg)}" for c in hand] or [L["empty"]]
            out.extend(wrap_items(f"{L['your_hand']}: ", items, _SEP[lg], indent=2))
        ret = tb["players"][you].get("returned_cards")
        if ret:
            out.extend(wrap_items(f"{L['your_returned']}: ", [f"{c} {_name(game, c, lg)}" for c in ret], _SEP[lg],
                                  indent=2))
    if view.get("over"):
        out.append(_over_line(view, lg))
    else:
        d = view.get("decision")
        if isinstance(d, dict):
            kind = str(d.get("kind"))
            k = game.KIND_BY_NAME.get(kind)
            words = k.words(lg) if k is not None else kind  # the decision's title (its kind's)
            if d.get("player") == you:
                out.append(L["your_decision"].format(k=words))
            elif kind == "deciding":
                out.append(L["deciding"].format(p=_seat(d.get("player"))))
            else:
                out.append(L["decides"].format(p=_seat(d.get("player")), k=words))
            if d.get("options"):
                out.extend(wrap_items("  ", [f"[{i + 1}] {o}" for i, o in enumerate(d["options"])], "  "))
    while out and not out[-1]:
        out.pop()
    return "\n".join(x for ln in out for x in _fold(ln))


def _fold(line: str) -> list[str]:
    """A line wider than ``WIDTH`` broken at spaces, the rest indented under its start (+4)."""
    if display_width(line) <= WIDTH:
        return [line]
    lead = line[:len(line) - len(line.lstrip())]
    return wrap_items(lead, line.strip().split(" "), " ", indent=len(lead) + 4)


# ------------------------------------------------------------------------------------------- places
_MISSION_RE = re.compile(r"^(x?)m([0-9]{1,4})$")
_DEP_RE = re.compile(r"^(x?)m([0-9]{1,4})\.(x?)([0-9]{1,4}|s)$")
_RES_RE = re.compile(r"^(x?)r([0-9]{1,4})$")


def _find_mission(view: dict[str, Any], o: int, k: int) -> dict[str, Any] | None:
    for m in view["table"]["players"][o]["missions"]:
        if m.get("slot") == f"M{k}":
            return dict(m)
    return None


def _parse_place(view: dict[str, Any], token: str) -> tuple[str, int, int, int, str] | None:
    """``M1`` / ``xM1.x2`` / ``M1.s`` / ``R1`` relative to the viewer (a spectator reads as seat 0) →
    (kind "mission" | "dep" | "support" | "resolved", owner, slot or resolved number, column seat,
    index as text)."""
    t = unicodedata.normalize("NFKC", token).strip().lower()
    you = view.get("seat")
    me = you if you in (0, 1) else 0
    mm = _MISSION_RE.match(t)
    if mm:
        return "mission", (1 - me if mm.group(1) else me), int(mm.group(2)), -1, ""
    md = _DEP_RE.match(t)
    if md:
        o = 1 - me if md.group(1) else me
        if md.group(4) == "s":
            return "support", o, int(md.group(2)), o, "s"
        q = 1 - me if md.group(3) else me
        return "dep", o, int(md.group(2)), q, md.group(4)
    mr = _RES_RE.match(t)
    if mr:
        return "resolved", (1 - me if mr.group(1) else me), int(mr.group(2)), -1, ""
    return None


def _mods_lines(game: SuikodenGame, d: dict[str, Any], lg: str) -> list[str]:
    out = []
    for mod in d.get("mods") or []:
        a, m, c, until, by = [*list(mod), 0, 0, 0, "", ""][:5]
        deltas = [f"{STAT_JA[s] if lg == 'ja' else s} {_signed(v)}" for s, v in zip(("atk", "mil", "con"), (a, m, c),
                                                                                   strict=True) if v]
        dur = _DUR[lg].get(str(until), str(until))
        src = _name(game, by, lg) if by else ""
        if lg == "ja":
            out.append(f"  修正: {'、'.join(deltas) or '±0'} ({dur}" + (f"、{src}" if src else "") + ")")
        else:
            out.append(f"  modifier: {', '.join(deltas) or '±0'} {dur}" + (f" ({src})" if src else ""))
    return out


def _pile(game: SuikodenGame, ids: list[str], title: str, lg: str) -> str:
    n = len(ids)
    head = f"{title} ({n}枚)" if lg == "ja" else f"{title} ({n} card{'s' if n != 1 else ''})"
    return head + "".join(f"\n  {c} {_name(game, c, lg)}" for c in ids)


def inspect(game: SuikodenGame, view: dict[str, Any], token: str, lang: str = "en") -> str | None:
    """``info TOKEN``, relative to the viewer: a mission (``M1``, ``xM1``: the card and everything on
    it), a deployed character (``M1.2``, ``xM1.x1``: the card, its current values and modifiers), a
    support (``M1.s``), a resolved card (``R1``, ``xR1``: with its garrison), a discard pile
    (``discard``, ``xdiscard``), the viewer's ``hand``, a mastermind (``mastermind``,
    ``xmastermind``), or a card id/name. None for what the viewer cannot see."""
    lg = _lang(lang)
    ja = lg == "ja"
    L = _L[lg]
    you = view.get("seat")
    me = you if you in (0, 1) else 0
    t = unicodedata.normalize("NFKC", token).strip()
    low = t.lower()
    side = 1 - me if low.startswith("x") else me
    body = low[1:] if low.startswith("x") else low
    who = _seat(side)
    if body in ("discard", "捨て場"):
        return _pile(game, list(view["players"][side]["discard"]), f"{who}の捨て場" if ja else f"{who}'s discard pile", lg)
    if body in ("hand", "手札"):
        pl = view["players"][side]
        hand = pl.get("hand")
        if hand is None:
            n = pl["hand_count"]
            return f"{who}の手札: {n}枚 (非公開)" if ja else f"{who}'s hand: {n} card{'s' if n != 1 else ''} (hidden)"
        return _pile(game, list(hand), f"{who}の手札" if ja else f"{who}'s hand", lg)
    if body in ("mastermind", "総大将", "mm"):
        mm = view["table"]["players"][side].get("mastermind")
        if not mm:
            return f"{who}の総大将: なし" if ja else f"{who}'s mastermind: none"
        return card_text(game, mm, lg)
    place = _parse_place(view, t)
    if place is not None:
        kind, o, k, q, idx = place
        if kind == "resolved":
            rs = view["table"]["players"][o]["resolved"]
            if not 1 <= k <= len(rs):
                n = len(rs)
                return (f"{t}: なし ({_seat(o)}の解決済みミッション置き場は{n}枚)" if ja else
                        f"{t}: none ({_seat(o)}'s resolved area holds {n} card{'s' if n != 1 else ''})")
            r = rs[k - 1]
            lines = [" ".join(x.strip() for x in _resolved_line(game, r, o, you, lg, indent="")),
                     card_text(game, r["card"], lg)]
            if r.get("garrison"):
                lines += [f"{L['garrison']}:", card_text(game, r["garrison"], lg)]
            return "\n".join(lines)
        if not 1 <= k <= int(view["table"].get("mission_slots", 0)):
            return None
        m = _find_mission(view, o, k)
        if m is None:
            return f"{t}: 空き" if ja else f"{t}: empty"
        if kind == "mission":
            return "\n".join([*_mission_lines(game, m, o, you, lg, indent=""), card_text(game, m["card"], lg)])
        if kind == "support":
            sup = m.get("support")
            if not sup:
                return f"{t}: サポートなし" if ja else f"{t}: no support"
            slot = _rel(o, f"M{k}", you)
            return (f"{slot}のサポート (攻撃力・兵力・建設力0、リンクなし)\n" if ja else
                    f"the support of {slot} (atk/mil/con 0, no links)\n") + card_text(game, sup, lg)
        col = m["columns"][q]
        i = int(idx) - 1
        if not 0 <= i < len(col):
            return f"{t}: 空き" if ja else f"{t}: empty"
        d = col[i]
        slot = _rel(o, f"M{k}", you)
        where = (f"{t}: {slot}の{_seat(q)}の列 {i + 1}番目" if ja else f"{t}: on {slot}, {_seat(q)}'s column, #{i + 1}")
        now = _stats(d.get("atk"), d.get("mil"), d.get("con"))
        lines = [(f"{where}・現在 {now}" if ja else f"{where}, now {now}")
                 + (f" ({L['rune_used']})" if d.get("rune_used") else "")]
        lines += _mods_lines(game, d, lg)
        lines.append(card_text(game, d["card"], lg))
        return "\n".join(lines)
    c = game.cards.find(t) or game.cards.find(t.upper())
    return card_text(game, c.id, lg) if c is not None else None


