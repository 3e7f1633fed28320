"""Suikoden text for people, in ``en`` and ``ja`` (plain text, no Rich): log lines (``describe``), the
table (``render``), what a decision asks (``prompt``), ``info`` (``inspect``), the options' glosses
(``option_gloss``), card text (``card_text``) and results (``result_text``).

Everything here reads event views and state views only (never the state), so it works for every seat
with the hidden information already removed. Events name a mission absolutely (``place`` "M1" and
``owner`` seat: "P1's M1"); the table and ``info`` name places relative to the viewer as the notation
does (spec §13: own ``M1``, the opponent's ``xM1``; a spectator reads them as seat 0). Card names are
Japanese, with the English name beside them in ``en``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import TYPE_CHECKING, Any

from ...core.text import WIDTH, display_width, wrap_items
from .cards import CLASS_EN, CLASS_JA, KEYWORD_JA, STAT_JA, TYPE_JA, Card, Effect

if TYPE_CHECKING:
    from .game import SuikodenGame

#: this module glosses the card ids of an option itself (``core/session.py`` then adds no names of its own)
GLOSS_CARDS = True

_SEP = {"en": ", ", "ja": "、"}
_DOT = " · "


def _lang(lang: str) -> str:
    return "ja" if str(lang).lower().startswith("ja") else "en"


def _card(game: SuikodenGame, cid: Any) -> Card | None:
    if not isinstance(cid, str) or not cid:
        return None
    return game.cdb.get(cid)


def _name(game: SuikodenGame, cid: Any, lg: str) -> str:
    """A card's name: Japanese, with the English name beside it in ``en`` (``ミナ Mina``)."""
    c = _card(game, cid)
    if c is None:
        return str(cid) if isinstance(cid, str) and cid else "?"
    if lg == "ja" or not c.name_en:
        return c.name
    return f"{c.name} {c.name_en}"


def _names(game: SuikodenGame, ids: Any, lg: str) -> str:
    if not isinstance(ids, list) or not ids:
        return ""
    return _SEP[lg].join(_name(game, c, lg) for c in ids)


def _seat(p: Any) -> str:
    return f"P{p}" if isinstance(p, int) else "P?"


def _of(owner: Any, place: Any, lg: str) -> str:
    """A mission named absolutely, as events do: ``P1's M1`` / ``P1のM1``."""
    slot = place if isinstance(place, str) and place else "M?"
    return f"{_seat(owner)}のM{slot[1:]}" if lg == "ja" else f"{_seat(owner)}'s M{slot[1:]}"


def _rel(owner: int, slot: str, viewer: int | None) -> str:
    """Seat ``owner``'s slot ``M1`` as ``viewer`` names it (§13): ``M1`` own, ``xM1`` the opponent's
    (a spectator reads as seat 0)."""
    me = viewer if viewer in (0, 1) else 0
    return slot if owner == me else f"x{slot}"


def _signed(v: int) -> str:
    return f"{v:+d}"


def _stats(a: Any, m: Any, c: Any) -> str:
    return f"{a}/{m}/{c}"


# ------------------------------------------------------------------------------------------- words
_KIND = {
    "en": {"attack": "attack", "troops": "troops", "duel": "duel", "facility": "facility"},
    "ja": {"attack": "攻撃", "troops": "兵力", "duel": "一騎打ち", "facility": "施設"},
}
_STAT = {"en": {"atk": "atk", "mil": "mil", "con": "con"}, "ja": {"atk": "攻", "mil": "兵", "con": "建"}}
_KIND_OF_CLEAR = {"atk": "attack", "mil": "troops", "duel": "duel"}
#: what a keyword lets its card do (spec §6.3, §8.1, §8.4)
_KEYWORD_RULE = {
    "en": {"support": "Support (サポート): may come with a new mission as its support; its support effects act "
                      "there, and it may be redeployed into your column (§8.1).",
           "betrayal": "Betrayal (裏): may be deployed while an opponent's card sharing a name is in play; those "
                       "cards are discarded first (never a mastermind) (§6.3).",
           "counter": "Counter (対): used from your hand after an enemy character is deployed or redeployed on the "
                      "battle's mission (§8.4)."},
    "ja": {"support": "サポート: 新規ミッションと一緒にサポートとして出せる。サポート効果はそのミッションに及び、"
                      "自分の列に派遣しなおせる (§8.1)。",
           "betrayal": "裏: 相手の場に同名のカードがあっても派遣でき、そのカードを先に破棄する (総大将は除く) (§6.3)。",
           "counter": "対: 相手キャラクターがバトル中のミッションに派遣された後、手札から使う (§8.4)。"},
}
_KEYWORD_EN = {"support": "support (サポート)", "betrayal": "betrayal (裏)", "counter": "counter (対)"}


