"""Sarasvati card schema (spec §2, §8) and validation on top of :mod:`fudaba.core.cards`.

A card is a frozen :class:`Card`; its ``effects`` are :class:`Effect` records in the vocabulary of
spec §8 (documented term by term in ``docs/sarasvati.md``). Every problem raises
:class:`~fudaba.core.errors.CardDataError` naming the file, card, field (and line).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.cards import Where, build_cards, check_fields, load_card_file, opt, req, whole
from ...core.errors import CardDataError

TYPES = ("character", "support", "equipment", "book")
TYPE_JA = {"character": "キャラクター", "support": "サポート", "equipment": "装備", "book": "禁書"}
ATTRIBUTES = ("SF", "ファンタジー", "アクション", "ドラマ")
ATTRIBUTE_EN = {"SF": "SF", "ファンタジー": "Fantasy", "アクション": "Action", "ドラマ": "Drama"}

TRIGGERS = (
    "static", "on_summon", "on_attack", "on_battle_win", "on_destroyed", "on_play", "on_open",
    "while_open", "on_turn_start",
)
#: triggers whose effects are continuous (evaluated whenever a value is read)
CONTINUOUS = ("static", "while_open")
TRIGGERS_BY_TYPE = {
    "character": ("static", "on_summon", "on_attack", "on_battle_win", "on_destroyed", "on_turn_start"),
    "equipment": ("static", "on_attack", "on_battle_win", "on_turn_start"),
    "support": ("on_play",),
    "book": ("on_open", "while_open"),
}
CHAR_TARGETS = (
    "self", "equipped", "choose_own_character", "choose_enemy_character", "all_own_characters",
    "all_enemy_characters", "all_characters",
)
PLAYER_TARGETS = ("self_player", "opponent", "both_players")
TARGETS = CHAR_TARGETS + PLAYER_TARGETS
CHAR_ACTIONS = ("modify", "destroy", "set_defenceless", "set_ready", "move_row")
PLAYER_ACTIONS = ("draw", "charge_from_deck", "cost_modifier")
ACTIONS = CHAR_ACTIONS + PLAYER_ACTIONS
DURATIONS = ("until_end_of_battle", "until_end_of_turn", "until_your_next_turn", "while_condition", "permanent")
#: duration codes stored on modifiers: battle, turn, your next turn, permanent
DUR_CODE = {"until_end_of_battle": 0, "until_end_of_turn": 1, "until_your_next_turn": 2, "permanent": 3}
DUR_NAME = {v: k for k, v in DUR_CODE.items()}
ROWS = ("front", "back")

EFFECT_FIELDS = ("trigger", "target", "action", "amount", "atk", "def", "duration", "condition", "filter")
CONDITION_FIELDS = (
    "hand_size_ge", "voltage_ge", "characters_ge", "of_attribute", "of_sub_attribute", "opp_hand_size_ge",
    "opp_characters_ge", "own_turn", "target_ready", "row",
)
FILTER_FIELDS = ("def_le", "atk_ge", "row", "attribute", "sub_attribute", "ready")
#: the range of every number of the card data, checked when the cards load (docs/sarasvati.md): a cost;
#: a printed atk/def (an equipment's and an effect's may be negative); the base characters of an
#: evolution (at most the battle zone's slots); cards an effect draws or charges; a cost modifier;
#: the cards a condition counts (hand, voltage) and the characters it counts
COST_MAX = 99
STAT_MAX = 99_999
BASES_MAX = 20
AMOUNT_MAX = 40
COST_MOD_MAX = 99
CARDS_MAX = 200
CHARACTERS_MAX = 20
#: condition and filter keys that hold a number, and their ranges
NUMBER_RANGE: dict[str, tuple[int, int]] = {
    "hand_size_ge": (0, CARDS_MAX), "voltage_ge": (0, CARDS_MAX), "opp_hand_size_ge": (0, CARDS_MAX),
    "characters_ge": (0, CHARACTERS_MAX), "opp_characters_ge": (0, CHARACTERS_MAX),
    "def_le": (-STAT_MAX, STAT_MAX), "atk_ge": (-STAT_MAX, STAT_MAX),
}
CARD_FIELDS = (
    "id", "name", "name_en", "type", "cost", "atk", "def", "attribute", "sub_attributes", "effect_name", "text",
    "effects", "flavor", "evolves_from", "evolve_bases", "reattachable", "short_name",
)


@dataclass(frozen=True, slots=True)
class Condition:
    """``condition`` of an effect: every given clause must hold (spec §8)."""

    hand_size_ge: int | None = None
    voltage_ge: int | None = None
    characters_ge: int | None = None
    of_attribute: str | None = None
    of_sub_attribute: str | None = None
    #: the opponent's hand (cards) ≥ N — "opponent" of the effect's controller
    opp_hand_size_ge: int | None = None
    #: the opponent's characters in the battle zone (front and back rows) ≥ N
    opp_characters_ge: int | None = None
    #: true: during the controller's own turn (自分のターン中); false: during the opponent's (相手のターン中)
    own_turn: bool | None = None
    target_ready: bool | None = None
    row: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in CONDITION_FIELDS if getattr(self, k) is not None}


@dataclass(frozen=True, slots=True)
class Filter:
    """``filter`` of a character target: which characters qualify (spec §8)."""

    def_le: int | None = None
    atk_ge: int | None = None
    row: str | None = None
    attribute: str | None = None
    sub_attribute: str | None = None
    ready: bool | None = None

    def to_dict(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in FILTER_FIELDS if getattr(self, k) is not None}


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect: ``trigger`` + optional ``condition`` + ``target`` + ``action`` + ``duration``."""

    trigger: str
    target: str
    action: str
    amount: int = 0
    atk: int = 0
    def_: int = 0
    duration: str = ""
    condition: Condition | None = None
    filter: Filter | None = None

    @property
    def continuous(self) -> bool:
        return self.trigger in CONTINUOUS

    @property
    def chooses(self) -> bool:
        return self.target in ("choose_own_character", "choose_enemy_character")

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"trigger": self.trigger, "target": self.target, "action": self.action}
        if self.action in ("draw", "charge_from_deck", "cost_modifier"):
            d["amount"] = self.amount
        if self.action == "modify":
            if self.atk:
                d["atk"] = self.atk
            if self.def_:
                d["def"] = self.def_
        if self.duration:
            d["duration"] = self.duration
        if self.condition is not None:
            d["condition"] = self.condition.to_dict()
        if self.filter is not None:
            d["filter"] = self.filter.to_dict()
        return d


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    name_en: str
    type: str
    cost: int
    atk: int
    def_: int
    attribute: str
    sub_attributes: tuple[str, ...] = ()
    effect_name: str = ""
    text: str = ""
    effects: tuple[Effect, ...] = ()
    flavor: str = ""
    evolves_from: str = ""
    #: how many base characters an evolution is put on (2+: they all go under it; Q&A equipment choice)
    evolve_bases: int = 1
    reattachable: bool = False
    #: the template's short name (``◇カード名 [略称]``): deck lists, notation and ``info`` accept it
    short_name: str = ""
    #: indices of the effects per trigger (derived, for speed)
    by_trigger: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False, hash=False)
    #: the continuous effects (static / while_open)
    cont: tuple[Effect, ...] = field(default=(), compare=False, hash=False)
    #: some continuous effect of this card can lower a def (state checks need the full values then)
    cont_lowers_def: bool = field(default=False, compare=False, hash=False)

    @property
    def is_character(self) -> bool:
        return self.type == "character"

    @property
    def is_evolution(self) -> bool:
        return self.type == "character" and bool(self.evolves_from)

    def triggers(self, trigger: str) -> tuple[int, ...]:
        return self.by_trigger.get(trigger, ())

    def to_dict(self) -> dict[str, Any]:
        """The TOML record of this card (inverse of :func:`build_card`)."""
        d: dict[str, Any] = {"id": self.id, "name": self.name, "name_en": self.name_en, "type": self.type,
                             "cost": self.cost}
        if self.short_name:
            d["short_name"] = self.short_name
        if self.type in ("character", "equipment"):
            d["atk"] = self.atk
            d["def"] = self.def_
        d["attribute"] = self.attribute
        if self.sub_attributes:
            d["sub_attributes"] = list(self.sub_attributes)
        if self.evolves_from:
            d["evolves_from"] = self.evolves_from
        if self.evolve_bases != 1:
            d["evolve_bases"] = self.evolve_bases
        if self.reattachable:
            d["reattachable"] = True
        if self.effect_name:
            d["effect_name"] = self.effect_name
        if self.text:
            d["text"] = self.text
        if self.effects:
            d["effects"] = [e.to_dict() for e in self.effects]
        if self.flavor:
            d["flavor"] = self.flavor
        return d


