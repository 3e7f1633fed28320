"""Shared words of the Maken text: names, stances, effects and card text, results."""

from __future__ import annotations

from typing import Any

from ..cards import Effect, MCard


def _lang(lang: str) -> str:
    return "ja" if lang.lower().startswith("ja") else "en"


def _name(game: Any, cid: Any, lang: str) -> str:
    """A card's name: Japanese, with the English name beside it in ``en`` (``紅葉狩 Maple Hunt``)."""
    if not isinstance(cid, str):
        return "?"
    c = game.cards.find(cid)
    if c is None:
        return cid
    if lang == "ja" or not c.name_en:
        return str(c.name)
    return f"{c.name} {c.name_en}"


def _names(game: Any, ids: Any, lang: str) -> str:
    sep = "、" if lang == "ja" else ", "
    return sep.join(_name(game, c, lang) for c in (ids or []))


SPACE = {"en": {"stand": "stand", "crouch": "crouch", "air": "air"},
         "ja": {"stand": "立ち", "crouch": "屈み", "air": "空中"}}
SITUATION = {"en": {"even": "even", "forcing": "forcing a guard", "guarding": "guarding"},
             "ja": {"even": "拮抗", "forcing": "ガードさせている", "guarding": "ガードしている"}}
OUTCOME = {"en": {"clean_hit": "clean hit", "trade": "trade", "guard_holds": "guard holds", "gb": "guard break (GB)",
                  "gc": "guard cancel (GC)"},
           "ja": {"clean_hit": "直撃", "trade": "相打", "guard_holds": "ガード成立", "gb": "GB(ガードブレイク)成立",
                  "gc": "GC(ガードキャンセル)成立"}}
_PHASE = {"en": {"setup": "setup", "mulligan": "mulligan", "draw": "draw", "before_attack": "before attack",
                 "attack": "attack phase", "after_attack": "after attack", "over": "over"},
          "ja": {"setup": "準備", "mulligan": "マリガン", "draw": "ドロー", "before_attack": "ターン中(アタック前)",
                 "attack": "アタックフェイズ", "after_attack": "ターン中(アタック後)", "over": "終了"}}
_DEST = {"en": {"gauge": "the gauge", "dust": "the dust", "hand": "the hand"},
         "ja": {"gauge": "ゲージ", "dust": "ダスト", "hand": "手札"}}
_OPT = {"en": {"speed": "speed", "reach": "reach", "attack": "attack", "guard": "guard"},
        "ja": {"speed": "速度", "reach": "間合", "attack": "攻撃値", "guard": "ガード難易度"}}
_BET = {"en": {"fb": " (first bet)", "attack": "", "bonus": " (bonus bet)"},
        "ja": {"fb": " (FB)", "attack": "", "bonus": " (ボーナスベット)"}}
_WHY_DRAW = {"en": {"setup": " (starting hand)", "mulligan": " (new hand)", "double": " (double attack)",
                    "triple": " (triple attack)", "effect": " (effect)", "draw": ""},
             "ja": {"setup": " (初期手札)", "mulligan": " (引き直し)", "double": " (ダブルアタック)", "triple": " (トリプルアタック)",
                    "effect": " (効果)", "draw": ""}}
_RESULT_JA = {"down on the last life card": "最後のLP札でダウン", "turn limit": "ターン上限",
              "stalemate": "膠着 (両者のスタミナ札が尽き、2ターン続けてアタックなし)",
              "no progress": "進展なし (同じ局面の繰り返し)"}


def result_text(result: str, lang: str = "en") -> str:
    """The game's result reason for people (``ja``: in Japanese)."""
    if _lang(lang) != "ja":
        return result
    if result.startswith("player ") and result.endswith(" conceded"):
        return f"P{result.split()[1]}の投了"
    return _RESULT_JA.get(result, result)


def _bet_text(game: Any, ev: dict[str, Any], lg: str) -> str:
    nm = _name(game, ev.get("card"), lg)
    n = ev.get("n", 1)
    opts = ev.get("opts") or []
    if n and n > 1:
        o = "・".join(_OPT[lg].get(x, x) for x in opts) if lg == "ja" else ", ".join(opts)
        word = ("ダブルアタック" if n == 2 else "トリプルアタック") if lg == "ja" else ("double" if n == 2 else "triple")
        return f"{nm}×{n} ({word}: {o})" if lg == "ja" else f"{n}× {nm} ({word} attack: {o})"
    return nm


# ------------------------------------------------------------------------------------------- cards
_TRIGGER = {"en": {"on_bet": "on bet", "on_hit": "on hit", "static": "static", "on_set": "when set",
                   "turn_start": "at your turn start", "on_down": "when you go down"},
            "ja": {"on_bet": "ベット時", "on_hit": "ヒット時", "static": "常時", "on_set": "セット時",
                   "turn_start": "ターン開始時", "on_down": "ダウン時"}}


