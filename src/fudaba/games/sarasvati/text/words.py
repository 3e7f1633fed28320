"""The shared words of Sarasvati's text: names, languages, durations, the §8 effect vocabulary in words,
card text and facts, results, and the decisions' names in the table."""

from __future__ import annotations

from typing import Any

from ....core.actions import PRIVATE_KIND
from ..cards import ATTRIBUTE_EN, TYPE_JA, Card, Effect

LANGS = ("en", "ja")


def lang_code(lang: str) -> str:
    """``ja`` for Japanese, else ``en``."""
    return "ja" if lang.lower().startswith("ja") else "en"


def card_name(game: Any, cid: Any, lang: str) -> str:
    """A card's name in ``lang`` (Japanese, or its English name when it has one); "?" for no id."""
    if not isinstance(cid, str):
        return "?"
    c = game.cdb.get(cid)
    if c is None:
        return cid
    return f"{c.name}" if lang == "ja" or not c.name_en else f"{c.name_en}"


def who(p: Any, lang: str) -> str:
    """A seat as the text names it: ``P0``."""
    return f"P{p}"


DUR = {
    "en": {"until_end_of_battle": "until end of battle", "until_end_of_turn": "until end of turn",
           "until_your_next_turn": "until the start of your next turn", "permanent": "permanently",
           "while_condition": "while the condition holds"},
    "ja": {"until_end_of_battle": "バトル終了まで", "until_end_of_turn": "このターンの終わりまで",
           "until_your_next_turn": "次の自分のターンの初めまで", "permanent": "永続で",
           "while_condition": "条件を満たす間"},
}

#: list separator of a log line
SEP = {"en": ", ", "ja": "、"}


PHASE_JA = {"set": "セット", "draw": "ドロー", "charge": "チャージ", "imagine": "イマジン", "move": "ムーブ",
             "battle": "バトル", "end": "エンド", "over": "終了"}



# ------------------------------------------------------------------------------------------- effects
_TRIG = {
    "en": {"static": "", "on_summon": "When summoned: ", "on_attack": "When it attacks: ",
           "on_battle_win": "When it wins a battle: ", "on_destroyed": "When destroyed: ", "on_play": "",
           "on_open": "When opened: ", "while_open": "While open: ", "on_turn_start": "At the start of your turn: "},
    "ja": {"static": "", "on_summon": "召喚時、", "on_attack": "攻撃時、", "on_battle_win": "バトルに勝った時、",
           "on_destroyed": "破壊された時、", "on_play": "", "on_open": "オープン時、", "while_open": "オープン中、",
           "on_turn_start": "自分のターンの初め、"},
}
_TGT = {
    "en": {"self": "this character", "equipped": "the equipped character",
           "choose_own_character": "one of your characters", "choose_enemy_character": "one enemy character",
           "all_own_characters": "all your characters", "all_enemy_characters": "all enemy characters",
           "all_characters": "all characters", "self_player": "you", "opponent": "your opponent",
           "both_players": "each player"},
    "ja": {"self": "このカード", "equipped": "装備したキャラクター", "choose_own_character": "自分のキャラクター1体",
           "choose_enemy_character": "相手のキャラクター1体", "all_own_characters": "自分のキャラクターすべて",
           "all_enemy_characters": "相手のキャラクターすべて", "all_characters": "キャラクターすべて",
           "self_player": "自分", "opponent": "相手", "both_players": "お互い"},
}


