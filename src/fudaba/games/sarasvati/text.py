"""Text for people, in ``ja`` and ``en``: log lines (``describe``), the table (``render``), card text.

Everything here reads event views and state views only (never the state), so it works for every
seat with hidden information already removed.
"""

from __future__ import annotations

from typing import Any

from ...core.actions import number
from ...core.text import wrap_items
from .cards import ATTRIBUTE_EN, TYPE_JA, Card, Effect
from .effects import parse_rel

LANGS = ("en", "ja")


def _lang(lang: str) -> str:
    return "ja" if lang.lower().startswith("ja") else "en"


def _name(game: Any, cid: Any, lang: str) -> str:
    if not isinstance(cid, str):
        return "?"
    c = game.cdb.get(cid)
    if c is None:
        return cid
    return f"{c.name}" if lang == "ja" or not c.name_en else f"{c.name_en}"


def _who(p: Any, lang: str) -> str:
    return f"P{p}"


_DUR = {
    "en": {"until_end_of_battle": "until end of battle", "until_end_of_turn": "until end of turn",
           "until_your_next_turn": "until the start of your next turn", "permanent": "permanently",
           "while_condition": "while the condition holds"},
    "ja": {"until_end_of_battle": "バトル終了まで", "until_end_of_turn": "このターンの終わりまで",
           "until_your_next_turn": "次の自分のターンの初めまで", "permanent": "永続で",
           "while_condition": "条件を満たす間"},
}

