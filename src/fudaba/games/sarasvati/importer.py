"""Import cards posted in the designers' カード晒しテンプレ (spec §2) as card TOML.

The template (seed 004)::

    ◇カード名 [略称]
    コスト:攻撃力/防御力(カード分類/メイン属性、サブ属性、サブ属性)
    [効果名] 効果
    『フレーバーテキスト』

Attack/defence are omitted for supports and books, ``-/-`` for equipment without stats; effect lines
may start with ``▸``, ``‣`` or ``・``. The short name ``[略称]`` becomes the field ``short_name`` (deck
lists, notation and ``info`` accept it). Effect sentences in the usual phrasings (those of the seed
and its simplification examples, e.g. 「攻撃時、攻撃力+2000」) are translated into the vocabulary of
spec §8, one effect per clause (「カードを1枚引き、…を無防備状態にする」 gives two). A sentence is
translated only when every word of it is: a condition or a clause outside the vocabulary is never
dropped — the whole text stays in ``text`` and the part not translated is named in a
``# not translated:`` TOML comment so the designer can write its ``effects`` by hand (``fudaba cards
import`` then says so and exits with status 1). Structural problems raise
:class:`~fudaba.core.errors.CardDataError` naming the source, line and card.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ...core.cards import Where
from ...core.errors import CardDataError
from ...core.files import strip_bom
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
#: the TOML comment that names a sentence (or part) the importer could not translate
NOT_TRANSLATED = "# not translated:"
#: the TOML comment that names a card of the post that could not be read (its problem)
NOT_IMPORTED = "# not imported:"


def _z2h(s: str) -> str:
    """Full-width digits and signs to ASCII."""
    return s.translate(str.maketrans("０１２３４５６７８９＋－−：／（）", "0123456789+--:/()"))


#: what a number of more than 18 digits is read as: larger than every range of the card data, so that
#: the card's check refuses it with its range (``int`` of 5,000 digits fails, and a refusal would
#: echo them all)
TOO_LARGE = 10**18


def _num(s: str) -> int:
    """A number of a post (``+2000``, ``-1``, ``3``), at most ±TOO_LARGE."""
    digits = s.lstrip("+-")
    value = int(digits) if len(digits) <= 18 else TOO_LARGE
    return -value if s.startswith("-") else value


_TRIGGERS = (
    (r"^オープン時[、,]?", "on_open"),
    (r"^オープン中[、,]?", "while_open"),
    (r"^(?:召喚時|このカードが(?:バトルゾーンに)?召喚された(?:とき|時))[、,]?", "on_summon"),
    (r"^(?:攻撃時|このカードが攻撃する(?:とき|時))[、,]?", "on_attack"),
    (r"^(?:(?:これを装備した|この)?(?:キャラクター|カード)?が)?バトルに勝った(?:とき|時)[、,]?", "on_battle_win"),
    (r"^(?:このカードが)?破壊された(?:とき|時)[、,]?", "on_destroyed"),
    (r"^自分のターンの(?:初め|始め|はじめ)[、,]?", "on_turn_start"),
)
_DURATIONS = (
    (r"このターンの(?:終わり|終了時)まで", "until_end_of_turn"),
    (r"次の自分のターンの(?:初め|始め|はじめ)まで", "until_your_next_turn"),
    (r"バトル(?:が)?(?:終わる|終了)(?:まで|時まで)", "until_end_of_battle"),
    (r"[((]?永続[))]?", "permanent"),
)
PLAYER_TARGETS = ("self_player", "opponent", "both_players")
PLAYER_ACTIONS = ("draw", "charge_from_deck", "cost_modifier")
#: each action's words (spec §8); the whole match is the action's part of the sentence
_ACTIONS = (
    ("draw", r"カードを(\d+)枚(?:ドロー(?:する|し)?|引く|引き)"),
    ("charge_from_deck", r"(?:自分の)?山札の上から(\d+)枚(?:を)?ボルテージ(?:ゾーン)?に置(?:く|き)"),
    ("cost_modifier", r"コスト(?:を|は|が)?\s*([+-]\d+)(?:する|し)?(?:[((]1より小さくならない[))])?"),
    ("modify", r"(?:攻撃力|防御力)(?:を|は|が)?\s*[+-]\d+"),
    ("destroy", r"破壊(?:する|し)"),
    ("set_defenceless", r"無防備状態に(?:する|し)"),
    ("set_ready", r"臨戦状態に(?:戻る|戻り|戻す|戻し|する|し)"),
    ("move_row", r"(?:(?:前|後)列に)?移動(?:させる|させ|する|し)"),
)
_CHAR = r"(?:キャラクター|キャラ)"
#: the words naming each target; tried in this order, the first found is the target
_TARGETS = (
    ("equipped", rf"(?:これを)?装備した{_CHAR}"),
    ("choose_own_character", rf"自分の{_CHAR}を?1体(?:選び|選んで|選ぶ)?"),
    ("choose_enemy_character", rf"相手の{_CHAR}を?1体(?:選び|選んで|選ぶ)?"),
    ("all_own_characters", rf"自分の{_CHAR}(?:すべて|全て)"),
    ("all_enemy_characters", rf"相手の{_CHAR}(?:すべて|全て)"),
    ("all_characters", rf"(?:バトルゾーンにいる)?敵味方(?:すべて|全て)|(?:全|すべての)?{_CHAR}(?:すべて|全て)"
                       rf"(?:[((]敵味方[))])?"),
    ("self", rf"このカード|この{_CHAR}"),
    ("both_players", r"お互いに?"),
    ("opponent", r"相手(?:の(?:カードの)?|は)"),
    ("self_player", r"自分(?:の(?:カードの)?|は)"),
)
#: what may be left of a clause once every part of it is translated: particles, する, punctuation
_FILLER = re.compile(r"される|され|する|させる|し|を|に|は|が|で|の|と|[、,。\s]")
#: the full phrasings of each sentence of the vocabulary, written as the short ones (seed 004, カード作成Q&A:
#: 「攻撃時、攻撃力+2000」←「このカードが攻撃するとき、バトルが終わるまでこのカードの攻撃力は+2000される」,
#: 「召喚時、カードを1枚引く」←「このカードがバトルゾーンに召喚されたとき、自分はカードを1枚引く」): triggers,
#: durations, conditions, amounts that go up or down, the chosen character named again (そのキャラクター)
_THIS = r"この(?:カード|キャラクター|禁書)が"
_WHEN = r"(?:とき|時)"
_LONG_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), r) for p, r in (
    (rf"^{_THIS}(?:バトルゾーンに)?召喚された{_WHEN}", "召喚時"),
    (rf"^{_THIS}攻撃する{_WHEN}", "攻撃時"),
    (rf"^{_THIS}バトルに勝った{_WHEN}", "バトルに勝った時"),
    (rf"^{_THIS}破壊された{_WHEN}", "破壊された時"),
    (rf"^{_THIS}(?:オープン|表向きに)(?:された|した|なった){_WHEN}", "オープン時"),
    (rf"^{_THIS}(?:オープン|表向き)(?:している|されている|になっている|の)?間", "オープン中"),
    (rf"^自分のターン(?:の(?:初め|始め|はじめ)に|が始まった{_WHEN}|の?開始時)", "自分のターンの初め"),
    (r"このターン(?:が終わるまで|の?終了時まで)|^ターン終了時まで", "このターンの終わりまで"),
    (r"次の自分のターン(?:が始まるまで|の?開始時まで)", "次の自分のターンの初めまで"),
    (r"このバトル(?:の間|中)", "バトルが終わるまで"),
    (r"(\d+)枚以上(?:ある|の)?(?:時|とき|場合)", r"\1枚以上の時"),
    (r"(\d+)体以上いる(?:時|とき|場合)", r"\1体以上いる時"),
    (r"(自分|相手)のターン(?:の間|である(?:間|時|とき|場合))", r"\1のターン中"),
    (rf"(?:{_THIS})?(前|後)列にいる(?:時|とき|場合|間)", r"\1列にいる時"),
    (r"(攻撃力|防御力|コスト)(?:が|を|は)?\s*(\d+)(?:上がる|上がり|上げる|上げ|アップ(?:する|し)?)", r"\1を+\2する"),
    (r"(攻撃力|防御力|コスト)(?:が|を|は)?\s*(\d+)(?:下がる|下がり|下げる|下げ|ダウン(?:する|し)?)", r"\1を-\2する"),
    (r"(?:自分の)?山札からカードを", "カードを"),
    (r"(?:自分の)?山札の一番上のカード(?:1枚)?を", "自分の山札の上から1枚を"),
    (r"お互いのプレイヤーは|両プレイヤーは", "お互いに"),
    (r"そのキャラクター(?:の|を|は|が)?|それを", ""),
))


def _short_form(s: str) -> str:
    """A sentence in its full phrasing written as the short one (``_LONG_FORMS``)."""
    for pat, rep in _LONG_FORMS:
        s = pat.sub(rep, s)
    return s


def _cut(s: str, m: re.Match[str], by: str = "") -> str:
    """``s`` without the matched part (replaced by ``by``)."""
    return s[:m.start()] + by + s[m.end():]


def _sentence_parts(sentence: str, ctype: str) -> tuple[str, dict[str, Any], str]:
    """The trigger (spec §8) and the conditions of a whole sentence, and the rest of it."""
    s = _short_form(_z2h(sentence).strip().rstrip("。."))
    trig = {"support": "on_play", "book": "while_open"}.get(ctype, "static")
    for pat, name in _TRIGGERS:
        m = re.match(pat, s)
        if m:
            trig, s = name, s[m.end():]
            break
    cond: dict[str, Any] = {}
    for pat, key in (
        (r"自分の手札が(\d+)枚以上の(?:時|とき)[、,]?", "hand_size_ge"),
        (r"自分のボルテージ(?:ゾーン)?(?:のカード)?が(\d+)枚以上の(?:時|とき)[、,]?", "voltage_ge"),
        (rf"自分の{_CHAR}が(\d+)体以上いる(?:時|とき)[、,]?", "characters_ge"),
        (r"相手の手札が(\d+)枚以上の(?:時|とき)[、,]?", "opp_hand_size_ge"),
        (rf"相手の{_CHAR}が(\d+)体以上いる(?:時|とき)[、,]?", "opp_characters_ge"),
    ):
        m = re.search(pat, s)
        if m:
            cond[key] = _num(m.group(1))
            s = _cut(s, m)
    m = re.search(r"(自分|相手)のターン中[、,]?", s)
    if m:
        cond["own_turn"] = m.group(1) == "自分"
        s = _cut(s, m)
    m = re.search(r"(前|後)列にいる(?:時|とき)[、,]?", s)
    if m:
        cond["row"] = "front" if m.group(1) == "前" else "back"
        s = _cut(s, m)
    m = re.search(rf"自分の(\S+?)の{_CHAR}が(\d+)体以上いる(?:時|とき)[、,]?", s)
    if m and "characters_ge" not in cond:
        cond["characters_ge"] = _num(m.group(2))
        tag = m.group(1)
        cond["of_attribute" if ATTR_ALIASES.get(tag) else "of_sub_attribute"] = ATTR_ALIASES.get(tag, tag)
        s = _cut(s, m)
    return trig, cond, s


def _clause(s: str, trig: str, sentence_cond: dict[str, Any], ctype: str) -> dict[str, Any] | None:
    """One clause (one action) → an effect table, or None unless every word of it is translated."""
    cond = dict(sentence_cond)
    duration = ""
    for pat, name in _DURATIONS:
        m = re.search(pat, s)
        if m:
            duration, s = name, _cut(s, m)
            break
    filt, s = _filter(s, cond)
    got = _action(s)
    if got is None:
        return None
    action, eff, s = got
    aimed = _target(s, trig, action, ctype)
    if aimed is None:
        return None
    target, s = aimed
    if _FILLER.sub("", s):  # a word left over: part of the sentence would be lost
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


def _filter(s: str, cond: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The filter of a clause's target (防御力3000以下の, 前列の, 臨戦状態の, 自分のSFのキャラクターすべて…);
    無防備状態で adds ``target_ready = false`` to ``cond``. Returns the filter and what is left."""
    filt: dict[str, Any] = {}
    for pat, key, val in ((r"防御力(\d+)以下の", "def_le", None), (r"攻撃力(\d+)以上の", "atk_ge", None),
                          (r"(前|後)列の", "row", None), (r"臨戦状態の", "ready", True)):
        m = re.search(pat, s)
        if m:
            g = m.group(1) if m.groups() else ""
            filt[key] = val if val is not None else (_num(g) if g.isdigit() else ("front" if g == "前" else "back"))
            s = _cut(s, m)
    m = re.search(r"無防備状態(?:で|の)", s)
    if m:
        cond["target_ready"] = False
        s = _cut(s, m)
    m = re.search(rf"(自分|相手)の([^、。のを]+?)の{_CHAR}(?:すべて|全て)", s)
    if m:
        tag = m.group(2)
        if ATTR_ALIASES.get(tag):
            filt["attribute"] = ATTR_ALIASES[tag]
        else:
            filt["sub_attribute"] = tag
        s = _cut(s, m, m.group(1) + "のキャラクターすべて")
    return filt, s


