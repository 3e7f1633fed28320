"""What a decision asks (``ask_<kind>``, called by the decision kinds' ``ask_text``) and what the cards
and places an option names are (``option_gloss``; what ``pass`` or ``done`` means in a decision is
its kind's ``gloss``). Everything is read from the chooser's view."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ....core.actions import Action
from ..cards import STAT_JA

if TYPE_CHECKING:
    from ..game import SuikodenGame
from .log import describe
from .table import _battle_mission, _column_total, _find_mission, _parse_place, _pass_note, inspect, render
from .words import (
    _SEP,
    _TRIG,
    _brief,
    _card,
    _lang,
    _mission_head,
    _name,
    _rel,
    _seat,
    _stats,
    card_text,
    effect_text,
    result_text,
)

# ------------------------------------------------------------------------------------------- prompts
_PROMPT = {
    "en": {
        "mulligan": "Mulligan (§4): return up to {max} cards to the deck, one at a time (returned so far: {n}), "
                    "then done: they are shuffled in and you draw as many",
        "main": "Main phase (§5): exactly one of — discard cards, play a mission or facility (optionally with a "
                "support), or continue an unresolved mission (yours or the opponent's: you act first and may "
                "not pass on that step)",
        "discard": "Discard (§5): discard another card, or done",
        "step": "Deploy/pass step on {slot} {card} ({head}): deploy a character, redeploy your support, use a "
                "rune, or pass",
        "cost": "Rune cost (§8.3): discard {n} card(s) from your hand",
        "target": "{card}: choose the target — {effect}",
        "target_plain": "Choose an enemy character on the battle's mission",
        "counter": "{p} deployed {card} on {slot}: counter it with a 対 card from your hand, or pass (§8.4)",
        "counter_plain": "Counter (§8.4): a 対 card from your hand, or pass",
        "casualties": "Troops on {slot} (§7.3): lose characters whose printed mil adds up to {need} ({mode}), one "
                      "at a time, then done",
        "garrison": "You clear {slot} {card}: choose the garrison (駐留) among your characters there (§7.5)",
        "duel": "Duel on {slot} {card} (§7.6): pick a card from your hand face down; compared by {stat}, "
                "a tie favours {placer} (the placer); a non-character is discarded",
        "replenish": "Replenish (§5): discard down to your hand limit {n}",
        "mode_exact": "exactly", "mode_minimal": "at least, with no card to spare",
        "mode_all": "they all fall short: all go",
    },
    "ja": {
        "mulligan": "マリガン (§4): 手札を{max}枚まで1枚ずつ山札に戻し (ここまで{n}枚)、done でシャッフルして同じ枚数を引く",
        "main": "メインフェイズ (§5): 次のうち1つ — 手札の破棄、ミッション・施設の配置 (サポート付きも可)、"
                "未解決のミッションの継続 (自分のでも相手のでも: 自分が先手、そのステップはパス不可)",
        "discard": "破棄 (§5): さらに1枚捨てるか、done",
        "step": "{slot} {card} ({head}) の派遣・パスステップ: キャラクターの派遣、サポートの派遣しなおし、紋章の使用、またはパス",
        "cost": "紋章のコスト (§8.3): 手札を{n}枚捨てる",
        "target": "{card}: 対象を選ぶ — {effect}",
        "target_plain": "バトル中のミッションの相手キャラクターを1体選ぶ",
        "counter": "{p}が{slot}に{card}を派遣: 手札の対で対抗するか、pass (§8.4)",
        "counter_plain": "対 (§8.4): 手札の対のカードを使うか、pass",
        "casualties": "{slot}の兵力戦 (§7.3): 記載兵力の合計が{need}になるようにキャラクターを1体ずつ失い ({mode})、done",
        "garrison": "{slot} {card}をクリア: そこにいる自分のキャラクターから駐留を1体選ぶ (§7.5)",
        "duel": "一騎打ち {slot} {card} (§7.6): 手札から1枚を裏向きに選ぶ。{stat}で比べ、同値は配置した側 ({placer}) が残る。"
                "キャラクター以外は破棄",
        "replenish": "補充フェイズ (§5): 手札上限{n}枚まで捨てる",
        "mode_exact": "ちょうど", "mode_minimal": "以上、余分なカードなし", "mode_all": "全員でも足りない: 全員",
    },
}


def _totals_summary(game: SuikodenGame, m: dict[str, Any], owner: int, viewer: int, lg: str) -> str:
    parts = []
    for q in (viewer, 1 - viewer):
        tot = _column_total(game, m, q, owner, lg)
        if tot:
            parts.append(f"{('あなた' if lg == 'ja' else 'you') if q == viewer else _seat(q)} {tot}")
    return _SEP[lg].join(parts)


def _raw(view: dict[str, Any]) -> str:
    """The engine's short prompt of the viewer's decision (what it says beyond the kind)."""
    d = view.get("decision") or {}
    return str(d.get("prompt") or d.get("kind") or "")


def _battle(game: SuikodenGame, view: dict[str, Any], lg: str) -> tuple[int, str, dict[str, Any] | None, str]:
    """The battle's mission as the viewer names it: (owner, its place, its view, its card's name)."""
    o, slot_abs, m = _battle_mission(view)
    slot = _rel(o, slot_abs, view.get("seat")) if o >= 0 else ""
    return o, slot, m, _name(game, m["card"], lg) if m else ""


def ask_mulligan(game: SuikodenGame, view: dict[str, Any], lang: str) -> str:
    """§4: how many cards may go back, and how many have."""
    lg = _lang(lang)
    mx = re.search(r"up to (\d+)", _raw(view))
    n = view["table"]["players"][view["seat"]].get("returned", 0)
    return _PROMPT[lg]["mulligan"].format(max=mx.group(1) if mx else "?", n=n)


def ask_main(lang: str) -> str:
    return _PROMPT[_lang(lang)]["main"]


def ask_discard(lang: str) -> str:
    return _PROMPT[_lang(lang)]["discard"]


def ask_step(game: SuikodenGame, view: dict[str, Any], lang: str) -> str:
    """§7.1: the mission, the totals on it, and what passing now means."""
    lg = _lang(lang)
    o, slot, m, card = _battle(game, view, lg)
    if m is None:
        return _raw(view)
    c = _card(game, m["card"])
    text = _PROMPT[lg]["step"].format(slot=slot, card=card, head=_mission_head(c, lg) if c else "")
    tots = _totals_summary(game, m, o, view["seat"], lg)
    if tots:
        text += f"\n{tots}"
    note = _pass_note(view, lg)
    return text + (f"\n{note}" if note else "")


def ask_cost(view: dict[str, Any], lang: str) -> str:
    """§8.3: the cards still to discard."""
    n = re.search(r"discard (\d+)", _raw(view))
    return _PROMPT[_lang(lang)]["cost"].format(n=n.group(1) if n else "1")


def ask_target(game: SuikodenGame, view: dict[str, Any], lang: str) -> str:
    """§10: the card whose effect chooses its target, and the effect."""
    lg = _lang(lang)
    c = game.cards.find(_raw(view).split(":", 1)[0])
    if c is not None:
        e = next((x for x in c.effects if x.target == "choose_enemy_character"), None)
        if e is not None:
            return _PROMPT[lg]["target"].format(card=_name(game, c.id, lg), effect=effect_text(e, lg))
    return _PROMPT[lg]["target_plain"]


def ask_counter(game: SuikodenGame, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
    """§8.4: the character just deployed, from the viewer's log (the last deployment)."""
    lg = _lang(lang)
    for ev in reversed(log or []):
        if ev.get("kind") in ("deploy", "redeploy"):
            own = ev.get("owner")
            place = _rel(own, str(ev.get("place")), view.get("seat")) if isinstance(own, int) else "?"
            return _PROMPT[lg]["counter"].format(p=_seat(ev.get("player")), card=_name(game, ev.get("card"), lg),
                                                 slot=place)
    return _PROMPT[lg]["counter_plain"]