_EV = {
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


#: list separator of a log line
_SEP = {"en": ", ", "ja": "、"}


def _set_phase_parts(ev: dict[str, Any], lg: str) -> str:
    """What the set phase did (§5.1), leaving out what did not happen: ``2 characters ready again``."""
    r, u = ev.get("readied") or 0, ev.get("untapped") or 0
    if lg == "ja":
        parts = ([f"キャラクター{r}体が臨戦状態に戻る"] if r else []) + ([f"ボルテージ{u}枚を縦向きに戻す"] if u else [])
        return "、".join(parts) or "戻すものはない"
    parts = ([f"{r} character(s) ready again"] if r else []) + (
        [f"{u} voltage untapped"] if u else [])
    return ", ".join(parts) or "nothing to ready or untap"


_PHASE_JA = {"set": "セット", "draw": "ドロー", "charge": "チャージ", "imagine": "イマジン", "move": "ムーブ",
             "battle": "バトル", "end": "エンド", "over": "終了"}


def describe(game: Any, ev: dict[str, Any], lang: str = "en") -> str:
    """One log line for an event view."""
    lg = _lang(lang)
    kind = ev.get("kind", "")
    if kind == "game_over":
        w = ev.get("winner")
        res = ev.get("result", "")
        if lg == "ja":
            return f"ゲーム終了: {result_text(res, lg)} — " + ("引き分け" if w is None else f"P{w}の勝ち")
        return f"Game over: {res} — " + ("draw" if w is None else f"P{w} wins")
    tpl = _EV[lg].get(kind)
    if tpl is None:
        return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in ev.items() if k != "kind")
    f: dict[str, Any] = {k: v for k, v in ev.items()}
    f["who"] = _who(ev.get("player", ev.get("by", "?")), lg)
    for k in ("card", "dcard", "base"):
        if k in ev:
            f[k] = _name(game, ev[k], lg)
    bases = ev.get("bases")
    if kind == "evolve" and isinstance(bases, list) and len(bases) > 1:
        f["base"] = " + ".join(_name(game, b, lg) for b in bases)
    if kind == "draw":
        cards = ev.get("cards")
        f["cards"] = (": " + _SEP[lg].join(_name(game, c, lg) for c in cards)) if cards else ""
    if kind == "charge":
        f["src"] = (" from the deck" if lg == "en" else "(山札から)") if ev.get("source") == "deck" else ""
    if kind == "auto" and ev.get("action") in ("end", "pass"):
        ph = str(ev.get("decision", ""))
        if lg == "ja":
            return f"({f['who']}: {_PHASE_JA.get(ph, ph)}フェイズで行えることはもうありません)"
        return f"({f['who']} has nothing (more) to do in the {ph} phase)"
    if kind == "auto":
        act = str(ev.get("action") or "")
        if not act:
            return f"({f['who']}: 選択肢は1つだけ)" if lg == "ja" else f"({f['who']} had only one choice)"
        return f"({f['who']}: 唯一の選択肢 {act})" if lg == "ja" else f"({f['who']}: {act}, the only choice)"
    if kind == "attack":
        pl = ev.get("player")
        f["opp"] = _who(1 - pl if isinstance(pl, int) else "?", lg)
        tc = ev.get("target_card")
        f["tcard"] = ((f"({_name(game, tc, lg)})" if lg == "ja" else f" ({_name(game, tc, lg)})")
                      if tc else "")
    if kind == "battle":
        f["outcome"] = _OUTCOME[lg].get(str(ev.get("outcome")), ev.get("outcome"))
        f["ctr"] = (" (counterattack)" if lg == "en" else "(反撃あり)") if ev.get("counter") else ""
    if kind in ("effect_fizzles", "battle_fizzles"):
        f["why"] = _WHY[lg].get(str(ev.get("why")), ev.get("why"))
    if kind == "destroyed":
        f["reason"] = _REASON[lg].get(str(ev.get("reason")), ev.get("reason"))
    if kind in ("modify", "cost_modifier"):
        f["until"] = _DUR[lg].get(str(ev.get("until")), ev.get("until"))
    if kind == "modify":
        parts = []
        if ev.get("atk"):
            parts.append(("atk " if lg == "en" else "攻") + f"{ev['atk']:+d}")
        if ev.get("dfn"):
            parts.append(("def " if lg == "en" else "防") + f"{ev['dfn']:+d}")
        f["delta"] = _SEP[lg].join(parts)
    if kind == "setup":
        f["first"] = ev.get("first")
    if kind == "set_phase":
        f["parts"] = _set_phase_parts(ev, lg)
    if kind == "book_open":
        f["card"] = _name(game, ev.get("card"), lg)
    try:
        return tpl.format(**f)
    except (KeyError, ValueError, IndexError):
        return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in ev.items() if k != "kind")


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
    lg = _lang(lang)
    t = _TGT[lg][e.target]
    cond = ""
    if e.condition is not None:
        cond = "[" + ", ".join(_term(k, v, lg) for k, v in e.condition.to_dict().items()) + "] "
    filt = ""
    if e.filter is not None:
        filt = " (" + ", ".join(_term(k, v, lg) for k, v in e.filter.to_dict().items()) + ")"
    dur = _DUR[lg].get(e.duration, "") if e.duration and e.duration != "while_condition" else ""
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
    lg = _lang(lang)
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


# ------------------------------------------------------------------------------------------- the table
_LABEL = {
    "en": {"turn": "Turn", "phase": "phase", "active": "active", "you": "you", "hand": "hand", "deck": "deck",
           "grave": "grave", "volt": "voltage", "books": "books", "front": "front", "back": "back",
           "closed": "face down", "open": "open", "destroyed": "destroyed", "ready": "ready",
           "defenceless": "defenceless", "new": "new", "decision": "decision", "over": "Game over",
           "empty": "(none)"},
    "ja": {"turn": "ターン", "phase": "フェイズ", "active": "手番", "you": "あなた", "hand": "手札", "deck": "山札",
           "grave": "墓地", "volt": "ボルテージ", "books": "禁書", "front": "前列", "back": "後列",
           "closed": "裏", "open": "オープン", "destroyed": "破壊", "ready": "臨戦", "defenceless": "無防備",
           "new": "召喚酔い", "decision": "選択", "over": "ゲーム終了",
           "empty": "なし"},
}


