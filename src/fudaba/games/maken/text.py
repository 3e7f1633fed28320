"""Text for people, in ``ja`` and ``en``: log lines (``describe``), the table (``render``), prompts,
``info`` lookups, option glosses, card text and results.

Everything here reads event views and state views only (never the state), so it works for every
seat with hidden information already removed: a face-down guard card is named only where the view
names it (its owner's view).
"""

from __future__ import annotations

from typing import Any

from ...core.text import WIDTH, display_width, wrap_items
from .cards import Effect, MCard
from .state import STAT_INDEX, double_table


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
                    "effect": " (effect)", "draw": ""},
             "ja": {"setup": " (初期手札)", "mulligan": " (引き直し)", "double": " (ダブルアタック)", "effect": " (効果)",
                    "draw": ""}}
_RESULT_JA = {"down on the last life card": "最後のLP札でダウン", "turn limit": "ターン上限",
              "stalemate": "膠着 (両者のスタミナ札が尽き、2ターン続けてアタックなし)"}


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


def describe(game: Any, ev: dict[str, Any], lang: str = "en") -> str:
    """One readable line for an event view (``ja`` or ``en``)."""
    lg = _lang(lang)
    ja = lg == "ja"
    k = ev.get("kind", "")
    p = ev.get("player")
    who = f"P{p}" if p is not None else ""
    nm = _name(game, ev.get("card"), lg) if ev.get("card") else ""
    if k == "setup":
        chars = ev.get("characters") or []
        cs = "、".join(f"P{i} {_name(game, c, lg)}" for i, c in enumerate(chars)) if ja else ", ".join(
            f"P{i} {_name(game, c, lg)}" for i, c in enumerate(chars))
        if ja:
            return f"準備: {cs}。LP札{(ev.get('lp') or [0])[0]}枚。先攻 P{ev.get('first')}"
        return f"Setup: {cs}; {(ev.get('lp') or [0])[0]} LP cards each; P{ev.get('first')} is the first turn player"
    if k == "draw":
        cards = ev.get("cards")
        shown = f": {_names(game, cards, lg)}" if cards else ""
        why = _WHY_DRAW[lg].get(str(ev.get("why")), "")
        return f"{who}: {ev.get('count')}枚ドロー{why}{shown}" if ja else f"{who} draws {ev.get('count')}{why}{shown}"
    if k == "mulligan":
        if ev.get("choice") == "keep":
            return f"{who}: 手札を残す" if ja else f"{who} keeps the hand"
        return f"{who}: マリガン ({ev.get('count')}枚をスタミナ札に戻して切り直す)" if ja else (
            f"{who} mulligans: {ev.get('count')} cards back into the stamina, shuffled")
    if k == "turn":
        return f"── ターン{ev.get('turn')} TP {who} ──" if ja else f"── turn {ev.get('turn')}: {who} is the TP ──"
    if k == "no_draw":
        return f"{who}: スタミナ札がないのでドローなし" if ja else f"{who} cannot draw: the stamina is empty"
    if k == "set":
        return f"{who}: 補助カード{nm}をセット" if ja else f"{who} sets the support {nm}"
    if k == "skip":
        return f"{who}: アタックしない" if ja else f"{who} makes no attack this turn"
    if k == "bet":
        b = _bet_text(game, ev, lg)
        tag = _BET[lg].get(str(ev.get("bet")), "")
        return f"{who}: {b}をベット{tag}" if ja else f"{who} bets {b}{tag}"
    if k == "gauge_gain":
        n = ev.get("count", 0)
        if not n:
            return f"{who}: ゲージ増加なし (ゲージ{ev.get('gauge')}枚、上限かスタミナ切れ)" if ja else (
                f"{who} gains no gauge (gauge {ev.get('gauge')}: full, or the stamina is empty)")
        return f"{who}: ゲージ+{n} (計{ev.get('gauge')}枚)" if ja else f"{who} gains {n} gauge ({ev.get('gauge')} now)"
    if k == "gauge_to_dust":
        cards = _names(game, ev.get("cards"), lg)
        if ev.get("why") == "cost":
            return f"{who}: ゲージ消費 {len(ev.get('cards') or [])}枚をダストへ ({cards})" if ja else (
                f"{who} pays {len(ev.get('cards') or [])} gauge to the dust ({cards})")
        return f"{who}: ゲージ札{len(ev.get('cards') or [])}枚をダストへ ({cards})" if ja else (
            f"{who} loses {len(ev.get('cards') or [])} gauge to the dust ({cards})")
    if k == "effect":
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
    if k == "guard":
        sp = SPACE[lg].get(str(ev.get("space")), "")
        dusted = ev.get("dusted") or []
        d = (f"、アタックフィールドの{_names(game, dusted, lg)}をダストへ" if ja else
             f"; {_names(game, dusted, lg)} to the dust") if dusted else ""
        return f"{who}: {sp}ガード (裏向き{ev.get('need')}枚){d}" if ja else (
            f"{who} guards {sp} ({ev.get('need')} face down){d}")
    if k == "cover":
        sp = SPACE[lg].get(str(ev.get("space")), "")
        shown = f": {nm}" if nm else ""
        return f"{who}: {sp}ガードスペースに裏向きで1枚 (計{ev.get('count')}枚){shown}" if ja else (
            f"{who} covers 1 card face down in the {sp} space ({ev.get('count')} there){shown}")
    if k == "flush":
        return f"{who}: ガード流し — {_names(game, ev.get('cards'), lg)}をダストへ、{SPACE[lg].get(str(ev.get('to')), '')}" \
               f"ガードに" if ja else (f"{who}'s guard is flushed: {_names(game, ev.get('cards'), lg)} to the dust; "
                                      f"now guarding {SPACE[lg].get(str(ev.get('to')), '')}")
    if k == "maintain":
        add = ev.get("add", 0)
        return f"{who}: ガード維持 (追加{add}枚)" if ja else f"{who} maintains the guard ({add} more card(s))"
    if k == "gc":
        return f"{who}: GC! {nm}をオープン" if ja else f"{who} guard-cancels: opens {nm}"
    if k == "drop":
        return f"{who}: ガードを維持しない" if ja else f"{who} does not maintain the guard"
    if k == "call":
        outcome = OUTCOME[lg].get(str(ev.get("outcome")), "")
        if ev.get("winner") is not None:  # whose clean hit
            outcome = f"P{ev['winner']}の{outcome}" if ja else f"P{ev['winner']}'s {outcome}"
        speeds = ev.get("speeds")
        spd = (f" (速度 {speeds[0]} 対 {speeds[1]})" if ja else f" (speed {speeds[0]} vs {speeds[1]})") if speeds else ""
        return f"{who}: コール{spd} → {outcome}" if ja else f"{who} calls{spd}: {outcome}"
    if k == "judge":
        out = OUTCOME[lg].get(str(ev.get("outcome")), "")
        return f"ジャッジ: {who}の{out}" if ja else f"judge — {who}'s {out}"
    if k == "hit":
        return f"{who}の{nm}がヒット" if ja else f"{who}'s {nm} hits"
    if k == "bonus_pass":
        return f"{who}: ボーナスベットしない" if ja else f"{who} makes no bonus bet"
    if k == "totals":
        tot = ev.get("totals") or {}
        items = [(f"P{s}", v) for s, v in tot.items()]
        if ja:
            return "攻撃値合計: " + "、".join(f"{a} {b}" for a, b in items)
        return "attack totals: " + ", ".join(f"{a} {b}" for a, b in items)
    if k == "damage":
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
    if k == "down":
        if ev.get("last"):
            return f"{who}: 最後のLP札でダウン!" if ja else f"{who} goes down on the last LP card!"
        shown = f" ({nm})" if nm else ""
        return f"{who}: ダウン! LP札1枚を手札に{shown}、ダメージ札{ev.get('returned')}枚をスタミナ札の下へ (残りLP{ev.get('lp')})" if ja \
            else (f"{who} goes down: an LP card to hand{shown}, {ev.get('returned')} damage cards under the stamina "
                  f"({ev.get('lp')} LP left)")
    if k == "end_attack":
        parts = [f"P{m[0]} {_name(game, m[1], lg)}→{_DEST[lg].get(m[2], m[2])}" for m in ev.get("moves") or []]
        head = "アタックフェイズ終了" if ja else "end of the attack phase"
        return head + (": " + ("、" if ja else ", ").join(parts) if parts else "")
    if k == "turn_end":
        return f"{who}: ターン終了" if ja else f"{who} ends the turn"
    if k == "auto":
        act = str(ev.get("action") or "")
        if not act or act.split(" ")[0] in ("cover", "bet", "set", "keep", "mulligan", "maintain", "drop", "gc",
                                            "guard", "end", "pass", "skip"):
            return ""  # the event this action causes says it all
        return f"({who}: 唯一の選択肢 {act})" if ja else f"({who}: {act}, the only choice)"
    if k == "concede":
        return f"{who}: 投了" if ja else f"{who} concedes"
    if k == "game_over":
        w = ev.get("winner")
        res = result_text(str(ev.get("result") or ""), lg)
        if ja:
            return f"ゲーム終了 ({res}): " + ("引き分け" if w is None else f"P{w}の勝ち")
        return f"game over ({res}): " + ("draw" if w is None else f"P{w} wins")
    return f"{k}: " + ", ".join(f"{a}={b}" for a, b in ev.items() if a != "kind")


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
    if c.invented:
        lines.append(("創作した項目: " if ja else "invented fields: ") + ", ".join(c.invented))
    return "\n".join(lines)


