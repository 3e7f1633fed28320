"""Why each option of a decision is allowed (``option_gloss``), read from the chooser's view.

Each decision kind (``rules/``) writes its own question (``ask_text``) and says which of these words
glosses each of its options (``gloss``): a bet's speed and reach against the opponent's top card and
its gauge cost, a guard type's reason and what it guards against, what a maintain adds or a flush,
the card a GC opens and why it may, what a call compares, a support's effect, a cover card's GC kind.
:func:`option_gloss` asks the pending decision's kind.
"""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ..cards import MCard
from ..state import STAT_INDEX, double_table
from .words import SPACE, _lang, _name, effect_text

# ------------------------------------------------------------------------------------------- options
#: the glosses name the cards themselves (Japanese, with the English name in ``en``): the session
#: adds no second copy of the name
GLOSS_CARDS = True

_GC_KIND = {"en": {"possible": "GC-possible", "only": "GC-only"}, "ja": {"possible": "GC可能", "only": "GC専用"}}


def _static_mods(game: Any, side: dict[str, Any], c: MCard) -> list[int]:
    """What the public static ``modify`` effects of a seat's character and supports add to its attack
    card ``c`` (speed, reach, attack, guard) — as ``MakenState.static_mods``, read from the view."""
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


def bet_gloss(game: Any, view: dict[str, Any], args: tuple[str, ...], mode: str, lang: str) -> str:
    """Why a bet is legal in ``mode``: the first bet's (``fb``) front reach above 0 (or a defenceless
    opponent, §6.1 A), an attack's (``even``) speed and reach against the opponent's top card
    (§6.2.1 B-1), a ``forcing`` attack or a ``bonus`` bet free of both (B-1 ◎, §6.3); and the gauge
    cost against the gauge."""
    lg = _lang(lang)
    ja = lg == "ja"
    you = view["seat"]
    c = game.cards.find(args[0])
    if c is None or not c.is_attack:
        return _name(game, args[0], lg)
    tb = view["table"]["players"]
    me, other = tb[you], tb[1 - you]
    sp, rf, rb, at, gd = _stats(game, me, c, list(args[2:]))
    pays = mode != "fb" or game.params["fb_gauge"]
    cost = _cost(c, me, lg) if pays else ""
    if mode == "fb":
        if rf > 0:
            why = (f"速度{sp}・間合{rf}/{rb} (先間合 > 0)・ガード難易度{gd}" if ja else
                   f"speed {sp}, reach {rf}/{rb} (front > 0), guard {gd}")
        else:
            why = (f"間合0でも相手は無防備 (手札0枚)、攻撃値{at}" if ja else
                   f"reach 0: they are defenceless (no hand); attack {at}")
    elif mode == "bonus":
        why = f"ボーナスベット (速度・間合は無関係)、攻撃値{at}" if ja else f"bonus bet, any speed and reach; attack {at}"
    elif mode == "forcing":
        why = (f"ガードさせている (速度・間合は無関係)、ガード難易度{gd}{_ung(c, lg)}" if ja else
               f"forcing: any speed and reach; guard {gd}{_ung(c, lg)}")
    elif mode == "even":
        t = other.get("top")
        ts, tr = (t["speed"], t["reach_back"]) if t else (0, 0)
        why = (f"速度{sp} ≥ 相手の{ts}、間合{rf} ≥ 相手の後間合{tr}" if ja else
               f"speed {sp} ≥ their {ts}; reach {rf} covers distance {tr}")
    else:
        why = f"速度{sp}・間合{rf}/{rb}・攻撃値{at}" if ja else f"speed {sp}, reach {rf}/{rb}, attack {at}"
    return f"{_name(game, c.id, lg)}: {why}{cost}"


def guard_gloss(game: Any, view: dict[str, Any], t: str, lang: str) -> str:
    """Why this guard type (§6.2.2): chosen right after the FB, else the posture of your top card (or
    your dust top's, 注7); what it guards against (all but the cards unguardable for it, 注6); the
    cards it needs (注5)."""
    lg = _lang(lang)
    you = view["seat"]
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


def maintain_gloss(game: Any, view: dict[str, Any], t: str, lang: str) -> str:
    """§6.2.3: the cards a maintain adds up to the top card's guard difficulty; after a flush (the top
    card unguardable for the guard), the type chosen anew."""
    lg = _lang(lang)
    you = view["seat"]
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


def gc_gloss(game: Any, view: dict[str, Any], lang: str) -> str:
    """§6.2.4: the top guard card is GC-only or GC-possible, its reach covers the opponent's back
    reach, its cost is paid; it hits for its attack."""
    lg = _lang(lang)
    you = view["seat"]
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


def call_gloss(view: dict[str, Any], lang: str) -> str:
    """§6.2.5: even — the speeds compared (an empty field is 0, 注12), and a bonus bet for a hit on an
    empty field (D1); forcing — the opponent's guard holds."""
    lg = _lang(lang)
    you = view["seat"]
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


def card_gloss(game: Any, verb: str, cid: str, lang: str) -> str:
    """A support to ``set``: its name and effects; a card to ``cover`` with: its name, and that it can
    GC from the top of the guard (§6.2.4)."""
    lg = _lang(lang)
    c = game.cards.find(cid)
    if c is None:
        return cid
    nm = _name(game, c.id, lg)
    if verb == "set":
        effs = "; ".join(effect_text(e, lg) for e in c.effects)
        return f"{nm}: {effs}" if effs else nm
    if c.is_attack and c.gc != "none":
        return f"{nm} ({_GC_KIND[lg][c.gc]}: 一番上ならGCできる)" if lg == "ja" else (
            f"{nm} ({_GC_KIND[lg][c.gc]}: on top it can GC)")
    return nm


def option_gloss(game: Any, view: dict[str, Any], action: str, lang: str = "en") -> str:
    """Why an option of the viewer's pending decision is legal now, in at most ~20 words (a displayed
    option pasted whole with its gloss still parses): its decision kind says it (``gloss``)."""
    k = game.pending_kind(view)
    words = action.split()
    if k is None or not words:
        return ""
    return str(k.gloss(game, Action.known(*words), view, lang) or "")