def _choice(v: Any, allowed: tuple[str, ...], where: Where, fld: str) -> str:
    if not isinstance(v, str) or v not in allowed:
        raise where.err(fld, f"{v!r} is not one of {', '.join(allowed)}")
    return v


def _int_or_none(raw: dict[str, Any], key: str, where: Where, fld: str) -> int | None:
    """The number at ``key`` of a condition or filter, in its range (``NUMBER_RANGE``), or None."""
    if key not in raw:
        return None
    return whole(raw[key], *NUMBER_RANGE[key], where, f"{fld}.{key}")


def _str_or_none(raw: dict[str, Any], key: str, where: Where, fld: str) -> str | None:
    if key not in raw:
        return None
    v = raw[key]
    if not isinstance(v, str) or not v:
        raise where.err(fld, f"{key} must be a non-empty string, got {v!r}")
    return v


def _bool_or_none(raw: dict[str, Any], key: str, where: Where, fld: str) -> bool | None:
    if key not in raw:
        return None
    v = raw[key]
    if not isinstance(v, bool):
        raise where.err(fld, f"{key} must be true or false, got {v!r}")
    return v


def _build_condition(raw: Any, where: Where, fld: str) -> Condition:
    if not isinstance(raw, dict) or not raw:
        raise where.err(fld, "a condition is a non-empty inline table, e.g. {hand_size_ge = 3}")
    extra = sorted(set(raw) - set(CONDITION_FIELDS))
    if extra:
        raise where.err(f"{fld}.{extra[0]}", f"unknown condition; allowed: {', '.join(CONDITION_FIELDS)}")
    row = _str_or_none(raw, "row", where, fld + ".row")
    if row is not None and row not in ROWS:
        raise where.err(fld + ".row", f"{row!r} is not one of front, back")
    c = Condition(
        hand_size_ge=_int_or_none(raw, "hand_size_ge", where, fld),
        voltage_ge=_int_or_none(raw, "voltage_ge", where, fld),
        characters_ge=_int_or_none(raw, "characters_ge", where, fld),
        of_attribute=_str_or_none(raw, "of_attribute", where, fld),
        of_sub_attribute=_str_or_none(raw, "of_sub_attribute", where, fld),
        opp_hand_size_ge=_int_or_none(raw, "opp_hand_size_ge", where, fld),
        opp_characters_ge=_int_or_none(raw, "opp_characters_ge", where, fld),
        own_turn=_bool_or_none(raw, "own_turn", where, fld),
        target_ready=_bool_or_none(raw, "target_ready", where, fld),
        row=row,
    )
    if (c.of_attribute or c.of_sub_attribute) and c.characters_ge is None:
        raise where.err(fld, "of_attribute / of_sub_attribute qualify characters_ge, which is missing")
    if c.of_attribute is not None and c.of_attribute not in ATTRIBUTES:
        raise where.err(fld + ".of_attribute", f"{c.of_attribute!r} is not one of {', '.join(ATTRIBUTES)}")
    return c


