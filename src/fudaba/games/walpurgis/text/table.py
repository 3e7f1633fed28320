"""The Walpurgis table for people: the 5×5 field from the viewer's side (``render``), its legend,
and ``info`` (``inspect``: a square's cards with their matrices drawn on the field, a card, a
discard pile)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ....core.text import display_width, wrap_items
from ..cards import COLS, SQ, SQ_INDEX, WCard, target_square
from .words import _PHASE_JA, _name, _state, card_text, result_text

if TYPE_CHECKING:
    from ..game import WalpurgisGame

#: the board's cell codes: owner, a colon, a state letter (lower case: face down) — ``1:r`` is P1's
#: active formation. Never a square name (squares are a digit and a letter a–e, codes carry a colon)
#: and no letter of the matrices either (C B X): s/S shot, r ready (active), z asleep (dormant),
#: U up, F firing (activating).
_SHORT = {"bullet": "s", "bullet_up": "S", "active": "r", "dormant": "z", "up": "U", "activating": "F"}


#: display columns of every line of ``render``: a 60-column terminal, minus the frame of the panel the
#: CLI draws around the board
BOARD_WIDTH = 56
CELL = 4  #: display columns of one square: a code (``0:U``) and a space
GRID = 2 + 5 * CELL  #: the field's width: the row label and five squares
#: the list of faces beside the field starts here (a space after the field)
BESIDE = GRID + 1


def _fit(text: str, cols: int) -> str:
    """``text`` cut to at most ``cols`` display columns, then padded to exactly ``cols``."""
    out = ""
    w = 0
    for ch in text:
        cw = display_width(ch)
        if w + cw > cols:
            break
        out += ch
        w += cw
    return out + " " * (cols - w)


def _code(d: dict[str, Any]) -> str:
    return f"{d['owner']}:{_SHORT.get(d['state'], '?')}"


def _cell_lines(cards: list[dict[str, Any]]) -> list[str]:
    """The lines of one square: the code of each of its cards, bottom first; ``·`` when empty."""
    if not cards:
        return [_fit(" ·", CELL)]
    return [_fit(_code(d), CELL) for d in cards]


def _beside(field: list[str], head: str, items: list[str], sep: str) -> list[str]:
    """The field's lines with the list ``head`` + ``items`` beside them, broken between items (a
    name is never cut); an item too wide to stand beside the field, and what does not fit there,
    follows on whole lines under the field."""
    mark, gap = sep.rstrip(), sep[len(sep.rstrip()):]
    room = BOARD_WIDTH - BESIDE
    rows: list[list[str]] = [[]]  # the items on each line beside the field
    under: list[str] = []
    for it in items:
        lead = display_width(head if len(rows) == 1 else "  ")
        used = sum(display_width(x + mark + gap) for x in rows[-1])
        need = display_width(it + mark)  # a mark follows it when anything comes after, under the field too
        if len(rows) <= len(field) and lead + used + need <= room:
            rows[-1].append(it)
        elif len(rows) < len(field) and 2 + need <= room:
            rows.append([it])
        else:
            under.append(it)
    if not any(rows):  # nothing fits beside the field: the list goes under it
        return [ln.rstrip() for ln in field] + wrap_items(head, items, sep, indent=2, width=BOARD_WIDTH)
    side = [(head if k == 0 else "  ") + (mark + gap).join(r) for k, r in enumerate(rows)]
    side = [t + (mark if (k < len(side) - 1 or under) and rows[k] else "") for k, t in enumerate(side)]
    below = wrap_items("  ", under, sep, indent=2, width=BOARD_WIDTH) if under else []
    out = [(f"{ln:<{GRID}} " + (side[k] if k < len(side) else "")).rstrip() for k, ln in enumerate(field)]
    return out + below


def _faces(game: WalpurgisGame, board: dict[str, Any], rows: list[int], cols: list[str], lang: str) -> list[str]:
    """The cards whose face the viewer sees, one item a card name with its squares, in the board's
    order (top row first): ``マスタースパーク 5d 1e``; a square that holds other cards too gives the
    card's code (``2b(0:S)``). Names are whole: the list breaks between items, never inside a name."""
    where: dict[str, list[str]] = {}
    for r in rows:
        for c in cols:
            cards = board[f"{r}{c}"]
            for d in cards:
                if "card" in d:
                    sq = f"{r}{c}" + (f"({_code(d)})" if len(cards) > 1 else "")
                    where.setdefault(_name(game, d["card"], lang), []).append(sq)
    return [f"{name} {' '.join(sqs)}" for name, sqs in where.items()]


#: the board's legend (``legend`` in play; every line within BOARD_WIDTH)
_LEGEND = {
    "en": ["legend: a square lists its cards bottom first as",
           "owner:state codes: s/S bullet face down/up, r active,",
           "z dormant, U face-up formation, F activating (lower",
           "case: face down). The names of the faces you see follow",
           "the board; info 3c: a square's cards and matrices.",
           ],
    "ja": ["凡例: 各マスのカードを下から 所有者:状態 で表示",
           "s/S 裏/表の弾幕、r 活動、z 休眠、U 表向きの陣、",
           "F 発動中 (小文字は裏向き)。見えるカードの名前は盤の下。",
           "info 3c でそのマスのカードとマトリクス"],
}