def _kind_of(c: Card) -> str:
    return "facility" if c.type == "facility" else _KIND_OF_CLEAR.get(c.clear, c.clear)


def _mission_head(c: Card, lg: str) -> str:
    """``attack 8, VP 1/2`` / ``攻撃8・VP 1/2``; a facility ``facility, build 5 / block 8``."""
    k = _kind_of(c)
    w = _KIND[lg][k]
    if lg == "ja":
        if k == "facility":
            return f"{w}・建設{c.build}/阻止{c.block}"
        if k == "duel":
            return f"{STAT_JA.get(c.duel_stat, c.duel_stat)}の{w}・VP {c.vp[0]}/{c.vp[1]}"
        return f"{w}{c.value}・VP {c.vp[0]}/{c.vp[1]}"
    if k == "facility":
        return f"{w}, build {c.build} / block {c.block}"
    val = f" by {c.duel_stat}" if k == "duel" else f" {c.value}"
    return f"{w}{val}, VP {c.vp[0]}/{c.vp[1]}"


def _class_word(c: Card, lg: str) -> str:
    w = CLASS_JA.get(c.cls, c.cls) if lg == "ja" else CLASS_EN.get(c.cls, c.cls)
    if c.pair:
        w += "・ペア" if lg == "ja" else " pair"
    return w


def _char_brief(c: Card, lg: str) -> str:
    """``free, EHI, 2/0/0`` (+ rune and keywords): what a deploy option needs to know."""
    parts = [_class_word(c, lg)]
    if c.cls != "mastermind":
        parts += [c.links or "—", _stats(c.atk, c.mil, c.con)]
    if c.rune:
        parts.append(f"紋章 {c.rune}" if lg == "ja" else f"rune {c.rune}")
    for k in c.keywords:
        parts.append(KEYWORD_JA.get(k, k) if lg == "ja" else k)
    return _SEP[lg].join(parts)


def _brief(game: SuikodenGame, cid: str, lg: str) -> str:
    """A card's name and what it is, in one phrase: ``ミナ Mina (free, EHI, 2/0/0)``."""
    c = _card(game, cid)
    if c is None:
        return cid
    if c.type == "character":
        inner = _char_brief(c, lg)
    else:
        inner = _mission_head(c, lg)
    return f"{_name(game, cid, lg)} ({inner})"


# ------------------------------------------------------------------------------------------- effects (§10)
_TRIG = {
    "en": {"static": "", "support": "As a support: ", "on_deploy": "When deployed: ",
           "counter": "Counter (対, from hand, after an enemy character is deployed): ", "on_clear": "When cleared: "},
    "ja": {"static": "", "support": "サポート中: ", "on_deploy": "派遣時: ",
           "counter": "対(手札から、相手キャラクターの派遣の後): ", "on_clear": "クリア時: "},
}
_TGT = {
    "en": {"self": "this character", "own_characters": "your characters", "enemy_characters": "enemy characters",
           "all_characters": "all characters", "choose_enemy_character": "one enemy character (chosen)",
           "trigger_character": "the character just deployed", "self_player": "you", "opponent": "your opponent"},
    "ja": {"self": "このキャラクター", "own_characters": "自分のキャラクター", "enemy_characters": "相手のキャラクター",
           "all_characters": "すべてのキャラクター", "choose_enemy_character": "相手のキャラクター1体(選ぶ)",
           "trigger_character": "派遣されたキャラクター", "self_player": "自分", "opponent": "相手"},
}
_DUR = {"en": {"until_end_of_battle": "until the end of the battle", "while_deployed": "while deployed",
               "battle": "until the end of the battle", "deployed": "while deployed"},
        "ja": {"until_end_of_battle": "バトル終了まで", "while_deployed": "派遣中",
               "battle": "バトル終了まで", "deployed": "派遣中"}}


