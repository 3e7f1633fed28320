"""What may be done, shared by the rules and the refusals: bets (§6.1, §6.2.1, §6.3 bonus bets,
§6.6), guards (§6.2.2), maintaining (§6.2.3), GC (§6.2.4), setting supports (§5 step 3) and the
options of every decision.

Each legality test is written once, as a function that returns the broken rule (a
:class:`~fudaba.core.errors.Refusal`, English and Japanese side by side) or None; the option
builders ask the same questions without building messages (``why=False``).
"""

from __future__ import annotations

from itertools import combinations

from ....core.actions import Action
from ....core.errors import Refusal
from ..actions import CALL, DROP, GC, GUARD, MAINTAIN, MAINTAIN_AS, bet, bet_multi, set_
from ..state import MakenState, Stats

_r = Refusal
#: a rule is broken (the option builders need no message)
NO = Refusal("", "")

_KIND_JA = {"attack": "攻撃カード", "support": "補助カード", "character": "キャラカード"}


def defenceless(st: MakenState, q: int) -> bool:
    """§6.1 無防備 (``defenceless``): ``empty_hand`` — ``q``'s hand is empty; ``never``."""
    return st.game.params["defenceless"] == "empty_hand" and not st.hand[q]


def opp_top(st: MakenState, p: int) -> Stats | None:
    """The effective values of T, the top card of ``p``'s opponent (None: an empty field, 注12)."""
    u = st.top(1 - p)
    return None if u is None else st.unit_stats(1 - p, u)


def multi_combos(st: MakenState, k: int) -> list[tuple[int, tuple[str, ...]]]:
    """(copies, options) of every bet of a card held ``k`` times (§6.6)."""
    out: list[tuple[int, tuple[str, ...]]] = [(1, ())]
    params = st.game.params
    if k >= 2 and params["double_attack"]:
        out += [(2, (o,)) for o in st.dopt]
    if k >= 3 and params["triple_attack"]:
        out += [(3, pair) for pair in combinations(st.dopt, 2)]
    return out


# ====================================================================== bets
def bet_problem(st: MakenState, p: int, cid: str, n: int, opts: tuple[str, ...], mode: str,
                why: bool = True) -> Refusal | None:
    """Why ``p`` may not bet ``cid`` (``n`` copies with ``opts``) now; None when it may. ``mode``:
    ``fb`` the first bet (§6.1), ``even`` an attack while even (§6.2.1), ``forcing`` an attack while
    forcing (speed and reach ignored, B-1 ◎), ``bonus`` a bonus bet (§6.3)."""
    c = st.cards.get(cid)
    held = st.hand[p].count(cid)
    if c is None or not held:
        return _r(f"{cid} is not in your hand (§6.2.1, B-1)", f"{cid} は手札にありません (§6.2.1, B-1)") if why else NO
    if not c.is_attack:
        return _r(f"{c.name} is a {c.kind} card: only attack cards are bet (§2; a support is set, §5)",
                  f"{c.name}は{_KIND_JA.get(c.kind, c.kind)}です: ベットできるのは攻撃カードだけです (§2。補助カードはセット、§5)"
                  ) if why else NO
    if c.gc == "only":
        return _r(f"{c.name} is GC-only (GC専用): it is never bet face up, only opened from a guard (§2, §6.2.4)",
                  f"{c.name}はGC専用です: 表向きにはベットできず、ガードからオープンするだけです (§2, §6.2.4)"
                  ) if why else NO
    if n > 1:
        params = st.game.params
        if not params["double_attack" if n == 2 else "triple_attack"]:
            word = "double" if n == 2 else "triple"
            return _r(f"{word} attacks are off in this game ({word}_attack = false) (§6.6, §9)",
                      f"このゲームでは{'ダブル' if n == 2 else 'トリプル'}アタックは使えません ({word}_attack = false) (§6.6, §9)"
                      ) if why else NO
        for o in opts:
            if o not in st.dopt:
                return _r(f"{o} is not an option of a {'double' if n == 2 else 'triple'} attack in this game "
                          "(double_options) (§6.6)",
                          f"{o} はこのゲームの{'ダブル' if n == 2 else 'トリプル'}アタックの選択肢にありません "
                          "(double_options) (§6.6)") if why else NO
        if held < n:
            return _r(f"a {'double' if n == 2 else 'triple'} attack needs {n} copies of {c.name} in hand; you hold "
                      f"{held} (§6.6)",
                      f"{'ダブル' if n == 2 else 'トリプル'}アタックには手札に{c.name}が{n}枚必要です (手札に{held}枚) (§6.6)"
                      ) if why else NO
    pay = mode != "fb" or st.game.params["fb_gauge"]
    g = len(st.gauge[p])
    if pay and c.gauge_cost > g:
        return _r(f"its gauge cost {c.gauge_cost} is more than your {g} gauge cards (§6.2.1, B-1)",
                  f"ゲージ消費{c.gauge_cost}に対してゲージ札が{g}枚しかありません (§6.2.1, B-1)") if why else NO
    if mode == "fb":
        rf = st.stats(p, c, opts)[1]
        if rf == 0 and not defenceless(st, 1 - p):
            return _r("its front reach is 0: a first bet needs reach above 0 unless the opponent is defenceless "
                      "(§6.1, A)",
                      "先間合が0です: 相手が無防備でない限り、間合0のカードはFBできません (§6.1, A)") if why else NO
    elif mode == "even":
        t = opp_top(st, p)
        if t is not None:
            sp, rf = st.stats(p, c, opts)[:2]
            if sp < t[0]:
                return _r(f"its speed {sp} is below the opponent's top card's {t[0]} (§6.2.1, B-1)",
                          f"速度{sp}が相手のアタックフィールドの一番上のカードの速度{t[0]}より低いです (§6.2.1, B-1)"
                          ) if why else NO
            if rf < t[2]:
                return _r(f"its reach {rf} is below the back reach {t[2]} of the opponent's top card (§6.2.1, B-1)",
                          f"間合{rf}が相手のアタックフィールドの一番上のカードの後間合{t[2]}未満です (§6.2.1, B-1)"
                          ) if why else NO
    return None


