"""One log line per event (``describe``), in English and Japanese."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards import STAT_JA

if TYPE_CHECKING:
    from ..game import SuikodenGame
from .words import _DUR, _SEP, _card, _lang, _mission_head, _name, _names, _of, _seat, _signed, result_text

# ------------------------------------------------------------------------------------------- log lines
_WHY = {
    "en": {"betrayal": "betrayal", "effect": "an effect", "lost": "the other side cleared",
           "cleared": "cleared, not the garrison",
           "troops": "troops casualties", "both": "both sides met the value", "blocked": "blocked",
           "duel": "the duel failed", "duel: not a character": "not a character: out of the duel",
           "duel: uniqueness": "uniqueness: out of the duel", "duel: same name": "same name as the other pick",
           "duel: lost": "lost the duel", "duel: cannot garrison": "a pair cannot garrison"},
    "ja": {"betrayal": "裏", "effect": "効果", "lost": "相手がクリア", "cleared": "クリア、駐留以外", "troops": "兵力戦の損害",
           "both": "両者がクリア条件を満たした", "blocked": "建設阻止", "duel": "一騎打ちの失敗",
           "duel: not a character": "キャラクターではないので一騎打ちから除外",
           "duel: uniqueness": "ユニーク制限で一騎打ちから除外", "duel: same name": "相手と同名",
           "duel: lost": "一騎打ちに敗北", "duel: cannot garrison": "ペアは駐留できない"},
}


def _picked_card(text: Any) -> str:
    """The card of a pick's notation (``duel GS-A05`` → ``GS-A05``)."""
    parts = str(text or "").split()
    return parts[-1] if len(parts) >= 2 else ""