def _action(s: str) -> tuple[str, dict[str, Any], str] | None:
    """The clause's one action and its numbers (amount, atk/def), and what is left; None when it has
    none or several (a sentence with two is split by translate_all)."""
    both = re.search(r"攻撃力と防御力(?:を|は|が)?\s*([+-]\d+)", s)
    if both:
        s = _cut(s, both, f"攻撃力を{both.group(1)}、防御力を{both.group(1)}")
    found = [(name, list(re.finditer(pat, s))) for name, pat in _ACTIONS]
    found = [(name, ms) for name, ms in found if ms]
    if len(found) != 1:
        return None
    action, matches = found[0]
    eff: dict[str, Any] = {}
    if action == "modify":
        for m in matches:
            key = "atk" if m.group(0).startswith("攻撃力") else "def"
            if key in eff:
                return None
            eff[key] = _num(re.findall(r"[+-]\d+", m.group(0))[-1])
    elif len(matches) > 1:
        return None
    elif action in PLAYER_ACTIONS:
        eff["amount"] = _num(matches[0].group(1))
    for m in reversed(matches):
        s = _cut(s, m)
    return action, eff, s


def _target(s: str, trig: str, action: str, ctype: str) -> tuple[str, str] | None:
    """The clause's target — named in it, or implied by the card — and what is left; None when neither."""
    target = None
    for name, pat in _TARGETS:
        if (name in PLAYER_TARGETS) != (action in PLAYER_ACTIONS):
            continue
        m = re.search(pat, s)
        if m:
            target, s = name, _cut(s, m)
            break
    if target is None:
        if action in PLAYER_ACTIONS:
            target = "self_player"
        elif ctype in ("character", "equipment") and (
                trig == "on_attack" or action in ("modify", "set_ready", "set_defenceless")):
            target = "self" if ctype == "character" else "equipped"
        else:
            return None
    if target == "self" and ctype != "character":
        target = "equipped" if ctype == "equipment" else target
    return target, s


