"""Project Maken card records (spec §2, §8): the schema, its effects, and the sample pool.

A card is a frozen :class:`MCard`: an attack card (speed 速度, reach 間合 or 先間合/後間合, attack
攻撃値, guard difficulty ガード難易度, posture 姿勢, unguardable ガード不可, gauge cost ゲージ消費 and gain
ゲージ増加, GC 可能/専用, destination どこいくのアイコン), a support card (補助カード) or a character
(使用キャラカード). Effects (§8) are frozen :class:`Effect` records; which trigger may carry which action
is checked here, so a card file cannot ask the rules for something they do not do.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core.cards import CardPool, Where, check_fields, load_card_dir, opt, req

KINDS = ("attack", "support", "character")
POSTURES = ("stand", "crouch", "air")
GC_KINDS = ("none", "possible", "only")
DESTS = ("gauge", "dust", "hand")
STATS = ("speed", "reach", "attack", "guard")
WHO = ("self", "opponent")

#: §8: the actions each trigger may carry
TRIGGER_ACTIONS: dict[str, tuple[str, ...]] = {
    "on_bet": ("draw", "gauge_gain", "gauge_loss", "modify"),
    "on_hit": ("draw", "gauge_gain", "gauge_loss", "bonus_bet"),
    "static": ("modify", "draw_limit"),
    "on_set": ("draw", "gauge_gain", "gauge_loss"),
    "turn_start": ("draw", "gauge_gain", "gauge_loss"),
    "on_down": ("draw", "gauge_gain", "gauge_loss"),
}
#: §8: the triggers each kind of card may carry
KIND_TRIGGERS: dict[str, tuple[str, ...]] = {
    "attack": ("on_bet", "on_hit"),
    "support": ("static", "on_set", "turn_start", "on_down"),
    "character": ("static", "turn_start", "on_down"),
}

ATTACK_FIELDS = (
    "id", "code", "name", "name_en", "kind", "series", "speed", "reach", "reach_front", "reach_back", "attack",
    "guard", "posture", "unguardable", "gauge_cost", "gauge_gain", "gc", "dest", "text", "effects", "invented",
)
SUPPORT_FIELDS = ("id", "code", "name", "name_en", "kind", "series", "text", "effects", "invented")
CHARACTER_FIELDS = (*SUPPORT_FIELDS, "draw_limit")
EFFECT_FIELDS = ("trigger", "action", "n", "stat", "who", "condition", "filter")


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of §8: ``trigger``, ``action``, ``n``, ``stat`` (modify), ``who`` (self/opponent),
    the condition ``gauge_ge`` (None: none) and the filter ``posture`` ("": every attack card)."""

    trigger: str
    action: str
    n: int = 0
    stat: str = ""
    who: str = "self"
    gauge_ge: int | None = None
    posture: str = ""


@dataclass(frozen=True, slots=True)
class MCard:
    """A card of the pool (spec §2). Attack fields are 0/empty on supports and characters;
    ``draw_limit`` is a character's own draw limit (None: the parameter)."""

    id: str
    code: str
    name: str
    name_en: str
    kind: str
    series: str
    speed: int = 0
    reach_front: int = 0
    reach_back: int = 0
    split_reach: bool = False
    attack: int = 0
    guard: int = 1
    posture: str = ""
    unguardable: tuple[str, ...] = ()
    gauge_cost: int = 0
    gauge_gain: int = 0
    gc: str = "none"
    dest: str = "dust"
    text: str = ""
    effects: tuple[Effect, ...] = ()
    invented: tuple[str, ...] = ()
    draw_limit: int | None = None

    @property
    def is_attack(self) -> bool:
        return self.kind == "attack"

    def triggered(self, trigger: str) -> tuple[Effect, ...]:
        return tuple(e for e in self.effects if e.trigger == trigger)