# ------------------------------------------------------------------------------------------- the table
_DOT = " · "
_SEP = {"en": ", ", "ja": "、"}

_LABEL = {
    "en": {"turn": "Turn", "tp": "TP", "you": "you", "spectator": "spectator", "hand": "hand", "lp": "LP",
           "stamina": "stamina", "gauge": "gauge", "dust": "dust", "top": "top", "damage": "damage",
           "draw": "draw limit", "supports": "supports", "field": "field", "guard": "guard", "none": "—",
           "down": "face down", "open": "opened", "decision": "decision", "over": "Game over", "sit": "situation",
           "judge": "judge", "speed": "speed", "reach": "reach", "atk": "attack", "grd": "guard",
           "ung": "unguardable", "support": "support", "no_cards": "no cards yet", "deciding": "is deciding",
           "empty_field": "empty (speed 0, reach 0)"},
    "ja": {"turn": "ターン", "tp": "TP", "you": "あなた", "spectator": "観戦", "hand": "手札", "lp": "LP",
           "stamina": "スタミナ", "gauge": "ゲージ", "dust": "ダスト", "top": "一番上", "damage": "ダメージ",
           "draw": "ドロー上限", "supports": "補助", "field": "アタックフィールド", "guard": "ガード", "none": "なし",
           "down": "裏向き", "open": "オープン", "decision": "選択", "over": "ゲーム終了", "sit": "状況",
           "judge": "ジャッジ", "speed": "速度", "reach": "間合", "atk": "攻撃値", "grd": "ガード難易度",
           "ung": "ガード不可", "support": "補助カード", "no_cards": "まだカードなし", "deciding": "が選択中",
           "empty_field": "なし (速度0・間合0)"},
}
#: the judge under way, by its kind: whose result it is (``{p}``)
_JUDGE = {"en": {"clean_hit": "P{p}'s clean hit", "trade": "a trade (P{p} called)", "guard_holds": "P{p}'s guard holds",
                 "gb": "P{p}'s guard break (GB)", "gc": "P{p}'s guard cancel (GC)"},
          "ja": {"clean_hit": "P{p}の直撃", "trade": "相打 (P{p}のコール)", "guard_holds": "P{p}のガード成立",
                 "gb": "P{p}のGB(ガードブレイク)成立", "gc": "P{p}のGC(ガードキャンセル)成立"}}