def _build_filter(raw: Any, where: Where, fld: str) -> Filter:
    if not isinstance(raw, dict) or not raw:
        raise where.err(fld, "a filter is a non-empty inline table, e.g. {def_le = 3000}")
    extra = sorted(set(raw) - set(FILTER_FIELDS))
    if extra:
        raise where.err(f"{fld}.{extra[0]}", f"unknown filter; allowed: {', '.join(FILTER_FIELDS)}")
    row = _str_or_none(raw, "row", where, fld + ".row")
    if row is not None and row not in ROWS:
        raise where.err(fld + ".row", f"{row!r} is not one of front, back")
    f = Filter(
        def_le=_int_or_none(raw, "def_le", where, fld),
        atk_ge=_int_or_none(raw, "atk_ge", where, fld),
        row=row,
        attribute=_str_or_none(raw, "attribute", where, fld),
        sub_attribute=_str_or_none(raw, "sub_attribute", where, fld),
        ready=_bool_or_none(raw, "ready", where, fld),
    )
    if f.attribute is not None and f.attribute not in ATTRIBUTES:
        raise where.err(fld + ".attribute", f"{f.attribute!r} is not one of {', '.join(ATTRIBUTES)}")
    return f


def _eff_int(raw: dict[str, Any], key: str, where: Where, fld: str, lo: int, hi: int) -> int:
    """A whole-number field of an effect from ``lo`` to ``hi`` (0 when absent); errors name
    ``effects[i].key``, not the card's own field of the same name (``atk``/``def``)."""
    if key not in raw:
        return 0
    v = raw[key]
    if not isinstance(v, int) or isinstance(v, bool):
        raise where.err(f"{fld}.{key}", f"expected int, got {type(v).__name__} {v!r:.40}")
    return whole(v, lo, hi, where, f"{fld}.{key}")