def ask_casualties(game: SuikodenGame, view: dict[str, Any], lang: str) -> str:
    """§7.3: the printed mil to lose, and how (exactly, minimal, all)."""
    lg = _lang(lang)
    P = _PROMPT[lg]
    _, slot, _, _ = _battle(game, view, lg)
    mm = re.search(r"worth (\d+) printed mil \((\w+)\)", _raw(view))
    need, mode = (mm.group(1), mm.group(2)) if mm else ("?", "exact")
    return P["casualties"].format(slot=slot, need=need, mode=P.get(f"mode_{mode}", mode))


def ask_garrison(game: SuikodenGame, view: dict[str, Any], lang: str) -> str:
    lg = _lang(lang)
    _, slot, _, card = _battle(game, view, lg)
    return _PROMPT[lg]["garrison"].format(slot=slot, card=card)


def ask_duel(game: SuikodenGame, view: dict[str, Any], lang: str) -> str:
    """§7.6: the mission's stat, and who a tie favours."""
    lg = _lang(lang)
    o, slot, m, card = _battle(game, view, lg)
    if m is None:
        return _raw(view)
    c = _card(game, m["card"])
    stat = c.duel_stat if c is not None else "atk"
    return _PROMPT[lg]["duel"].format(slot=slot, card=card, stat=STAT_JA.get(stat, stat) if lg == "ja" else stat,
                                      placer=_seat(o))


def ask_replenish(view: dict[str, Any], lang: str) -> str:
    return _PROMPT[_lang(lang)]["replenish"].format(n=view["table"]["players"][view["seat"]]["hand_limit"])