def _filter_text(e: Effect, lg: str) -> str:
    out = []
    for k, v in e.filter:
        if k == "class":
            out.append(CLASS_JA.get(v, v) if lg == "ja" else CLASS_EN.get(v, v))
        elif k == "camp":
            out.append(v)
        elif k == "has_rune":
            if lg == "ja":
                out.append("紋章あり" if v == "true" else "紋章なし")
            else:
                out.append("with a rune" if v == "true" else "without a rune")
        else:
            out.append(f"{k} {v}")
    if not out:
        return ""
    return f"({'・'.join(out)})" if lg == "ja" else f" ({', '.join(out)})"


def _condition_text(e: Effect, lg: str) -> str:
    if e.condition is None:
        return ""
    k, v = e.condition
    if lg == "ja":
        return {"cooperation": f"協力({v}): ", "own_mission": "自分のミッションで、" if v == "true" else "相手のミッションで、",
                "deployed_ge": f"このミッションに自分のキャラクターが{v}体以上なら、",
                "facility_built": f"{v}を建設済みなら、"}.get(k, f"{k}={v}なら、")
    return {"cooperation": f"if you also have {v} deployed here (協力, cooperation), ",
            "own_mission": "on your own missions, " if v == "true" else "on your opponent's missions, ",
            "deployed_ge": f"with {v} or more of your characters deployed here, ",
            "facility_built": f"if you have built {v}, "}.get(k, f"if {k} = {v}, ")


def _stat_deltas(e: Effect, lg: str) -> str:
    parts = []
    for k in ("atk", "mil", "con"):
        v = getattr(e, k)
        if v:
            parts.append(f"{STAT_JA[k]}{_signed(v)}" if lg == "ja" else f"{k} {_signed(v)}")
    return _SEP[lg].join(parts) or "±0"


def effect_text(e: Effect, lang: str = "en", everywhere: bool = False) -> str:
    """One effect of the §10 vocabulary in words. ``everywhere``: its source is a mastermind or a built
    facility, whose effects reach every mission (§10 *Scope*); else "here" is the card's mission."""
    lg = _lang(lang)
    a = e.action
    trig = _TRIG[lg].get(e.trigger, "")
    if e.trigger == "rune":
        n = e.cost_discard
        if lg == "ja":
            trig = f"紋章(手札{n}枚を捨てる): " if n else "紋章: "
        else:
            trig = f"Rune (a step; cost: discard {n} card{'s' if n != 1 else ''}): " if n else "Rune (a step): "
    t = _TGT[lg].get(e.target, e.target)
    filt = _filter_text(e, lg)
    char_target = e.target not in ("self_player", "opponent")
    local = not everywhere and char_target and e.target not in ("self", "trigger_character") and a != "cannot_deploy"
    where_ja = "このミッションの" if local else ""
    where_en = " here" if local else ""
    if a == "cannot_deploy" and e.target == "all_characters":
        t = "キャラクター" if lg == "ja" else "characters"
    dur = _DUR[lg].get(e.duration or ("until_end_of_battle" if e.trigger not in ("static", "support") else ""), "")
    cond = _condition_text(e, lg)
    if lg == "ja":
        who = f"{where_ja}{t}{filt}"
        body = {
            "modify": f"{who}の{_stat_deltas(e, lg)}",
            "modify_total": f"{'このミッションでの' if not everywhere else ''}{t}の合計{_stat_deltas(e, lg)}",
            "draw": f"{t}がカードを{e.amount}枚引く",
            "discard": f"{who}を破棄",
            "hand_limit": f"{t}の手札上限{_signed(e.amount)}",
            "cannot_deploy": f"{who}は{'このミッションに' if not everywhere else ''}派遣できない",
        }.get(a, f"{who}: {a}")
        tail = f"({dur})" if dur and a == "modify" and e.trigger not in ("static", "support") else ""
        return f"{trig}{cond}{body}{tail}。"
    who = f"{t}{filt}{where_en}"
    whose = "your" if e.target == "self_player" else "your opponent's"
    body = {
        "modify": f"{who}: {_stat_deltas(e, lg)}",
        "modify_total": f"{whose} total{' here' if not everywhere else ''}: {_stat_deltas(e, lg)}",
        "draw": f"{t} draw{'s' if e.target == 'opponent' else ''} {e.amount} card{'s' if e.amount != 1 else ''}",
        "discard": f"discard {who}",
        "hand_limit": f"{whose} hand limit {_signed(e.amount)}",
        "cannot_deploy": f"{who} cannot be deployed{' here' if not everywhere else ''}",
    }.get(a, f"{who}: {a}")
    tail = f", {dur}" if dur and a == "modify" and e.trigger not in ("static", "support") else ""
    text = f"{trig}{cond}{body}{tail}."
    return text[0].upper() + text[1:] if text else text


