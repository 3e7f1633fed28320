"""Suikoden card schema (spec §2) and effect vocabulary (spec §10), on top of :mod:`fudaba.core.cards`.

A card is a frozen :class:`Card` shared by every state; its ``effects`` are :class:`Effect` records.
Every problem raises :class:`~fudaba.core.errors.CardDataError` naming the file, line, card and
field (``effects[1].target`` for a field of an effect).

Card types and what they carry (§2):

* ``character`` — ``class`` (mastermind | leader | commoner | free | craftsman), ``camp``, ``links``
  (letters A–I), ``atk``/``mil``/``con``, ``rune``, ``pair``, ``keywords``; a mastermind has no
  links, no stats and no keywords;
* ``mission`` — ``clear`` (atk | mil | duel), ``value`` (atk/mil) or ``duel_stat`` (duel), ``vp``;
* ``facility`` — ``build`` (the con to build it) and ``block`` (the atk that blocks it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.cards import Where, build_cards, check_fields, load_card_file, opt, req, whole
from ...core.errors import CardDataError

# ---------------------------------------------------------------------------------- §2 card words
TYPES = ("character", "mission", "facility")
TYPE_JA = {"character": "キャラクター", "mission": "ミッション", "facility": "施設"}
CLASSES = ("mastermind", "leader", "commoner", "free", "craftsman")
CLASS_JA = {"mastermind": "総大将", "leader": "リーダー", "commoner": "一般", "free": "フリー", "craftsman": "職人"}
CLASS_EN = {"mastermind": "mastermind", "leader": "leader", "commoner": "commoner", "free": "free",
            "craftsman": "craftsman"}
#: classes without a camp (無所属)
UNALIGNED = ("free", "craftsman")
KEYWORDS = ("support", "betrayal", "counter")
KEYWORD_JA = {"support": "サポート", "betrayal": "裏", "counter": "対"}
#: link letters; bit i of a card's ``lmask`` is LETTERS[i]
LETTERS = "ABCDEFGHI"
STATS = ("atk", "mil", "con")
STAT_JA = {"atk": "攻撃力", "mil": "兵力", "con": "建設力"}
STAT_EN = {"atk": "attack", "mil": "troops", "con": "construction"}
#: clear types of a mission (攻撃 / 兵力 / 一騎打ち)
CLEARS = ("atk", "mil", "duel")
CLEAR_JA = {"atk": "攻撃", "mil": "兵力", "duel": "一騎打ち"}
CLEAR_EN = {"atk": "attack", "mil": "troops", "duel": "duel"}
DUEL_STATS = STATS
#: troop strengths (兵力) are written in hundreds
MIL_STEP = 100

# ---------------------------------------------------------------------------------- §10 vocabulary
TRIGGERS = ("static", "support", "on_deploy", "counter", "rune", "on_clear")
#: triggers whose effects are continuous (read whenever a value is needed, §8.5)
CONTINUOUS = ("static", "support")
#: which triggers a card may use (§10 trigger table): characters, masterminds, missions, facilities
TRIGGERS_BY_KIND = {
    "character": ("static", "on_deploy", "rune", "support", "counter"),
    "mastermind": ("static",),
    "mission": ("static", "on_clear"),
    "facility": ("static", "on_clear"),
}
CHAR_TARGETS = ("self", "own_characters", "enemy_characters", "all_characters", "choose_enemy_character",
                "trigger_character")
PLAYER_TARGETS = ("self_player", "opponent")
TARGETS = CHAR_TARGETS + PLAYER_TARGETS
#: the targets that name a group of deployed characters (a filter narrows them)
GROUP_TARGETS = ("own_characters", "enemy_characters", "all_characters")
ACTIONS = ("modify", "modify_total", "draw", "discard", "hand_limit", "cannot_deploy")
CHAR_ACTIONS = ("modify", "discard", "cannot_deploy")
PLAYER_ACTIONS = ("modify_total", "draw", "hand_limit")
#: actions that only make sense as continuous effects (no store for a one-shot total or limit)
CONTINUOUS_ACTIONS = ("modify_total", "hand_limit", "cannot_deploy")
#: actions that happen once (a continuous draw or discard would repeat without end)
ONE_SHOT_ACTIONS = ("draw", "discard")
DURATIONS = ("until_end_of_battle", "while_deployed")
FILTERS = ("class", "camp", "has_rune")
CONDITIONS = ("cooperation", "own_mission", "deployed_ge", "facility_built")

#: the range of every number of the card data, checked when the cards load (docs/suikoden.md): a
#: character's attack and construction, its troops (in hundreds), a mission's value, a VP of a
#: mission, a facility's build and block values, what an effect adds (atk/con, troops), the cards it
#: draws, its change of the hand limit, a rune's discard cost, the characters a condition counts
STAT_RANGE: dict[str, tuple[int, int]] = {"atk": (0, 99), "mil": (0, 99_900), "con": (0, 99)}
VALUE_MAX = 99_900
VP_MAX = 20
FACILITY_MAX = 99
MODIFY_RANGE: dict[str, tuple[int, int]] = {"atk": (-99, 99), "mil": (-99_900, 99_900), "con": (-99, 99)}
DRAW_MAX = 40
HAND_LIMIT_MAX = 10
COST_DISCARD_MAX = 10
DEPLOYED_MAX = 20

EFFECT_FIELDS = ("trigger", "target", "action", "atk", "mil", "con", "amount", "duration", "cost_discard", "filter",
                 "condition")
COMMON_FIELDS = ("id", "name", "name_en", "type", "effects", "text", "number", "invented", "short_name")
CHARACTER_FIELDS = ("class", "camp", "links", "atk", "mil", "con", "rune", "pair", "keywords")
MISSION_FIELDS = ("clear", "value", "duel_stat", "vp")
FACILITY_FIELDS = ("build", "block")
CARD_FIELDS = COMMON_FIELDS + CHARACTER_FIELDS + MISSION_FIELDS + FACILITY_FIELDS
FIELDS_BY_TYPE = {
    "character": COMMON_FIELDS + CHARACTER_FIELDS,
    "mission": COMMON_FIELDS + MISSION_FIELDS,
    "facility": COMMON_FIELDS + FACILITY_FIELDS,
}


def link_mask(links: str) -> int:
    """``"AEI"`` -> bits 0, 4 and 8."""
    m = 0
    for ch in links:
        m |= 1 << LETTERS.index(ch)
    return m


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect (§10): ``trigger``, ``target``, ``action`` and their arguments.

    ``filter`` is a tuple of ``(key, value)`` pairs in :data:`FILTERS` order (``has_rune``: "true" or
    "false"); ``condition`` one ``(key, value)`` pair, the value as text (``("deployed_ge", "3")``).
    """

    trigger: str
    target: str
    action: str
    atk: int = 0
    mil: int = 0
    con: int = 0
    amount: int = 0
    duration: str = ""
    cost_discard: int = 0
    filter: tuple[tuple[str, str], ...] = ()
    condition: tuple[str, str] | None = None

    @property
    def continuous(self) -> bool:
        return self.trigger in CONTINUOUS

    @property
    def chooses(self) -> bool:
        """Whether the effect needs a ``target P`` choice (§10 choose_enemy_character)."""
        return self.target == "choose_enemy_character"

    def accepts(self, card: Card) -> bool:
        """Whether ``card`` passes this effect's filter (§10: class, camp, has_rune)."""
        for key, value in self.filter:
            if key == "class" and card.cls != value:
                return False
            if key == "camp" and value not in card.camp:
                return False
            if key == "has_rune" and bool(card.rune) != (value == "true"):
                return False
        return True

    def to_dict(self) -> dict[str, Any]:
        """The inline TOML table of this effect (inverse of :func:`build_effect`)."""
        d: dict[str, Any] = {"trigger": self.trigger}
        if self.trigger == "rune":
            d["cost_discard"] = self.cost_discard
        d["target"] = self.target
        if self.filter:
            d["filter"] = {k: (v == "true" if k == "has_rune" else v) for k, v in self.filter}
        d["action"] = self.action
        for k in STATS:
            if getattr(self, k):
                d[k] = getattr(self, k)
        if self.amount:
            d["amount"] = self.amount
        if self.duration:
            d["duration"] = self.duration
        if self.condition is not None:
            k, v = self.condition
            d["condition"] = {k: int(v) if k == "deployed_ge" else (v == "true") if k == "own_mission" else v}
        return d


