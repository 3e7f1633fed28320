"""Walpurgis text for people (plain text, no Rich): log lines, the board, cards, ``info``."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ...core.text import display_width, wrap_items
from .cards import COLS, SQ, SQ_INDEX, Matrix, WCard, target_square
from .state import JA_WORDS, WORD_INDEX

if TYPE_CHECKING:
    from .game import WalpurgisGame

#: the board's cell codes: owner, a colon, a state letter (lower case: face down) — ``1:r`` is P1's
#: active formation. Never a square name (squares are a digit and a letter a–e, codes carry a colon)
#: and no letter of the matrices either (C B X): s/S shot, r ready (active), z asleep (dormant),
#: U up, F firing (activating).
_SHORT = {"bullet": "s", "bullet_up": "S", "active": "r", "dormant": "z", "up": "U", "activating": "F"}


def _name(game: WalpurgisGame, cid: Any, lang: str) -> str:
    c = game.cards.find(str(cid)) if cid else None
    if c is None:
        return "?"
    return c.name if lang == "ja" or not c.name_en else f"{c.name_en}"


#: the card states (§1) for people; the notation words (``bullet_up``) stay in actions only
EN_WORDS = ("face-down bullet", "face-up bullet", "active formation", "dormant formation",
            "face-up formation", "activating formation")


def _state(word: Any, lang: str) -> str:
    w = str(word)
    if w not in WORD_INDEX:
        return w
    return (JA_WORDS if lang == "ja" else EN_WORDS)[WORD_INDEX[w]]


#: states whose face nobody but the owner sees (§1): a pick of one is never named in a public line
_FACE_DOWN = frozenset({"bullet", "active", "dormant"})


def _label_text(game: WalpurgisGame, label: Any, lang: str, named: bool = True) -> str:
    """A card label of the notation (``up:W-RM-05``, ``bullet``) for people: ``表向きの陣 通常弾(霊夢)``
    / ``face-up formation Normal Shot (Reimu)``; a face-down card is named only when ``named``."""
    word, _, cid = str(label).partition(":")
    text = _state(word, lang)
    if cid and (named or word not in _FACE_DOWN):
        text += f" {_name(game, cid, lang)}" if lang != "ja" else f"の{_name(game, cid, lang)}"
    return text


_HIDDEN_PICK = {"ja": "両者が選ぶまで非公開", "en": "hidden until both have picked"}


#: actions whose own event is logged right after them: an automatic (one-option) answer with one of
#: these verbs needs no line of its own
_AUTO_LOGGED = frozenset({"set", "bottom", "place", "wake", "activate", "end", "bullet", "pass", "resolve",
                          "upright", "sustain", "keep", "hit", "discard"})

_PHASE_JA = {"setup": "準備", "initial": "初期配置", "prepare": "準備フェイズ", "main": "通常フェイズ",
             "end": "終了フェイズ", "over": "終了"}

_RESULT_JA = {"board full": "場がすべて陣で埋まった", "deck out": "山札切れ", "turn limit": "ターン上限",
              "no 通常弾 to place": "通常弾を配置できない",
              "no progress": "進展なし (同じ局面の繰り返し)"}


def result_text(result: str, lang: str = "en") -> str:
    """The game's result reason for people (``ja``: in Japanese)."""
    if lang != "ja":
        return result
    if result.startswith("player ") and result.endswith(" conceded"):
        return f"P{result.split()[1]}の投了"
    return _RESULT_JA.get(result, result)