# ------------------------------------------------------------------------------------------- cards
def card_text(game: SuikodenGame, card_id: str, lang: str = "en") -> str:
    """A card's full text: what it is (class, camp, links, stats, rune, keywords; a mission's clear type,
    value and VP pair; a facility's build and block values) and every effect in words."""
    lg = _lang(lang)
    ja = lg == "ja"
    c = _card(game, card_id) or game.cards.find(str(card_id))
    if c is None:
        return f"不明なカード {card_id!r}" if ja else f"unknown card {card_id!r}"
    head = f"{c.id}  {c.name}" + (f" / {c.name_en}" if c.name_en else "")
    out = [head]
    everywhere = c.cls == "mastermind" or c.type == "facility"
    if c.type == "character":
        kind = [TYPE_JA["character"] if ja else "character", _class_word(c, lg)]
        if c.cls == "mastermind":
            kind[1] = "総大将" if ja else "mastermind (総大将)"
        kind.append("・".join(c.camp) if c.camp else ("無所属" if ja else "no camp (無所属)"))
        if c.cls != "mastermind":
            kind.append(f"リンク {c.links}" if ja else f"links {c.links}")
        out.append(("・" if ja else _DOT).join(kind))
        if c.cls != "mastermind":
            out.append(f"攻撃力{c.atk}・兵力{c.mil}・建設力{c.con}" if ja else f"atk {c.atk} · mil {c.mil} · con {c.con}")
        extra = []
        if c.rune:
            extra.append(f"紋章 {c.rune}" if ja else f"rune {c.rune}")
        if c.pair:
            extra.append(f"ペア: {'と'.join(c.pair)}の両方として扱う" if ja else
                         f"pair: counts as both {' and '.join(c.pair)}")
        if c.keywords:
            kw = [KEYWORD_JA.get(k, k) if ja else _KEYWORD_EN.get(k, k) for k in c.keywords]
            extra.append(("キーワード: " if ja else "keywords: ") + _SEP[lg].join(kw))
        if extra:
            out.append(("・" if ja else _DOT).join(extra))
        if c.cls == "mastermind":
            out.append("デッキに入らず、派遣されない。効果はすべてのミッションに及ぶ" if ja else
                       "never in the deck, never deployed; its effects reach every mission")
    elif c.type == "mission":
        k = _kind_of(c)
        if ja:
            if k == "duel":
                cond = f"一騎打ち({STAT_JA.get(c.duel_stat, c.duel_stat)}が高い方が残る。同値は配置した側)"
            else:
                cond = f"{_KIND['ja'][k]}{c.value}以上"
            out.append(f"ミッション・クリア条件: {cond}")
            out.append(f"VP {c.vp[0]}/{c.vp[1]} (配置した側がクリアで{c.vp[0]}、相手がクリアで{c.vp[1]})")
        else:
            if k == "duel":
                cond = f"duel (一騎打ち) by {c.duel_stat}: the higher card stays, a tie favours the placer"
            else:
                cond = f"{k} {c.value} or more"
            out.append(f"mission · clear: {cond}")
            out.append(f"VP {c.vp[0]}/{c.vp[1]} ({c.vp[0]} if its placer clears it, {c.vp[1]} if the opponent does)")
    else:
        if ja:
            out.append(f"施設・建設{c.build} (配置した側の建設力)・阻止{c.block} (相手の攻撃力)")
        else:
            out.append(f"facility · build {c.build} (its owner's con) · block {c.block} (the opponent's atk)")
        if c.effects:
            out.append("建設後:" if ja else "once built:")
    for word in c.keywords:
        out.append("▹" + _KEYWORD_RULE[lg].get(word, word))
    for e in c.effects:
        out.append("▸" + effect_text(e, lg, everywhere))
    if c.text:
        out.append(("テキスト: " if ja else "printed: ") + c.text)
    tail = []
    if c.number:
        tail.append(f"No. {c.number}")
    if c.invented:
        tail.append("(能力値・効果は創作)" if ja else "(stats and effects invented)")
    if tail:
        out.append(" ".join(tail))
    return "\n".join(out)


# ------------------------------------------------------------------------------------------- results
_RESULT = {
    "en": {"vp": "victory points", "deck out": "deck out", "deck out (both)": "both decks out",
           "turn limit": "turn limit"},
    "ja": {"vp": "勝利点(VP)到達", "deck out": "山札切れ", "deck out (both)": "両者の山札切れ",
           "turn limit": "ターン上限"},
}