@dataclass(frozen=True, slots=True)
class Card:
    """One card definition (§2). ``cls`` is the TOML ``class``; ``names`` are the names it counts as
    (both of a pair); ``lmask`` has bit i for ``LETTERS[i]`` of ``links``."""

    id: str
    name: str
    name_en: str
    type: str
    cls: str = ""
    camp: tuple[str, ...] = ()
    links: str = ""
    atk: int = 0
    mil: int = 0
    con: int = 0
    rune: str = ""
    pair: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    effects: tuple[Effect, ...] = ()
    clear: str = ""
    value: int = 0
    duel_stat: str = ""
    vp: tuple[int, int] = (0, 0)
    build: int = 0
    block: int = 0
    text: str = ""
    number: str = ""
    invented: bool = False
    short_name: str = ""
    #: derived from ``pair``/``name`` and ``links``
    names: tuple[str, ...] = field(init=False, default=())
    lmask: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", self.pair if self.pair else (self.name,))
        object.__setattr__(self, "lmask", link_mask(self.links))

    @property
    def is_mastermind(self) -> bool:
        return self.cls == "mastermind"

    @property
    def is_pair(self) -> bool:
        return bool(self.pair)

    def effects_of(self, trigger: str) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.trigger == trigger)

    def to_dict(self) -> dict[str, Any]:
        """The TOML record of this card (inverse of :func:`build_card`)."""
        d: dict[str, Any] = {"id": self.id, "name": self.name}
        if self.name_en:
            d["name_en"] = self.name_en
        if self.short_name:
            d["short_name"] = self.short_name
        d["type"] = self.type
        if self.type == "character":
            d["class"] = self.cls
            d["camp"] = list(self.camp)
            if not self.is_mastermind:
                d.update(links=self.links, atk=self.atk, mil=self.mil, con=self.con)
            if self.rune:
                d["rune"] = self.rune
            if self.pair:
                d["pair"] = list(self.pair)
            if self.keywords:
                d["keywords"] = list(self.keywords)
        elif self.type == "mission":
            d["clear"] = self.clear
            if self.clear == "duel":
                d["duel_stat"] = self.duel_stat
            else:
                d["value"] = self.value
            d["vp"] = list(self.vp)
        else:
            d.update(build=self.build, block=self.block)
        if self.effects:
            d["effects"] = [e.to_dict() for e in self.effects]
        if self.text:
            d["text"] = self.text
        if self.number:
            d["number"] = self.number
        if self.invented:
            d["invented"] = True
        return d