def describe(game: WalpurgisGame, ev: dict[str, Any], lang: str = "en") -> str:
    """One readable line for an event view (``ja`` or ``en``)."""
    k = ev.get("kind", "")
    ja = lang == "ja"
    p = ev.get("player")
    who = (f"P{p}" if p is not None else "")
    sq = ev.get("place", ev.get("square", ""))  # logs recorded before issue 7 say "square"
    card = ev.get("card")
    nm = _name(game, card, lang) if card else ""
    if k == "draw":
        cards = ev.get("cards")
        shown = f" ({('、' if ja else ', ').join(_name(game, c, lang) for c in cards)})" if cards else ""
        return f"{who}: {ev.get('count')}枚ドロウ{shown}" if ja else f"{who} draws {ev.get('count')}{shown}"
    if k == "turn":
        return f"── ターン{ev.get('turn')} {who} ──" if ja else f"── turn {ev.get('turn')}: {who} ──"
    if k == "place":
        face = ev.get("face")
        if ja:
            return f"{who}: {sq}に{nm or 'カード'}を{'表' if face == 'up' else '裏'}向きに配置"
        return f"{who} places {nm or 'a card'} on {sq} face {face}"
    if k == "activate":
        icp = ev.get("interception")
        if ev.get("source") == "hand":  # placed from hand face up, then activated (§4, 7.2.1)
            if ja:
                return f"{who}: {sq}に{nm}を表向きに配置して発動" + ("(迎撃)" if icp else "")
            return f"{who} places {nm} on {sq} face up and activates it" + (" (interception)" if icp else "")
        if ja:
            return f"{who}: {sq}の{nm}を発動" + ("(迎撃)" if icp else "")
        return f"{who} activates {nm} on {sq}" + (" (interception)" if icp else "")
    if k == "bullet":
        what = nm if card else ("裏向きの弾幕" if ja else "a face-down bullet")
        return f"{who}: {sq}に{what}を配置" if ja else f"{who} places {what} on {sq}"
    if k == "pass":
        return f"{who}: 迎撃しない" if ja else f"{who} does not intercept"
    if k == "pick":  # the first of two simultaneous picks (§5.3 step 6): only its chooser sees it
        act = str(ev.get("action") or "")
        hidden = _HIDDEN_PICK["ja" if ja else "en"]
        if act:
            lab = _label_text(game, act.split(" ")[-1], lang)
            return f"{who}: {sq}で{lab}を選択 ({hidden})" if ja else f"{who} picks its {lab} on {sq} ({hidden})"
        return f"{who}: {sq}で1枚を選択済み ({hidden})" if ja else f"{who} has picked a card on {sq} ({hidden})"
    if k == "hits":
        # both picks, revealed together; a face-down card is never named here (the line is public)
        picks = [(s, _label_text(game, v, lang, named=False)) for s, v in (ev.get("picks") or {}).items()]
        if ja:
            return f"{sq}の弾幕処理: " + "、".join(f"P{s}は{lab}" for s, lab in picks) + "を選択"
        return f"bullet processing on {sq}: " + ", ".join(
            (f"P{s} picks its {lab}" if i == 0 else f"P{s} its {lab}") for i, (s, lab) in enumerate(picks))
    if k == "keep":
        lab = _label_text(game, f"{ev.get('state')}:{card}" if card else ev.get("state"), lang)
        return f"{who}: {sq}に1枚を残す ({lab})" if ja else f"{who} keeps one card on {sq}: {lab}"
    if k == "turn_down":
        st = _state(ev.get("state", "dormant"), lang)
        return f"{who}: {sq}の{nm}が{st}になる" if ja else f"{who}'s {nm} on {sq} becomes a {st}"
    if k == "discard":
        if sq:
            return f"{who}: {sq}の{nm}を捨て札に" if ja else f"{who}'s {nm} on {sq} goes to the discard pile"
        return f"{who}: {nm}を捨てる" if ja else f"{who} discards {nm}"
    if k == "to_bullet_pile":
        what = nm or ("弾幕" if ja else "bullet")
        return f"{who}: {sq}の{what}を弾幕置き場に" if ja else f"{who}'s {what} on {sq} goes to the bullet pile"
    if k == "destroy":
        return f"{who}: {sq}の{nm}が破壊された" if ja else f"{who}'s {nm} on {sq} is destroyed"
    if k == "bounce":
        if not nm:  # a face-down formation: its face is seen by its owner only (§1)
            nm = "裏向きの陣" if ja else "face-down formation"
        return f"{who}: {sq}の{nm}が手札に戻る" if ja else f"{who}'s {nm} on {sq} returns to hand"
    if k == "upright":
        if ev.get("skip"):  # §4 end ② (7.3.2): the A effect may be left unapplied
            return (f"{who}: {sq}の{nm}を縦向きに (A効果は適用しない)" if ja
                    else f"{who} turns {nm} on {sq} upright without applying its A effect")
        return f"{who}: {sq}の{nm}を縦向きに" if ja else f"{who} turns {nm} on {sq} upright"
    if k == "sustain":
        return f"{who}: {sq}の{nm}は発動中のまま(持続)" if ja else f"{who} keeps {nm} on {sq} activating (持続, sustain)"
    if k == "resolve":
        return f"{who}: {sq}の{nm}の効果を解決" if ja else f"{who} resolves {nm} on {sq}"
    if k == "wake":
        extra = f" ({nm})" if card else ""
        return f"{who}: {sq}の陣を活動状態に{extra}" if ja else f"{who} wakes the formation on {sq}{extra}"
    if k == "wake_pass":
        return (f"{who}: 休眠状態の陣を活動状態にしない (v1.01では任意)" if ja
                else f"{who} leaves the dormant formations dormant (optional in v1.01)")
    if k == "flip_activating":
        return f"{who}: {sq}の{nm}が発動中に" if ja else f"{who}'s {nm} on {sq} becomes activating (no squares)"
    if k == "recover":
        return f"{who}: 弾幕置き場から{ev.get('count')}枚を山札の下に" if ja else (
            f"{who} moves {ev.get('count')} card(s) from the bullet pile to the deck bottom")
    if k == "set_beside":
        extra = f" ({nm})" if card else ""
        return f"{who}: 手札1枚を場の脇に置く{extra}" if ja else f"{who} sets a card beside the field{extra}"
    if k == "lasting":
        return (f"{who}: ターン終了時まで、陣は破壊されない ({nm})" if ja else
                f"{who}'s formations are not destroyed until end of turn ({nm})")
    if k == "lasting_end":
        return f"{who}: 「ターン終了時まで」の効果が終わる" if ja else f"{who}'s until-end-of-turn effect ends"
    if k == "chain_end":
        return "連鎖終了" if ja else "the chain ends"
    if k == "end_main":
        return f"{who}: 通常フェイズ終了" if ja else f"{who} ends the main phase"
    if k == "end_turn":
        return f"{who}: ターン終了" if ja else f"{who} ends the turn"
    if k == "first_player":
        return f"先攻: {who}" if ja else f"{who} goes first"
    if k == "set_aside":
        return f"{who}: 通常弾を取り出す" + (f" ({nm})" if card else "") if ja else (
            f"{who} sets a Normal Shot aside" + (f" ({nm})" if card else ""))
    if k == "bottom":
        return f"{who}: 1枚を山札の下に" + (f" ({nm})" if card else "") if ja else (
            f"{who} puts a card on the deck bottom" + (f" ({nm})" if card else ""))
    if k == "mulligan":
        n = ev.get("count")
        if not n:
            return f"{who}: マリガンしない" if ja else f"{who} keeps the hand (no mulligan)"
        return f"{who}: マリガン{n}枚" if ja else f"{who} mulligans {n} card(s)"
    if k == "auto":
        act = str(ev.get("action") or "")
        if not act or act.split(" ")[0] in _AUTO_LOGGED:  # the event this action causes says it all
            return ""  # (a hidden one is a secret pick, also followed by its own public event)
        if ja:
            return f"({who}: 唯一の選択肢 {act})" if act else f"({who}: 選択肢は1つだけ)"
        return f"({who}: {act}, the only choice)" if act else f"({who} had only one choice)"
    if k == "concede":
        return f"{who}: 投了" if ja else f"{who} concedes"
    if k == "game_over":
        w = ev.get("winner")
        sc = ev.get("score") or {}
        scs = ""
        if sc:
            def pair(key: str) -> str:
                v = sc.get(key)
                return f"{v[0]}–{v[1]}" if isinstance(v, list | tuple) and len(v) == 2 else str(v)

            parts = [("formations", "陣"), ("face_up", "表向きの陣"), ("deck", "山札")]
            items = [(ja_name if ja else key.replace("_", " "), pair(key)) for key, ja_name in parts if key in sc]
            scs = (" — P0対P1: " if ja else " — P0 vs P1: ") + ("、" if ja else ", ").join(f"{n} {v}" for n, v in items)
        res = result_text(str(ev.get("result") or ""), lang)
        if ja:
            return f"ゲーム終了 ({res}): " + ("引き分け" if w is None else f"P{w}の勝ち") + scs
        return f"game over ({res}): " + ("draw" if w is None else f"P{w} wins") + scs
    return f"{k}: " + ", ".join(f"{a}={b}" for a, b in ev.items() if a != "kind")


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


