"""One log line per event (``describe``), in English and Japanese, read from event views only."""

from __future__ import annotations

from typing import Any

from .words import DUR, PHASE_JA, SEP, card_name, lang_code, result_text, who

EV = {
    "en": {
        "setup": "Setup: books face down, decks shuffled; P{first} goes first.",
        "turn": "— Turn {turn}: {who} —",
        "draw": "{who} draws {count}{cards}.",
        "deck_out": "{who} must draw from an empty deck.",
        "charge": "{who} charges {card}{src}.",
        "charge_pass": "{who} does not charge.",
        "summon": "{who} summons {card} at {place} (cost {paid}).",
        "evolve": "{who} evolves {base} at {place} into {card} (cost {paid}).",
        "use": "{who} uses {card} (cost {paid}).",
        "equip": "{who} equips {card} to {place} (cost {paid}).",
        "equip_destroyed": "{who}'s equipment {card} at {place} is destroyed.",
        "reequip": "{who} re-attaches {card} from {frm} to {to} (cost {paid}).",
        "move": "{who} moves {card} from {frm} to {to}.",
        "attack": "{who}'s {card} at {attacker} attacks {opp}'s {target}{tcard}.",
        "battle": "Battle: {card} {atk}/{dfn} vs {dcard} {datk}/{ddef}{ctr} — {outcome}.",
        "battle_fizzles": "The attack ends without a battle ({why}).",
        "book_open": "{who}'s forbidden book {place} opens: {card}.",
        "book_hit": "{who}'s forbidden book {place} ({card}) is hit ({hits}).",
        "book_destroyed": "{who}'s forbidden book {place} ({card}) is destroyed and goes to the graveyard.",
        "destroyed": "{who}'s {card} at {place} is destroyed ({reason}).",
        "effect": "Effect of {card} ({who}).",
        "effect_fizzles": "The effect of {card} does nothing ({why}).",
        "modify": "{who}'s {card} at {place}: {delta} {until}.",
        "defenceless": "{who}'s {card} at {place} becomes defenceless.",
        "ready": "{who}'s {card} at {place} becomes ready.",
        "cost_modifier": "{who}'s costs {amount:+d} {until}.",
        "end_turn": "{who} ends the turn.",
        "set_phase": "{who}'s set phase: {parts}.",
        "concede": "{who} concedes.",
        "auto": "({who}: {action})",
    },
    "ja": {
        "setup": "準備: 禁書を裏向きに置き、山札をシャッフル。先攻はP{first}。",
        "turn": "— ターン{turn}: {who} —",
        "draw": "{who}がカードを{count}枚ドロー{cards}。",
        "deck_out": "{who}は山札切れでドローできない。",
        "charge": "{who}が{card}をチャージ{src}。",
        "charge_pass": "{who}はチャージしない。",
        "summon": "{who}が{card}を{place}に召喚(コスト{paid})。",
        "evolve": "{who}が{place}の{base}を{card}に進化(コスト{paid})。",
        "use": "{who}が{card}を使用(コスト{paid})。",
        "equip": "{who}が{card}を{place}に装備(コスト{paid})。",
        "equip_destroyed": "{who}の{place}の装備{card}が破壊された。",
        "reequip": "{who}が{card}を{frm}から{to}に付け替え(コスト{paid})。",
        "move": "{who}が{card}を{frm}から{to}へ移動。",
        "attack": "{who}の{attacker}の{card}が{opp}の{target}{tcard}を攻撃。",
        "battle": "バトル: {card} {atk}/{dfn} 対 {dcard} {datk}/{ddef}{ctr} — {outcome}。",
        "battle_fizzles": "攻撃はバトルなしで終わる({why})。",
        "book_open": "{who}の禁書{place}がオープン: {card}。",
        "book_hit": "{who}の禁書{place}({card})に攻撃({hits}回目)。",
        "book_destroyed": "{who}の禁書{place}({card})が破壊され、墓地に置かれた。",
        "destroyed": "{who}の{place}の{card}が破壊された({reason})。",
        "effect": "{card}の効果({who})。",
        "effect_fizzles": "{card}の効果は何もしない({why})。",
        "modify": "{who}の{place}の{card}: {delta}({until})。",
        "defenceless": "{who}の{place}の{card}が無防備状態になる。",
        "ready": "{who}の{place}の{card}が臨戦状態になる。",
        "cost_modifier": "{who}のコスト{amount:+d}({until})。",
        "end_turn": "{who}のターン終了。",
        "set_phase": "{who}のセットフェイズ: {parts}。",
        "concede": "{who}が投了。",
        "auto": "({who}: {action})",
    },
}

_OUTCOME = {
    "en": {"win": "attacker wins", "loss": "attacker loses", "mutual": "mutual destruction", "draw": "draw"},
    "ja": {"win": "攻撃側の勝利", "loss": "攻撃側の敗北", "mutual": "相打ち", "draw": "引き分け"},
}
#: why an effect or an attack did nothing (``effect_fizzles`` / ``battle_fizzles`` events)
_WHY = {
    "en": {},
    "ja": {"no target": "対象がいない", "condition": "条件を満たしていない", "source left": "効果の発生源が場を離れた",
           "attacker left": "攻撃したキャラクターが場を離れた", "target left": "攻撃対象が場を離れた",
           "book already destroyed": "その禁書はすでに破壊されている"},
}
_REASON = {
    "en": {"battle": "battle", "effect": "effect", "negative def": "def below 0"},
    "ja": {"battle": "バトル", "effect": "効果", "negative def": "防御力がマイナス"},
}