def legend(game: WalpurgisGame, lang: str = "en") -> str:
    """What the board's codes mean (``fudaba play`` shows it once, and on ``legend``)."""
    return "\n".join(_LEGEND["ja" if lang == "ja" else "en"])


def render(game: WalpurgisGame, view: dict[str, Any], lang: str = "en") -> str:
    """The 5×5 field from the viewer's side (seat 1 sees row 5 at the bottom), then the faces the
    viewer sees and the zones; every line at most ``BOARD_WIDTH`` display columns, one line a row of
    the field (more only where a square holds more cards than fit on a line).

    Each square lists its cards bottom first as ``owner:state`` (``_SHORT``: s/S bullet face
    down/up, r active, z dormant, U up, F activating; :func:`legend`); the names of the cards whose
    face the viewer sees follow the field, whole. ``info 3c`` shows the full cards and draws their
    matrices on the board.
    """
    ja = lang == "ja"
    seat = view.get("seat")
    flip = seat == 1
    rows = [5, 4, 3, 2, 1] if not flip else [1, 2, 3, 4, 5]
    cols = list(COLS) if not flip else list(reversed(COLS))
    tb = view["table"]
    board = tb["board"]
    field = ["  " + "".join(_fit(f" {c}", CELL) for c in cols)]
    for r in rows:
        cells = [_cell_lines(board[f"{r}{c}"]) for c in cols]
        for i in range(max(len(x) for x in cells)):
            field.append((f"{r} " if i == 0 else "  ") + "".join(x[i] if i < len(x) else " " * CELL for x in cells))
    faces = _faces(game, board, rows, cols, lang)
    out = _beside(field, "カード: " if ja else "faces: ", faces, "、" if ja else ", ") if faces else [
        ln.rstrip() for ln in field]
    turn_s = f"ターン{view['turn']} 手番P{view['active']} {_PHASE_JA.get(view['phase'], view['phase'])}" if ja else (
        f"turn {view['turn']}, P{view['active']} to play, phase {view['phase']}")
    out.append(turn_s + (" [配置済]" if tb.get("placed") and ja else " [placed]" if tb.get("placed") else "")
               + (" [発動済]" if tb.get("activated") and ja else " [activated]" if tb.get("activated") else ""))
    setup = view.get("phase") == "setup"  # the aside zone then holds the 通常弾 of setup ①
    for p in (0, 1):
        lab = f"P{p}" + ("(あなた)" if ja and p == seat else " (you)" if p == seat else "")
        pl = view["players"][p]
        side = tb["players"][p]
        aside = side["aside_count"]
        if ja:
            zones = [f"手札{pl['hand_count']}", f"山札{pl['deck_count']}",
                     f"弾幕置き場{side['bullet_pile_count']}", f"捨て札{len(pl['discard'])}"]
            zones += [("取り出した通常弾" if setup else f"場の脇{aside}")] if aside else []
            out.extend(wrap_items(f"{lab}: ", zones, " ", indent=2, width=BOARD_WIDTH))
        else:
            zones = [f"hand {pl['hand_count']}", f"deck {pl['deck_count']}",
                     f"bullet pile {side['bullet_pile_count']}", f"discard {len(pl['discard'])}"]
            zones += [("Normal Shot set aside" if setup else f"beside the field {aside}")] if aside else []
            out.extend(wrap_items(f"{lab}: ", zones, ", ", indent=2, width=BOARD_WIDTH))
    for t in tb.get("until_end_of_turn") or []:
        out.append(f"P{t['player']}: " + ("ターン終了時まで、陣は破壊されない" if ja else
                                          "formations not destroyed until end of turn"))
    hand = view["players"][seat].get("hand") if seat in (0, 1) else None
    if hand:  # one item a card, with how many of it: W-MR-07 ミルキーウェイ ×2
        counts = Counter(hand)
        items = [f"{cid} {_name(game, cid, lang)}" + (f" ×{counts[cid]}" if counts[cid] > 1 else "") for cid in counts]
        out.extend(wrap_items("手札: " if ja else "hand: ", items, "、" if ja else ", ", indent=2, width=BOARD_WIDTH))
    if tb.get("score"):
        sc = tb["score"]

        def pair(v: Any) -> str:
            return f"{v[0]}–{v[1]}" if isinstance(v, list | tuple) and len(v) == 2 else str(v)

        if ja:
            out.extend(wrap_items("得点 (P0–P1): ", [f"陣 {pair(sc['formations'])}", f"表向きの陣 {pair(sc['face_up'])}",
                                                   f"山札 {pair(sc['deck'])}"], "、", indent=2, width=BOARD_WIDTH))
        else:
            # one line when it fits, as before: tests/walpurgis/test_5_3_chain.py asserts that line
            out.extend(wrap_items("score: ", [f"formations {sc['formations']}", f"face up {sc['face_up']}",
                                              f"deck {sc['deck']}"], ", ", indent=2, width=BOARD_WIDTH))
    if view.get("over"):
        w_ = view.get("winner")
        if ja:
            out.append(f"結果: {result_text(str(view.get('result') or ''), lang)} — "
                       + ("引き分け" if w_ is None else f"P{w_}の勝ち"))
        else:
            out.append(f"result: {view.get('result')} — " + ("draw" if w_ is None else f"P{w_} wins"))
    return "\n".join(out)