_KEYWORD_EN = {"速射": "rapid fire", "持続": "sustain", "サポート": "support"}


def _grid(m: Matrix) -> list[str]:
    cells = [row.split() for row in m.rows]
    width = max(len(c) for row in cells for c in row)
    return ["  ".join(c.ljust(width) for c in row) for row in cells]


def card_text(game: WalpurgisGame, card_id: str, lang: str = "en") -> str:
    """A card with its matrix drawn as a grid (C condition, B bullet, X destroy, @ the card)."""
    c: WCard | None = game.cards.find(card_id)
    if c is None:
        return f"unknown card {card_id!r}"
    ja = lang == "ja"
    out = [f"{c.id}  {c.name}" + (f" / {c.name_en}" if c.name_en else "")]
    out.append(("術者: " if ja else "caster: ") + (c.caster or "—") + ("   アイコン: " if ja else "   icons: ")
               + (("、" if ja else ", ").join(sorted(c.icons)) or "—"))
    if c.keywords:
        out.append(("キーワード: " if ja else "keywords: ") + ("、" if ja else ", ").join(
            k if ja else f"{k} ({_KEYWORD_EN[k]})" if k in _KEYWORD_EN else k for k in c.keywords))
    out.append("アクションマトリクス (上 = 相手側):" if ja else "action matrix (up = towards the opponent):")
    out.extend("  " + ln for ln in _grid(c.main))
    if c.sub is not None:
        out.append("サブアクションマトリクス (速射):" if ja else "sub action matrix (速射):")
        out.extend("  " + ln for ln in _grid(c.sub))
    out.append("C 発動条件マス  B 弾幕対象マス  X 破壊対象マス  @ このカード" if ja else
               "C condition, B bullet target, X destroy target, @ this card")
    txt = c.text if ja or not c.text_en else c.text_en
    if txt:
        out.append(txt)
    for e in c.effects:
        out.append("  - " + e.describe(lang))
    if c.number:
        out.append(f"No. {c.number}")
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