def _unit_text(game: Any, u: dict[str, Any], lg: str) -> str:
    """A bet on the field: ``紅葉狩 Maple Hunt ×2 [speed]`` (a double attack), ``(attack +2)`` (on_bet)."""
    nm = _name(game, u.get("card"), lg)
    n = u.get("n", 1)
    if n > 1:
        nm += ("" if lg == "ja" else " ") + f"×{n} [" + ",".join(_OPT[lg].get(o, o) for o in u.get("opts", [])) + "]"
    for st, v in (u.get("mods") or {}).items():
        nm += f" ({_OPT[lg].get(st, st)} {v:+d})" if lg == "en" else f"({_OPT[lg].get(st, st)}{v:+d})"
    return nm


def _top_items(top: dict[str, Any], lg: str) -> list[str]:
    """The compared values of a top card (effective): speed, reach front/back, attack, guard
    difficulty, posture, unguardable postures."""
    L = _LABEL[lg]
    ung = _SEP[lg].join(SPACE[lg][u] for u in top.get("unguardable", []))
    sp = "" if lg == "ja" else " "
    return [f"{L['speed']}{sp}{top['speed']}", f"{L['reach']}{sp}{top['reach_front']}/{top['reach_back']}",
            f"{L['atk']}{sp}{top['attack']}", f"{L['grd']}{sp}{top['guard']}", SPACE[lg].get(top["posture"], "?"),
            f"{L['ung']}: {ung or L['none']}"]


def top_text(side: dict[str, Any], lg: str, game: Any = None) -> str:
    """The compared values of a seat's top card (effective), from ``table["players"][p]``; with
    ``game``, the card's name first."""
    L = _LABEL[lg]
    top = side.get("top")
    if top is None:
        return f"{L['none']} ({L['speed']} 0)" if lg == "en" else f"{L['none']} ({L['speed']}0)"
    nm = f"{_name(game, side['field'][-1]['card'], lg)}: " if game is not None and side.get("field") else ""
    return nm + _DOT.join(_top_items(top, lg))


def _guard_head_items(game: Any, g: dict[str, Any], lg: str) -> tuple[str, list[str]]:
    """A guard space (§6.2.2) as a heading and items: the cards the viewer sees by name (its owner:
    all, marked face down in the heading), the others as a count; a card opened by a GC by name."""
    L = _LABEL[lg]
    sp = SPACE[lg].get(g.get("space") or "", "?")
    cards = g.get("cards") or []
    if not cards:
        return f"{L['guard']} ({sp}): ", [L["no_cards"]]
    opened = bool(g.get("open"))
    down = len(cards) - (1 if opened else 0)
    cnt = f"{down} face down" if lg == "en" else f"裏向き{down}枚"
    named = [_name(game, c, lg) for c in cards if c]
    if opened:
        named[-1] += f" ({L['open']})"
    if not all(cards):  # another's face-down cards: a count
        return f"{L['guard']} ({sp}): ", [cnt, *named]
    if not down:  # only the card a GC opened
        return f"{L['guard']} ({sp}): ", named
    return (f"{L['guard']} ({sp}, {cnt}): " if lg == "en" else f"{L['guard']} ({sp}、{cnt}): "), named


def _fold(line: str) -> list[str]:
    """A line wider than ``WIDTH`` broken at spaces, the rest indented under its start (+4)."""
    if display_width(line) <= WIDTH:
        return [line]
    lead = line[:len(line) - len(line.lstrip())]
    return wrap_items(lead, line.strip().split(" "), " ", indent=len(lead) + 4)