# ---------------------------------------------------------------------------------- validation
def _choice(v: Any, allowed: tuple[str, ...], where: Where, fld: str) -> str:
    if not isinstance(v, str) or v not in allowed:
        raise where.err(fld, f"{v!r} is not one of {', '.join(allowed)}")
    return v


def _int(raw: dict[str, Any], key: str, where: Where, fld: str, lo: int, hi: int) -> int:
    """A whole-number field of an effect from ``lo`` to ``hi`` (0 when absent), named
    ``effects[i].key`` in errors."""
    if key not in raw:
        return 0
    v = raw[key]
    if not isinstance(v, int) or isinstance(v, bool):
        raise where.err(f"{fld}.{key}", f"expected int, got {type(v).__name__} {v!r:.40}")
    return whole(v, lo, hi, where, f"{fld}.{key}")


def _names(raw: dict[str, Any], key: str, where: Where) -> list[str]:
    """A list of distinct non-empty strings (camp, pair, keywords)."""
    v = opt(raw, key, list, [], where)
    seen: list[str] = []
    for i, x in enumerate(v):
        if not isinstance(x, str) or not x.strip():
            raise where.err(f"{key}[{i}]", f"expected a non-empty string, got {x!r}")
        if x in seen:
            raise where.err(f"{key}[{i}]", f"{x!r} is listed twice")
        seen.append(x)
    return seen


def _build_filter(raw: Any, target: str, where: Where, fld: str) -> tuple[tuple[str, str], ...]:
    if not isinstance(raw, dict) or not raw:
        raise where.err(fld, "a filter is a non-empty inline table, e.g. {class = \"leader\"}")
    extra = sorted(set(raw) - set(FILTERS))
    if extra:
        raise where.err(f"{fld}.{extra[0]}", f"unknown filter; filters are {', '.join(FILTERS)}")
    if target not in (*GROUP_TARGETS, "choose_enemy_character", "trigger_character"):
        raise where.err(fld, f"target {target!r} takes no filter (filters narrow a group of characters)")
    out: list[tuple[str, str]] = []
    for key in FILTERS:
        if key not in raw:
            continue
        v = raw[key]
        if key == "class":
            out.append((key, _choice(v, CLASSES[1:], where, f"{fld}.class")))
        elif key == "camp":
            if not isinstance(v, str) or not v.strip():
                raise where.err(f"{fld}.camp", f"a camp is a non-empty string, got {v!r}")
            out.append((key, v))
        else:
            if not isinstance(v, bool):
                raise where.err(f"{fld}.has_rune", f"has_rune is true or false, got {v!r}")
            out.append((key, "true" if v else "false"))
    return tuple(out)