def _nat(raw: dict[str, Any], field: str, where: Where, default: int | None = None, hi: int | None = None) -> int:
    """An integer ≥ 0 (and ≤ ``hi``); ``default`` None: required."""
    v = req(raw, field, int, where) if default is None else opt(raw, field, int, default, where)
    if v < 0 or (hi is not None and v > hi):
        raise where.err(field, f"{v} is out of range (0–{hi})" if hi is not None else f"{v} must be ≥ 0")
    return int(v)


def _choice(raw: dict[str, Any], field: str, choices: tuple[str, ...], where: Where, default: str | None = None) -> str:
    v = req(raw, field, str, where) if default is None else opt(raw, field, str, default, where)
    if v not in choices:
        raise where.err(field, f"{v!r} is not one of {list(choices)}")
    return str(v)


def build_effect(raw: Any, i: int, kind: str, where: Where) -> Effect:
    """One entry of ``effects`` (§8); errors name ``effects[i].field``."""
    f = f"effects[{i}]"
    if not isinstance(raw, dict):
        raise where.err(f, "an effect is a table {trigger, action, n?, stat?, who?, condition?, filter?}")
    extra = sorted(set(raw) - set(EFFECT_FIELDS))
    if extra:
        raise where.err(f"{f}.{extra[0]}", f"unknown field; allowed fields are {list(EFFECT_FIELDS)}")
    trig = raw.get("trigger")
    if not isinstance(trig, str) or trig not in TRIGGER_ACTIONS:
        raise where.err(f"{f}.trigger", f"{trig!r} is not one of {list(TRIGGER_ACTIONS)}")
    if trig not in KIND_TRIGGERS[kind]:
        article = "an" if kind == "attack" else "a"
        raise where.err(f"{f}.trigger", f"{article} {kind} card has no {trig} effects (allowed: "
                                        f"{list(KIND_TRIGGERS[kind])})")
    act = raw.get("action")
    if not isinstance(act, str) or act not in TRIGGER_ACTIONS[trig]:
        raise where.err(f"{f}.action", f"{act!r} is not an action of {trig} (allowed: {list(TRIGGER_ACTIONS[trig])})")
    n = raw.get("n", 0)
    if not isinstance(n, int) or isinstance(n, bool):
        raise where.err(f"{f}.n", f"expected an integer, got {n!r}")
    if act in ("draw", "gauge_gain", "gauge_loss", "draw_limit") and not 1 <= n <= 40:
        raise where.err(f"{f}.n", f"{act} needs n between 1 and 40, got {n}")
    if act == "modify" and n == 0:
        raise where.err(f"{f}.n", "modify needs a non-zero n")
    stat = raw.get("stat", "")
    if act == "modify":
        if not isinstance(stat, str) or stat not in STATS:
            raise where.err(f"{f}.stat", f"{stat!r} is not one of {list(STATS)}")
    elif "stat" in raw:
        raise where.err(f"{f}.stat", "only modify takes a stat")
    who = raw.get("who", "self")
    if not isinstance(who, str) or who not in WHO:
        raise where.err(f"{f}.who", f"{who!r} is not one of {list(WHO)}")
    if who != "self" and act not in ("draw", "gauge_gain", "gauge_loss"):
        raise where.err(f"{f}.who", f"{act} applies to its owner only")
    gauge_ge: int | None = None
    cond = raw.get("condition")
    if cond is not None:
        if not isinstance(cond, dict) or set(cond) != {"gauge_ge"}:
            raise where.err(f"{f}.condition", "the condition is {gauge_ge = N}")
        g = cond["gauge_ge"]
        if not isinstance(g, int) or isinstance(g, bool) or g < 0:
            raise where.err(f"{f}.condition.gauge_ge", f"expected an integer ≥ 0, got {g!r}")
        gauge_ge = g
    posture = ""
    flt = raw.get("filter")
    if flt is not None:
        if trig != "static" or act != "modify":
            raise where.err(f"{f}.filter", "a filter belongs to a static modify")
        if not isinstance(flt, dict) or set(flt) != {"posture"} or not isinstance(flt["posture"], str) or (
                flt["posture"] not in POSTURES):
            raise where.err(f"{f}.filter", f"the filter is {{posture = one of {list(POSTURES)}}}")
        posture = flt["posture"]
    return Effect(str(trig), str(act), int(n), str(stat), str(who), gauge_ge, posture)