def _dust_item(game: Any, view: dict[str, Any], p: int, lg: str) -> str:
    """The dust count and its top card with its posture (the guard type an empty field follows, 注7)."""
    L = _LABEL[lg]
    side = view["table"]["players"][p]
    pile = view["players"][p].get("discard") or []
    n = side["dust_count"]
    if not pile:
        return f"{L['dust']}{n}" if lg == "ja" else f"{L['dust']} {n}"
    post = side.get("dust_top_posture")
    what = SPACE[lg][post] if post else L["support"]
    top = pile[-1]
    if lg == "ja":
        return f"{L['dust']}{n} ({L['top']}: {_name(game, top, lg)}、{what})"
    return f"{L['dust']} {n} ({L['top']}: {_name(game, top, lg)}, {what})"


def _seat_lines(game: Any, view: dict[str, Any], p: int, lg: str) -> list[str]:
    """One player: character and counts; dust (its top's posture) and draw limit; supports; the attack
    field with its top card's values; the guard space; the hand when the viewer sees it."""
    L = _LABEL[lg]
    ja = lg == "ja"
    you = view.get("seat")
    tb = view["table"]
    side = tb["players"][p]
    pl = view["players"][p]
    tag = f"P{p}" + (f" ({L['you']})" if p == you else "")
    sp = "" if ja else " "
    counts = [f"{L['lp']}{sp}{side['lp_count']}", f"{L['stamina']}{sp}{side['stamina_count']}",
              f"{L['gauge']}{sp}{side['gauge_count']}/{tb['gauge_max']}",
              f"{L['damage']}{sp}{side['damage_count']}/{tb['down_damage']}", f"{L['hand']}{sp}{pl['hand_count']}"]
    out = wrap_items(f"{tag} {_name(game, side['character'], lg)} — ", counts, _DOT, indent=2)
    out += wrap_items("  ", [_dust_item(game, view, p, lg), f"{L['draw']}{sp}{side['draw_limit']}"], _DOT, indent=4)
    if side["supports"]:
        lim = int(game.params.get("support_limit", 0))
        head = f"  {L['supports']}{sp}{len(side['supports'])}" + (f"/{lim}" if lim else "") + ": "
        out += wrap_items(head, [_name(game, c, lg) for c in side["supports"]], _SEP[lg])
    g = side["guard"]
    if view["phase"] == "attack" or side["field"] or g["count"]:
        if side["field"]:
            out += wrap_items(f"  {L['field']}: ", [_unit_text(game, u, lg) for u in side["field"]], " → ")
            if side["top"] is not None:
                out += wrap_items(f"    {L['top']}: ", _top_items(side["top"], lg), _DOT)
        elif side.get("situation") != "guarding":
            out.append(f"  {L['field']}: {L['empty_field']}")
        if g["count"] or g["space"]:
            head, items = _guard_head_items(game, g, lg)
            out += wrap_items("  " + head, items, " → ")
    if "hand" in pl:
        hand = [f"{c} {_name(game, c, lg)}" for c in pl["hand"]] or [L["none"]]
        out += wrap_items(f"  {L['hand']}: ", hand, "、" if ja else ", ")
    return out


def _situation_line(view: dict[str, Any], lg: str) -> str:
    """§1 situations: both even (right after the FB: the TP's first bet), or who forces a guard and
    who guards."""
    L = _LABEL[lg]
    sides = view["table"]["players"]
    sit = [s.get("situation") for s in sides]
    if sit == ["even", "even"]:
        text = SITUATION[lg]["even"]
        if view["table"].get("after_fb"):
            a = view.get("active")
            text += f" (P{a}のFB直後)" if lg == "ja" else f" — right after P{a}'s first bet"
        return f"{L['sit']}: {text}"
    parts = [f"P{p} {SITUATION[lg][s]}" for p, s in enumerate(sit) if s]
    return f"{L['sit']}: " + _SEP[lg].join(parts)


def render(game: Any, view: dict[str, Any], lang: str = "en") -> str:
    """The table as plain text from a view, every line within ``WIDTH`` columns: the turn; the
    situation and the judge under way; each player (the viewer last): counts, the dust top's posture,
    supports, the attack field and its top card's speed, reach, attack, guard difficulty, posture and
    unguardable postures, the guard space (names where the viewer sees them, else a count); the
    viewer's hand; the decision, with each option's gloss (why it is legal)."""
    lg = _lang(lang)
    ja = lg == "ja"
    L = _LABEL[lg]
    you = view.get("seat")
    order = [1 - you, you] if you in (0, 1) else [1, 0]
    tb = view["table"]
    phase = _PHASE[lg].get(view["phase"], view["phase"])
    head = [f"{L['turn']}{'' if ja else ' '}{view['turn']}", phase, f"{L['tp']} P{view['active']}"]
    if you not in (0, 1):
        head.append(f"({L['spectator']})")
    out = [_DOT.join(head)]
    if any(s.get("situation") for s in tb["players"]):
        out.append(_situation_line(view, lg))
    j = tb.get("judge")
    if j:
        out.append(f"{L['judge']}: " + _JUDGE[lg].get(j["kind"], j["kind"]).format(p=j["player"]))
    for p in order:
        out += _seat_lines(game, view, p, lg)
    d = view.get("decision")
    if view.get("over"):
        w = view.get("winner")
        res = result_text(str(view.get("result") or ""), lg)
        out.append(f"{L['over']}: {res} — " + (("引き分け" if w is None else f"P{w}の勝ち") if ja else
                                                ("draw" if w is None else f"P{w} wins")))
    elif isinstance(d, dict):
        kind = str(d.get("kind"))
        who = f"P{d['player']}"
        if kind == "deciding":
            out.append(f"{L['decision']}: {who} {L['deciding']}" if not ja else f"{L['decision']}: {who}{L['deciding']}")
        else:
            mine = f" ({L['you']})" if d["player"] == you else ""
            out.append(f"{L['decision']}: {who}{mine} — {_KIND[lg].get(kind, kind)}")
        for i, o in enumerate(d.get("options") or []):
            gl = option_gloss(game, view, o, lg)
            line = f"  [{i + 1}] {o}" + (f"  {gl}" if gl else "")
            if display_width(line) <= WIDTH:
                out.append(line)
            else:  # the gloss on its own line(s), under the option
                out.append(f"  [{i + 1}] {o}")
                out.append(f"      {gl}")
    return "\n".join(x for ln in out for x in _fold(ln))