def bet_options(st: MakenState, p: int, mode: str) -> list[Action]:
    """Every legal bet of ``p`` in ``mode`` (see :func:`bet_problem`), singles first per card."""
    hand = st.hand[p]
    out: list[Action] = []
    if not hand:
        return out
    counts: dict[str, int] = {}
    for cid in hand:
        counts[cid] = counts.get(cid, 0) + 1
    params = st.game.params
    pay = mode != "fb" or params["fb_gauge"]
    g = len(st.gauge[p])
    t = opp_top(st, p) if mode == "even" else None
    need_reach = mode == "fb" and not defenceless(st, 1 - p)
    cards = st.cards
    for cid in sorted(counts):
        c = cards[cid]
        if c.kind != "attack" or c.gc == "only" or (pay and c.gauge_cost > g):
            continue
        for n, opts in multi_combos(st, counts[cid]):
            if t is not None or need_reach:
                sp, rf = st.stats(p, c, opts)[:2]
                if t is not None and (sp < t[0] or rf < t[2]):
                    continue
                if need_reach and rf == 0:
                    continue
            out.append(bet(cid) if n == 1 else bet_multi(cid, n, opts))
    return out


# ====================================================================== guard (§6.2.2)
def guard_types(st: MakenState, p: int) -> tuple[str, ...]:
    """The guard types the rules give ``p`` before T's restrictions: right after the FB stand or
    crouch, chosen; otherwise the posture of ``p``'s top card (its dust top once dusted, 注7); with
    an empty field the dust top's posture, and with none the choice again [decision]."""
    if st.after_fb and p != st.active:
        return ("stand", "crouch")
    u = st.top(p)
    post = st.cards[u[0]].posture if u is not None else st.dust_posture(p)
    return (post,) if post else ("stand", "crouch")


