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

from ...core.cards import CardPool, Where, check_fields, load_card_dir, opt, req, whole

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
#: the range of every number of the card data, checked when the cards load (docs/maken.md): an attack
#: card's stats, a gauge cost or gain, a count of an effect (cards, gauge), what a modify adds, the
#: gauge a condition asks (at most gauge_max's largest value, 40)
STAT_RANGE: dict[str, tuple[int, int]] = {
    "speed": (0, 20), "reach": (0, 10), "reach_front": (0, 10), "reach_back": (0, 10), "attack": (0, 40),
    "guard": (1, 10), "gauge_cost": (0, 10), "gauge_gain": (0, 10),
}
COUNT_MAX = 40
MODIFY_MAX = 40


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


def _nat(raw: dict[str, Any], field: str, where: Where, default: int | None = None) -> int:
    """The stat ``field`` in its range (``STAT_RANGE``); ``default`` None: required."""
    v = req(raw, field, int, where) if default is None else opt(raw, field, int, default, where)
    lo, hi = STAT_RANGE[field]
    if v < lo and field == "guard":
        raise where.err(field, "the guard difficulty is at least 1 (a guard is made of face-down cards)")
    if v < lo:
        raise where.err(field, f"{v} must be ≥ {lo} (range {lo}–{hi})")
    if v > hi:
        raise where.err(field, f"{v} is out of range ({lo}–{hi})")
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
    if act in ("draw", "gauge_gain", "gauge_loss", "draw_limit") and not 1 <= n <= COUNT_MAX:
        raise where.err(f"{f}.n", f"{act} needs n between 1 and {COUNT_MAX}, got {n}")
    if act == "modify" and not (n and -MODIFY_MAX <= n <= MODIFY_MAX):
        raise where.err(f"{f}.n", f"modify needs a non-zero n from {-MODIFY_MAX} to {MODIFY_MAX}, got {n}")
    if act not in ("draw", "gauge_gain", "gauge_loss", "draw_limit", "modify") and "n" in raw:
        raise where.err(f"{f}.n", f"{act} takes no n")
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
        gauge_ge = whole(cond["gauge_ge"], 0, COUNT_MAX, where, f"{f}.condition.gauge_ge")
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
    """Validate one ``[[card]]`` table (spec §2); every broken field is reported, each naming the
    file, card and field (``where.part``; the fields of a kind are checked when the kind is right)."""
    p = where.part
    kind = p(_choice, raw, "kind", KINDS, where, default="")
    p(check_fields, raw, ATTACK_FIELDS if kind == "attack" else CHARACTER_FIELDS if kind == "character"
      else SUPPORT_FIELDS if kind else (*ATTACK_FIELDS, *CHARACTER_FIELDS), where, default=None)
    cid = p(_card_id, raw, where, default="")
    name = p(_text, raw, "name", "empty", where, default="")
    series = p(_text, raw, "series", "empty (write the character's series letter, or \"common\")", where, default="")
    effs: list[Any] = p(opt, raw, "effects", list, [], where, default=[])
    effects = tuple(e for i, x in enumerate(effs) if kind and (e := p(build_effect, x, i, kind, where, default=None)))
    invented: tuple[str, ...] = p(_invented, raw, where, default=())
    common: dict[str, Any] = {
        "id": cid, "code": p(opt, raw, "code", str, "", where, default=""), "name": name,
        "name_en": p(opt, raw, "name_en", str, "", where, default=""), "kind": kind, "series": series,
        "text": p(opt, raw, "text", str, "", where, default=""), "effects": effects, "invented": invented,
    }
    if kind == "character":
        common["draw_limit"] = p(_draw_limit, raw, where, default=None)
    elif kind == "attack":
        stats: dict[str, Any] = p(_attack, raw, where, default={})
        common.update(stats)
    where.done()
    return MCard(**common)


def _card_id(raw: dict[str, Any], where: Where) -> str:
    cid: str = req(raw, "id", str, where)
    if not cid or cid != "".join(cid.split()):
        raise where.err("id", f"{cid!r}: a card id is one word without spaces (it is typed in notation)")
    return cid


def _text(raw: dict[str, Any], field: str, empty: str, where: Where) -> str:
    v: str = req(raw, field, str, where)
    if not v.strip():
        raise where.err(field, empty)
    return v


def _invented(raw: dict[str, Any], where: Where) -> tuple[str, ...]:
    invented = opt(raw, "invented", list, [], where)
    for i, x in enumerate(invented):
        if not isinstance(x, str) or x not in (*ATTACK_FIELDS, *CHARACTER_FIELDS):
            raise where.err(f"invented[{i}]", f"{x!r} is not a field of the card")
    return tuple(invented)


def _draw_limit(raw: dict[str, Any], where: Where) -> int | None:
    dl = raw.get("draw_limit")
    if dl is not None and (not isinstance(dl, int) or isinstance(dl, bool) or not 1 <= dl <= COUNT_MAX):
        raise where.err("draw_limit", f"expected an integer 1–{COUNT_MAX}, got {dl!r:.40}")
    return dl


def _attack(raw: dict[str, Any], where: Where) -> dict[str, Any]:
    """The fields of an attack card (§2); every broken one is reported."""
    w = where.apart()
    out: dict[str, Any] = dict(zip(("reach_front", "reach_back", "split_reach"),
                                   w.part(_reach, raw, where, default=(0, 0, False)), strict=True))
    for k in ("speed", "attack"):
        out[k] = w.part(_nat, raw, k, where, default=0)
    out["guard"] = w.part(_nat, raw, "guard", where, default=1)
    out["posture"] = w.part(_choice, raw, "posture", POSTURES, where, default="")
    unguardable: tuple[str, ...] = w.part(_unguardable, raw, where, default=())
    out["unguardable"] = unguardable
    for k in ("gauge_cost", "gauge_gain"):
        out[k] = w.part(_nat, raw, k, where, 0, default=0)
    out["gc"] = w.part(_choice, raw, "gc", GC_KINDS, where, "none", default="none")
    out["dest"] = w.part(_choice, raw, "dest", DESTS, where, "dust", default="dust")
    w.done()
    return out


def _reach(raw: dict[str, Any], where: Where) -> tuple[int, int, bool]:
    """``reach``, or ``reach_front`` and ``reach_back`` (先間合/後間合): (front, back, split)."""
    if "reach" in raw:
        for f in ("reach_front", "reach_back"):
            if f in raw:
                raise where.err(f, "give either reach, or reach_front and reach_back — not both")
        r = _nat(raw, "reach", where)
        return r, r, False
    if "reach_front" not in raw and "reach_back" not in raw:
        raise where.err("reach", "missing (or give reach_front and reach_back)")
    return _nat(raw, "reach_front", where), _nat(raw, "reach_back", where), True


def _unguardable(raw: dict[str, Any], where: Where) -> tuple[str, ...]:
    ung = opt(raw, "unguardable", list, [], where)
    for i, u in enumerate(ung):
        if not isinstance(u, str) or u not in POSTURES:
            raise where.err(f"unguardable[{i}]", f"{u!r} is not one of {list(POSTURES)}")
    if len(set(ung)) != len(ung):
        raise where.err("unguardable", "a posture is listed twice")
    return tuple(p for p in POSTURES if p in ung)


CARD_DIR = Path(__file__).parent / "cards"
_POOL: CardPool[MCard] | None = None


def base_pool() -> CardPool[MCard]:
    """The sample pool of §10.2 (loaded once)."""
    global _POOL
    if _POOL is None:
        _POOL = CardPool(load_card_dir(CARD_DIR, build_card))
    return _POOL