# ------------------------------------------------------------------------------------------- info
_ZONES = {"field": "field", "フィールド": "field", "guard": "guard", "ガード": "guard", "dust": "dust", "ダスト": "dust",
          "discard": "dust", "supports": "supports", "support": "supports", "補助": "supports", "character": "character",
          "キャラ": "character", "hand": "hand", "手札": "hand"}


def inspect(game: Any, view: dict[str, Any], token: str, lang: str = "en") -> str | None:
    """``info TOKEN``: a card id/name, or a place the viewer sees: ``field``, ``guard``, ``dust``,
    ``supports``, ``character``, ``hand`` (own), and the opponent's with ``x`` (``xfield``, …)."""
    lg = _lang(lang)
    ja = lg == "ja"
    t = token.strip()
    c = game.cards.find(t)
    if c is not None:
        return card_text(game, c.id, lg)
    you = view.get("seat")
    viewer = you if you in (0, 1) else 0
    side = viewer
    body = t
    if t[:1] in ("x", "X") and t[1:].lower() in _ZONES:
        side, body = 1 - viewer, t[1:]
    zone = _ZONES.get(body.lower())
    if zone is None:
        return None
    L = _LABEL[lg]
    pl = view["players"][side]
    tb = view["table"]["players"][side]
    who = f"P{side}"
    if zone == "character":
        return card_text(game, tb["character"], lg)
    if zone == "hand":
        if "hand" not in pl:
            return None
        return f"{who} {L['hand']}: " + (_names(game, pl["hand"], lg) or L["none"])
    if zone == "dust":
        ids = list(reversed(pl["discard"]))  # top first
        head = f"{who}の{L['dust']} ({len(ids)}枚、一番上から)" if ja else f"{who}'s {L['dust']} ({len(ids)}, top first)"
        return head + ("\n" + "\n".join(f"  {c} {_name(game, c, lg)}" for c in ids) if ids else "")
    if zone == "supports":
        ids = tb["supports"]
        head = f"{who}の{L['supports']} ({len(ids)}枚)" if ja else f"{who}'s {L['supports']} ({len(ids)})"
        return head + ("\n" + "\n".join(f"  {c} {_name(game, c, lg)}" for c in ids) if ids else "")
    if zone == "field":
        units = [_unit_text(game, u, lg) for u in tb["field"]]
        head = f"{who} {L['field']}: " + (" → ".join(units) or L["none"])
        return head + f"\n  {L['top']}: {top_text(tb, lg, game)}"
    g = tb["guard"]
    if not g["count"]:
        return f"{who} {L['guard']}: {L['none']}"
    gh, items = _guard_head_items(game, g, lg)
    return f"{who} {gh}" + " → ".join(items)


# ------------------------------------------------------------------------------------------- decisions
_KIND = {
    "en": {"mulligan": "mulligan", "draw": "draw", "before_attack": "before the attack", "action": "action",
           "cover": "a guard card (face down)", "bonus": "bonus bet", "after_attack": "after the attack",
           "deciding": "is deciding"},
    "ja": {"mulligan": "マリガン", "draw": "ドロー", "before_attack": "アタック前", "action": "アクション",
           "cover": "ガードのカード", "bonus": "ボーナスベット", "after_attack": "アタック後", "deciding": "が選択中"},
}