def translate_all(sentence: str, ctype: str) -> tuple[list[dict[str, Any]], list[str]]:
    """One effect sentence (JP) → its effect tables, and the parts that could not be translated.

    A sentence is translated as a whole when every word of it maps onto the vocabulary; else it is
    split after a clause that does (「カードを1枚引き、…」「攻撃力+2000し、…」: one effect per
    clause, sharing the trigger and conditions). Whatever is left is returned untranslated, never
    dropped: a sentence whose condition is not in the vocabulary (「墓地にカードが10枚以上ある時、…」) is
    untranslated as a whole rather than turned into an unconditional effect."""
    trig, cond, s = _sentence_parts(sentence, ctype)
    if not s.strip("、,。 "):
        return [], ([sentence.strip()] if sentence.strip() else [])
    effects: list[dict[str, Any]] = []
    rest = s
    while rest:
        whole = _clause(rest, trig, cond, ctype)
        if whole is not None:
            return [*effects, whole], []
        for m in re.finditer(r"[、,]", rest):
            left = _clause(rest[:m.start()], trig, cond, ctype)
            if left is not None:
                effects.append(left)
                rest = rest[m.end():]
                break
        else:
            break
    return effects, [sentence.strip() if not effects else rest.strip()]


def translate(sentence: str, ctype: str) -> dict[str, Any] | None:
    """One effect sentence (JP) → an effect table of the vocabulary, or None unless the sentence is
    exactly one effect, translated whole (see :func:`translate_all`)."""
    effects, missed = translate_all(sentence, ctype)
    return effects[0] if len(effects) == 1 and not missed else None