def render(game: Any, view: dict[str, Any], lang: str = "en") -> str:
    """The table as plain text, from a view (the viewer's side last, at the bottom)."""
    lg = _lang(lang)
    L = _LABEL[lg]
    you = view.get("seat")
    order = [1 - you, you] if you in (0, 1) else [1, 0]
    tb = view["table"]
    nf = tb["front_slots"]
    phase = _PHASE_JA.get(view["phase"], view["phase"]) if lg == "ja" else view["phase"]
    out = [f"{L['turn']} {view['turn']} · {L['phase']} {phase} · {L['active']} P{view['active']}"]
    for p in order:
        pl = view["players"][p]
        side = tb["players"][p]
        tag = f"P{p}" + (f" ({L['you']})" if p == you else "")
        v = side["voltage"]
        out.append(f"{tag}  {L['hand']} {pl['hand_count']}  {L['deck']} {pl['deck_count']}  "
                   f"{L['volt']} {v['untapped']}/{len(v['cards'])}  {L['grave']} {len(pl['discard'])}")
        books = []
        for b in side["books"]:
            name = _name(game, b["card"], lg) if b["card"] else "?"
            books.append(f"{b['place']}:{L[b['state']]}" + (f"({name})" if b["card"] else ""))
        out.extend(wrap_items(f"  {L['books']}: ", books, "  "))
        for row, rng in ((L["front"], range(1, nf + 1)), (L["back"], range(1, tb["back_slots"] + 1))):
            cells = []
            for k in rng:
                pname = ("F" if row == L["front"] else "B") + str(k)
                u = side["slots"].get(pname)
                if u is None:
                    cells.append(f"{pname}:—")
                    continue
                st = L["ready"] if u["ready"] else L["defenceless"]
                extra = f" +{_name(game, u['equip'], lg)}" if u.get("equip") else ""
                new = f" {L['new']}" if u.get("new") else ""
                cells.append(f"{pname}:{_name(game, u['card'], lg)} {u['atk']}/{u['def']} [{st}{new}]{extra}")
            out.extend(wrap_items(f"  {row}: ", cells, " | "))
        if "hand" in pl:
            hand = [f"{c} {_name(game, c, lg)}" for c in pl["hand"]] or [L["empty"]]
            out.extend(wrap_items(f"  {L['hand']}: ", hand, _SEP[lg]))
    d = view.get("decision")
    if view.get("over"):
        w = view.get("winner")
        res = result_text(str(view.get("result") or ""), lg)
        if lg == "ja":
            out.append(f"{L['over']}: {res} — " + ("引き分け" if w is None else f"P{w}の勝ち"))
        else:
            out.append(f"{L['over']}: {res} — " + ("draw" if w is None else f"P{w} wins"))
    elif d is not None:
        kind = _KIND[lg].get(d["kind"], d["kind"])
        out.append(f"{L['decision']}: P{d['player']} {kind}")
        if "options" in d:
            out.extend(wrap_items("  ", [f"[{i + 1}] {o}" for i, o in enumerate(d["options"])], "  "))
    return "\n".join(out)


_ZONE_WORDS = {"grave": "grave", "graveyard": "grave", "discard": "grave", "墓地": "grave", "voltage": "voltage",
               "ボルテージ": "voltage"}


def _zone_text(game: Any, view: dict[str, Any], side: int, zone: str, lang: str) -> str:
    """The cards of a public zone (``info grave``, ``info xvoltage``), in order."""
    lg = _lang(lang)
    z = view["players"][side]["discard"] if zone == "grave" else view["table"]["players"][side][zone]
    ids: list[str] = list(z["cards"] if isinstance(z, dict) else z)
    who = _who(side, lg)
    label = {"grave": ("graveyard", "墓地"), "voltage": ("voltage", "ボルテージ")}[zone][lg == "ja"]
    head = f"{who}の{label} ({len(ids)}枚)" if lg == "ja" else f"{who}'s {label} ({len(ids)} cards)"
    if isinstance(z, dict):
        head += f", 横向き{z['tapped']}枚" if lg == "ja" else f", {z['tapped']} tapped"
    return head + ("\n" + "\n".join(f"  {c} {_name(game, c, lg)}" for c in ids) if ids else "")