def result_text(result: str, lang: str = "en") -> str:
    """The game's result reason (§9: ``vp``, ``deck out``, ``deck out (both)``, ``turn limit``,
    ``player N conceded``) for people."""
    lg = _lang(lang)
    r = str(result or "")
    m = re.fullmatch(r"player (\d) conceded", r)
    if m:
        return f"P{m.group(1)}の投了" if lg == "ja" else f"P{m.group(1)} conceded"
    return _RESULT[lg].get(r, r)


def _over_line(view: dict[str, Any], lg: str) -> str:
    w = view.get("winner")
    res = result_text(str(view.get("result") or ""), lg)
    if lg == "ja":
        return "ゲーム終了: " + ("引き分け" if w is None else f"P{w}の勝ち") + f" ({res})"
    return "Game over: " + ("draw" if w is None else f"P{w} wins") + f" ({res})"


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


def describe(game: SuikodenGame, ev: dict[str, Any], lang: str = "en") -> str:
    """One log line for an event view (``ja`` or ``en``); it shows only what the event view holds."""
    lg = _lang(lang)
    ja = lg == "ja"
    k = str(ev.get("kind", ""))
    who = _seat(ev.get("player"))
    card = ev.get("card")
    nm = _name(game, card, lg) if card else ""
    at = _of(ev.get("owner"), ev.get("place"), lg)
    if k == "setup":
        mms = ev.get("masterminds") or []
        shown = [f"P{p} {_name(game, m, lg) if m else ('なし' if ja else 'none')}" for p, m in enumerate(mms)]
        if ja:
            return f"準備: 先攻は{_seat(ev.get('first'))}。総大将: {'、'.join(shown)}。"
        return f"Setup: {_seat(ev.get('first'))} goes first; masterminds: {', '.join(shown)}."
    if k == "draw":
        cards = _names(game, ev.get("cards"), lg)
        n = ev.get("count")
        if ja:
            return f"{who}が{n}枚引く" + (f": {cards}" if cards else "") + "。"
        return f"{who} draws {n}" + (f": {cards}" if cards else "") + "."
    if k == "mulligan":
        n = ev.get("count") or 0
        cards = _names(game, ev.get("cards"), lg)
        if not n:
            return f"{who}はマリガンしない。" if ja else f"{who} keeps the hand (no mulligan)."
        if ja:
            return f"{who}がマリガン: {n}枚を山札に戻してシャッフル" + (f" (戻した札: {cards})" if cards else "") + "。"
        return (f"{who} mulligans: {n} card{'s' if n != 1 else ''} shuffled back into the deck"
                + (f" ({cards})" if cards else "") + ".")
    if k == "turn":
        return f"── ターン{ev.get('turn')}: {who} ──" if ja else f"── Turn {ev.get('turn')}: {who} ──"
    if k == "discard":
        why = ev.get("why")
        if ja:
            return {"cost": f"{who}が紋章のコストとして{nm}を捨てる。", "counter": f"{who}が対の{nm}を手札から捨てる。",
                    "replenish": f"{who}が手札上限に合わせて{nm}を捨てる(補充)。"}.get(
                str(why), f"{who}が手札の{nm}を破棄。")
        return {"cost": f"{who} discards {nm} to pay a rune's cost.", "counter": f"{who} discards {nm} to counter.",
                "replenish": f"{who} discards {nm} down to the hand limit (replenish)."}.get(
            str(why), f"{who} discards {nm} from hand.")
    if k == "leave":
        why = _WHY[lg].get(str(ev.get("why")), str(ev.get("why") or ""))
        if ja:
            return f"{who}の{nm}が捨て場へ" + (f"({why})" if why else "") + "。"
        return f"{who}'s {nm} goes to the discard pile" + (f" ({why})" if why else "") + "."
    if k == "main_pass":
        return f"{who}はメインフェイズにできることがない(パス)。" if ja else f"{who} has nothing to do in the main phase (pass)."
    if k == "play":
        c = _card(game, card)
        head = f" ({_mission_head(c, lg)})" if c is not None else ""
        sup = ev.get("support")
        if ja:
            return f"{who}が{nm}{head}を{at}に配置" + (f"、サポートに{_name(game, sup, lg)}" if sup else "") + "。"
        return f"{who} plays {nm}{head} as {at}" + (f", with support {_name(game, sup, lg)}" if sup else "") + "."
    if k == "battle":
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
    if k == "pass":
        return f"{who}が{at}でパス。" if ja else f"{who} passes on {at}."
    if k == "deploy":
        return f"{who}が{nm}を{at}に派遣。" if ja else f"{who} deploys {nm} on {at}."
    if k == "redeploy":
        if ja:
            return f"{who}がサポートの{nm}を{at}の自分の列に派遣しなおす。"
        return f"{who} redeploys the support {nm} into its column on {at}."
    if k == "rune":
        rune = ev.get("rune") or ""
        if ja:
            return f"{who}が{at}で{nm}の紋章" + (f"「{rune}」" if rune else "") + "を使う。"
        return f"{who} uses the rune" + (f" {rune}" if rune else "") + f" of {nm} on {at}."
    if k == "betrayal":
        gone = _names(game, ev.get("discarded"), lg)
        if ja:
            return f"裏: {who}の{nm}の派遣で、相手の{gone}が破棄される。"
        return f"Betrayal (裏): {who}'s {nm} comes in; the opponent's {gone} is discarded."
    if k == "counter":
        t = _name(game, ev.get("target"), lg)
        return f"対: {who}が{nm}で{t}に対抗する。" if ja else f"Counter (対): {who} answers {t} with {nm}."
    if k == "modify":
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
    if k == "unresolved":
        if ja:
            return f"{at} {nm}は未解決のまま残る (カードもそのまま)。"
        return f"{at} {nm} stays unresolved (every card on it stays)."
    if k == "fail":
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
    if k == "clear":
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
    if k == "troops":
        sums = ev.get("totals") or []
        vals = [f"P{p} {STAT_JA['mil'] if ja else 'mil'} {v}" for p, v in enumerate(sums)]
        if ja:
            return f"{at}の兵力判定 (両者パス): {'、'.join(vals)}。"
        return f"Troops on {at} are decided (both passed): {', '.join(vals)}."
    if k == "wiped":
        cards = _names(game, ev.get("cards"), lg)
        if ja:
            return f"{who}は{at}で全滅" + (f": {cards}" if cards else " (カードなし)") + "。"
        return f"{who} is wiped out on {at}" + (f": {cards}" if cards else " (nothing there)") + "."
    if k == "casualties":
        cards = _names(game, ev.get("cards"), lg)
        if ja:
            return f"{who}の{at}での損害: {cards}。" if cards else f"{who}は{at}で損害なし。"
        return f"{who} loses {cards} on {at} (casualties)." if cards else f"{who} loses no character on {at}."
    if k == "pick":
        cid = _picked_card(ev.get("action"))
        if ja:
            what = f"{_name(game, cid, lg)}を" if cid else "1枚を"
            return f"{who}が{at}の一騎打ちに{what}裏向きで選んだ (両者が選ぶまで非公開)。"
        what = _name(game, cid, lg) if cid else "a card"
        return f"{who} picks {what} face down for the duel on {at} (hidden until both have picked)."
    if k == "duel":
        picks = ev.get("picks") or {}
        shown = [f"P{s} {_name(game, _picked_card(a), lg)}" for s, a in sorted(picks.items())]
        if not shown:
            return f"{at}の一騎打ち: どちらも手札がない。" if ja else f"Duel on {at}: neither player has a card."
        if ja:
            return f"{at}の一騎打ち、公開: {'、'.join(shown)}。"
        return f"Duel on {at}, revealed: {', '.join(shown)}."
    if k == "duel_values":
        return _duel_values(game, ev, lg, at)
    if k == "auto":
        return _auto_line(game, ev, lg)
    if k == "concede":
        return f"{who}が投了。" if ja else f"{who} concedes."
    if k == "game_over":
        w = ev.get("winner")
        res = result_text(str(ev.get("result") or ""), lg)
        if ja:
            return f"ゲーム終了 ({res}): " + ("引き分け" if w is None else f"{_seat(w)}の勝ち")
        return f"Game over ({res}): " + ("draw" if w is None else f"{_seat(w)} wins")
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
_DECISION = {
    "en": {"mulligan": "mulligan", "main": "main phase", "discard": "more discards", "step": "deploy/pass step",
           "cost": "rune cost", "target": "effect target", "counter": "counter (対)", "casualties": "troops casualties",
           "garrison": "garrison", "duel": "duel pick", "replenish": "replenish discard"},
    "ja": {"mulligan": "マリガン", "main": "メインフェイズ", "discard": "追加の破棄", "step": "派遣・パスステップ",
           "cost": "紋章のコスト", "target": "効果の対象", "counter": "対", "casualties": "兵力戦の損害",
           "garrison": "駐留", "duel": "一騎打ちの選択", "replenish": "補充フェイズの破棄"},
}


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
            if d.get("player") == you:
                out.append(L["your_decision"].format(k=_DECISION[lg].get(kind, kind)))
            elif kind == "deciding":
                out.append(L["deciding"].format(p=_seat(d.get("player"))))
            else:
                out.append(L["decides"].format(p=_seat(d.get("player")), k=_DECISION[lg].get(kind, kind)))
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
_MISSION_RE = re.compile(r"^(x?)m(\d+)$")
_DEP_RE = re.compile(r"^(x?)m(\d+)\.(x?)(\d+|s)$")
_RES_RE = re.compile(r"^(x?)r(\d+)$")


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