def guard_problem(st: MakenState, p: int, t: str, why: bool = True) -> Refusal | None:
    """Why ``p`` may not ``guard t`` now (§6.2.2, 注5, 注6, 注7)."""
    if st.sit[p] != "even":
        return _r("you guard only while the situation is even (§6.2)", "ガードできるのは拮抗の時だけです (§6.2)") if why else NO
    o = 1 - p
    u = st.top(o)
    if u is None:
        return _r("the opponent's field is empty: there is nothing to guard (§6.2.2)",
                  "相手のアタックフィールドが空です: ガードするものがありません (§6.2.2)") if why else NO
    need = st.unit_stats(o, u)[4]
    h = len(st.hand[p])
    if h < need:
        return _r(f"your hand holds {h} cards, fewer than the guard difficulty {need} of the opponent's top card "
                  "(§6.2.2, B-2, 注5)",
                  f"手札{h}枚は相手の一番上のカードのガード難易度{need}に足りません (§6.2.2, B-2, 注5)") if why else NO
    types = guard_types(st, p)
    if t not in types:
        if st.after_fb and p != st.active:
            return _r("right after the first bet the guard is stand or crouch (§6.2.2, B-2)",
                      "FB直後のガードは立ちガードか屈みガードです (§6.2.2, B-2)") if why else NO
        return _r(f"your guard type is {types[0]}, the posture of your top card (§6.2.2, B-2, 注7)",
                  f"ガード方法はあなたの一番上のカードの姿勢に対応した{_SPACE_JA[types[0]]}です (§6.2.2, B-2, 注7)") if why else NO
    c = st.cards[u[0]]
    if t in c.unguardable:
        return _r(f"{c.name} cannot be guarded {t} (unguardable: {', '.join(c.unguardable)}) (§6.2.2, B-2, 注6)",
                  f"{c.name}は{_SPACE_JA[t]}できません (ガード不可) (§6.2.2, B-2, 注6)") if why else NO
    return None


_SPACE_JA = {"stand": "立ちガード", "crouch": "屈みガード", "air": "空中ガード"}


def guard_options(st: MakenState, p: int) -> list[Action]:
    o = 1 - p
    u = st.top(o)
    if u is None or len(st.hand[p]) < st.unit_stats(o, u)[4]:
        return []
    ung = st.cards[u[0]].unguardable
    return [GUARD[t] for t in guard_types(st, p) if t not in ung]


# ====================================================================== maintain (§6.2.3)
def maintain_problem(st: MakenState, p: int, t: str | None, why: bool = True) -> Refusal | None:
    """Why ``p`` may not ``maintain`` (``t``: the type chosen anew after a flush) (§6.2.3, 注8, 注9)."""
    if st.sit[p] != "guarding":
        return _r("you maintain a guard only while guarding (§6.2.3)", "ガード維持はガードしている時だけです (§6.2.3)") if why else NO
    o = 1 - p
    u = st.top(o)
    need = st.unit_stats(o, u)[4] if u is not None else 0
    ung = st.cards[u[0]].unguardable if u is not None else ()
    h = len(st.hand[p])
    cur = st.gspace[p]
    if cur in ung:  # a guard flush: choose stand or crouch anew (注9)
        name = st.cards[u[0]].name if u is not None else "?"
        if t is None:
            return _r(f"{name} is unguardable for your {cur} guard: it is flushed, choose stand or crouch anew "
                      "(maintain stand / maintain crouch) (§6.2.3, B-3, 注8)",
                      f"{name}はあなたの{_SPACE_JA[cur]}に対してガード不可です: ガード流しの後、立ちか屈みを選び直してください "
                      "(maintain stand / maintain crouch) (§6.2.3, B-3, 注8)") if why else NO
        if t not in ("stand", "crouch"):
            return _r("after a guard flush the new guard is stand or crouch (§6.2.3, B-3, 注9)",
                      "ガード流しの後は立ちガードか屈みガードを選びます (§6.2.3, B-3, 注9)") if why else NO
        if t in ung:
            return _r(f"{name} cannot be guarded {t} either (§6.2.3, B-3, 注9)",
                      f"{name}は{_SPACE_JA[t]}もできません (§6.2.3, B-3, 注9)") if why else NO
        if h < need:
            return _r(f"after the flush you need {need} cards and your hand holds {h} (§6.2.3, B-3)",
                      f"ガード流しの後は{need}枚必要ですが、手札は{h}枚です (§6.2.3, B-3)") if why else NO
        return None
    if t is not None:
        return _r(f"your {cur} guard is not flushed: write maintain without a type (§6.2.3, B-3)",
                  f"{_SPACE_JA.get(cur, cur)}はガード流しされていません: 種類を付けずに maintain と書きます (§6.2.3, B-3)") if why else NO
    add = need - len(st.gcards[p])
    if add > h:
        return _r(f"maintaining needs {add} more cards and your hand holds {h} (§6.2.3, B-3)",
                  f"ガード維持にはあと{add}枚必要ですが、手札は{h}枚です (§6.2.3, B-3)") if why else NO
    return None