def build_card(raw: dict[str, Any], where: Where) -> MCard:
    """Validate one ``[[card]]`` table (spec §2); every error names the file, card and field."""
    kind = _choice(raw, "kind", KINDS, where)
    check_fields(raw, ATTACK_FIELDS if kind == "attack" else CHARACTER_FIELDS if kind == "character"
                 else SUPPORT_FIELDS, where)
    cid = req(raw, "id", str, where)
    if not cid or cid != "".join(cid.split()):
        raise where.err("id", f"{cid!r}: a card id is one word without spaces (it is typed in notation)")
    name = req(raw, "name", str, where)
    if not name.strip():
        raise where.err("name", "empty")
    series = req(raw, "series", str, where)
    if not series.strip():
        raise where.err("series", "empty (write the character's series letter, or \"common\")")
    effs = opt(raw, "effects", list, [], where)
    effects = tuple(build_effect(e, i, kind, where) for i, e in enumerate(effs))
    invented = opt(raw, "invented", list, [], where)
    for i, x in enumerate(invented):
        if not isinstance(x, str) or x not in (*ATTACK_FIELDS, *CHARACTER_FIELDS):
            raise where.err(f"invented[{i}]", f"{x!r} is not a field of the card")
    common: dict[str, Any] = {
        "id": cid, "code": opt(raw, "code", str, "", where), "name": name, "name_en": opt(raw, "name_en", str, "", where),
        "kind": kind, "series": series, "text": opt(raw, "text", str, "", where), "effects": effects,
        "invented": tuple(invented),
    }
    if kind == "support":
        return MCard(**common)
    if kind == "character":
        dl = raw.get("draw_limit")
        if dl is not None and (not isinstance(dl, int) or isinstance(dl, bool) or not 1 <= dl <= 40):
            raise where.err("draw_limit", f"expected an integer 1–40, got {dl!r}")
        return MCard(**common, draw_limit=dl)
    # an attack card
    if "reach" in raw:
        for f in ("reach_front", "reach_back"):
            if f in raw:
                raise where.err(f, "give either reach, or reach_front and reach_back — not both")
        rf = rb = _nat(raw, "reach", where)
        split = False
    else:
        if "reach_front" not in raw and "reach_back" not in raw:
            raise where.err("reach", "missing (or give reach_front and reach_back)")
        rf = _nat(raw, "reach_front", where)
        rb = _nat(raw, "reach_back", where)
        split = True
    guard = _nat(raw, "guard", where)
    if guard < 1:
        raise where.err("guard", "the guard difficulty is at least 1 (a guard is made of face-down cards)")
    ung = opt(raw, "unguardable", list, [], where)
    for i, u in enumerate(ung):
        if not isinstance(u, str) or u not in POSTURES:
            raise where.err(f"unguardable[{i}]", f"{u!r} is not one of {list(POSTURES)}")
    if len(set(ung)) != len(ung):
        raise where.err("unguardable", "a posture is listed twice")
    return MCard(
        **common,
        speed=_nat(raw, "speed", where), reach_front=rf, reach_back=rb, split_reach=split,
        attack=_nat(raw, "attack", where), guard=guard, posture=_choice(raw, "posture", POSTURES, where),
        unguardable=tuple(p for p in POSTURES if p in ung),
        gauge_cost=_nat(raw, "gauge_cost", where, 0, 10), gauge_gain=_nat(raw, "gauge_gain", where, 0, 10),
        gc=_choice(raw, "gc", GC_KINDS, where, "none"), dest=_choice(raw, "dest", DESTS, where, "dust"),
    )


CARD_DIR = Path(__file__).parent / "cards"
_POOL: CardPool[MCard] | None = None


def base_pool() -> CardPool[MCard]:
    """The sample pool of §10.2 (loaded once)."""
    global _POOL
    if _POOL is None:
        _POOL = CardPool(load_card_dir(CARD_DIR, build_card))
    return _POOL