def _build_condition(raw: Any, where: Where, fld: str) -> tuple[str, str]:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise where.err(fld, "a condition is an inline table with one key, e.g. {cooperation = \"フリック\"}")
    ((key, v),) = raw.items()
    if key not in CONDITIONS:
        raise where.err(f"{fld}.{key}", f"unknown condition; conditions are {', '.join(CONDITIONS)}")
    if key in ("cooperation", "facility_built"):
        if not isinstance(v, str) or not v.strip():
            raise where.err(f"{fld}.{key}", f"{key} names a card: a non-empty string, got {v!r}")
        return key, v
    if key == "own_mission":
        if not isinstance(v, bool):
            raise where.err(f"{fld}.own_mission", f"own_mission is true or false, got {v!r}")
        return key, "true" if v else "false"
    return key, str(whole(v, 1, DEPLOYED_MAX, where, f"{fld}.deployed_ge"))


def _check_target(kind: str, trig: str, target: str, action: str, where: Where, fld: str) -> None:
    """§10: which targets an effect's trigger and kind of card may name, and which actions go with
    its target and trigger (a continuous action only for a continuous effect, and the reverse)."""
    continuous = trig in CONTINUOUS
    if target == "self" and kind != "character":
        raise where.err(f"{fld}.target", f"'self' is the deployed character itself; a {kind} cannot use it")
    if target == "choose_enemy_character" and trig not in ("rune", "on_deploy"):
        raise where.err(f"{fld}.target", f"choose_enemy_character is chosen when a rune or on_deploy effect "
                                         f"resolves, not by a {trig!r} effect")
    if target == "trigger_character" and trig != "counter":
        raise where.err(f"{fld}.target", "trigger_character is the character a counter answers: only for "
                                         "counter effects")
    if action in CHAR_ACTIONS and target not in CHAR_TARGETS:
        raise where.err(f"{fld}.target", f"action {action!r} needs a character target, not {target!r}")
    if action in PLAYER_ACTIONS and target not in PLAYER_TARGETS:
        raise where.err(f"{fld}.target", f"action {action!r} needs a player target "
                                         f"({', '.join(PLAYER_TARGETS)}), not {target!r}")
    if action == "cannot_deploy" and target not in GROUP_TARGETS:
        raise where.err(f"{fld}.target", f"cannot_deploy bars characters about to enter: use "
                                         f"{', '.join(GROUP_TARGETS)}, not {target!r}")
    # actions against triggers
    if action in CONTINUOUS_ACTIONS and not continuous:
        raise where.err(f"{fld}.action", f"{action!r} is a continuous action: only for static or support "
                                         f"effects, not {trig!r}")
    if action in ONE_SHOT_ACTIONS and continuous:
        raise where.err(f"{fld}.action", f"{action!r} happens once: not for a continuous ({trig}) effect")