Line = tuple[int, str]
Imported = tuple[dict[str, Any], list[str]]


def read_post(text: str, source: str = "post", id_prefix: str = "SV-U") -> tuple[list[Imported], list[str]]:
    """Every card of a post that could be read — its raw card table and the effect sentences that
    were not translated — and one problem for each card that could not (naming the source, line and
    card). The cards keep their numbers (``SV-U03`` stays the third card of the post when the second
    is malformed), so a fixed post imports with the same ids."""
    blocks: list[tuple[int, list[Line]]] = []
    for no, raw in enumerate(strip_bom(text).splitlines(), 1):
        line = raw.strip().replace("\u3000", " ").strip()
        if not line or _SEP.match(line):
            continue
        if line.startswith("◇"):
            blocks.append((no, [(no, line)]))
        elif blocks:
            blocks[-1][1].append((no, line))
    if not blocks:
        raise CardDataError(f"{source}: no card found; each card starts with a line '◇カード名' (カード晒しテンプレ)")
    out: list[Imported] = []
    problems: list[str] = []
    for k, (start, lines) in enumerate(blocks, 1):
        try:
            out.append(_import_card(lines, start, f"{id_prefix}{k:02d}", k, source))
        except CardDataError as e:
            problems += e.problems
    return out, problems


def parse_post(text: str, source: str = "post", id_prefix: str = "SV-U") -> list[Imported]:
    """Cards of a post as raw card tables, each with the effect sentences that were not translated;
    CardDataError lists every card that could not be read (see :func:`read_post`)."""
    cards, problems = read_post(text, source, id_prefix)
    if problems:
        raise CardDataError.of(problems)
    return cards