def _duration(raw: dict[str, Any], trig: str, action: str, cond: Condition | None, where: Where, fld: str) -> str:
    """An effect's ``duration`` (§8): a continuous effect lasts while its source is in play (and its
    condition holds: ``while_condition``); a one-shot ``modify`` or ``cost_modifier`` says how long."""
    duration = ""
    if "duration" in raw:
        duration = _choice(raw["duration"], DURATIONS, where, fld + ".duration")
    if trig in CONTINUOUS:
        if duration not in ("", "while_condition"):
            raise where.err(fld + ".duration", f"a continuous ({trig}) effect lasts while its source is in play; "
                                               "its duration may only be 'while_condition'")
        if duration == "while_condition" and cond is None:
            raise where.err(fld + ".duration", "'while_condition' needs a condition")
        return "while_condition" if cond is not None and not duration else duration
    if duration == "while_condition":
        raise where.err(fld + ".duration", f"'while_condition' is only for continuous effects, not {trig!r}")
    if action in ("modify", "cost_modifier") and not duration:
        raise where.err(fld + ".duration", f"a {trig} {action} effect needs a duration "
                                           f"({', '.join(d for d in DURATIONS if d != 'while_condition')})")
    if action not in ("modify", "cost_modifier") and duration:
        raise where.err(fld + ".duration", f"action {action!r} is instant and takes no duration")
    if action == "cost_modifier" and duration == "until_end_of_battle":
        raise where.err(fld + ".duration", "a cost_modifier cannot last until the end of a battle")
    if duration == "until_end_of_battle" and trig != "on_attack":
        raise where.err(fld + ".duration", f"'until_end_of_battle' is only for on_attack effects (the battle "
                                           f"they belong to); a {trig} effect happens outside a battle")
    return duration