def build_effect(raw: Any, kind: str, has_rune: bool, where: Where, fld: str) -> Effect:
    """Validate one effect inline table of a card of ``kind`` (character, mastermind, mission or
    facility; §10)."""
    if not isinstance(raw, dict):
        raise where.err(fld, "an effect is an inline table {trigger = ..., target = ..., action = ...}")
    extra = sorted(set(raw) - set(EFFECT_FIELDS))
    if extra:
        raise where.err(f"{fld}.{extra[0]}", f"unknown effect field; allowed: {', '.join(EFFECT_FIELDS)}")
    for k in ("trigger", "target", "action"):
        if k not in raw:
            raise where.err(f"{fld}.{k}", "missing")
    trig = _choice(raw["trigger"], TRIGGERS, where, f"{fld}.trigger")
    if trig not in TRIGGERS_BY_KIND[kind]:
        raise where.err(f"{fld}.trigger", f"a {kind} cannot have {trig!r} effects "
                                          f"(allowed: {', '.join(TRIGGERS_BY_KIND[kind])})")
    target = _choice(raw["target"], TARGETS, where, f"{fld}.target")
    action = _choice(raw["action"], ACTIONS, where, f"{fld}.action")
    continuous = trig in CONTINUOUS
    _check_target(kind, trig, target, action, where, fld)
    # arguments
    atk, mil, con = (_int(raw, k, where, fld, *MODIFY_RANGE[k]) for k in STATS)
    if action in ("modify", "modify_total"):
        if not (atk or mil or con):
            raise where.err(f"{fld}.atk", f"{action} needs a non-zero atk, mil or con")
        if mil % MIL_STEP:
            raise where.err(f"{fld}.mil", f"troops are counted in hundreds: {mil} is no multiple of {MIL_STEP}")
    else:
        for k in STATS:
            if k in raw:
                raise where.err(f"{fld}.{k}", f"action {action!r} takes no {k}")
    if action not in ("draw", "hand_limit") and "amount" in raw:
        raise where.err(f"{fld}.amount", f"action {action!r} takes no amount")
    amount = _int(raw, "amount", where, fld, *((-HAND_LIMIT_MAX, HAND_LIMIT_MAX) if action == "hand_limit"
                                               else (1, DRAW_MAX)))
    if action == "draw" and amount < 1:
        raise where.err(f"{fld}.amount", "draw needs amount ≥ 1")
    if action == "hand_limit" and amount == 0:
        raise where.err(f"{fld}.amount", "hand_limit needs a non-zero amount (e.g. 1)")
    # duration: one-shot modifiers only
    duration = ""
    if "duration" in raw:
        duration = _choice(raw["duration"], DURATIONS, where, f"{fld}.duration")
    if action == "modify" and not continuous and not duration:
        raise where.err(f"{fld}.duration", f"a {trig} modify needs a duration ({', '.join(DURATIONS)})")
    if duration and (continuous or action != "modify"):
        why = f"a continuous ({trig}) effect lasts while its source is active" if continuous \
            else f"action {action!r} takes no duration"
        raise where.err(f"{fld}.duration", why)
    # rune cost (§8.3)
    cost = _int(raw, "cost_discard", where, fld, 0, COST_DISCARD_MAX)
    if trig == "rune":
        if not has_rune:
            raise where.err(f"{fld}.trigger", "a rune effect needs the card's rune (field 'rune' is empty)")
        if cost < 0:
            raise where.err(f"{fld}.cost_discard", f"must be at least 0, got {cost}")
    elif "cost_discard" in raw:
        raise where.err(f"{fld}.cost_discard", f"only rune effects have a cost, not {trig!r}")
    filt = _build_filter(raw["filter"], target, where, f"{fld}.filter") if "filter" in raw else ()
    cond = _build_condition(raw["condition"], where, f"{fld}.condition") if "condition" in raw else None
    return Effect(trig, target, action, atk, mil, con, amount, duration, cost, filt, cond)


def _stat(raw: dict[str, Any], key: str, where: Where) -> int:
    v = whole(req(raw, key, int, where), *STAT_RANGE[key], where, key)
    if key == "mil" and v % MIL_STEP:
        raise where.err(key, f"troops are counted in hundreds: {v} is no multiple of {MIL_STEP}")
    return v


def _character(raw: dict[str, Any], name: str, where: Where) -> dict[str, Any]:
    """The character fields of §2 (class, camp, links, stats, rune, pair, keywords); every broken one
    is reported."""
    w = where.apart()
    cls = w.part(lambda: _choice(req(raw, "class", str, where), CLASSES, where, "class"), default="")
    camp: list[str] = w.part(_camp, raw, cls, where, default=[])
    out: dict[str, Any] = {"cls": cls, "camp": tuple(camp)}
    if cls == "mastermind":
        w.part(_no_deploy_fields, raw, where, default=None)
    elif cls:
        out["links"] = w.part(_links, raw, where, default="")
        out.update({k: w.part(_stat, raw, k, where, default=0) for k in STATS})
    rune = w.part(opt, raw, "rune", str, "", where, default="").strip()  # "" = none
    pair: list[str] = w.part(_pair, raw, name, where, default=[])
    keywords: list[str] = w.part(_keywords, raw, where, default=[])
    w.done()
    out.update(rune=rune, pair=tuple(pair), keywords=tuple(keywords))
    return out