def prompt(game: SuikodenGame, view: dict[str, Any], lang: str = "en", log: list[dict[str, Any]] | None = None) -> str:
    """What the pending decision of ``view`` asks, in words (``log``: the viewer's log view, used to name
    the character a counter answers)."""
    lg = _lang(lang)
    P = _PROMPT[lg]
    d = view.get("decision")
    if not isinstance(d, dict):
        return ""
    kind = str(d.get("kind", ""))
    raw = str(d.get("prompt") or kind)
    you = view.get("seat")
    if you not in (0, 1) or d.get("player") != you:
        return ""  # another seat's decision: the view tells no more than that it is deciding
    tb = view["table"]
    o, slot_abs, m = _battle_mission(view)
    slot = _rel(o, slot_abs, you) if o >= 0 else ""
    card = _name(game, m["card"], lg) if m else ""
    if kind == "mulligan":
        mx = re.search(r"up to (\d+)", raw)
        return P["mulligan"].format(max=mx.group(1) if mx else "?", n=tb["players"][you].get("returned", 0))
    if kind in ("main", "discard"):
        return P[kind]
    if kind == "step" and m is not None:
        c = _card(game, m["card"])
        text = P["step"].format(slot=slot, card=card, head=_mission_head(c, lg) if c else "")
        tots = _totals_summary(game, m, o, you, lg)
        if tots:
            text += f"\n{tots}"
        note = _pass_note(view, lg)
        return text + (f"\n{note}" if note else "")
    if kind == "cost":
        n = re.search(r"discard (\d+)", raw)
        return P["cost"].format(n=n.group(1) if n else "1")
    if kind == "target":
        head = raw.split(":", 1)[0]
        c = game.cards.find(head)
        if c is not None:
            e = next((x for x in c.effects if x.target == "choose_enemy_character"), None)
            if e is not None:
                return P["target"].format(card=_name(game, c.id, lg), effect=effect_text(e, lg))
        return P["target_plain"]
    if kind == "counter":
        for ev in reversed(log or []):
            if ev.get("kind") in ("deploy", "redeploy"):
                own = ev.get("owner")
                place = _rel(own, str(ev.get("place")), you) if isinstance(own, int) else "?"
                return P["counter"].format(p=_seat(ev.get("player")), card=_name(game, ev.get("card"), lg), slot=place)
        return P["counter_plain"]
    if kind == "casualties":
        mm = re.search(r"worth (\d+) printed mil \((\w+)\)", raw)
        need, mode = (mm.group(1), mm.group(2)) if mm else ("?", "exact")
        return P["casualties"].format(slot=slot, need=need, mode=P.get(f"mode_{mode}", mode))
    if kind == "garrison":
        return P["garrison"].format(slot=slot, card=card)
    if kind == "duel" and m is not None:
        c = _card(game, m["card"])
        stat = c.duel_stat if c is not None else "atk"
        return P["duel"].format(slot=slot, card=card, stat=STAT_JA.get(stat, stat) if lg == "ja" else stat,
                                placer=_seat(o))
    if kind == "replenish":
        return P["replenish"].format(n=tb["players"][you]["hand_limit"])
    return raw


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