_MATRIX_CELL = 6  #: display columns of a square in ``matrix_on_board`` (``CBXbx`` and a space)


def matrix_on_board(card: WCard, owner: int, sq: int, seat: int | None, lang: str = "en") -> list[str]:
    """``card``'s matrix laid on the field (spec §2): placed on square ``sq`` and turned for its
    ``owner`` (for seat 1 "up" is row − 1, the matrix turned 180°), drawn from ``seat``'s side like
    ``render``. Condition, bullet and destroy squares are C, B and X where they really are, the
    速射 sub matrix's b and x; squares off the field are dropped (a condition square off the field:
    the card cannot activate there, and the text says so)."""
    ja = lang == "ja"
    marks: dict[int, str] = {sq: "@"}
    off = False
    parts = [("C", card.main.cond), ("B", card.main.bullet), ("X", card.main.destroy)]
    if card.sub is not None:
        parts += [("b", card.sub.bullet), ("x", card.sub.destroy)]
    for letter, offsets in parts:
        for up, right in offsets:
            t = target_square(owner, sq, up, right)
            if t is None:
                off = off or letter == "C"
                continue
            marks[t] = marks.get(t, "") + letter
    flip = seat == 1
    rows = [5, 4, 3, 2, 1] if not flip else [1, 2, 3, 4, 5]
    cols = list(COLS) if not flip else list(reversed(COLS))
    name = card.name
    if ja:
        head = f"盤上の{name}のマス (P{owner}の向き):"
    else:
        head = f"{name} on the field, turned for P{owner}:"
    out = [head, "  " + "".join(f"{c:<{_MATRIX_CELL}}" for c in cols).rstrip()]
    for r in rows:
        cells = [marks.get(SQ_INDEX[f"{r}{c}"], "·") for c in cols]
        out.append(f"{r} " + "".join(f"{m:<{_MATRIX_CELL}}" for m in cells).rstrip())
    out.append("C 発動条件 B 弾幕対象 X 破壊対象 @ このカード" if ja else
               "C condition, B bullet target, X destroy target, @ the card")
    if card.sub is not None:
        out.append("b x: 速射のサブマトリクスの弾幕対象・破壊対象" if ja else
                   "b x: bullet and destroy squares of the 速射 sub matrix")
    if off:
        out.append(f"発動条件マスが場の外: {SQ[sq]}では発動できない (§2, §5.1)" if ja else
                   f"condition off the field: it cannot activate on {SQ[sq]} (§5.1)")
    return out


def inspect(game: WalpurgisGame, view: dict[str, Any], token: str, lang: str = "en") -> str | None:
    """``info 3c`` (what the viewer sees on a square: its cards, and the matrix of each formation
    whose face the viewer sees drawn on the field, ``matrix_on_board``), ``info W-RM-03`` (a card's
    text) or ``info discard`` / ``info xdiscard`` (a discard pile, public, §1)."""
    t = token.strip()
    if t.lower() in ("discard", "xdiscard", "捨て札", "x捨て札"):
        you = view.get("seat")
        me = you if you in (0, 1) else 0
        side = 1 - me if t.lower().startswith("x") else me
        pile = view["players"][side]["discard"]
        ja = lang == "ja"
        head = f"P{side}の捨て札 ({len(pile)}枚)" if ja else f"P{side}'s discard pile ({len(pile)} cards)"
        return head + "".join(f"\n  {c} {_name(game, c, lang)}" for c in pile)
    s = SQ_INDEX.get(t.lower())
    if s is not None:
        cards = view["table"]["board"][t.lower()]
        ja = lang == "ja"
        if not cards:
            return f"{t.lower()}: " + ("空白のマス" if ja else "empty")
        lines = [f"{t.lower()}:"]
        for d in cards:
            line = f"  P{d['owner']} {_state(d['state'], lang)}"
            if "card" in d:
                line += f" — {d['card']} {_name(game, d['card'], lang)}"
            lines.append(line)
        for d in cards:
            if "card" in d:
                lines.append(card_text(game, d["card"], lang))
                k = game.cards.find(str(d["card"]))
                if k is not None and d["state"] not in ("bullet", "bullet_up"):  # bullets have no squares (§1)
                    lines.extend(matrix_on_board(k, int(d["owner"]), s, view.get("seat"), lang))
        return "\n".join(lines)
    c = game.cards.find(t)
    return None if c is None else card_text(game, c.id, lang)