def _camp(raw: dict[str, Any], cls: str, where: Where) -> list[str]:
    camp = _names(raw, "camp", where)
    if cls in UNALIGNED and camp:
        raise where.err("camp", f"a {cls} card belongs to no camp (無所属): write camp = []")
    if cls in ("leader", "commoner") and not camp:
        raise where.err("camp", f"a {cls} belongs to a camp: camp = [\"…\"] is needed")
    return camp


def _no_deploy_fields(raw: dict[str, Any], where: Where) -> None:
    """A mastermind has no links, stats or keywords (§2)."""
    bad = [str(where.err(k, f"a mastermind has no {k} (it never deploys, §2)")) for k in ("links", *STATS) if k in raw]
    if raw.get("keywords"):
        bad.append(str(where.err("keywords", "a mastermind has no keywords (it never deploys, §2)")))
    if bad:
        raise CardDataError.of(bad)


def _links(raw: dict[str, Any], where: Where) -> str:
    links: str = req(raw, "links", str, where)
    bad = [ch for ch in links if ch not in LETTERS]
    if bad:
        raise where.err("links", f"{bad[0]!r} is no link letter; links are letters of {LETTERS}")
    if not links:
        raise where.err("links", "a character needs at least one link letter (A–I)")
    if len(set(links)) != len(links):
        raise where.err("links", f"{links!r} repeats a letter")
    return "".join(sorted(links))


def _pair(raw: dict[str, Any], name: str, where: Where) -> list[str]:
    pair = _names(raw, "pair", where)
    if pair:
        if len(pair) != 2:
            raise where.err("pair", f"a pair card names exactly two characters, got {len(pair)}")
        if any("&" in p for p in pair):
            raise where.err("pair", "a pair's names are single characters (no '&')")
        if name and name != "&".join(pair):
            raise where.err("name", f"a pair card's name is its pair joined by '&': {'&'.join(pair)!r}, not {name!r}")
    elif "&" in name:
        raise where.err("name", f"{name!r} names two characters: a pair card needs pair = {name.split('&')!r}")
    return pair


def _keywords(raw: dict[str, Any], where: Where) -> list[str]:
    keywords = _names(raw, "keywords", where)
    bad = [str(where.err(f"keywords[{i}]", f"unknown keyword {k!r}; keywords are {', '.join(KEYWORDS)}"))
           for i, k in enumerate(keywords) if k not in KEYWORDS]
    if bad:
        raise CardDataError.of(bad)
    return keywords


def _mission(raw: dict[str, Any], where: Where) -> dict[str, Any]:
    """The mission fields of §2: clear type, value or duel stat, VP pair."""
    clear = _choice(req(raw, "clear", str, where), CLEARS, where, "clear")
    value = 0
    duel_stat = ""
    if clear == "duel":
        duel_stat = _choice(req(raw, "duel_stat", str, where), DUEL_STATS, where, "duel_stat")
        if "value" in raw:
            raise where.err("value", "a duel mission has no value: the higher duel_stat wins (§7.6)")
    else:
        value = whole(req(raw, "value", int, where), 1, VALUE_MAX, where, "value")
        if clear == "mil" and value % MIL_STEP:
            raise where.err("value", f"troops are counted in hundreds: {value} is no multiple of {MIL_STEP}")
        if "duel_stat" in raw:
            raise where.err("duel_stat", f"only a duel mission has a duel_stat, not a {CLEAR_EN[clear]} one")
    vp = req(raw, "vp", list, where)
    if len(vp) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= VP_MAX for x in vp):
        raise where.err("vp", f"the VP pair is [placer clears, opponent clears], two whole numbers from 0 to "
                              f"{VP_MAX}; got {vp!r:.60}")
    return {"clear": clear, "value": value, "duel_stat": duel_stat, "vp": (vp[0], vp[1])}


def _facility(raw: dict[str, Any], where: Where) -> dict[str, Any]:
    """The facility fields of §2: build value (con) and block value (atk)."""
    w = where.apart()
    out = {k: w.part(lambda k=k: whole(req(raw, k, int, where), 1, FACILITY_MAX, where, k), default=0)
           for k in FACILITY_FIELDS}
    w.done()
    return out