_TERM = {
    "en": {"def_le": "def ≤ {v}", "atk_ge": "atk ≥ {v}", "row": "{v} row", "attribute": "attribute {v}",
           "sub_attribute": "sub-attribute {v}", "ready": "{v}", "hand_size_ge": "your hand ≥ {v}",
           "voltage_ge": "your voltage ≥ {v}", "characters_ge": "you have ≥ {v} characters",
           "of_attribute": "of attribute {v}", "of_sub_attribute": "of sub-attribute {v}",
           "opp_hand_size_ge": "your opponent's hand ≥ {v}",
           "opp_characters_ge": "your opponent has ≥ {v} characters", "target_ready": "if the target is {v}"},
    "ja": {"def_le": "防御力{v}以下", "atk_ge": "攻撃力{v}以上", "row": "{v}", "attribute": "属性{v}",
           "sub_attribute": "サブ属性{v}", "ready": "{v}", "hand_size_ge": "手札{v}枚以上",
           "voltage_ge": "ボルテージ{v}枚以上", "characters_ge": "自分のキャラクター{v}体以上",
           "of_attribute": "属性{v}", "of_sub_attribute": "サブ属性{v}", "opp_hand_size_ge": "相手の手札{v}枚以上",
           "opp_characters_ge": "相手のキャラクター{v}体以上", "target_ready": "対象が{v}なら"},
}
#: ``own_turn = true|false``: whose turn it must be
_OWN_TURN = {"en": {True: "during your turn", False: "during your opponent's turn"},
             "ja": {True: "自分のターン中", False: "相手のターン中"}}
_TERM_VALUE = {
    "en": {"front": "front", "back": "back", True: "ready", False: "defenceless"},
    "ja": {"front": "前列", "back": "後列", True: "臨戦状態", False: "無防備状態"},
}


def _term(key: str, value: Any, lg: str) -> str:
    """One filter/condition term for people: ``def_le 3000`` → ``def ≤ 3000`` / ``防御力3000以下``."""
    if key == "own_turn":
        return _OWN_TURN[lg][bool(value)]
    tpl = _TERM[lg].get(key)
    if tpl is None:
        return f"{key} {value}"
    shown = _TERM_VALUE[lg].get(value, value) if isinstance(value, (bool, str)) else value
    if key == "attribute" or key == "of_attribute":
        shown = ATTRIBUTE_EN.get(str(value), value) if lg == "en" else value
    return tpl.format(v=shown)


def effect_text(e: Effect, lang: str = "en") -> str:
    """A readable rendering of one effect of the vocabulary (§8)."""
    lg = lang_code(lang)
    t = _TGT[lg][e.target]
    cond = ""
    if e.condition is not None:
        cond = "[" + ", ".join(_term(k, v, lg) for k, v in e.condition.to_dict().items()) + "] "
    filt = ""
    if e.filter is not None:
        filt = " (" + ", ".join(_term(k, v, lg) for k, v in e.filter.to_dict().items()) + ")"
    dur = DUR[lg].get(e.duration, "") if e.duration and e.duration != "while_condition" else ""
    a = e.action
    if lg == "ja":
        body = {
            "draw": f"{t}がカードを{e.amount}枚引く",
            "charge_from_deck": f"{t}の山札の上から{e.amount}枚をボルテージに置く",
            "cost_modifier": f"{t}のコスト{e.amount:+d}(1未満にならない)",
            "modify": f"{t}{filt}の" + "、".join(x for x in (f"攻撃力{e.atk:+d}" if e.atk else "",
                                                           f"防御力{e.def_:+d}" if e.def_ else "") if x),
            "destroy": f"{t}{filt}を破壊",
            "set_defenceless": f"{t}{filt}を無防備状態にする",
            "set_ready": f"{t}{filt}を臨戦状態にする",
            "move_row": f"{t}{filt}を反対の列に移動",
        }[a]
        return f"{_TRIG[lg][e.trigger]}{cond}{body}{(' ' + dur) if dur else ''}。"
    body = {
        "draw": f"{t} draw {e.amount}",
        "charge_from_deck": f"{t} put the top {e.amount} card(s) of the deck into voltage",
        "cost_modifier": f"{t}: costs {e.amount:+d} (never below 1)",
        "modify": f"{t}{filt}: " + ", ".join(x for x in (f"atk {e.atk:+d}" if e.atk else "",
                                                        f"def {e.def_:+d}" if e.def_ else "") if x),
        "destroy": f"destroy {t}{filt}",
        "set_defenceless": f"make {t}{filt} defenceless",
        "set_ready": f"make {t}{filt} ready",
        "move_row": f"move {t}{filt} to the other row",
    }[a]
    return f"{_TRIG[lg][e.trigger]}{cond}{body}{(' ' + dur) if dur else ''}."