def effect_text(e: Effect, lang: str = "en") -> str:
    """One effect of §8 in words."""
    lg = _lang(lang)
    ja = lg == "ja"
    cond = ""
    if e.gauge_ge is not None:
        cond = f"ゲージ札{e.gauge_ge}枚以上なら、" if ja else f"if your gauge ≥ {e.gauge_ge}, "
    opp = e.who == "opponent"
    a = e.action
    if a == "draw":
        body = (f"相手は{e.n}枚引く" if opp else f"{e.n}枚引く") if ja else (
            f"the opponent draws {e.n}" if opp else f"draw {e.n}")
    elif a == "gauge_gain":
        body = (f"{'相手の' if opp else ''}ゲージ増加{e.n}") if ja else (
            f"{'the opponent gains' if opp else 'gain'} {e.n} gauge")
    elif a == "gauge_loss":
        body = (f"{'相手の' if opp else ''}ゲージ札{e.n}枚をダスト送り") if ja else (
            f"{'the opponent loses' if opp else 'lose'} {e.n} gauge to the dust")
    elif a == "modify":
        st = _OPT[lg].get(e.stat, e.stat)
        if e.trigger == "static":
            flt = ""
            if e.posture:
                flt = f"{SPACE['ja'][e.posture]}姿勢の" if ja else f"{e.posture}-posture "
            body = f"あなたの{flt}攻撃カードの{st}{e.n:+d}" if ja else f"your {flt}attack cards {st} {e.n:+d}"
        else:
            body = f"このカードの{st}{e.n:+d}" if ja else f"this card's {st} {e.n:+d}"
    elif a == "draw_limit":
        body = f"ドロー上限が{e.n}になる" if ja else f"your draw limit becomes {e.n}"
    else:
        body = "ボーナスベットできる" if ja else "you may make a bonus bet"
    return f"{_TRIGGER[lg].get(e.trigger, e.trigger)}: {cond}{body}"


def _card_line(c: MCard, lg: str) -> str:
    ja = lg == "ja"
    reach = f"{c.reach_front}/{c.reach_back}" if c.split_reach else str(c.reach_front)
    ung = ", ".join(SPACE[lg][u] for u in c.unguardable) or "—"
    gc = {"none": ("—", "なし"), "possible": ("GC-possible", "GC可能"), "only": ("GC-only", "GC専用")}[c.gc][ja]
    if ja:
        return (f"速度{c.speed} 間合{reach} 攻撃値{c.attack} ガード難易度{c.guard} 姿勢:{SPACE['ja'][c.posture]} "
                f"ガード不可:{ung}\nゲージ消費{c.gauge_cost}/増加{c.gauge_gain} GC:{gc} 行き先:{_DEST['ja'][c.dest]}")
    return (f"speed {c.speed} · reach {reach} · attack {c.attack} · guard {c.guard} · {c.posture} · "
            f"unguardable: {ung}\ngauge cost {c.gauge_cost} / gain {c.gauge_gain} · GC: {gc} · goes to "
            f"{_DEST['en'][c.dest]}")


def card_text(game: Any, card_id: str, lang: str = "en") -> str:
    """A card's full text (plain)."""
    lg = _lang(lang)
    ja = lg == "ja"
    c = game.cards.find(card_id)
    if c is None:
        return f"不明なカード {card_id!r}" if ja else f"unknown card {card_id!r}"
    kind = {"attack": ("attack card", "攻撃カード"), "support": ("support", "補助カード"),
            "character": ("character", "キャラカード")}[c.kind][ja]
    title = f"{c.id} {c.name}" + (f" ({c.name_en})" if c.name_en and not ja else "")
    lines = [f"{title} — {kind}" + (f"、シリーズ{c.series}" if ja else f", series {c.series}")]
    if c.is_attack:
        lines.append(_card_line(c, lg))
    if c.kind == "character" and c.draw_limit is not None:
        lines.append(f"ドロー上限{c.draw_limit}" if ja else f"draw limit {c.draw_limit}")
    lines += [effect_text(e, lg) for e in c.effects]
    if c.text:
        lines.append(f"「{c.text}」")
    return "\n".join(lines)


def card_source(game: Any, card_id: str, lang: str = "en") -> str:
    """Where the card's data comes from, for designers (``info X --source``), never on the card
    itself: the fields the engine invented (the card data's ``invented``); "" when none."""
    c = game.cards.find(card_id)
    if c is None or not c.invented:
        return ""
    return ("創作した項目: " if _lang(lang) == "ja" else "invented fields: ") + ", ".join(c.invented)




def card_facts(game: Any, card_id: str) -> dict[str, Any]:
    """A card's printed facts as data (spec §2), for a page that draws the card: kind and series; an
    attack card's speed, reach, attack, guard, posture, unguardable postures and gauge cost/gain; a
    character's draw limit (None: the parameter's)."""
    c: MCard | None = game.cards.find(card_id)
    if c is None:
        return {}
    out: dict[str, Any] = {"kind": c.kind, "series": c.series}
    if c.is_attack:
        out.update({"speed": c.speed, "reach_front": c.reach_front, "reach_back": c.reach_back,
                    "split_reach": c.split_reach, "attack": c.attack, "guard": c.guard, "posture": c.posture,
                    "unguardable": list(c.unguardable), "gauge_cost": c.gauge_cost, "gauge_gain": c.gauge_gain})
    elif c.kind == "character":
        out["draw_limit"] = c.draw_limit
    return out