# ------------------------------------------------------------------------------------------- what pass and done mean
def gloss_step_pass(view: dict[str, Any], lang: str) -> str:
    """``pass`` in a deploy/pass step (§7.1): the other seat acts next, or — after its pass — the
    battle is decided (troops, §7.3) or the mission stays unresolved."""
    ja = _lang(lang) == "ja"
    you = view.get("seat")
    b = view["table"].get("battle")
    o, slot_abs, m = _battle_mission(view)
    if not isinstance(b, dict) or m is None or you not in (0, 1):
        return ""
    slot = _rel(o, slot_abs, you)
    if b.get("last_pass"):
        if m.get("kind") == "troops":
            return "両者パス: 兵力判定" if ja else "both passed: troops are decided (casualties)"
        return f"両者パス: {slot}は未解決のまま" if ja else f"both passed: {slot} stays unresolved"
    return f"{_seat(1 - you)}の番になる" if ja else f"{_seat(1 - you)} acts next"


def gloss_counter_pass(lang: str) -> str:
    return "対抗しない" if _lang(lang) == "ja" else "no counter"


def gloss_mulligan_done(view: dict[str, Any], lang: str) -> str:
    """``done`` in the mulligan (§4): keep the hand, or shuffle the returned cards in and draw."""
    ja = _lang(lang) == "ja"
    you = view.get("seat")
    n = view["table"]["players"][you].get("returned", 0) if you in (0, 1) else 0
    if not n:
        return "手札をそのまま残す" if ja else "keep this hand"
    return f"戻した{n}枚をシャッフルして{n}枚引く" if ja else f"shuffle the {n} returned in and draw {n}"


# ------------------------------------------------------------------------------------------- options
def _dep_at(view: dict[str, Any], token: str) -> tuple[dict[str, Any], dict[str, Any], int] | None:
    """The deployed character at a place of the notation (``M1.2``, ``xM1.x1``): (it, its mission,
    the mission's owner)."""
    pl = _parse_place(view, token)
    if pl is None or pl[0] != "dep":
        return None
    _, o, k, q, idx = pl
    m = _find_mission(view, o, k)
    if m is None:
        return None
    col = m["columns"][q]
    i = int(idx) - 1
    return (col[i], m, o) if 0 <= i < len(col) else None


def _duel_value(view: dict[str, Any], cid: str, printed: int) -> int:
    """The value the duel would compare ``cid`` by (the view's ``battle.duel_values``, hand order)."""
    values = ((view.get("table") or {}).get("battle") or {}).get("duel_values")
    seat = view.get("seat")
    hand = view["players"][seat].get("hand") if seat in (0, 1) else None
    if isinstance(values, list) and isinstance(hand, list) and cid in hand and len(values) == len(hand):
        v = values[hand.index(cid)]
        if isinstance(v, int):
            return v
    return printed


def _gloss_play(game: SuikodenGame, view: dict[str, Any], args: list[str], lg: str) -> str:
    text = _brief(game, args[0], lg)
    if len(args) > 1:
        text += (" + サポート " if lg == "ja" else " + support ") + _brief(game, args[1], lg)
    return text


def _gloss_card(game: SuikodenGame, view: dict[str, Any], args: list[str], lg: str) -> str:
    return _brief(game, args[0], lg)


def _gloss_counter(game: SuikodenGame, view: dict[str, Any], args: list[str], lg: str) -> str:
    c = _card(game, args[0])
    pre = _TRIG[lg].get("counter", "")  # the menu says what the counter does, not when it may be used
    effs = [effect_text(e, lg).removeprefix(pre) for e in c.effects if e.trigger == "counter"] if c is not None else []
    return _name(game, args[0], lg) + (f": {' '.join(effs)}" if effs else "")


def _gloss_duel(game: SuikodenGame, view: dict[str, Any], args: list[str], lg: str) -> str:
    """§7.6 3: the value the duel compares — the stat with the modifiers, as the rules compute it."""
    ja = lg == "ja"
    c = _card(game, args[0])
    if c is None:
        return args[0]
    if c.type != "character" or c.cls == "mastermind":
        return _name(game, args[0], lg) + (" (キャラクターではない: 公開時に破棄、0)" if ja
                                             else " (not a character: discarded at the reveal, 0)")
    _, _, m = _battle_mission(view)
    bc = _card(game, m["card"]) if m else None
    stat = bc.duel_stat if bc is not None and bc.duel_stat else "atk"
    printed = getattr(c, stat)
    v = _duel_value(view, c.id, printed)
    sw = STAT_JA.get(stat, stat) if ja else stat
    text = f"{_name(game, args[0], lg)} ({sw} {v}"
    if v != printed:
        text += f"、記載値 {printed}" if ja else f", printed {printed}"
    return text + (" (ペア: 駐留できない)" if ja and c.pair else ", a pair: cannot garrison" if c.pair else "") + ")"


