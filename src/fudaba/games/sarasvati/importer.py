"""Import cards posted in the designers' カード晒しテンプレ (spec §2) as card TOML.

The template (seed 004)::

    ◇カード名 [略称]
    コスト:攻撃力/防御力(カード分類/メイン属性、サブ属性、サブ属性)
    [効果名] 効果
    『フレーバーテキスト』

Attack/defence are omitted for supports and books, ``-/-`` for equipment without stats; effect lines
may start with ``▸``, ``‣`` or ``・``. Effect sentences in the usual phrasings (those of the seed and
its simplification examples, e.g. 「攻撃時、攻撃力+2000」) are translated into the vocabulary of spec
§8; a sentence that is not understood is kept in ``text`` and named in a TOML comment so the
designer can write its ``effects`` by hand. Structural problems raise
:class:`~fudaba.core.errors.CardDataError` naming the source, line and card.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ...core.cards import Where
from ...core.errors import CardDataError
from .cards import ATTRIBUTES, build_card

TYPE_WORDS = {"キャラクター": "character", "キャラ": "character", "サポート": "support", "装備": "equipment",
              "禁書": "book"}
ATTR_ALIASES = {"SF": "SF", "ＳＦ": "SF", "ファンタジー": "ファンタジー", "アクション": "アクション", "ドラマ": "ドラマ"}
_BULLETS = "▸‣・•◆-"
_COST = re.compile(
    r"^(?:コスト)?\s*(\d+)\s*(?:[::]\s*(?:攻(?:撃力)?)?\s*([+-]?\d+|-|ー|―)\s*[//]\s*(?:防(?:御力)?)?\s*"
    r"([+-]?\d+|-|ー|―))?\s*[((](.+?)[))]\s*$"
)
_SEP = re.compile(r"^[―─\-ー=＝_]{3,}$")


def _z2h(s: str) -> str:
    """Full-width digits and signs to ASCII."""
    return s.translate(str.maketrans("０１２３４５６７８９＋－−：／（）", "0123456789+--:/()"))


def _num(s: str) -> int:
    return int(s.replace("+", ""))


def translate(sentence: str, ctype: str) -> dict[str, Any] | None:
    """One effect sentence (JP) → an effect table of the vocabulary, or None when not understood."""
    s = _z2h(sentence).strip().rstrip("。.")
    if not s:
        return None
    eff: dict[str, Any] = {}
    trig = None
    for pat, name in (
        (r"^オープン時[、,]?", "on_open"),
        (r"^オープン中[、,]?", "while_open"),
        (r"^(?:召喚時|このカードが(?:バトルゾーンに)?召喚された(?:とき|時))[、,]?", "on_summon"),
        (r"^(?:攻撃時|このカードが攻撃する(?:とき|時))[、,]?", "on_attack"),
        (r"^(?:(?:これを装備した|この)?(?:キャラクター|カード)?が)?バトルに勝った(?:とき|時)[、,]?", "on_battle_win"),
        (r"^(?:このカードが)?破壊された(?:とき|時)[、,]?", "on_destroyed"),
        (r"^自分のターンの(?:初め|始め|はじめ)[、,]?", "on_turn_start"),
    ):
        m = re.match(pat, s)
        if m:
            trig = name
            s = s[m.end():]
            break
    cond: dict[str, Any] = {}
    for pat, key in (
        (r"自分の手札が(\d+)枚以上の(?:時|とき)[、,]?", "hand_size_ge"),
        (r"自分のボルテージ(?:ゾーン)?(?:のカード)?が(\d+)枚以上の(?:時|とき)[、,]?", "voltage_ge"),
    ):
        m = re.search(pat, s)
        if m:
            cond[key] = int(m.group(1))
            s = s[:m.start()] + s[m.end():]
    m = re.search(r"(前|後)列にいる(?:時|とき)[、,]?", s)
    if m:
        cond["row"] = "front" if m.group(1) == "前" else "back"
        s = s[:m.start()] + s[m.end():]
    m = re.search(r"自分の(\S+?)のキャラクターが(\d+)体以上いる(?:時|とき)[、,]?", s)
    if m:
        cond["characters_ge"] = int(m.group(2))
        tag = m.group(1)
        cond["of_attribute" if ATTR_ALIASES.get(tag) else "of_sub_attribute"] = ATTR_ALIASES.get(tag, tag)
        s = s[:m.start()] + s[m.end():]
    if trig is None:
        trig = {"support": "on_play", "book": "while_open"}.get(ctype, "static")
    duration = ""
    for pat, name in (
        (r"このターンの(?:終わり|終了時)まで", "until_end_of_turn"),
        (r"次の自分のターンの(?:初め|始め|はじめ)まで", "until_your_next_turn"),
        (r"バトル(?:が)?(?:終わる|終了)(?:まで|時まで)", "until_end_of_battle"),
        (r"[((]?永続[))]?", "permanent"),
    ):
        m = re.search(pat, s)
        if m:
            duration = name
            s = s[:m.start()] + s[m.end():]
            break
    filt: dict[str, Any] = {}
    m = re.search(r"防御力(\d+)以下の", s)
    if m:
        filt["def_le"] = int(m.group(1))
        s = s[:m.start()] + s[m.end():]
    m = re.search(r"攻撃力(\d+)以上の", s)
    if m:
        filt["atk_ge"] = int(m.group(1))
        s = s[:m.start()] + s[m.end():]
    m = re.search(r"(前|後)列の", s)
    if m:
        filt["row"] = "front" if m.group(1) == "前" else "back"
        s = s[:m.start()] + s[m.end():]
    m = re.search(r"臨戦状態の", s)
    if m:
        filt["ready"] = True
        s = s[:m.start()] + s[m.end():]
    m = re.search(r"無防備状態(?:で|の)", s)
    if m:
        cond["target_ready"] = False
        s = s[:m.start()] + s[m.end():]
    m = re.search(r"(自分|相手)の([^、。のを]+?)の(?:キャラクター|キャラ)(?:すべて|全て)", s)
    if m:
        tag = m.group(2)
        if ATTR_ALIASES.get(tag):
            filt["attribute"] = ATTR_ALIASES[tag]
        else:
            filt["sub_attribute"] = tag
        s = s[:m.start()] + m.group(1) + "のキャラクターすべて" + s[m.end():]
    # target
    if re.search(r"(?:これを)?装備した(?:キャラクター|キャラ)", s):
        target = "equipped"
    elif re.search(r"自分のキャラクター(?:を)?1体(?:選び|選んで)?", s):
        target = "choose_own_character"
    elif re.search(r"相手の(?:キャラクター|キャラ)(?:を)?1体(?:選び|選んで)?", s):
        target = "choose_enemy_character"
    elif re.search(r"敵味方(?:すべて|全て)|(?<![自相])(?:全|すべての)?キャラクター(?:すべて|全て)", s) and not \
            re.search(r"(自分|相手)の(?:キャラクター|キャラ)(?:すべて|全て)", s):
        target = "all_characters"
    elif re.search(r"自分の(?:キャラクター|キャラ)(?:すべて|全て)", s):
        target = "all_own_characters"
    elif re.search(r"相手の(?:キャラクター|キャラ)(?:すべて|全て)", s):
        target = "all_enemy_characters"
    elif re.search(r"お互い", s):
        target = "both_players"
    elif re.search(r"相手の(?:カードの)?コスト|相手は", s):
        target = "opponent"
    elif re.search(r"このカード|この(?:キャラクター|キャラ)", s) or trig == "on_attack" or (
            ctype in ("character", "equipment") and re.search(r"攻撃力|防御力|臨戦|無防備", s)):
        target = "self" if ctype == "character" else "equipped"
    else:
        target = "self_player"
    # action
    both = re.search(r"攻撃力と防御力(?:を|は|が)?\s*([+-]\d+)", s)
    if both:
        s = s[:both.start()] + f"攻撃力を{both.group(1)}、防御力を{both.group(1)}" + s[both.end():]
    atk = re.search(r"攻撃力(?:を|は|が)?\s*([+-]\d+)", s)
    dfn = re.search(r"防御力(?:を|は|が)?\s*([+-]\d+)", s)
    cost = re.search(r"コスト(?:を|は|が)?\s*([+-]\d+)", s)
    draw = re.search(r"カードを(\d+)枚(?:ドロー|引く|引き)", s)
    charge = re.search(r"山札の上から(\d+)枚(?:を)?ボルテージ", s)
    if draw:
        action = "draw"
        eff["amount"] = int(draw.group(1))
        if target not in ("self_player", "opponent", "both_players"):
            target = "self_player"
    elif charge:
        action = "charge_from_deck"
        eff["amount"] = int(charge.group(1))
        if target not in ("self_player", "opponent", "both_players"):
            target = "self_player"
    elif cost:
        action = "cost_modifier"
        eff["amount"] = _num(cost.group(1))
        if target not in ("self_player", "opponent", "both_players"):
            target = "self_player"
    elif atk or dfn:
        action = "modify"
        if atk:
            eff["atk"] = _num(atk.group(1))
        if dfn:
            eff["def"] = _num(dfn.group(1))
    elif "破壊" in s:
        action = "destroy"
    elif "無防備" in s:
        action = "set_defenceless"
    elif "臨戦" in s:
        action = "set_ready"
    elif "移動" in s:
        action = "move_row"
    else:
        return None
    if target in ("self_player", "opponent", "both_players") and action not in (
            "draw", "charge_from_deck", "cost_modifier"):
        return None
    if action in ("modify", "cost_modifier"):
        if trig in ("static", "while_open"):
            duration = "while_condition" if cond else ""
        elif not duration:
            duration = "until_end_of_battle" if trig == "on_attack" else (
                "until_end_of_turn" if action == "cost_modifier" else "permanent")
    else:
        duration = ""
    out: dict[str, Any] = {"trigger": trig}
    if cond:
        out["condition"] = cond
    out["target"] = target
    if filt:
        out["filter"] = filt
    out["action"] = action
    out.update(eff)
    if duration:
        out["duration"] = duration
    return out


def parse_post(text: str, source: str = "post", id_prefix: str = "SV-U") -> list[tuple[dict[str, Any], list[str]]]:
    """Cards of a post as raw card tables, each with the effect sentences that were not translated."""
    blocks: list[tuple[int, list[tuple[int, str]]]] = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().replace("\u3000", " ").strip()
        if not line or _SEP.match(line):
            continue
        if line.startswith("◇"):
            blocks.append((no, [(no, line)]))
        elif blocks:
            blocks[-1][1].append((no, line))
    if not blocks:
        raise CardDataError(f"{source}: no card found; each card starts with a line '◇カード名' (カード晒しテンプレ)")
    out = []
    for k, (start, lines) in enumerate(blocks, 1):
        cid = f"{id_prefix}{k:02d}"
        name = re.sub(r"\s*[\[［].*?[\]］]\s*$", "", lines[0][1][1:]).strip()
        if not name:
            raise CardDataError(f"{source}:{start}: card #{k}: the ◇ line has no card name")
        where = f"{source}:{{}}: card {cid} ({name})"
        if len(lines) < 2:
            raise CardDataError(where.format(start) + ": the cost line is missing "
                                "(e.g. '4:3000/3000(キャラクター/アクション、マスコット)')")
        cno, cline = lines[1]
        m = _COST.match(_z2h(cline))
        if not m:
            raise CardDataError(where.format(cno) + f": cannot read the cost line {cline!r}; write "
                                "'コスト:攻撃力/防御力(分類/属性、サブ属性)', e.g. '2:1000/0(装備/アクション)' or "
                                "'2(サポート/アクション)'")
        cost = int(m.group(1))
        cls = m.group(4)
        parts = re.split(r"[//]", cls, maxsplit=1)
        if len(parts) != 2:
            raise CardDataError(where.format(cno) + f": '({cls})' must be '(分類/属性、サブ属性…)'")
        tword = parts[0].strip()
        ctype = TYPE_WORDS.get(tword)
        if ctype is None:
            raise CardDataError(where.format(cno) + f": unknown card type {tword!r}; one of "
                                + ", ".join(TYPE_WORDS))
        tags = [t.strip() for t in re.split(r"[、,,]", parts[1]) if t.strip()]
        attr = ATTR_ALIASES.get(tags[0]) if tags else None
        if attr is None:
            raise CardDataError(where.format(cno) + f": unknown main attribute {tags[0] if tags else ''!r}; one of "
                                + ", ".join(ATTRIBUTES))
        rec: dict[str, Any] = {"id": cid, "name": name, "type": ctype, "cost": cost}
        has_stats = m.group(2) is not None
        if ctype in ("support", "book") and has_stats:
            raise CardDataError(where.format(cno) + f": a {tword} card has no 攻撃力/防御力; omit them")
        if ctype == "character" and not has_stats:
            raise CardDataError(where.format(cno) + ": a character needs 攻撃力/防御力 (e.g. '3:3000/2000(…)')")
        if ctype in ("character", "equipment"):
            a, d = (m.group(2) or "-"), (m.group(3) or "-")
            rec["atk"] = 0 if a in "-ー―" else _num(a)
            rec["def"] = 0 if d in "-ー―" else _num(d)
        rec["attribute"] = attr
        if tags[1:]:
            rec["sub_attributes"] = tags[1:]
        texts: list[str] = []
        effects: list[dict[str, Any]] = []
        missed: list[str] = []
        for no, line in lines[2:]:
            if line.startswith("『"):
                rec["flavor"] = line.strip("『』")
                continue
            body = line.lstrip(_BULLETS).strip()
            em = re.match(r"^[\[［]([^\]］]+)[\]］]\s*(.*)$", body)
            if em:
                rec["effect_name"] = em.group(1).strip()
                body = em.group(2).strip()
            if not body:
                continue
            texts.append(body)
            for sent in [x for x in re.split(r"(?<=。)", body) if x.strip()]:
                core = _z2h(sent).strip().rstrip("。")
                ev = re.match(r"^進化(?:元)?[::]\s*(.+)$", core)
                if ev:
                    base = ev.group(1).strip()
                    many = re.match(r"^(.+?)\s*(?:[x×✕]\s*(\d+)|(\d+)\s*体)$", base)
                    if many:  # 「進化:機械×2」 / 「進化:機械2体」: put on that many base characters
                        base = many.group(1).strip()
                        rec["evolve_bases"] = int(many.group(2) or many.group(3))
                    rec["evolves_from"] = base
                    continue
                if core in ("付け替え可能", "付け替え可"):
                    rec["reattachable"] = True
                    continue
                e = translate(sent, ctype)
                if e is None:
                    missed.append(f"line {no}: {sent.strip()}")
                else:
                    effects.append(e)
        flavor = rec.pop("flavor", None)
        if texts:
            rec["text"] = "\n".join(texts)
        if flavor:
            rec["flavor"] = flavor
        if effects:
            rec["effects"] = effects
        try:
            build_card(rec, Where(source, cid, start))
        except CardDataError as e:
            raise CardDataError(f"{e} (while importing the card at line {start})") from None
        out.append((rec, missed))
    return out


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k} = {_toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def to_toml(cards: list[tuple[dict[str, Any], list[str]]]) -> str:
    out: list[str] = []
    for rec, missed in cards:
        out.append("[[card]]")
        for k, v in rec.items():
            if k == "effects":
                out.append("effects = [")
                out += [f"  {_toml_value(e)}," for e in v]
                out.append("]")
            else:
                out.append(f"{k} = {_toml_value(v)}")
        for m in missed:
            out.append(f"# effect text not translated into the vocabulary (add it to 'effects' by hand): {m}")
        out.append("")
    return "\n".join(out)


def import_post(text: str, source: str = "post", id_prefix: str = "SV-U") -> str:
    """A thread post in カード晒しテンプレ → card TOML text (``[[card]]`` tables)."""
    return to_toml(parse_post(text, source, id_prefix))