def inspect(game: Any, view: dict[str, Any], token: str, lang: str = "en") -> str | None:
    """``info TOKEN``: a card id/name, a visible place (``F1``, ``xB2``, ``K1``, ``xK3``) or a public
    zone (``grave``, ``xgrave``, ``voltage``, ``xvoltage``)."""
    c = game.cards.find(token)
    if c is not None and len(token) > 3:
        return card_text(game, c.id, lang)
    you = view.get("seat")
    viewer = you if you in (0, 1) else 0
    t = token.strip()
    side = viewer
    body = t
    if t[:1] in ("x", "X"):
        side = 1 - viewer
        body = t[1:]
    zone = _ZONE_WORDS.get(body.lower())
    if zone is not None:  # public zones: graveyard and voltage (§1)
        return _zone_text(game, view, side, zone, lang)
    if body[:1].upper() == "K" and number(body[1:], 4) is not None:
        k = int(body[1:]) - 1
        books = view["table"]["players"][side]["books"]
        if 0 <= k < len(books) and books[k]["state"] == "destroyed":  # §6: the book went to the graveyard
            return f"{t}: " + ("空き (禁書は破壊され、墓地にあります)" if _lang(lang) == "ja"
                               else "empty (its forbidden book was destroyed and is in the graveyard)")
        if 0 <= k < len(books) and books[k]["card"]:
            return card_text(game, books[k]["card"], lang) + f"\n({_LABEL[_lang(lang)][books[k]['state']]})"
        if 0 <= k < len(books):
            return f"{t}: " + ("裏向きの禁書 (中身は見えません)" if _lang(lang) == "ja"
                               else "a face-down forbidden book (you cannot see which)")
        return None
    tb = view["table"]
    n = tb["front_slots"] + tb["back_slots"]
    w = parse_rel(viewer, t, tb["front_slots"], n)
    if w is not None:
        name = body.upper()
        u = tb["players"][w[0]]["slots"].get(name)
        if u is None:
            return f"{t}: " + ("空き" if _lang(lang) == "ja" else "empty")
        L = _LABEL[_lang(lang)]
        now = "現在" if _lang(lang) == "ja" else "now"
        txt = card_text(game, u["card"], lang) + f"\n{now} {u['atk']}/{u['def']}, " + (
            L["ready"] if u["ready"] else L["defenceless"])
        if u.get("equip"):
            txt += "\n" + card_text(game, u["equip"], lang)
        return txt
    return card_text(game, c.id, lang) if c is not None else None


# ------------------------------------------------------------------------------------------- decisions
_RESULT_JA = {"all books destroyed": "禁書をすべて破壊", "deck out": "山札切れ", "turn limit": "ターン上限",
              "no progress": "進展なし (同じ局面の繰り返し)"}

_KIND = {
    "en": {"deciding": "is deciding"},  # a private decision's public form (its kind is not shown)
    "ja": {"charge": "チャージ", "imagine": "イマジン", "move": "ムーブ", "battle": "バトル", "target": "効果の対象",
           "keep": "残す装備", "deciding": "が選択中"},
}