def _set_phase_parts(ev: dict[str, Any], lg: str) -> str:
    """What the set phase did (§5.1), leaving out what did not happen: ``2 characters ready again``."""
    r, u = ev.get("readied") or 0, ev.get("untapped") or 0
    if lg == "ja":
        parts = ([f"キャラクター{r}体が臨戦状態に戻る"] if r else []) + ([f"ボルテージ{u}枚を縦向きに戻す"] if u else [])
        return "、".join(parts) or "戻すものはない"
    parts = ([f"{r} character(s) ready again"] if r else []) + (
        [f"{u} voltage untapped"] if u else [])
    return ", ".join(parts) or "nothing to ready or untap"


def describe(game: Any, ev: dict[str, Any], lang: str = "en") -> str:
    """One log line for an event view."""
    lg = lang_code(lang)
    kind = ev.get("kind", "")
    if kind == "game_over":
        w = ev.get("winner")
        res = ev.get("result", "")
        if lg == "ja":
            return f"ゲーム終了: {result_text(res, lg)} — " + ("引き分け" if w is None else f"P{w}の勝ち")
        return f"Game over: {res} — " + ("draw" if w is None else f"P{w} wins")
    if kind == "auto":
        return _auto(ev, lg)
    tpl = EV[lg].get(kind)
    if tpl is None:
        return _plain(ev)
    try:
        return tpl.format(**_blanks(game, ev, kind, lg))
    except (KeyError, ValueError, IndexError):
        return _plain(ev)


def _plain(ev: dict[str, Any]) -> str:
    """An event no template reads: ``kind: key=value, …``."""
    return f"{ev.get('kind', '')}: " + ", ".join(f"{k}={v}" for k, v in ev.items() if k != "kind")


def _auto(ev: dict[str, Any], lg: str) -> str:
    """A decision the engine answered itself, having one option (the core's ``auto`` event)."""
    w = who(ev.get("player", ev.get("by", "?")), lg)
    act = str(ev.get("action") or "")
    if act in ("end", "pass"):
        ph = str(ev.get("decision", ""))
        if lg == "ja":
            return f"({w}: {PHASE_JA.get(ph, ph)}フェイズで行えることはもうありません)"
        return f"({w} has nothing (more) to do in the {ph} phase)"
    if not act:
        return f"({w}: 選択肢は1つだけ)" if lg == "ja" else f"({w} had only one choice)"
    return f"({w}: 唯一の選択肢 {act})" if lg == "ja" else f"({w}: {act}, the only choice)"


def _blanks(game: Any, ev: dict[str, Any], kind: str, lg: str) -> dict[str, Any]:
    """The values of an event's template: the event's own, with cards named and words translated."""
    f: dict[str, Any] = dict(ev)
    f["who"] = who(ev.get("player", ev.get("by", "?")), lg)
    for k in ("card", "dcard", "base"):
        if k in ev:
            f[k] = card_name(game, ev[k], lg)
    bases = ev.get("bases")
    if kind == "evolve" and isinstance(bases, list) and len(bases) > 1:
        f["base"] = " + ".join(card_name(game, b, lg) for b in bases)
    if kind == "draw":
        cards = ev.get("cards")
        f["cards"] = (": " + SEP[lg].join(card_name(game, c, lg) for c in cards)) if cards else ""
    if kind == "charge":
        f["src"] = (" from the deck" if lg == "en" else "(山札から)") if ev.get("source") == "deck" else ""
    if kind == "attack":
        pl = ev.get("player")
        f["opp"] = who(1 - pl if isinstance(pl, int) else "?", lg)
        tc = ev.get("target_card")
        f["tcard"] = ((f"({card_name(game, tc, lg)})" if lg == "ja" else f" ({card_name(game, tc, lg)})")
                      if tc else "")
    if kind == "battle":
        f["outcome"] = _OUTCOME[lg].get(str(ev.get("outcome")), ev.get("outcome"))
        f["ctr"] = (" (counterattack)" if lg == "en" else "(反撃あり)") if ev.get("counter") else ""
    if kind in ("effect_fizzles", "battle_fizzles"):
        f["why"] = _WHY[lg].get(str(ev.get("why")), ev.get("why"))
    if kind == "destroyed":
        f["reason"] = _REASON[lg].get(str(ev.get("reason")), ev.get("reason"))
    if kind in ("modify", "cost_modifier"):
        f["until"] = DUR[lg].get(str(ev.get("until")), ev.get("until"))
    if kind == "modify":
        parts = ([("atk " if lg == "en" else "攻") + f"{ev['atk']:+d}"] if ev.get("atk") else []) + (
            [("def " if lg == "en" else "防") + f"{ev['dfn']:+d}"] if ev.get("dfn") else [])
        f["delta"] = SEP[lg].join(parts)
    if kind == "setup":
        f["first"] = ev.get("first")
    if kind == "set_phase":
        f["parts"] = _set_phase_parts(ev, lg)
    if kind == "book_open":
        f["card"] = card_name(game, ev.get("card"), lg)
    return f