def build_card(raw: dict[str, Any], where: Where) -> Card:
    """Validate one ``[[card]]`` table (§2, §10); every broken field is reported (``where.part``; a
    check that needs the card's type is made only when the type is right)."""
    p = where.part
    p(check_fields, raw, CARD_FIELDS, where, default=None)
    cid = p(_card_id, raw, where, default="")
    name = p(_name, raw, where, default="")
    name_en = p(opt, raw, "name_en", str, "", where, default="")
    short = p(_short_name, raw, where, default="")
    ctype = p(_type, raw, where, default="")
    parts: dict[str, Any] = p(_parts, raw, ctype, name, where, default={}) if ctype else {}
    kind = ("mastermind" if parts.get("cls") == "mastermind" else "character") if ctype == "character" else ctype
    effs: list[Any] = p(opt, raw, "effects", list, [], where, default=[])
    effects = tuple(e for i, x in enumerate(effs) if kind and (
        e := p(build_effect, x, kind, bool(parts.get("rune")), where, f"effects[{i}]", default=None)) is not None)
    if len(effects) == len(effs) and parts:  # keywords and their effects go together (§2, §8.1, §8.4)
        p(_keyword_effects, parts.get("keywords", ()), effects, where, default=None)
    text = p(opt, raw, "text", str, "", where, default="")
    number = p(opt, raw, "number", str, "", where, default="")
    invented = p(opt, raw, "invented", bool, False, where, default=False)
    where.done()
    return Card(
        id=cid, name=name, name_en=name_en, type=ctype, effects=effects, text=text, number=number,
        invented=invented, short_name=short.strip(), **parts,
    )


def _card_id(raw: dict[str, Any], where: Where) -> str:
    cid: str = req(raw, "id", str, where)
    if not cid or cid != "".join(cid.split()):  # §13: an id is one word of the notation
        raise where.err("id", f"{cid!r}: a card id is one word, without spaces (it is typed in notation)")
    return cid


def _name(raw: dict[str, Any], where: Where) -> str:
    name: str = req(raw, "name", str, where)
    if not name.strip():
        raise where.err("name", "must not be empty")
    return name


def _short_name(raw: dict[str, Any], where: Where) -> str:
    short: str = opt(raw, "short_name", str, "", where)
    if "short_name" in raw and not short.strip():
        raise where.err("short_name", "must not be empty (leave the field out when the card has no short name)")
    return short


def _type(raw: dict[str, Any], where: Where) -> str:
    """The card's type; a field another type has is a problem of this card."""
    ctype = _choice(req(raw, "type", str, where), TYPES, where, "type")
    misplaced = sorted(set(raw) & set(CARD_FIELDS) - set(FIELDS_BY_TYPE[ctype]))
    if misplaced:
        raise CardDataError.of([str(where.err(k, f"a {ctype} card has no such field; its fields are "
                                                 f"{', '.join(FIELDS_BY_TYPE[ctype])}")) for k in misplaced])
    return ctype


def _parts(raw: dict[str, Any], ctype: str, name: str, where: Where) -> dict[str, Any]:
    """The fields of the card's type (§2)."""
    if ctype == "character":
        return _character(raw, name, where)
    return _mission(raw, where) if ctype == "mission" else _facility(raw, where)


def _keyword_effects(keywords: tuple[str, ...], effects: tuple[Effect, ...], where: Where) -> None:
    for kw in ("support", "counter"):
        has_effect = any(e.trigger == kw for e in effects)
        if kw in keywords and not has_effect:
            raise where.err("keywords", f"the keyword {kw!r} needs an effect with trigger = {kw!r}")
        if has_effect and kw not in keywords:
            i = next(i for i, e in enumerate(effects) if e.trigger == kw)
            raise where.err(f"effects[{i}].trigger", f"a {kw!r} effect needs the keyword {kw!r} in keywords")


CARD_DIR = Path(__file__).parent / "cards"


def load_file(path: str | Path) -> list[Card]:
    """The cards of one TOML file."""
    return load_card_file(path, build_card)


def load_pool_cards() -> list[Card]:
    """Every card of the built-in pool (``cards/*.toml``, sorted by file name)."""
    out: list[Card] = []
    for p in sorted(CARD_DIR.glob("*.toml")):
        out.extend(load_file(p))
    return out


def build_inline(raws: Any, where: str) -> list[Card]:
    """Card definitions given inline (a position's ``[[cards]]``)."""
    if not isinstance(raws, list):
        raise CardDataError(f"{where}: must be an array of card tables")
    return build_cards(raws, build_card, where)