def _auto_line(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    """A one-option decision the engine answered: the verb, and the cards it named (a place is left
    out: it is written from the decider's side, and the event that follows says what it held)."""
    who = _seat(ev.get("player"))
    act = str(ev.get("action") or "")
    if not act:
        return f"({who}: 選択肢は1つだけ)" if lg == "ja" else f"({who} had only one choice)"
    parts = act.split()
    named = [_name(game, t, lg) for t in parts[1:] if _card(game, t) is not None]
    shown = " ".join([parts[0], *named])
    return f"({who}: 唯一の選択肢 {shown})" if lg == "ja" else f"({who}: {shown}, the only choice)"


def _line_setup(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    mms = ev.get("masterminds") or []
    shown = [f"P{p} {_name(game, m, lg) if m else ('なし' if ja else 'none')}" for p, m in enumerate(mms)]
    if ja:
        return f"準備: 先攻は{_seat(ev.get('first'))}。総大将: {'、'.join(shown)}。"
    return f"Setup: {_seat(ev.get('first'))} goes first; masterminds: {', '.join(shown)}."


def _line_draw(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    cards = _names(game, ev.get("cards"), lg)
    n = ev.get("count")
    if ja:
        return f"{who}が{n}枚引く" + (f": {cards}" if cards else "") + "。"
    return f"{who} draws {n}" + (f": {cards}" if cards else "") + "."


def _line_mulligan(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    n = ev.get("count") or 0
    cards = _names(game, ev.get("cards"), lg)
    if not n:
        return f"{who}はマリガンしない。" if ja else f"{who} keeps the hand (no mulligan)."
    if ja:
        return f"{who}がマリガン: {n}枚を山札に戻してシャッフル" + (f" (戻した札: {cards})" if cards else "") + "。"
    return (f"{who} mulligans: {n} card{'s' if n != 1 else ''} shuffled back into the deck"
            + (f" ({cards})" if cards else "") + ".")


def _line_turn(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    return f"── ターン{ev.get('turn')}: {who} ──" if ja else f"── Turn {ev.get('turn')}: {who} ──"


def _line_discard(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    nm = _event_card(game, ev, lg)
    why = ev.get("why")
    if ja:
        return {"cost": f"{who}が紋章のコストとして{nm}を捨てる。", "counter": f"{who}が対の{nm}を手札から捨てる。",
                "replenish": f"{who}が手札上限に合わせて{nm}を捨てる(補充)。"}.get(
            str(why), f"{who}が手札の{nm}を破棄。")
    return {"cost": f"{who} discards {nm} to pay a rune's cost.", "counter": f"{who} discards {nm} to counter.",
            "replenish": f"{who} discards {nm} down to the hand limit (replenish)."}.get(
        str(why), f"{who} discards {nm} from hand.")


def _line_leave(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    nm = _event_card(game, ev, lg)
    why = _WHY[lg].get(str(ev.get("why")), str(ev.get("why") or ""))
    if ja:
        return f"{who}の{nm}が捨て場へ" + (f"({why})" if why else "") + "。"
    return f"{who}'s {nm} goes to the discard pile" + (f" ({why})" if why else "") + "."


def _line_main_pass(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    return f"{who}はメインフェイズにできることがない(パス)。" if ja else f"{who} has nothing to do in the main phase (pass)."


def _line_play(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    card = ev.get("card")
    nm = _event_card(game, ev, lg)
    at = _of(ev.get("owner"), ev.get("place"), lg)
    c = _card(game, card)
    head = f" ({_mission_head(c, lg)})" if c is not None else ""
    sup = ev.get("support")
    if ja:
        return f"{who}が{nm}{head}を{at}に配置" + (f"、サポートに{_name(game, sup, lg)}" if sup else "") + "。"
    return f"{who} plays {nm}{head} as {at}" + (f", with support {_name(game, sup, lg)}" if sup else "") + "."


def _line_battle(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    nm = _event_card(game, ev, lg)
    at = _of(ev.get("owner"), ev.get("place"), lg)
    b = ev.get("battle")
    o = ev.get("owner")
    if b == "duel":
        if ja:
            return f"一騎打ち: {at} {nm}。両者が手札から1枚を裏向きに選ぶ。"
        return f"Duel on {at} {nm}: each player picks a card from hand face down."
    if b == "continue":
        if ja:
            return f"{who}が{at} {nm}を継続ミッションに選ぶ。{who}が先手 (最初のステップはパスできない)。"
        return f"{who} continues {at} {nm}: {who} acts first and may not pass on that step."
    first = _seat(1 - o) if isinstance(o, int) else "P?"
    if ja:
        return f"バトル: {at} {nm} (新規ミッション)。先手は{first}。"
    return f"Battle on {at} {nm} (new mission): {first} acts first."


def _line_pass(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    at = _of(ev.get("owner"), ev.get("place"), lg)
    return f"{who}が{at}でパス。" if ja else f"{who} passes on {at}."


def _line_deploy(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    nm = _event_card(game, ev, lg)
    at = _of(ev.get("owner"), ev.get("place"), lg)
    return f"{who}が{nm}を{at}に派遣。" if ja else f"{who} deploys {nm} on {at}."


def _line_redeploy(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    nm = _event_card(game, ev, lg)
    at = _of(ev.get("owner"), ev.get("place"), lg)
    if ja:
        return f"{who}がサポートの{nm}を{at}の自分の列に派遣しなおす。"
    return f"{who} redeploys the support {nm} into its column on {at}."


def _line_rune(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    nm = _event_card(game, ev, lg)
    at = _of(ev.get("owner"), ev.get("place"), lg)
    rune = ev.get("rune") or ""
    if ja:
        return f"{who}が{at}で{nm}の紋章" + (f"「{rune}」" if rune else "") + "を使う。"
    return f"{who} uses the rune" + (f" {rune}" if rune else "") + f" of {nm} on {at}."


def _line_betrayal(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    nm = _event_card(game, ev, lg)
    gone = _names(game, ev.get("discarded"), lg)
    if ja:
        return f"裏: {who}の{nm}の派遣で、相手の{gone}が破棄される。"
    return f"Betrayal (裏): {who}'s {nm} comes in; the opponent's {gone} is discarded."


def _line_counter(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    nm = _event_card(game, ev, lg)
    t = _name(game, ev.get("target"), lg)
    return f"対: {who}が{nm}で{t}に対抗する。" if ja else f"Counter (対): {who} answers {t} with {nm}."


def _line_modify(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    nm = _event_card(game, ev, lg)
    deltas = []
    for s in ("atk", "mil", "con"):
        v = ev.get(s)
        if isinstance(v, int) and v:
            deltas.append(f"{STAT_JA[s]}{_signed(v)}" if ja else f"{s} {_signed(v)}")
    d = _SEP[lg].join(deltas) or "±0"
    until = _DUR[lg].get(str(ev.get("until")), "")
    by = _name(game, ev.get("by"), lg) if ev.get("by") else ""
    if ja:
        return f"{who}の{nm}: {d}" + (f"({until}" if until else "(") + (f"、{by}" if by else "") + ")。"
    return f"{who}'s {nm}: {d}" + (f" {until}" if until else "") + (f" ({by})" if by else "") + "."


def _line_unresolved(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    nm = _event_card(game, ev, lg)
    at = _of(ev.get("owner"), ev.get("place"), lg)
    if ja:
        return f"{at} {nm}は未解決のまま残る (カードもそのまま)。"
    return f"{at} {nm} stays unresolved (every card on it stays)."


def _line_fail(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    nm = _event_card(game, ev, lg)
    at = _of(ev.get("owner"), ev.get("place"), lg)
    why = ev.get("why")
    if ja:
        return {"both": f"両者が{at} {nm}のクリア条件を満たした: クリアなし。ミッションと配置されたカードはすべて破棄。",
                "blocked": f"{at} {nm}の建設は阻止された: 施設と配置されたカードはすべて破棄。",
                "duel": f"{at} {nm}の一騎打ち: 駐留できるキャラクターが残らず、ミッションと公開されたカードは破棄。"}.get(
            str(why), f"{at} {nm}は失敗し、破棄される。")
    return {"both": f"Both sides meet {at} {nm}: nobody clears; it and every card on it are discarded, no VP.",
            "blocked": f"{at} {nm} is blocked: the facility and every card on it are discarded.",
            "duel": f"The duel on {at} {nm} leaves no card that can garrison: it and the revealed cards are "
                    "discarded, no VP."}.get(str(why), f"{at} {nm} fails and is discarded.")


def _line_clear(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    nm = _event_card(game, ev, lg)
    at = _of(ev.get("owner"), ev.get("place"), lg)
    gar = ev.get("garrison")
    gv = ev.get("vp") or 0
    total = ev.get("total")
    built = ev.get("built")
    g = _name(game, gar, lg) if gar else ""
    if ja:
        verb = "を建設" if isinstance(built, int) else "をクリア"
        s = f"{who}が{at} {nm}{verb}"
        parts = ([f"駐留{g}"] if g else []) + ([f"建設済み{built}"] if isinstance(built, int) else [])
        parts.append(f"+{gv}VP (計{total}VP)" if gv else f"VPなし (計{total}VP)")
        return f"{s}: {'、'.join(parts)}。"
    verb = "builds" if isinstance(built, int) else "clears"
    parts = ([f"garrison {g}"] if g else []) + ([f"built {built}"] if isinstance(built, int) else [])
    parts.append(f"+{gv} VP (total {total})" if gv else f"no VP (total {total})")
    return f"{who} {verb} {at} {nm}: {', '.join(parts)}."


def _line_troops(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    at = _of(ev.get("owner"), ev.get("place"), lg)
    sums = ev.get("totals") or []
    vals = [f"P{p} {STAT_JA['mil'] if ja else 'mil'} {v}" for p, v in enumerate(sums)]
    if ja:
        return f"{at}の兵力判定 (両者パス): {'、'.join(vals)}。"
    return f"Troops on {at} are decided (both passed): {', '.join(vals)}."


def _line_wiped(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    at = _of(ev.get("owner"), ev.get("place"), lg)
    cards = _names(game, ev.get("cards"), lg)
    if ja:
        return f"{who}は{at}で全滅" + (f": {cards}" if cards else " (カードなし)") + "。"
    return f"{who} is wiped out on {at}" + (f": {cards}" if cards else " (nothing there)") + "."


def _line_casualty(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    nm = _event_card(game, ev, lg)
    at = _of(ev.get("owner"), ev.get("place"), lg)
    if ja:
        return f"{who}は{at}の損害に{nm}を選ぶ。"
    return f"{who} picks {nm} on {at} as a casualty."


def _line_casualties(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    at = _of(ev.get("owner"), ev.get("place"), lg)
    cards = _names(game, ev.get("cards"), lg)
    if ja:
        return f"{who}の{at}での損害: {cards}。" if cards else f"{who}は{at}で損害なし。"
    return f"{who} loses {cards} on {at} (casualties)." if cards else f"{who} loses no character on {at}."


def _line_pick(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    at = _of(ev.get("owner"), ev.get("place"), lg)
    cid = _picked_card(ev.get("action"))
    if ja:
        what = f"{_name(game, cid, lg)}を" if cid else "1枚を"
        return f"{who}が{at}の一騎打ちに{what}裏向きで選んだ (両者が選ぶまで非公開)。"
    what = _name(game, cid, lg) if cid else "a card"
    return f"{who} picks {what} face down for the duel on {at} (hidden until both have picked)."


def _line_duel(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    at = _of(ev.get("owner"), ev.get("place"), lg)
    picks = ev.get("picks") or {}
    shown = [f"P{s} {_name(game, _picked_card(a), lg)}" for s, a in sorted(picks.items())]
    if not shown:
        return f"{at}の一騎打ち: どちらも手札がない。" if ja else f"Duel on {at}: neither player has a card."
    if ja:
        return f"{at}の一騎打ち、公開: {'、'.join(shown)}。"
    return f"Duel on {at}, revealed: {', '.join(shown)}."


def _line_duel_values(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    at = _of(ev.get("owner"), ev.get("place"), lg)
    return _duel_values(game, ev, lg, at)


def _line_concede(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    who = _seat(ev.get("player"))
    return f"{who}が投了。" if ja else f"{who} concedes."


def _line_game_over(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    ja = lg == "ja"
    w = ev.get("winner")
    res = result_text(str(ev.get("result") or ""), lg)
    if ja:
        return f"ゲーム終了 ({res}): " + ("引き分け" if w is None else f"{_seat(w)}の勝ち")
    return f"Game over ({res}): " + ("draw" if w is None else f"{_seat(w)} wins")

#: one line per event kind the rules (and the core) log
_LINES: dict[str, Callable[[SuikodenGame, dict[str, Any], str], str]] = {
    "setup": _line_setup, "draw": _line_draw, "mulligan": _line_mulligan, "turn": _line_turn,
    "discard": _line_discard, "leave": _line_leave, "main_pass": _line_main_pass, "play": _line_play,
    "battle": _line_battle, "pass": _line_pass, "deploy": _line_deploy, "redeploy": _line_redeploy,
    "rune": _line_rune, "betrayal": _line_betrayal, "counter": _line_counter, "modify": _line_modify,
    "unresolved": _line_unresolved, "fail": _line_fail, "clear": _line_clear, "troops": _line_troops,
    "wiped": _line_wiped, "casualty": _line_casualty, "casualties": _line_casualties, "pick": _line_pick,
    "duel": _line_duel, "duel_values": _line_duel_values, "auto": _auto_line, "concede": _line_concede,
    "game_over": _line_game_over,
}


def _event_card(game: SuikodenGame, ev: dict[str, Any], lg: str) -> str:
    card = ev.get("card")
    return _name(game, card, lg) if card else ""


def describe(game: SuikodenGame, ev: dict[str, Any], lang: str = "en") -> str:
    """One log line for an event view (``ja`` or ``en``); it shows only what the event view holds."""
    lg = _lang(lang)
    k = str(ev.get("kind", ""))
    line = _LINES.get(k)
    if line is not None:
        return line(game, ev, lg)
    rest = ", ".join(f"{a}={b}" for a, b in ev.items() if a != "kind" and not isinstance(b, (dict, list)))
    return f"{k}: {rest}" if rest else k


def _duel_values(game: SuikodenGame, ev: dict[str, Any], lg: str, at: str) -> str:
    """§7.6: both values compared by the mission's stat; the higher stays, a tie favours the placer."""
    ja = lg == "ja"
    vals = ev.get("values") or [0, 0]
    cards = ev.get("cards") or ["", ""]
    stat = str(ev.get("stat") or "atk")
    o = ev.get("owner")
    sides = []
    for p in (0, 1):
        cid = cards[p] if p < len(cards) else ""
        v = vals[p] if p < len(vals) else 0
        sides.append(f"P{p} " + (_name(game, cid, lg) if cid else ("カードなし" if ja else "no card")) + f" {v}")
    owner = o if isinstance(o, int) else 0
    w = owner if vals[owner] >= vals[1 - owner] else 1 - owner
    tie = vals[0] == vals[1]
    if ja:
        sw = STAT_JA.get(stat, stat)
        verdict = (f"同値: 配置した側 ({_seat(w)}) が残る" if tie else f"{_seat(w)}の方が高い")
        return f"{at}の一騎打ち ({sw}): {'、'.join(sides)} — {verdict}。"
    verdict = f"a tie favours the placer, {_seat(w)}" if tie else f"{_seat(w)}'s is higher"
    return f"Duel on {at} by {stat}: {', '.join(sides)} — {verdict}."