def maintain_options(st: MakenState, p: int) -> list[Action]:
    o = 1 - p
    u = st.top(o)
    if u is None:
        return [MAINTAIN]
    need = st.unit_stats(o, u)[4]
    ung = st.cards[u[0]].unguardable
    h = len(st.hand[p])
    if st.gspace[p] in ung:
        return [MAINTAIN_AS[t] for t in ("stand", "crouch") if t not in ung and h >= need]
    return [MAINTAIN] if need - len(st.gcards[p]) <= h else []


# ====================================================================== GC (§6.2.4)
def gc_problem(st: MakenState, p: int, why: bool = True) -> Refusal | None:
    """Why ``p`` may not open its top guard card for a GC (§6.2.4, B-4, 注10)."""
    if st.sit[p] != "guarding":
        return _r("a GC is made only while guarding (§6.2.4)", "GCはガードしている時だけです (§6.2.4)") if why else NO
    gc = st.gcards[p]
    if not gc:
        return _r("your guard space is empty (§6.2.4)", "ガードスペースにカードがありません (§6.2.4)") if why else NO
    c = st.cards[gc[-1]]
    if not c.is_attack or c.gc == "none":
        return _r(f"your top guard card {c.name} is neither GC-only nor GC-possible; only the top card may be "
                  "opened (§6.2.4, B-4, 注10)",
                  f"ガードスペースの一番上の{c.name}はGC専用でもGC可能でもありません。オープンできるのは一番上のカードだけです "
                  "(§6.2.4, B-4, 注10)") if why else NO
    g = len(st.gauge[p])
    if c.gauge_cost > g:
        return _r(f"{c.name}'s gauge cost {c.gauge_cost} is more than your {g} gauge cards (§6.2.4, B-4)",
                  f"{c.name}のゲージ消費{c.gauge_cost}に対してゲージ札が{g}枚しかありません (§6.2.4, B-4)") if why else NO
    t = opp_top(st, p)
    rf = st.stats(p, c)[1]
    if t is not None and rf < t[2]:
        return _r(f"{c.name}'s reach {rf} is below the back reach {t[2]} of the opponent's top card (§6.2.4, B-4)",
                  f"{c.name}の間合{rf}が相手の一番上のカードの後間合{t[2]}未満です (§6.2.4, B-4)") if why else NO
    return None


# ====================================================================== supports (§5 step 3)
def set_problem(st: MakenState, p: int, cid: str, why: bool = True) -> Refusal | None:
    """Why ``p`` may not set the support ``cid`` now (§5 step 3, [RS])."""
    c = st.cards.get(cid)
    if c is None or cid not in st.hand[p]:
        return _r(f"{cid} is not in your hand (§5)", f"{cid} は手札にありません (§5)") if why else NO
    if c.kind != "support":
        return _r(f"{c.name} is not a support card: only supports are set (§5)",
                  f"{c.name}は補助カードではありません: セットできるのは補助カードだけです (§5)") if why else NO
    lim = int(st.game.params["support_limit"])
    if lim and len(st.supports[p]) >= lim:
        return _r(f"you have {len(st.supports[p])} supports set, the limit is {lim}; set supports stay (§5)",
                  f"補助カードは既に{len(st.supports[p])}枚セットされています (上限{lim}枚。セット済みのカードは残ります) (§5)"
                  ) if why else NO
    return None


def set_options(st: MakenState, p: int) -> list[Action]:
    lim = int(st.game.params["support_limit"])
    if lim and len(st.supports[p]) >= lim:
        return []
    cards = st.cards
    return [set_(cid) for cid in sorted(set(st.hand[p])) if cards[cid].kind == "support"]


# ====================================================================== the action of §6.2
def action_options(st: MakenState, p: int) -> list[Action]:
    """§6.2 table: even — attack, guard, call; forcing — attack (speed and reach ignored), call;
    guarding — maintain, GC, drop."""
    s = st.sit[p]
    if s == "guarding":
        out = maintain_options(st, p)
        if gc_problem(st, p, False) is None:
            out.append(GC)
        out.append(DROP)
        return out
    if s == "forcing":
        out = bet_options(st, p, "forcing")
    else:
        out = bet_options(st, p, "even")
        out += guard_options(st, p)
    out.append(CALL)
    return out