def _import_card(lines: list[Line], start: int, cid: str, k: int, source: str) -> Imported:
    """One card of the post (its ◇ line first) → its raw card table and what was not translated."""
    rec, ctype = _card_head(lines, start, cid, k, source)
    at = lines[1][0]  # the cost line: the problems of the fields it gives name it
    where = Where(source, cid, start, {f: at for f in ("type", "cost", "atk", "def", "attribute", "sub_attributes")})
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
            _sentence(sent, no, rec, ctype, effects, missed, where)
    flavor = rec.pop("flavor", None)
    if texts:
        rec["text"] = "\n".join(texts)
    if flavor:
        rec["flavor"] = flavor
    if effects:
        rec["effects"] = effects
    build_card(rec, where.apart())
    return rec, missed


def _card_head(lines: list[Line], start: int, cid: str, k: int, source: str) -> tuple[dict[str, Any], str]:
    """The ◇ line and the cost line → the card's name, short name, type, cost, stats and attributes."""
    name = re.sub(r"\s*[\[［].*?[\]］]\s*$", "", lines[0][1][1:]).strip()
    sm = re.search(r"[\[［]([^\]］]*)[\]］]\s*$", lines[0][1][1:])
    short = sm.group(1).strip() if sm else ""
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
    cls = m.group(4)
    parts = re.split(r"[//]", cls, maxsplit=1)
    if len(parts) != 2:
        raise CardDataError(where.format(cno) + f": '({cls})' must be '(分類/属性、サブ属性…)'")
    tword = parts[0].strip()
    ctype = TYPE_WORDS.get(tword)
    if ctype is None:
        raise CardDataError(where.format(cno) + f": unknown card type {tword!r}; one of " + ", ".join(TYPE_WORDS))
    tags = [t.strip() for t in re.split(r"[、,,]", parts[1]) if t.strip()]
    attr = ATTR_ALIASES.get(tags[0]) if tags else None
    if attr is None:
        raise CardDataError(where.format(cno) + f": unknown main attribute {tags[0] if tags else ''!r}; one of "
                            + ", ".join(ATTRIBUTES))
    rec: dict[str, Any] = {"id": cid, "name": name}
    if short and short != name:  # ◇カード名 [略称]
        rec["short_name"] = short
    rec.update({"type": ctype, "cost": _num(m.group(1))})
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
    return rec, ctype


