"""Shared words of the Suikoden text: names, places, card briefs, effects in words (§10), card text and results."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..cards import CLASS_EN, CLASS_JA, KEYWORD_JA, STAT_JA, TYPE_JA, Card, Effect

if TYPE_CHECKING:
    from ..game import SuikodenGame


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
    if c.number:
        out.append(f"No. {c.number}")
    return "\n".join(out)


def card_source(game: SuikodenGame, card_id: str, lang: str = "en") -> str:
    """Where the card's data comes from, for designers (``info X --source``), never on the card
    itself: whether its stats and effects were invented (the card data's ``invented``); "" when not."""
    c = _card(game, card_id) or game.cards.find(str(card_id))
    if c is None or not c.invented:
        return ""
    return "能力値・効果は創作" if _lang(lang) == "ja" else "stats and effects invented"


# ------------------------------------------------------------------------------------------- results
_RESULT = {
    "en": {"vp": "victory points", "deck out": "deck out", "deck out (both)": "both decks out",
           "turn limit": "turn limit", "no progress": "no progress"},
    "ja": {"vp": "勝利点(VP)到達", "deck out": "山札切れ", "deck out (both)": "両者の山札切れ",
           "turn limit": "ターン上限", "no progress": "進展なし (同じ局面の繰り返し)"},
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




def card_facts(game: SuikodenGame, card_id: str) -> dict[str, Any]:
    """A card's printed facts as data (spec §2), for a page that draws the card: its type; a
    character's class, camp, links, atk/mil/con, rune and keywords; a mission's clear type, value (or
    duel stat) and VP pair; a facility's build and block values."""
    c = _card(game, card_id) or game.cards.find(str(card_id))
    if c is None:
        return {}
    out: dict[str, Any] = {"type": c.type}
    if c.type == "character":
        out.update({"class": c.cls, "camp": list(c.camp), "links": c.links, "atk": c.atk, "mil": c.mil,
                    "con": c.con, "rune": c.rune, "keywords": list(c.keywords)})
    elif c.type == "mission":
        out.update({"clear": c.clear, "value": c.value, "duel_stat": c.duel_stat, "vp": list(c.vp)})
    elif c.type == "facility":
        out.update({"build": c.build, "block": c.block})
    return out