_PROMPT = {
    "en": {
        "mulligan": "Mulligan (§4): keep this hand, or put it into the stamina, shuffle and draw {n} again",
        "draw": "Draw (§5 step 2): declare how many cards to draw (1–{n})",
        "before_attack": "Before the attack (§5 step 3): set supports, then make the first bet (§6.1){skip}",
        "action_even": "Attack phase — even (§6.2): attack (speed ≥ {sp}, reach ≥ {rb}), guard, or call. "
                       "Opponent's top card: {top}",
        "action_forcing": "Attack phase — you are forcing a guard (§6.2): attack with any card (speed and reach "
                          "ignored), or call (the guard holds)",
        "action_guarding": "Attack phase — you are guarding ({space}, {count} cards) (§6.2): maintain, GC with your "
                           "top guard card, or drop (the opponent's GB). Opponent's top card: {top}",
        "cover": "Guard (§6.2.2): put a card from your hand face down in the {space} space — {k} more; the last one "
                 "is the top (only the top can GC)",
        "bonus": "Judge (§6.3): you may make a bonus bet — any attack card, speed and reach ignored — or pass",
        "after_attack": "After the attack (§5 step 5): set supports, or end the turn",
    },
    "ja": {
        "mulligan": "マリガン (§4): この手札で始めるか、手札をスタミナ札に戻して切り直し{n}枚引き直すか",
        "draw": "ドロー (§5 step 2): 何枚引くか宣言 (1〜{n}枚)",
        "before_attack": "アタック前 (§5 step 3): 補助カードをセットし、FBする (§6.1){skip}",
        "action_even": "アタックフェイズ・拮抗 (§6.2): 攻撃 (速度{sp}以上、間合{rb}以上)、ガード、コール。"
                       "相手の一番上のカード: {top}",
        "action_forcing": "アタックフェイズ・ガードさせている (§6.2): 好きなカードで攻撃 (速度・間合は無関係)、"
                          "またはコール (ガード成立)",
        "action_guarding": "アタックフェイズ・ガードしている ({space}、{count}枚) (§6.2): ガード維持、一番上のカードで"
                           "GC、drop (相手のGB)。相手の一番上のカード: {top}",
        "cover": "ガード (§6.2.2): 手札のカードを{space}ガードスペースに裏向きにベット — あと{k}枚。最後の1枚が一番上 "
                 "(GCできるのは一番上だけ)",
        "bonus": "ジャッジ (§6.3): ボーナスベットできます — 速度・間合に関係なく攻撃カードを1枚 — または pass",
        "after_attack": "アタック後 (§5 step 5): 補助カードをセットするか、ターン終了 (end)",
    },
}


def prompt(game: Any, view: dict[str, Any], lang: str = "en", log: list[dict[str, Any]] | None = None) -> str:
    """What the pending decision of ``view`` asks, in words."""
    lg = _lang(lang)
    d = view.get("decision")
    if not isinstance(d, dict):
        return ""
    kind = str(d.get("kind", ""))
    P = _PROMPT[lg]
    you = view.get("seat")
    if you not in (0, 1) or d.get("player") != you:
        return ""
    params = game.params
    tb = view["table"]["players"]
    if kind == "mulligan":
        return P["mulligan"].format(n=params["starting_hand"])
    if kind == "draw":
        opts = d.get("options") or []
        return P["draw"].format(n=len(opts))
    if kind == "before_attack":
        opts = d.get("options") or []
        skip = ""
        if "skip" in opts:
            skip = (" — FBできなければ skip" if lg == "ja" else " — skip when no first bet is possible")
        return P["before_attack"].format(skip=skip)
    if kind == "action":
        mine = tb[you]
        other = tb[1 - you]
        top = other["top"]
        s = mine.get("situation") or "even"
        if s == "even":
            return P["action_even"].format(sp=top["speed"] if top else 0, rb=top["reach_back"] if top else 0,
                                           top=top_text(other, lg, game))
        if s == "forcing":
            return P["action_forcing"]
        g = mine["guard"]
        return P["action_guarding"].format(space=SPACE[lg].get(g["space"] or "", ""), count=g["count"],
                                           top=top_text(other, lg, game))
    if kind == "cover":
        g = tb[you]["guard"]
        prompt_text = str(d.get("prompt", ""))
        k = prompt_text.split("(")[-1].split()[0] if "(" in prompt_text else "?"
        return P["cover"].format(space=SPACE[lg].get(g["space"] or "", ""), k=k)
    if kind in P:
        return P[kind]
    return str(d.get("prompt") or kind)


# ------------------------------------------------------------------------------------------- options
#: the glosses name the cards themselves (Japanese, with the English name in ``en``): the session
#: adds no second copy of the name
GLOSS_CARDS = True

_GC_KIND = {"en": {"possible": "GC-possible", "only": "GC-only"}, "ja": {"possible": "GC可能", "only": "GC専用"}}


def _static_mods(game: Any, side: dict[str, Any], c: MCard) -> list[int]:
    """What the public static ``modify`` effects of a seat's character and supports add to its attack
    card ``c`` (speed, reach, attack, guard) — as ``MState.static_mods``, read from the view."""
    out = [0, 0, 0, 0]
    g = side["gauge_count"]
    for sid in (side["character"], *side["supports"]):
        s = game.cards.find(sid)
        for e in (s.effects if s is not None else ()):
            if e.trigger == "static" and e.action == "modify" and (not e.posture or e.posture == c.posture) and (
                    e.gauge_ge is None or g >= e.gauge_ge):
                out[STAT_INDEX[e.stat]] += e.n
    return out


def _stats(game: Any, side: dict[str, Any], c: MCard, opts: list[str]) -> tuple[int, int, int, int, int]:
    """The effective (speed, front reach, back reach, attack, guard) of a card of this seat bet with
    the double-attack ``opts`` (§2, §6.6), as the rules compute them."""
    sp, rf, rb, at, gd = c.speed, c.reach_front, c.reach_back, c.attack, c.guard
    table = {k: (m, v) for k, m, v in double_table(game.params["double_options"])}
    for o in opts:
        if o not in table:
            continue
        mul, v = table[o]
        if o == "speed":
            sp = sp * v if mul else sp + v
        elif o == "reach":
            rf, rb = (rf * v, rb * v) if mul else (rf + v, rb + v)
        elif o == "attack":
            at = at * v if mul else at + v
        else:
            gd = gd * v if mul else gd + v
    m = _static_mods(game, side, c)
    sp, rf, rb, at, gd = sp + m[0], rf + m[1], rb + m[1], at + m[2], gd + m[3]
    return max(sp, 0), max(rf, 0), max(rb, 0), max(at, 0), max(gd, 1)