def _sentence(sent: str, no: int, rec: dict[str, Any], ctype: str, effects: list[dict[str, Any]],
              missed: list[str], where: Where) -> None:
    """One sentence of a card's text: an evolution or 付け替え可能 mark (into ``rec``), or effects (into
    ``effects``); what is not translated goes to ``missed`` (with its line ``no``)."""
    core = _z2h(sent).strip().rstrip("。")
    ev = re.match(r"^進化(?:元)?[::]\s*(.+)$", core)
    if ev:
        base = ev.group(1).strip()
        many = re.match(r"^(.+?)\s*(?:[x×✕]\s*(\d+)|(\d+)\s*体)$", base)
        if many:  # 「進化:機械×2」 / 「進化:機械2体」: put on that many base characters
            base = many.group(1).strip()
            rec["evolve_bases"] = _num(many.group(2) or many.group(3))
        rec["evolves_from"] = base
        return
    if core in ("付け替え可能", "付け替え可"):
        rec["reattachable"] = True
        return
    done, left = translate_all(sent, ctype)
    if done:  # an effect the rules cannot run (a continuous draw) is not a translation
        try:
            build_card({**rec, "effects": effects + done}, where.apart())
        except CardDataError as e:
            why = next((p for p in e.problems if "field 'effects[" in p), e.problems[-1]).rsplit(": ", 1)[-1]
            missed.append(f"line {no}: {sent.strip()} (read as an effect the rules cannot run: {why})")
            return
    effects += done
    for part in left:
        whole = sent.strip()
        missed.append(f"line {no}: {whole}" if part == whole else f"line {no}: {part} (part of: {whole})")


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


def to_toml(cards: list[Imported], not_imported: list[str] | None = None) -> str:
    """Card TOML of imported cards; each card that could not be read is named in a ``# not imported:``
    comment at the top (``fudaba cards import`` lists them and exits with status 1)."""
    out: list[str] = [f"{NOT_IMPORTED} {p}" for p in not_imported or []]
    if out:
        out.append("")
    for rec, missed in cards:
        out.append("[[card]]")
        for k, v in rec.items():
            if k == "effects":
                out.append("effects = [")
                out += [f"  {_toml_value(e)}," for e in v]
                out.append("]")
            else:
                out.append(f"{k} = {_toml_value(v)}")
        for m in missed:  # the text is kept in 'text'; its effects are written by hand
            out.append(f"{NOT_TRANSLATED} {m}")
        out.append("")
    return "\n".join(out)


def import_post(text: str, source: str = "post", id_prefix: str = "SV-U") -> str:
    """A thread post in カード晒しテンプレ → card TOML text (``[[card]]`` tables) of every card that could
    be read; each card that could not is named in a ``# not imported:`` comment. CardDataError when
    no card of the post could be read (naming the problem of each)."""
    cards, problems = read_post(text, source, id_prefix)
    if not cards:
        raise CardDataError.of(problems)
    return to_toml(cards, problems)
