"""Walpurgis log lines for people (``describe``), in ``ja`` and ``en``: one line per event view, by
the event's kind (:data:`LINES`). Event views come with the hidden parts already removed for the
viewer, so a face-down card is named only where the viewer's log names it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from .words import _label_text, _name, _state, result_text

if TYPE_CHECKING:
    from ..game import WalpurgisGame

_HIDDEN_PICK = {"ja": "両者が選ぶまで非公開", "en": "hidden until both have picked"}

#: actions whose own event is logged right after them: an automatic (one-option) answer with one of
#: these verbs needs no line of its own
_AUTO_LOGGED = frozenset({"set", "bottom", "place", "wake", "activate", "end", "bullet", "pass", "resolve",
                          "upright", "sustain", "keep", "hit", "discard"})


class Ev(NamedTuple):
    """An event view and what most lines say of it: who (``P0``), the square, the card and its name."""

    game: WalpurgisGame
    ev: dict[str, Any]
    lang: str
    ja: bool
    who: str
    sq: Any
    card: Any
    nm: str


def describe(game: WalpurgisGame, ev: dict[str, Any], lang: str = "en") -> str:
    """One readable line for an event view (``ja`` or ``en``)."""
    k = ev.get("kind", "")
    p = ev.get("player")
    card = ev.get("card")
    e = Ev(game, ev, lang, lang == "ja", f"P{p}" if p is not None else "",
           ev.get("place", ev.get("square", "")),  # logs recorded before issue 7 say "square"
           card, _name(game, card, lang) if card else "")
    line = LINES.get(k) if isinstance(k, str) else None
    if line is not None:
        return line(e)
    return f"{k}: " + ", ".join(f"{a}={b}" for a, b in ev.items() if a != "kind")


# ---------------------------------------------------------------------- setup and the turn
def _draw(e: Ev) -> str:
    cards = e.ev.get("cards")
    shown = f" ({('、' if e.ja else ', ').join(_name(e.game, c, e.lang) for c in cards)})" if cards else ""
    n = e.ev.get("count")
    return f"{e.who}: {n}枚ドロウ{shown}" if e.ja else f"{e.who} draws {n}{shown}"


def _turn(e: Ev) -> str:
    t = e.ev.get("turn")
    return f"── ターン{t} {e.who} ──" if e.ja else f"── turn {t}: {e.who} ──"


def _first_player(e: Ev) -> str:
    return f"先攻: {e.who}" if e.ja else f"{e.who} goes first"


def _set_aside(e: Ev) -> str:
    extra = f" ({e.nm})" if e.card else ""
    return f"{e.who}: 通常弾を取り出す{extra}" if e.ja else f"{e.who} sets a Normal Shot aside{extra}"


def _bottom(e: Ev) -> str:
    extra = f" ({e.nm})" if e.card else ""
    return f"{e.who}: 1枚を山札の下に{extra}" if e.ja else f"{e.who} puts a card on the deck bottom{extra}"


def _mulligan(e: Ev) -> str:
    n = e.ev.get("count")
    if not n:
        return f"{e.who}: マリガンしない" if e.ja else f"{e.who} keeps the hand (no mulligan)"
    return f"{e.who}: マリガン{n}枚" if e.ja else f"{e.who} mulligans {n} card(s)"


def _place(e: Ev) -> str:
    face = e.ev.get("face")
    if e.ja:
        return f"{e.who}: {e.sq}に{e.nm or 'カード'}を{'表' if face == 'up' else '裏'}向きに配置"
    return f"{e.who} places {e.nm or 'a card'} on {e.sq} face {face}"


def _wake(e: Ev) -> str:
    extra = f" ({e.nm})" if e.card else ""
    return f"{e.who}: {e.sq}の陣を活動状態に{extra}" if e.ja else f"{e.who} wakes the formation on {e.sq}{extra}"


def _wake_pass(e: Ev) -> str:
    return (f"{e.who}: 休眠状態の陣を活動状態にしない (v1.01では任意)" if e.ja
            else f"{e.who} leaves the dormant formations dormant (optional in v1.01)")


def _recover(e: Ev) -> str:
    n = e.ev.get("count")
    return (f"{e.who}: 弾幕置き場から{n}枚を山札の下に" if e.ja
            else f"{e.who} moves {n} card(s) from the bullet pile to the deck bottom")


def _end_main(e: Ev) -> str:
    return f"{e.who}: 通常フェイズ終了" if e.ja else f"{e.who} ends the main phase"


def _end_turn(e: Ev) -> str:
    return f"{e.who}: ターン終了" if e.ja else f"{e.who} ends the turn"


def _discard(e: Ev) -> str:
    if e.sq:
        return f"{e.who}: {e.sq}の{e.nm}を捨て札に" if e.ja else f"{e.who}'s {e.nm} on {e.sq} goes to the discard pile"
    return f"{e.who}: {e.nm}を捨てる" if e.ja else f"{e.who} discards {e.nm}"


# ---------------------------------------------------------------------- the chain
def _activate(e: Ev) -> str:
    icp = e.ev.get("interception")
    if e.ev.get("source") == "hand":  # placed from hand face up, then activated (§4, 7.2.1)
        if e.ja:
            return f"{e.who}: {e.sq}に{e.nm}を表向きに配置して発動" + ("(迎撃)" if icp else "")
        return f"{e.who} places {e.nm} on {e.sq} face up and activates it" + (" (interception)" if icp else "")
    if e.ja:
        return f"{e.who}: {e.sq}の{e.nm}を発動" + ("(迎撃)" if icp else "")
    return f"{e.who} activates {e.nm} on {e.sq}" + (" (interception)" if icp else "")


def _bullet(e: Ev) -> str:
    what = e.nm if e.card else ("裏向きの弾幕" if e.ja else "a face-down bullet")
    return f"{e.who}: {e.sq}に{what}を配置" if e.ja else f"{e.who} places {what} on {e.sq}"


def _pass(e: Ev) -> str:
    return f"{e.who}: 迎撃しない" if e.ja else f"{e.who} does not intercept"


def _resolve(e: Ev) -> str:
    return f"{e.who}: {e.sq}の{e.nm}の効果を解決" if e.ja else f"{e.who} resolves {e.nm} on {e.sq}"


def _upright(e: Ev) -> str:
    if e.ev.get("skip"):  # §4 end ② (7.3.2): the A effect may be left unapplied
        return (f"{e.who}: {e.sq}の{e.nm}を縦向きに (A効果は適用しない)" if e.ja
                else f"{e.who} turns {e.nm} on {e.sq} upright without applying its A effect")
    return f"{e.who}: {e.sq}の{e.nm}を縦向きに" if e.ja else f"{e.who} turns {e.nm} on {e.sq} upright"


def _sustain(e: Ev) -> str:
    return (f"{e.who}: {e.sq}の{e.nm}は発動中のまま(持続)" if e.ja
            else f"{e.who} keeps {e.nm} on {e.sq} activating (持続, sustain)")


def _flip_activating(e: Ev) -> str:
    return (f"{e.who}: {e.sq}の{e.nm}が発動中に" if e.ja
            else f"{e.who}'s {e.nm} on {e.sq} becomes activating (no squares)")


def _set_beside(e: Ev) -> str:
    extra = f" ({e.nm})" if e.card else ""
    return f"{e.who}: 手札1枚を場の脇に置く{extra}" if e.ja else f"{e.who} sets a card beside the field{extra}"


def _lasting(e: Ev) -> str:
    return (f"{e.who}: ターン終了時まで、陣は破壊されない ({e.nm})" if e.ja else
            f"{e.who}'s formations are not destroyed until end of turn ({e.nm})")


def _lasting_end(e: Ev) -> str:
    return f"{e.who}: 「ターン終了時まで」の効果が終わる" if e.ja else f"{e.who}'s until-end-of-turn effect ends"


def _destroy(e: Ev) -> str:
    return f"{e.who}: {e.sq}の{e.nm}が破壊された" if e.ja else f"{e.who}'s {e.nm} on {e.sq} is destroyed"


def _bounce(e: Ev) -> str:
    nm = e.nm or ("裏向きの陣" if e.ja else "face-down formation")  # a face-down one: its owner alone sees it (§1)
    return f"{e.who}: {e.sq}の{nm}が手札に戻る" if e.ja else f"{e.who}'s {nm} on {e.sq} returns to hand"


def _chain_end(e: Ev) -> str:
    return "連鎖終了" if e.ja else "the chain ends"


# ---------------------------------------------------------------------- bullet processing
def _pick(e: Ev) -> str:
    """The first of two simultaneous picks (§5.3 step 6): only its chooser sees what it is."""
    act = str(e.ev.get("action") or "")
    hidden = _HIDDEN_PICK["ja" if e.ja else "en"]
    if act:
        lab = _label_text(e.game, act.split(" ")[-1], e.lang)
        return f"{e.who}: {e.sq}で{lab}を選択 ({hidden})" if e.ja else f"{e.who} picks its {lab} on {e.sq} ({hidden})"
    return f"{e.who}: {e.sq}で1枚を選択済み ({hidden})" if e.ja else f"{e.who} has picked a card on {e.sq} ({hidden})"


def _hits(e: Ev) -> str:
    """Both picks, revealed together; a face-down card is never named here (the line is public)."""
    picks = [(s, _label_text(e.game, v, e.lang, named=False)) for s, v in (e.ev.get("picks") or {}).items()]
    if e.ja:
        return f"{e.sq}の弾幕処理: " + "、".join(f"P{s}は{lab}" for s, lab in picks) + "を選択"
    return f"bullet processing on {e.sq}: " + ", ".join(
        (f"P{s} picks its {lab}" if i == 0 else f"P{s} its {lab}") for i, (s, lab) in enumerate(picks))


def _keep(e: Ev) -> str:
    lab = _label_text(e.game, f"{e.ev.get('state')}:{e.card}" if e.card else e.ev.get("state"), e.lang)
    return f"{e.who}: {e.sq}に1枚を残す ({lab})" if e.ja else f"{e.who} keeps one card on {e.sq}: {lab}"


def _turn_down(e: Ev) -> str:
    st = _state(e.ev.get("state", "dormant"), e.lang)
    return f"{e.who}: {e.sq}の{e.nm}が{st}になる" if e.ja else f"{e.who}'s {e.nm} on {e.sq} becomes a {st}"


def _to_bullet_pile(e: Ev) -> str:
    what = e.nm or ("弾幕" if e.ja else "bullet")
    return f"{e.who}: {e.sq}の{what}を弾幕置き場に" if e.ja else f"{e.who}'s {what} on {e.sq} goes to the bullet pile"


# ---------------------------------------------------------------------- the engine's own events
def _auto(e: Ev) -> str:
    act = str(e.ev.get("action") or "")
    if not act or act.split(" ")[0] in _AUTO_LOGGED:  # the event this action causes says it all
        return ""  # (a hidden one is a secret pick, also followed by its own public event)
    if e.ja:
        return f"({e.who}: 唯一の選択肢 {act})" if act else f"({e.who}: 選択肢は1つだけ)"
    return f"({e.who}: {act}, the only choice)" if act else f"({e.who} had only one choice)"


def _concede(e: Ev) -> str:
    return f"{e.who}: 投了" if e.ja else f"{e.who} concedes"


def _game_over(e: Ev) -> str:
    w = e.ev.get("winner")
    sc = e.ev.get("score") or {}
    scs = ""
    if sc:
        def pair(key: str) -> str:
            v = sc.get(key)
            return f"{v[0]}–{v[1]}" if isinstance(v, list | tuple) and len(v) == 2 else str(v)

        parts = [("formations", "陣"), ("face_up", "表向きの陣"), ("deck", "山札")]
        items = [(ja_name if e.ja else key.replace("_", " "), pair(key)) for key, ja_name in parts if key in sc]
        scs = (" — P0対P1: " if e.ja else " — P0 vs P1: ") + ("、" if e.ja else ", ").join(f"{n} {v}" for n, v in items)
    res = result_text(str(e.ev.get("result") or ""), e.lang)
    if e.ja:
        return f"ゲーム終了 ({res}): " + ("引き分け" if w is None else f"P{w}の勝ち") + scs
    return f"game over ({res}): " + ("draw" if w is None else f"P{w} wins") + scs


#: the line of each kind of event
LINES: dict[str, Callable[[Ev], str]] = {
    "draw": _draw, "turn": _turn, "place": _place, "activate": _activate, "bullet": _bullet, "pass": _pass,
    "pick": _pick, "hits": _hits, "keep": _keep, "turn_down": _turn_down, "discard": _discard,
    "to_bullet_pile": _to_bullet_pile, "destroy": _destroy, "bounce": _bounce, "upright": _upright,
    "sustain": _sustain, "resolve": _resolve, "wake": _wake, "wake_pass": _wake_pass,
    "flip_activating": _flip_activating, "recover": _recover, "set_beside": _set_beside, "lasting": _lasting,
    "lasting_end": _lasting_end, "chain_end": _chain_end, "end_main": _end_main, "end_turn": _end_turn,
    "first_player": _first_player, "set_aside": _set_aside, "bottom": _bottom, "mulligan": _mulligan,
    "auto": _auto, "concede": _concede, "game_over": _game_over,
}

__all__ = ["LINES", "describe"]