def card_text(game: Any, card_id: str, lang: str = "en") -> str:
    """A card's full text, in the designers' template layout."""
    lg = lang_code(lang)
    c: Card | None = game.cdb.get(card_id) or game.cards.find(card_id)
    if c is None:
        return f"unknown card {card_id!r}" if lg == "en" else f"不明なカード {card_id!r}"
    attr = c.attribute if lg == "ja" else ATTRIBUTE_EN[c.attribute]
    kind = TYPE_JA[c.type] if lg == "ja" else {"book": "forbidden book"}.get(c.type, c.type)
    if c.is_evolution:
        kind = ("進化" if lg == "ja" else "evolution") + f" ← {c.evolves_from}" + (f" ×{c.evolve_bases}" if c.evolve_bases > 1 else "")
    tags = "、".join((attr, *c.sub_attributes)) if lg == "ja" else ", ".join((attr, *c.sub_attributes))
    stats = f":{c.atk}/{c.def_}" if c.type in ("character", "equipment") else ""
    head = f"◇{c.name}" + (f" ({c.name_en})" if c.name_en and lg == "en" else "") + f"  [{c.id}]"
    if lg == "ja":  # the designers' template: コスト:攻/防(種別/属性、サブ属性)
        lines = [head, f"コスト{c.cost}{stats}({kind}/{tags})"]
    else:
        en_stats = f", atk/def {c.atk}/{c.def_}" if stats else ""
        lines = [head, f"cost {c.cost}{en_stats} ({kind}; {tags})"]
    if c.reattachable:
        lines.append("付け替え可能" if lg == "ja" else "reattachable (付け替え可能)")
    if c.text:
        lines.append((f"[{c.effect_name}] " if c.effect_name else "") + c.text)
    elif c.effect_name:
        lines.append(f"[{c.effect_name}]")
    if lg == "en" or not c.text:
        for e in c.effects:
            lines.append("▸" + effect_text(e, lg))
    if c.flavor:
        lines.append(f"『{c.flavor}』")
    return "\n".join(lines)


def card_facts(game: Any, card_id: str) -> dict[str, Any]:
    """A card's printed facts as data (spec §2), for a page that draws the card: type, cost,
    attribute and sub-attributes; atk/def for characters and equipment; an evolution's base."""
    c: Card | None = game.cdb.get(card_id) or game.cards.find(card_id)
    if c is None:
        return {}
    out: dict[str, Any] = {"type": c.type, "cost": c.cost, "attribute": c.attribute,
                           "sub_attributes": list(c.sub_attributes)}
    if c.type in ("character", "equipment"):
        out["atk"], out["def"] = c.atk, c.def_
    if c.evolves_from:
        out["evolves_from"] = c.evolves_from
    return out


# ------------------------------------------------------------------------------------------- results
_RESULT_JA = {"all books destroyed": "禁書をすべて破壊", "deck out": "山札切れ", "turn limit": "ターン上限",
              "no progress": "進展なし (同じ局面の繰り返し)"}


def result_text(result: str, lang: str = "en") -> str:
    """The game's result reason for people (``ja``: in Japanese)."""
    if lang_code(lang) != "ja":
        return result
    if result.startswith("player ") and result.endswith(" conceded"):
        return f"P{result.split()[1]}の投了"
    return _RESULT_JA.get(result, result)


#: a private decision's public form (its kind is not shown), in words
_DECIDING = {"en": "is deciding", "ja": "が選択中"}


def kind_word(game: Any, kind: str, lang: str) -> str:
    """A pending decision's kind as the table names it: the kind's word in English, its title in
    Japanese (``チャージ``); a private decision seen by another seat reads "is deciding"."""
    lg = lang_code(lang)
    if kind == PRIVATE_KIND:
        return _DECIDING[lg]
    k = game.KIND_BY_NAME.get(kind)
    return k.words("ja") if lg == "ja" and k is not None else kind