# ------------------------------------------------------------------------------------------- decisions
def prompt(game: WalpurgisGame, view: dict[str, Any], lang: str = "en",
           log: list[dict[str, Any]] | None = None) -> str:
    """What the pending decision of ``view`` asks, in words: its decision kind says it
    (``ask_text`` of the ``rules`` package's kinds; ``log``, the viewer's log view, names the card
    being activated or intercepted); the engine's short prompt for a kind that has no words."""
    d = view.get("decision")
    if not isinstance(d, dict):
        return ""
    kind = game.KIND_BY_NAME.get(str(d.get("kind", "")))
    said = kind.ask_text(game, view, lang, log) if kind is not None else None
    return said or str(d.get("prompt") or d.get("kind", ""))


# ------------------------------------------------------------------------------------------- options
def option_gloss(game: WalpurgisGame, view: dict[str, Any], action: str, lang: str = "en") -> str:
    """The card an action names by its square (``activate 2b``, ``upright 2d``, ``target 3c``), for
    the numbered options of the CLI: the chooser's own card there whose face they see."""
    parts = action.split()
    if len(parts) != 2 or parts[0] not in ("activate", "resolve", "upright", "sustain", "target"):
        return ""
    seat = view.get("seat")
    cards = ((view.get("table") or {}).get("board") or {}).get(parts[1]) or []
    seen = [d for d in cards if "card" in d and d.get("state") not in ("bullet", "bullet_up")]
    mine = [d for d in seen if d.get("owner") == seat] or seen
    return _name(game, mine[-1]["card"], lang) if mine else ""


def card_facts(game: WalpurgisGame, card_id: str) -> dict[str, Any]:
    """A card's printed facts as data (spec §2), for a page that draws the card: its matrices as the
    card data holds them (rows top to bottom, the top row towards the opponent, cells separated by
    one space; ``sub_matrix`` "" without 速射), caster, icons, keywords and whether it is a 通常弾."""
    c: WCard | None = game.cards.find(card_id)
    if c is None:
        return {}
    return {"matrix": "\n".join(c.main.rows), "sub_matrix": "\n".join(c.sub.rows) if c.sub is not None else "",
            "caster": c.caster, "icons": sorted(c.icons), "keywords": list(c.keywords), "normal_shot": c.is_normal}