def build_effect(raw: Any, ctype: str, where: Where, fld: str) -> Effect:
    """Validate one effect inline table of a card of type ``ctype``."""
    if not isinstance(raw, dict):
        raise where.err(fld, "an effect is an inline table {trigger = ..., target = ..., action = ...}")
    extra = sorted(set(raw) - set(EFFECT_FIELDS))
    if extra:
        raise where.err(f"{fld}.{extra[0]}", f"unknown effect field; allowed: {', '.join(EFFECT_FIELDS)}")
    for k in ("trigger", "target", "action"):
        if k not in raw:
            raise where.err(f"{fld}.{k}", "missing")
    trig = _choice(raw["trigger"], TRIGGERS, where, fld + ".trigger")
    if trig not in TRIGGERS_BY_TYPE[ctype]:
        raise where.err(fld + ".trigger", f"a {ctype} card cannot have {trig!r} effects "
                                          f"(allowed: {', '.join(TRIGGERS_BY_TYPE[ctype])})")
    target = _choice(raw["target"], TARGETS, where, fld + ".target")
    action = _choice(raw["action"], ACTIONS, where, fld + ".action")
    if target == "self" and ctype != "character":
        raise where.err(fld + ".target", f"'self' names the character itself; a {ctype} card cannot use it"
                                         + (" (use 'equipped')" if ctype == "equipment" else ""))
    if trig == "on_destroyed" and target in ("self", "equipped"):
        raise where.err(fld + ".target", "an on_destroyed effect resolves after its card left the battle zone; "
                                         "it cannot target the card itself")
    if target == "equipped" and ctype != "equipment":
        raise where.err(fld + ".target", "'equipped' is only for equipment cards")
    if action in CHAR_ACTIONS and target not in CHAR_TARGETS:
        raise where.err(fld + ".target", f"action {action!r} needs a character target, not {target!r}")
    if action in PLAYER_ACTIONS and target not in PLAYER_TARGETS:
        raise where.err(fld + ".target", f"action {action!r} needs a player target "
                                         f"({', '.join(PLAYER_TARGETS)}), not {target!r}")
    continuous = trig in CONTINUOUS
    if continuous and action not in ("modify", "cost_modifier"):
        raise where.err(fld + ".action", f"a continuous ({trig}) effect can only modify or cost_modifier")
    if continuous and target.startswith("choose_"):
        raise where.err(fld + ".target", f"a continuous ({trig}) effect cannot choose its target")
    if action not in PLAYER_ACTIONS and "amount" in raw:
        raise where.err(fld + ".amount", f"action {action!r} takes no amount")
    lo, hi = (-COST_MOD_MAX, COST_MOD_MAX) if action == "cost_modifier" else (1, AMOUNT_MAX)
    amount = _eff_int(raw, "amount", where, fld, lo, hi)
    if action in ("draw", "charge_from_deck") and amount < 1:
        raise where.err(fld + ".amount", f"{action} needs amount ≥ 1 (from 1 to {AMOUNT_MAX})")
    if action == "cost_modifier" and amount == 0:
        raise where.err(fld + ".amount", "cost_modifier needs a non-zero amount (e.g. -1)")
    atk = _eff_int(raw, "atk", where, fld, -STAT_MAX, STAT_MAX)
    dfn = _eff_int(raw, "def", where, fld, -STAT_MAX, STAT_MAX)
    if action == "modify" and not atk and not dfn:
        raise where.err(fld + ".atk", "modify needs a non-zero atk and/or def")
    if action != "modify" and ("atk" in raw or "def" in raw):
        raise where.err(fld + ".atk", f"action {action!r} takes no atk/def")
    cond = _build_condition(raw["condition"], where, fld + ".condition") if "condition" in raw else None
    filt = _build_filter(raw["filter"], where, fld + ".filter") if "filter" in raw else None
    if filt is not None and target in ("self", "equipped", *PLAYER_TARGETS):
        raise where.err(fld + ".filter", f"target {target!r} takes no filter")
    duration = _duration(raw, trig, action, cond, where, fld)
    if cond is not None and cond.target_ready is not None and target not in CHAR_TARGETS:
        raise where.err(fld + ".condition.target_ready", "target_ready needs a character target")
    if cond is not None and cond.row is not None and ctype not in ("character", "equipment"):
        raise where.err(fld + ".condition.row", "row conditions refer to the card's own character")
    return Effect(trig, target, action, amount, atk, dfn, duration, cond, filt)


def build_card(raw: dict[str, Any], where: Where) -> Card:
    """Validate one ``[[card]]`` table (spec §2); every broken field is reported (``where.part``; a
    check that needs the card's type is made only when the type is right)."""
    p = where.part
    p(check_fields, raw, CARD_FIELDS, where, default=None)
    cid = p(_card_id, raw, where, default="")
    name = p(_name, raw, where, default="")
    name_en = p(opt, raw, "name_en", str, "", where, default="")
    short = p(_short_name, raw, where, default="")
    ctype = p(lambda: _choice(req(raw, "type", str, where), TYPES, where, "type"), default="")
    cost = p(lambda: whole(req(raw, "cost", int, where), 0, COST_MAX, where, "cost"), default=0)
    atk, dfn = p(_stats, raw, ctype, where, default=(0, 0)) if ctype else (0, 0)
    attribute = p(lambda: _choice(req(raw, "attribute", str, where), ATTRIBUTES, where, "attribute"), default="")
    subs: tuple[str, ...] = p(_sub_attributes, raw, where, default=())
    evolves, bases = p(_evolution, raw, ctype, where, default=("", 1)) if ctype else ("", 1)
    reattach = p(_reattachable, raw, ctype, where, default=False)
    effs: list[Any] = p(opt, raw, "effects", list, [], where, default=[])
    effects = tuple(e for i, x in enumerate(effs)
                    if ctype and (e := p(build_effect, x, ctype, where, f"effects[{i}]", default=None)) is not None)
    effect_name = p(opt, raw, "effect_name", str, "", where, default="")
    text = p(opt, raw, "text", str, "", where, default="")
    flavor = p(opt, raw, "flavor", str, "", where, default="")
    where.done()
    by: dict[str, list[int]] = {}
    for i, e in enumerate(effects):
        by.setdefault(e.trigger, []).append(i)
    return Card(
        id=cid, name=name, name_en=name_en, type=ctype, cost=cost, atk=atk, def_=dfn, attribute=attribute,
        sub_attributes=subs, effect_name=effect_name, text=text, effects=effects, flavor=flavor,
        evolves_from=evolves, evolve_bases=bases, reattachable=reattach, short_name=short.strip(),
        by_trigger={k: tuple(v) for k, v in by.items()},
        cont=tuple(e for e in effects if e.continuous),
        cont_lowers_def=any(e.continuous and e.action == "modify" and e.def_ < 0 for e in effects),
    )