def _cost(c: MCard, side: dict[str, Any], lg: str) -> str:
    if not c.gauge_cost:
        return ""
    g = side["gauge_count"]
    return f"、ゲージ消費{c.gauge_cost} ≤ ゲージ{g}" if lg == "ja" else f"; cost {c.gauge_cost} ≤ gauge {g}"


def _ung(c: MCard, lg: str) -> str:
    if not c.unguardable:
        return ""
    u = ",".join(SPACE[lg][x] for x in c.unguardable)
    return f"、ガード不可 {u}" if lg == "ja" else f", unguardable {u}"


def _bet_gloss(game: Any, view: dict[str, Any], you: int, args: list[str], kind: str, lg: str) -> str:
    """Why a bet is legal: the first bet's front reach above 0 (or a defenceless opponent, §6.1 A), an
    attack's speed and reach against the opponent's top card (§6.2.1 B-1), a forcing attack or a bonus
    bet free of both (B-1 ◎, §6.3); and the gauge cost against the gauge."""
    ja = lg == "ja"
    c = game.cards.find(args[0])
    if c is None or not c.is_attack:
        return _name(game, args[0], lg)
    tb = view["table"]["players"]
    me, other = tb[you], tb[1 - you]
    sp, rf, rb, at, gd = _stats(game, me, c, args[2:])
    pays = kind != "before_attack" or game.params["fb_gauge"]
    cost = _cost(c, me, lg) if pays else ""
    if kind == "before_attack":
        if rf > 0:
            why = (f"速度{sp}・間合{rf}/{rb} (先間合 > 0)・ガード難易度{gd}" if ja else
                   f"speed {sp}, reach {rf}/{rb} (front > 0), guard {gd}")
        else:
            why = (f"間合0でも相手は無防備 (手札0枚)、攻撃値{at}" if ja else
                   f"reach 0: they are defenceless (no hand); attack {at}")
    elif kind == "bonus":
        why = f"ボーナスベット (速度・間合は無関係)、攻撃値{at}" if ja else f"bonus bet, any speed and reach; attack {at}"
    elif kind == "action" and me.get("situation") == "forcing":
        why = (f"ガードさせている (速度・間合は無関係)、ガード難易度{gd}{_ung(c, lg)}" if ja else
               f"forcing: any speed and reach; guard {gd}{_ung(c, lg)}")
    elif kind == "action":
        t = other.get("top")
        ts, tr = (t["speed"], t["reach_back"]) if t else (0, 0)
        why = (f"速度{sp} ≥ 相手の{ts}、間合{rf} ≥ 相手の後間合{tr}" if ja else
               f"speed {sp} ≥ their {ts}; reach {rf} covers distance {tr}")
    else:
        why = f"速度{sp}・間合{rf}/{rb}・攻撃値{at}" if ja else f"speed {sp}, reach {rf}/{rb}, attack {at}"
    return f"{_name(game, c.id, lg)}: {why}{cost}"


def _guard_gloss(game: Any, view: dict[str, Any], you: int, t: str, lg: str) -> str:
    """Why this guard type (§6.2.2): chosen right after the FB, else the posture of your top card (or
    your dust top's, 注7); what it guards against (all but the cards unguardable for it, 注6); the
    cards it needs (注5)."""
    ja = lg == "ja"
    tb = view["table"]["players"]
    me, other = tb[you], tb[1 - you]
    need = other["top"]["guard"] if other.get("top") else 0
    sp = SPACE[lg].get(t, t)
    if view["table"].get("after_fb") and you != view.get("active"):
        why = "FB直後は選べる" if ja else "chosen right after the first bet"
    elif me.get("top"):
        why = f"一番上のカードが{sp}" if ja else f"your top card is {sp}"
    elif me.get("dust_top_posture"):
        why = f"ダストの一番上が{sp}" if ja else f"your dust top is {sp}"
    else:
        why = "姿勢がないので選べる" if ja else "chosen, no posture to follow"
    if ja:
        return f"{why}: 裏向き{need}枚。{sp}ガード不可以外のカードを止める"
    return f"{why}: cover {need} face down; stops all but {t}-unguardable cards"


def _maintain_gloss(game: Any, view: dict[str, Any], you: int, t: str, lg: str) -> str:
    """§6.2.3: the cards a maintain adds up to the top card's guard difficulty; after a flush (the top
    card unguardable for the guard), the type chosen anew."""
    ja = lg == "ja"
    tb = view["table"]["players"]
    me, other = tb[you], tb[1 - you]
    top = other.get("top")
    need = top["guard"] if top else 0
    g = me["guard"]
    cur = SPACE[lg].get(g.get("space") or "", "?")
    if t:
        name = _name(game, other["field"][-1]["card"], lg) if other.get("field") else "?"
        new = SPACE[lg].get(t, t)
        if ja:
            return f"{name}は{cur}ガード不可: ガード流しの後、{new}ガードで裏向き{need}枚"
        return f"flush ({name} is {g.get('space')}-unguardable), then {t} guard: cover {need} face down"
    add = need - g["count"]
    if add > 0:
        return f"{cur}ガード: 裏向き+{add}枚 (ガード難易度{need})" if ja else f"{cur} guard: +{add} face down for guard {need}"
    return (f"{cur}ガード: 裏向き{g['count']}枚でガード難易度{need}に足りる" if ja else
            f"{cur} guard: your {g['count']} face down already cover guard {need}")