def option_gloss(game: SuikodenGame, view: dict[str, Any], action: str, lang: str = "en") -> str:
    """What the cards and places an option names are, from the chooser's view: ``deploy GS-A11`` →
    ``ミナ Mina (free, EHI, 2/0/0)``; ``garrison M1.2`` → the character there; ``continue xM1`` → the
    mission and the totals on it; ``pass`` in a deploy/pass step → what passing means now."""
    lg = _lang(lang)
    ja = lg == "ja"
    parts = action.split()
    if not parts:
        return ""
    verb, args = parts[0], parts[1:]
    you = view.get("seat")
    if you not in (0, 1):
        return ""
    d = view.get("decision") if isinstance(view.get("decision"), dict) else {}
    kind = str((d or {}).get("kind", ""))
    if verb == "play" and args:
        text = _brief(game, args[0], lg)
        if len(args) > 1:
            text += (" + サポート " if ja else " + support ") + _brief(game, args[1], lg)
        return text
    if verb in ("deploy", "discard", "return"):
        return _brief(game, args[0], lg) if args else ""
    if verb == "counter" and args:
        c = _card(game, args[0])
        pre = _TRIG[lg].get("counter", "")  # the menu says what the counter does, not when it may be used
        effs = [effect_text(e, lg).removeprefix(pre) for e in c.effects if e.trigger == "counter"] if c is not None else []
        return _name(game, args[0], lg) + (f": {' '.join(effs)}" if effs else "")
    if verb == "duel" and args:
        c = _card(game, args[0])
        if c is None:
            return args[0]
        if c.type != "character" or c.cls == "mastermind":
            return _name(game, args[0], lg) + (" (キャラクターではない: 公開時に破棄、0)" if ja
                                                 else " (not a character: discarded at the reveal, 0)")
        _, _, m = _battle_mission(view)
        bc = _card(game, m["card"]) if m else None
        stat = bc.duel_stat if bc is not None and bc.duel_stat else "atk"
        v = getattr(c, stat)
        sw = STAT_JA.get(stat, stat) if ja else stat
        return f"{_name(game, args[0], lg)} ({sw} {v}" + (" (ペア: 駐留できない)" if ja and c.pair else
                                                        ", a pair: cannot garrison" if c.pair else "") + ")"
    if verb == "continue" and args:
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
            text = (f"{_seat(owner)}の" if ja else f"{_seat(owner)}'s ") + text
        tots = _totals_summary(game, m, owner, you, lg)
        return text + (f": {tots}" if tots else "")
    if verb in ("garrison", "target", "lose", "rune") and args:
        got = _dep_at(view, args[0])
        if got is None:
            return ""
        dep, _, _ = got
        cid = dep["card"]
        c = _card(game, cid)
        if verb == "lose":
            mil = c.mil if c is not None else dep.get("mil")
            return f"{_name(game, cid, lg)} (" + (f"記載兵力 {mil})" if ja else f"printed mil {mil})")
        if verb == "rune" and c is not None:
            said = " ".join(effect_text(e, lg) for e in c.effects if e.trigger == "rune")
            rune = (f" 「{c.rune}」" if ja else f" ({c.rune})") if c.rune else ""
            return f"{_name(game, cid, lg)}{rune}" + (f": {said}" if said else "")
        now = _stats(dep.get("atk"), dep.get("mil"), dep.get("con"))
        return f"{_name(game, cid, lg)} ({dep.get('links') or '—'}, {now})"
    if verb == "redeploy":
        _, _, m = _battle_mission(view)
        sup = m.get("support") if m else None
        return (_brief(game, sup, lg) + (" → 自分の列へ" if ja else " → into your column")) if sup else ""
    if verb == "pass" and kind == "step":
        tb = view["table"]
        b = tb.get("battle")
        o, slot_abs, m = _battle_mission(view)
        if not isinstance(b, dict) or m is None:
            return ""
        slot = _rel(o, slot_abs, you)
        if b.get("last_pass"):
            if m.get("kind") == "troops":
                return "両者パス: 兵力判定" if ja else "both passed: troops are decided (casualties)"
            return f"両者パス: {slot}は未解決のまま" if ja else f"both passed: {slot} stays unresolved"
        return f"{_seat(1 - you)}の番になる" if ja else f"{_seat(1 - you)} acts next"
    if verb == "pass" and kind == "counter":
        return "対抗しない" if ja else "no counter"
    if verb == "done" and kind == "mulligan":
        n = view["table"]["players"][you].get("returned", 0)
        if not n:
            return "手札をそのまま残す" if ja else "keep this hand"
        return f"戻した{n}枚をシャッフルして{n}枚引く" if ja else f"shuffle the {n} returned in and draw {n}"
    return ""


__all__ = ["card_text", "describe", "effect_text", "inspect", "option_gloss", "prompt", "render", "result_text"]