def _gloss_continue(game: SuikodenGame, view: dict[str, Any], args: list[str], lg: str) -> str:
    """§5 continue: the mission, its owner when not the chooser, and the totals on it."""
    you = view["seat"]
    pl = _parse_place(view, args[0])
    if pl is None or pl[0] != "mission":
        return ""
    m = _find_mission(view, pl[1], pl[2])
    if m is None:
        return ""
    c = _card(game, m["card"])
    owner = pl[1]
    text = _name(game, m["card"], lg) + (f" ({_mission_head(c, lg)})" if c is not None else "")
    if owner != you:
        text = (f"{_seat(owner)}の" if lg == "ja" else f"{_seat(owner)}'s ") + text
    tots = _totals_summary(game, m, owner, you, lg)
    return text + (f": {tots}" if tots else "")


def _dep_card(game: SuikodenGame, view: dict[str, Any], args: list[str]) -> tuple[dict[str, Any], str] | None:
    """The deployed character at the place ``args[0]`` names: its view and its id."""
    got = _dep_at(view, args[0])
    return None if got is None else (got[0], str(got[0]["card"]))


def _gloss_dep(game: SuikodenGame, view: dict[str, Any], args: list[str], lg: str) -> str:
    """``garrison`` / ``target`` PLACE: the character there, its links and its values now."""
    got = _dep_card(game, view, args)
    if got is None:
        return ""
    dep, cid = got
    return f"{_name(game, cid, lg)} ({dep.get('links') or '—'}, {_stats(dep.get('atk'), dep.get('mil'), dep.get('con'))})"


def _gloss_lose(game: SuikodenGame, view: dict[str, Any], args: list[str], lg: str) -> str:
    """``lose PLACE``: the character there and its printed mil, what casualties count (§7.3)."""
    got = _dep_card(game, view, args)
    if got is None:
        return ""
    dep, cid = got
    c = _card(game, cid)
    mil = c.mil if c is not None else dep.get("mil")
    return f"{_name(game, cid, lg)} (" + (f"記載兵力 {mil})" if lg == "ja" else f"printed mil {mil})")


def _gloss_rune(game: SuikodenGame, view: dict[str, Any], args: list[str], lg: str) -> str:
    """``rune PLACE``: the character there, its rune and what the rune does (§8.3)."""
    got = _dep_card(game, view, args)
    if got is None:
        return ""
    c = _card(game, got[1])
    if c is None:
        return _gloss_dep(game, view, args, lg)
    said = " ".join(effect_text(e, lg) for e in c.effects if e.trigger == "rune")
    rune = (f" 「{c.rune}」" if lg == "ja" else f" ({c.rune})") if c.rune else ""
    return f"{_name(game, c.id, lg)}{rune}" + (f": {said}" if said else "")


def _gloss_redeploy(game: SuikodenGame, view: dict[str, Any], args: list[str], lg: str) -> str:
    _, _, m = _battle_mission(view)
    sup = m.get("support") if m else None
    return (_brief(game, sup, lg) + (" → 自分の列へ" if lg == "ja" else " → into your column")) if sup else ""


Gloss = Callable[["SuikodenGame", dict[str, Any], list[str], str], str]
#: the gloss of each verb whose words do not depend on the decision, by the cards and places it names
_BY_VERB: dict[str, Gloss] = {
    "play": _gloss_play, "deploy": _gloss_card, "discard": _gloss_card, "return": _gloss_card,
    "counter": _gloss_counter, "duel": _gloss_duel, "continue": _gloss_continue, "redeploy": _gloss_redeploy,
    "garrison": _gloss_dep, "target": _gloss_dep, "lose": _gloss_lose, "rune": _gloss_rune,
}


def option_gloss(game: SuikodenGame, view: dict[str, Any], action: str, lang: str = "en") -> str:
    """What the cards and places an option names are, from the chooser's view: ``deploy GS-A11`` →
    ``ミナ Mina (free, EHI, 2/0/0)``; ``garrison M1.2`` → the character there; ``continue xM1`` → the
    mission and the totals on it; ``pass`` and ``done`` → what they mean in the chooser's decision
    (its kind's gloss: ``pass`` in a deploy/pass step → what passing means now)."""
    lg = _lang(lang)
    parts = action.split()
    if not parts or view.get("seat") not in (0, 1):
        return ""
    verb, args = parts[0], parts[1:]
    fn = _BY_VERB.get(verb)
    if fn is not None:
        return fn(game, view, args, lg) if args or verb == "redeploy" else ""
    return game.kind_gloss(Action.parse(action), view, lg) or ""


__all__ = ["card_text", "describe", "effect_text", "inspect", "option_gloss", "render", "result_text"]