def _gc_gloss(game: Any, view: dict[str, Any], you: int, lg: str) -> str:
    """§6.2.4: the top guard card is GC-only or GC-possible, its reach covers the opponent's back
    reach, its cost is paid; it hits for its attack."""
    ja = lg == "ja"
    tb = view["table"]["players"]
    me, other = tb[you], tb[1 - you]
    cards = me["guard"].get("cards") or []
    c = game.cards.find(cards[-1]) if cards and cards[-1] else None
    if c is None or not c.is_attack:
        return ""
    _sp, rf, _rb, at, _gd = _stats(game, me, c, [])
    tr = other["top"]["reach_back"] if other.get("top") else 0
    kind = _GC_KIND[lg].get(c.gc, c.gc)
    if ja:
        return f"{_name(game, c.id, lg)}をオープン ({kind}): 間合{rf} ≥ 相手の後間合{tr}、{at}ダメージ{_cost(c, me, lg)}"
    return f"open {_name(game, c.id, lg)} ({kind}): reach {rf} covers distance {tr}; hits for {at}{_cost(c, me, lg)}"


def _call_gloss(view: dict[str, Any], you: int, lg: str) -> str:
    """§6.2.5: even — the speeds compared (an empty field is 0, 注12), and a bonus bet for a hit on an
    empty field (D1); forcing — the opponent's guard holds."""
    ja = lg == "ja"
    tb = view["table"]["players"]
    me, other = tb[you], tb[1 - you]
    if me.get("situation") == "forcing":
        return "相手のガード成立 (ダメージなし)" if ja else "their guard holds: no damage"
    a = me["top"]["speed"] if me.get("top") else 0
    b = other["top"]["speed"] if other.get("top") else 0
    if a > b:
        res = "あなたの直撃" if ja else "your clean hit"
        bonus = not other.get("field")
    elif b > a:
        res = "相手の直撃" if ja else "their clean hit"
        bonus = not me.get("field")
    else:
        res, bonus = ("相打" if ja else "a trade"), False
    if bonus:
        res += "、ボーナスベットつき" if ja else ", with a bonus bet"
    return f"速度{a} 対 {b}: {res}" if ja else f"speed {a} vs {b}: {res}"


def option_gloss(game: Any, view: dict[str, Any], action: str, lang: str = "en") -> str:
    """Why an option is legal now, from the chooser's view, in at most ~20 words (a displayed option
    pasted whole with its gloss still parses): a bet's speed and reach against the opponent's top card
    and its gauge cost, a guard type's reason and what it guards against, what a maintain adds or a
    flush, the card a GC opens and why it may, what a call compares, a support's effect, a cover card's
    GC kind."""
    lg = _lang(lang)
    ja = lg == "ja"
    you = view.get("seat")
    if you not in (0, 1):
        return ""
    parts = action.split()
    if not parts:
        return ""
    v, args = parts[0], parts[1:]
    d = view.get("decision")
    kind = str(d.get("kind", "")) if isinstance(d, dict) else ""
    if v == "bet" and args:
        return _bet_gloss(game, view, you, args, kind, lg)
    if v == "guard" and len(args) == 1:
        return _guard_gloss(game, view, you, args[0], lg)
    if v == "maintain" and len(args) <= 1:
        return _maintain_gloss(game, view, you, args[0] if args else "", lg)
    if v == "gc":
        return _gc_gloss(game, view, you, lg)
    if v == "drop":
        return "ガード維持しない: 相手のGB成立" if ja else "give up the guard: the opponent's guard break (GB)"
    if v == "call":
        return _call_gloss(view, you, lg)
    if v == "skip":
        if game.params["attack_optional"]:
            return "このターンはアタックしない (attack_optional)" if ja else "no attack phase this turn (attack_optional)"
        return "FBできるカードがない: このターンはアタックなし" if ja else "no legal first bet: no attack phase this turn"
    if v == "pass":
        return "ボーナスベットしない" if ja else "no bonus bet"
    if v == "mulligan":
        n = game.params["starting_hand"]
        return f"手札をスタミナ札に戻して切り直し、{n}枚引く" if ja else f"hand into the stamina, shuffled; draw {n} again"
    if v in ("set", "cover") and args:
        c = game.cards.find(args[0])
        if c is None:
            return args[0]
        nm = _name(game, c.id, lg)
        if v == "set":
            effs = "; ".join(effect_text(e, lg) for e in c.effects)
            return f"{nm}: {effs}" if effs else nm
        if c.is_attack and c.gc != "none":
            return f"{nm} ({_GC_KIND[lg][c.gc]}: 一番上ならGCできる)" if ja else (
                f"{nm} ({_GC_KIND[lg][c.gc]}: on top it can GC)")
        return nm
    return ""