def _reattachable(raw: dict[str, Any], ctype: str, where: Where) -> bool:
    reattach: bool = opt(raw, "reattachable", bool, False, where)
    if reattach and ctype and ctype != "equipment":
        raise where.err("reattachable", "only equipment can be reattachable (付け替え可能)")
    return reattach


def _card_id(raw: dict[str, Any], where: Where) -> str:
    cid: str = req(raw, "id", str, where)
    if cid != cid.strip() or any(ch.isspace() for ch in cid):  # §11: an id is one notation token
        raise where.err("id", f"{cid!r} must not contain spaces (an id is one word of the notation, §11)")
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


def _stats(raw: dict[str, Any], ctype: str, where: Where) -> tuple[int, int]:
    """The printed atk/def of a character (0 or more) or an equipment (its bonus, maybe negative);
    the other types have none."""
    if ctype in ("character", "equipment"):
        lo = 0 if ctype == "character" else -STAT_MAX
        w = where.apart()
        atk = w.part(lambda: whole(req(raw, "atk", int, where), lo, STAT_MAX, where, "atk"), default=0)
        dfn = w.part(lambda: whole(req(raw, "def", int, where), lo, STAT_MAX, where, "def"), default=0)
        w.done()
        return atk, dfn
    bad = [str(where.err(k, f"a {ctype} card has no atk/def")) for k in ("atk", "def") if k in raw]
    if bad:
        raise CardDataError.of(bad)
    return 0, 0


def _sub_attributes(raw: dict[str, Any], where: Where) -> tuple[str, ...]:
    subs = opt(raw, "sub_attributes", list, [], where)
    for s in subs:
        if not isinstance(s, str) or not s.strip():
            raise where.err("sub_attributes", f"every sub-attribute must be a non-empty string, got {s!r}")
    return tuple(subs)


def _evolution(raw: dict[str, Any], ctype: str, where: Where) -> tuple[str, int]:
    """``evolves_from`` and ``evolve_bases`` (§2: only a character evolves)."""
    evolves: str = opt(raw, "evolves_from", str, "", where)
    if evolves and ctype != "character":
        raise where.err("evolves_from", "only a character can be an evolution")
    bases = opt(raw, "evolve_bases", int, 1, where)
    if "evolve_bases" in raw and not evolves:
        raise where.err("evolve_bases", "only an evolution (a card with evolves_from) has base characters")
    return evolves, whole(bases, 1, BASES_MAX, where, "evolve_bases")


CARD_DIR = Path(__file__).parent / "cards"


def load_pool_cards() -> list[Card]:
    """Every card of the built-in pool (``cards/*.toml``)."""
    out: list[Card] = []
    for p in sorted(CARD_DIR.glob("*.toml")):
        out.extend(load_card_file(p, build_card))
    return out


def load_file(path: str | Path) -> list[Card]:
    return load_card_file(path, build_card)


def build_inline(raws: Any, where: str) -> list[Card]:
    """Card definitions given inline (a position's ``[[cards]]``)."""
    if not isinstance(raws, list):
        raise CardDataError(f"{where}: must be an array of card tables")
    return build_cards(raws, build_card, where)