_PROMPT = {
    "en": {
        "charge": "Charge phase (§5.3): put one card from your hand into voltage, or pass",
        "imagine": "Imagine phase (§5.4): pay voltage to summon, evolve, use, equip or re-equip — or end "
                   "(voltage {volt})",
        "move": "Move phase (§5.5): a ready character may move to the other row (it becomes defenceless) — or end",
        "battle": "Battle phase (§6): attack with a ready character (target: an enemy character or book) — or end",
        "target": "Choose the target of {card}: {effect}",
        "target_plain": "Choose the target of the effect",
        "keep": "Evolution (Q&A): the new stack may keep only one equipment — choose which",
    },
    "ja": {
        "charge": "チャージフェイズ (§5.3): 手札を1枚ボルテージに置くか、pass",
        "imagine": "イマジンフェイズ (§5.4): ボルテージを払って召喚・進化・使用・装備・付け替え、または end "
                   "(ボルテージ {volt})",
        "move": "ムーブフェイズ (§5.5): 臨戦状態のキャラクターを反対の列へ移動 (無防備になる)、または end",
        "battle": "バトルフェイズ (§6): 臨戦状態のキャラクターで相手のキャラクターか禁書を攻撃、または end",
        "target": "{card}の効果の対象を選んでください: {effect}",
        "target_plain": "効果の対象を選んでください",
        "keep": "進化 (Q&A): 引き継げる装備は1つだけです。残す装備を選んでください",
    },
}


def result_text(result: str, lang: str = "en") -> str:
    """The game's result reason for people (``ja``: in Japanese)."""
    if _lang(lang) != "ja":
        return result
    if result.startswith("player ") and result.endswith(" conceded"):
        return f"P{result.split()[1]}の投了"
    return _RESULT_JA.get(result, result)


def prompt(game: Any, view: dict[str, Any], lang: str = "en", log: list[dict[str, Any]] | None = None) -> str:
    """What the pending decision of ``view`` asks, in words (``log``: the viewer's log view, used to
    name the card whose effect needs a target)."""
    lg = _lang(lang)
    d = view.get("decision")
    if not isinstance(d, dict):
        return ""
    kind = str(d.get("kind", ""))
    P = _PROMPT[lg]
    if kind == "imagine":
        you = view.get("seat")
        v = view["table"]["players"][you]["voltage"] if you in (0, 1) else {"untapped": "?", "cards": []}
        return P["imagine"].format(volt=f"{v['untapped']}/{len(v['cards'])}")
    if kind == "target":
        for ev in reversed(log or []):
            if ev.get("kind") == "effect" and isinstance(ev.get("card"), str):
                c = game.cdb.get(ev["card"])
                idx = ev.get("index")
                if c is not None and isinstance(idx, int) and 0 <= idx < len(c.effects):
                    return P["target"].format(card=_name(game, c.id, lg), effect=effect_text(c.effects[idx], lg))
                break
        return P["target_plain"]
    if kind in P:
        return P[kind]
    return str(d.get("prompt") or kind)


# ------------------------------------------------------------------------------------------- options
def option_gloss(game: Any, view: dict[str, Any], action: str, lang: str = "en") -> str:
    """What the places of an action hold, for the numbered options of the CLI (from the chooser's
    view, so only what they see): ``attack F2 xK1`` → ``Dragon Knight → face-down book``."""
    lg = _lang(lang)
    you = view.get("seat")
    if you not in (0, 1):
        return ""
    names = []
    for tok in action.split()[1:]:
        side = 1 - you if tok[:1] == "x" else you
        body = tok[1:] if tok[:1] == "x" else tok
        if body[:1] == "K" and number(body[1:], 4) is not None:
            books = view["table"]["players"][side]["books"]
            k = int(body[1:]) - 1
            if 0 <= k < len(books):
                b = books[k]
                shown = _name(game, b["card"], lg) if b["card"] and b["state"] != "closed" else ""
                names.append(shown or ("裏向きの禁書" if lg == "ja" else "face-down book"))
            continue
        if body[:1] in ("F", "B") and number(body[1:], 4) is not None:
            u = view["table"]["players"][side]["slots"].get(body)
            if u is not None:
                names.append(_name(game, u["card"], lg))
    return " → ".join(names)


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
