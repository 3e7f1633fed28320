"""One log line per event (``describe``), in English and Japanese."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .words import _BET, _DEST, _OPT, _WHY_DRAW, OUTCOME, SPACE, _bet_text, _lang, _name, _names, result_text


def describe(game: Any, ev: dict[str, Any], lang: str = "en") -> str:
    """One readable line for an event view (``ja`` or ``en``): the line of its kind (:data:`LINES`),
    else its data as ``kind: key=value``."""
    lg = _lang(lang)
    k = ev.get("kind", "")
    p = ev.get("player")
    who = f"P{p}" if p is not None else ""
    nm = _name(game, ev.get("card"), lg) if ev.get("card") else ""
    line = LINES.get(str(k))
    if line is not None:
        return line(game, ev, lg, who, nm)
    return f"{k}: " + ", ".join(f"{a}={b}" for a, b in ev.items() if a != "kind")


def _setup(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    chars = ev.get("characters") or []
    cs = "、".join(f"P{i} {_name(game, c, lg)}" for i, c in enumerate(chars)) if ja else ", ".join(
        f"P{i} {_name(game, c, lg)}" for i, c in enumerate(chars))
    if ja:
        return f"準備: {cs}。LP札{(ev.get('lp') or [0])[0]}枚。先攻 P{ev.get('first')}"
    return f"Setup: {cs}; {(ev.get('lp') or [0])[0]} LP cards each; P{ev.get('first')} is the first turn player"


def _draw(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    cards = ev.get("cards")
    shown = f": {_names(game, cards, lg)}" if cards else ""
    why = _WHY_DRAW[lg].get(str(ev.get("why")), "")
    return f"{who}: {ev.get('count')}枚ドロー{why}{shown}" if ja else f"{who} draws {ev.get('count')}{why}{shown}"


def _mulligan(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    if ev.get("choice") == "keep":
        return f"{who}: 手札を残す" if ja else f"{who} keeps the hand"
    return f"{who}: マリガン ({ev.get('count')}枚をスタミナ札に戻して切り直す)" if ja else (
        f"{who} mulligans: {ev.get('count')} cards back into the stamina, shuffled")


def _turn(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    return f"── ターン{ev.get('turn')} TP {who} ──" if ja else f"── turn {ev.get('turn')}: {who} is the TP ──"


def _no_draw(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    return f"{who}: スタミナ札がないのでドローなし" if ja else f"{who} cannot draw: the stamina is empty"


def _set(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    return f"{who}: 補助カード{nm}をセット" if ja else f"{who} sets the support {nm}"


def _skip(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    return f"{who}: アタックしない" if ja else f"{who} makes no attack this turn"


def _bet(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    b = _bet_text(game, ev, lg)
    tag = _BET[lg].get(str(ev.get("bet")), "")
    return f"{who}: {b}をベット{tag}" if ja else f"{who} bets {b}{tag}"


def _gauge_gain(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    n = ev.get("count", 0)
    if not n:
        return f"{who}: ゲージ増加なし (ゲージ{ev.get('gauge')}枚、上限かスタミナ切れ)" if ja else (
            f"{who} gains no gauge (gauge {ev.get('gauge')}: full, or the stamina is empty)")
    return f"{who}: ゲージ+{n} (計{ev.get('gauge')}枚)" if ja else f"{who} gains {n} gauge ({ev.get('gauge')} now)"


def _gauge_to_dust(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    cards = _names(game, ev.get("cards"), lg)
    if ev.get("why") == "cost":
        return f"{who}: ゲージ消費 {len(ev.get('cards') or [])}枚をダストへ ({cards})" if ja else (
            f"{who} pays {len(ev.get('cards') or [])} gauge to the dust ({cards})")
    return f"{who}: ゲージ札{len(ev.get('cards') or [])}枚をダストへ ({cards})" if ja else (
        f"{who} loses {len(ev.get('cards') or [])} gauge to the dust ({cards})")


def _effect(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    a = ev.get("action")
    tgt = f"P{ev.get('who')}"
    if a == "modify":
        st = _OPT[lg].get(str(ev.get("stat")), str(ev.get("stat")))
        n = int(ev.get("n") or 0)
        return f"{nm}の効果: {st}{n:+d}" if ja else f"{nm}'s effect: {st} {n:+d}"
    if a == "bonus_bet":
        return f"{nm}の効果: ボーナスベットできる" if ja else f"{nm}'s effect: a bonus bet"
    word = {"draw": ("draws", "ドロー"), "gauge_gain": ("gauge gain", "ゲージ増加"),
            "gauge_loss": ("gauge loss", "ゲージ減少")}.get(str(a), (str(a), str(a)))
    return f"{nm}の効果: {tgt}の{word[1]}{ev.get('n')}" if ja else f"{nm}'s effect: {tgt} {word[0]} {ev.get('n')}"


def _guard(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    sp = SPACE[lg].get(str(ev.get("space")), "")
    dusted = ev.get("dusted") or []
    d = (f"、アタックフィールドの{_names(game, dusted, lg)}をダストへ" if ja else
         f"; {_names(game, dusted, lg)} to the dust") if dusted else ""
    return f"{who}: {sp}ガード (裏向き{ev.get('need')}枚){d}" if ja else (
        f"{who} guards {sp} ({ev.get('need')} face down){d}")


def _cover(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    sp = SPACE[lg].get(str(ev.get("space")), "")
    shown = f": {nm}" if nm else ""
    return f"{who}: {sp}ガードスペースに裏向きで1枚 (計{ev.get('count')}枚){shown}" if ja else (
        f"{who} covers 1 card face down in the {sp} space ({ev.get('count')} there){shown}")


def _flush(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    return f"{who}: ガード流し — {_names(game, ev.get('cards'), lg)}をダストへ、{SPACE[lg].get(str(ev.get('to')), '')}" \
           f"ガードに" if ja else (f"{who}'s guard is flushed: {_names(game, ev.get('cards'), lg)} to the dust; "
                                  f"now guarding {SPACE[lg].get(str(ev.get('to')), '')}")


def _maintain(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    add = ev.get("add", 0)
    return f"{who}: ガード維持 (追加{add}枚)" if ja else f"{who} maintains the guard ({add} more card(s))"


def _gc(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    return f"{who}: GC! {nm}をオープン" if ja else f"{who} guard-cancels: opens {nm}"


def _drop(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    return f"{who}: ガードを維持しない" if ja else f"{who} does not maintain the guard"


def _call(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    outcome = OUTCOME[lg].get(str(ev.get("outcome")), "")
    if ev.get("winner") is not None:  # whose clean hit
        outcome = f"P{ev['winner']}の{outcome}" if ja else f"P{ev['winner']}'s {outcome}"
    speeds = ev.get("speeds")
    spd = (f" (速度 {speeds[0]} 対 {speeds[1]})" if ja else f" (speed {speeds[0]} vs {speeds[1]})") if speeds else ""
    return f"{who}: コール{spd} → {outcome}" if ja else f"{who} calls{spd}: {outcome}"


def _judge(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    out = OUTCOME[lg].get(str(ev.get("outcome")), "")
    return f"ジャッジ: {who}の{out}" if ja else f"judge — {who}'s {out}"


def _hit(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    return f"{who}の{nm}がヒット" if ja else f"{who}'s {nm} hits"


def _bonus_pass(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    return f"{who}: ボーナスベットしない" if ja else f"{who} makes no bonus bet"


def _totals(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    tot = ev.get("totals") or {}
    items = [(f"P{s}", v) for s, v in tot.items()]
    if ja:
        return "攻撃値合計: " + "、".join(f"{a} {b}" for a, b in items)
    return "attack totals: " + ", ".join(f"{a} {b}" for a, b in items)


def _damage(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    parts = []
    if ev.get("stamina"):
        parts.append(f"スタミナ札{ev['stamina']}枚" if ja else f"{ev['stamina']} from the stamina")
    if ev.get("dust"):
        parts.append(f"ダスト札{len(ev['dust'])}枚 ({_names(game, ev['dust'], lg)})" if ja else
                     f"{len(ev['dust'])} from the dust ({_names(game, ev['dust'], lg)})")
    src = ("、".join(parts) if ja else ", ".join(parts)) or ("0枚" if ja else "none")
    ex = (" — スタミナ札もダスト札もない" if ja else " — no stamina and no dust left") if ev.get("exhausted") else ""
    return f"{who}: {ev.get('count')}ダメージ ({src}、ダメージ札{ev.get('total')}枚){ex}" if ja else (
        f"{who} takes {ev.get('count')} damage ({src}; {ev.get('total')} damage cards){ex}")


def _down(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    if ev.get("last"):
        return f"{who}: 最後のLP札でダウン!" if ja else f"{who} goes down on the last LP card!"
    shown = f" ({nm})" if nm else ""
    return f"{who}: ダウン! LP札1枚を手札に{shown}、ダメージ札{ev.get('returned')}枚をスタミナ札の下へ (残りLP{ev.get('lp')})" if ja \
        else (f"{who} goes down: an LP card to hand{shown}, {ev.get('returned')} damage cards under the stamina "
              f"({ev.get('lp')} LP left)")


def _end_attack(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    parts = [f"P{m[0]} {_name(game, m[1], lg)}→{_DEST[lg].get(m[2], m[2])}" for m in ev.get("moves") or []]
    head = "アタックフェイズ終了" if ja else "end of the attack phase"
    return head + (": " + ("、" if ja else ", ").join(parts) if parts else "")


def _turn_end(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    return f"{who}: ターン終了" if ja else f"{who} ends the turn"


def _auto(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    act = str(ev.get("action") or "")
    if not act or act.split(" ")[0] in ("cover", "bet", "set", "keep", "mulligan", "maintain", "drop", "gc",
                                        "guard", "end", "pass", "skip"):
        return ""  # the event this action causes says it all
    return f"({who}: 唯一の選択肢 {act})" if ja else f"({who}: {act}, the only choice)"


def _concede(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    return f"{who}: 投了" if ja else f"{who} concedes"


def _game_over(game: Any, ev: dict[str, Any], lg: str, who: str, nm: str) -> str:
    ja = lg == "ja"
    w = ev.get("winner")
    res = result_text(str(ev.get("result") or ""), lg)
    if ja:
        return f"ゲーム終了 ({res}): " + ("引き分け" if w is None else f"P{w}の勝ち")
    return f"game over ({res}): " + ("draw" if w is None else f"P{w} wins")


#: the line of each kind of event: ``fn(game, event, lang, who, card name)``
LINES: dict[str, Callable[[Any, dict[str, Any], str, str, str], str]] = {
    "setup": _setup,
    "draw": _draw,
    "mulligan": _mulligan,
    "turn": _turn,
    "no_draw": _no_draw,
    "set": _set,
    "skip": _skip,
    "bet": _bet,
    "gauge_gain": _gauge_gain,
    "gauge_to_dust": _gauge_to_dust,
    "effect": _effect,
    "guard": _guard,
    "cover": _cover,
    "flush": _flush,
    "maintain": _maintain,
    "gc": _gc,
    "drop": _drop,
    "call": _call,
    "judge": _judge,
    "hit": _hit,
    "bonus_pass": _bonus_pass,
    "totals": _totals,
    "damage": _damage,
    "down": _down,
    "end_attack": _end_attack,
    "turn_end": _turn_end,
    "auto": _auto,
    "concede": _concede,
    "game_over": _game_over,
}
