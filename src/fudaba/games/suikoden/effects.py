"""The effect vocabulary of spec §10: continuous values (§7.1 totals, §8.5 timing) and the one-shot
actions the rules resolve (``draw``, ``modify``, ``discard``).

Continuous effects are read whenever a value is needed (§8.5): :func:`mission_values` computes every
deployed character's atk/mil/con and both totals on one mission from the effects in scope (§10
*Scope*): the mission's own deployed characters' ``static`` effects, its support's ``support``
effects, the mission card's ``static`` effects, and every mastermind's and built facility's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .cards import Card, Effect
    from .state import Dep, Mission, SuikodenState

Stats = tuple[int, int, int]
#: a continuous effect in scope: (controller, effect, source card id — "" for a mastermind, facility
#: or mission, whose conditions name no "other" character)
Source = tuple[int, "Effect", str]


def matches(c: Card, filt: tuple[tuple[str, str], ...]) -> bool:
    """§10 filters: ``class``, ``camp``, ``has_rune``."""
    for k, v in filt:
        if k == "class":
            if c.cls != v:
                return False
        elif k == "camp":
            if v not in c.camp:
                return False
        elif k == "has_rune" and bool(c.rune) != (v == "true"):
            return False
    return True


def built_facilities(st: SuikodenState, p: int) -> list[str]:
    """§7.5: ``p``'s built facilities (in its resolved area, its own), which act from then on."""
    C = st.C
    return [r[0] for r in st.resolved[p] if r[2] == p and C[r[0]].type == "facility"]


def global_sources(st: SuikodenState) -> list[Source]:
    """Masterminds' and built facilities' static effects (scope: every mission, duel cards included)."""
    C = st.C
    out: list[Source] = []
    for p in (0, 1):
        if st.mm[p]:
            out += [(p, e, "") for e in C[st.mm[p]].effects if e.trigger == "static"]
        for f in built_facilities(st, p):
            out += [(p, e, "") for e in C[f].effects if e.trigger == "static"]
    return out


def local_sources(st: SuikodenState, o: int, m: Mission) -> list[Source]:
    """The continuous effects whose scope is this mission (§10): its card's (while unresolved),
    its support's and its deployed characters'."""
    C = st.C
    mc = C[m.card]  # a facility acts once built (§7.5); an unresolved mission acts on its mission (§10)
    out: list[Source] = [(o, e, "") for e in mc.effects if e.trigger == "static"] if mc.type == "mission" else []
    if m.support:
        out += [(o, e, m.support) for e in C[m.support].effects if e.trigger == "support"]
    for q in (0, 1):
        for d in m.cols[q]:
            for e in C[d[0]].effects:
                if e.trigger == "static":
                    out.append((q, e, d[0]))
    return out


def condition_holds(st: SuikodenState, ctl: int, e: Effect, o: int, cols: list[list[Dep]], src: str) -> bool:
    """§10 conditions, per mission: ``cooperation`` (§8.2: another deployed character of the
    controller here whose full name is X), ``own_mission``, ``deployed_ge``, ``facility_built``."""
    cond = e.condition
    if cond is None:
        return True
    key, val = cond
    if key == "cooperation":
        C = st.C
        return any(d[0] != src and C[d[0]].name == val for d in cols[ctl])
    if key == "own_mission":
        return (o == ctl) == (val == "true")
    if key == "deployed_ge":
        return len(cols[ctl]) >= int(val)
    if key == "facility_built":
        C = st.C
        return any(C[f].name == val for f in built_facilities(st, ctl))
    return False


def hand_limit(st: SuikodenState, p: int, glob: list[Source] | None = None) -> int:
    """``p``'s hand limit (§5): ``hand_limit`` plus every continuous ``hand_limit`` effect in play —
    masterminds', built facilities' and, on each unresolved mission, its card's, its support's and
    its deployed characters' (§10 *Scope*) — that names ``p`` (``self_player`` of its controller or
    ``opponent`` of the other); never below 0. ``glob``: :func:`global_sources`, when the caller has it."""
    n = int(st.game.params["hand_limit"])
    srcs: list[tuple[list[Source], int, Mission | None]] = [(global_sources(st) if glob is None else glob, -1, None)]
    for o in (0, 1):
        for m in st.missions[o]:
            if m is not None:
                srcs.append((local_sources(st, o, m), o, m))
    for sources, o, m in srcs:
        for ctl, e, src in sources:
            if e.action != "hand_limit":
                continue
            if (ctl == p) != (e.target == "self_player"):
                continue
            if e.condition is not None and not condition_holds(st, ctl, e, max(o, 0), m.cols if m else [[], []], src):
                continue
            n += e.amount
    return max(0, n)


def mission_values(st: SuikodenState, o: int, k: int, glob: list[Source] | None = None
                   ) -> tuple[list[list[Stats]], list[Stats], list[str]]:
    """Every deployed character's (atk, mil, con) by column, both players' totals and link letters on
    seat ``o``'s mission in slot ``k`` (§7.1: values floored at 0, supports count 0, totals =
    characters + ``modify_total``, floored at 0). ``glob``: :func:`global_sources`, when the caller
    has it."""
    m = st.missions[o][k]
    assert m is not None
    return values_of(st, o, m.cols, (global_sources(st) if glob is None else glob) + local_sources(st, o, m))


LETTERS = "ABCDEFGHI"


#: link letters by mask (a mask has 9 bits: 512 entries at most)
_LETTERS: dict[int, str] = {}


def letters(mask: int) -> str:
    s = _LETTERS.get(mask)
    if s is None:
        s = _LETTERS[mask] = "".join(ch for i, ch in enumerate(LETTERS) if mask >> i & 1)
    return s


def duel_values(st: SuikodenState, o: int, mission_card: str, cards: list[str]) -> list[int]:
    """§7.6 3: the value each seat's duel card (``cards[p]``, "" for none) is compared by — the
    mission's ``duel_stat`` with the other modifiers (masterminds, built facilities, the mission; the
    cards' own text is off); no card is 0. ``o``: the mission's owner. The reveal (rules) and the duel
    menu (the view's ``battle.duel_values``) both read it here."""
    mc = st.C[mission_card]
    stat = {"atk": 0, "mil": 1, "con": 2}[mc.duel_stat or "atk"]
    cols: list[list[Dep]] = [[(cards[p], (), False)] if cards[p] else [] for p in (0, 1)]
    sources = global_sources(st) + [(o, e, "") for e in mc.effects if e.trigger == "static"]
    vals, _, _ = values_of(st, o, cols, sources)
    return [vals[p][0][stat] if cards[p] else 0 for p in (0, 1)]


def values_of(st: SuikodenState, o: int, cols: list[list[Dep]], sources: list[Source]
              ) -> tuple[list[list[Stats]], list[Stats], list[str]]:
    C = st.C
    acc: list[list[list[int]]] | None = None
    tot = [[0, 0, 0], [0, 0, 0]]
    for ctl, e, src in sources:
        act = e.action
        if act != "modify" and act != "modify_total":
            continue
        if e.condition is not None and not condition_holds(st, ctl, e, o, cols, src):
            continue
        tg = e.target
        if act == "modify_total":
            p = ctl if tg == "self_player" else 1 - ctl if tg == "opponent" else -1
            if p >= 0:
                t = tot[p]
                t[0] += e.atk
                t[1] += e.mil
                t[2] += e.con
            continue
        if tg not in ("own_characters", "enemy_characters", "all_characters", "self"):
            continue
        if acc is None:
            acc = [[[0, 0, 0] for _ in cols[0]], [[0, 0, 0] for _ in cols[1]]]
        for q in (0, 1):
            if (tg == "own_characters" and q != ctl) or (tg == "enemy_characters" and q == ctl):
                continue
            for i, d in enumerate(cols[q]):
                if tg == "self" and d[0] != src:
                    continue
                if e.filter and not matches(C[d[0]], e.filter):
                    continue
                a = acc[q][i]
                a[0] += e.atk
                a[1] += e.mil
                a[2] += e.con
    vals: list[list[Stats]] = [[], []]
    tots: list[Stats] = []
    links: list[str] = []
    for q in (0, 1):
        sa = sm = sc = 0
        mask = 0
        vq = vals[q]
        aq = acc[q] if acc is not None else None
        for i, d in enumerate(cols[q]):
            c = C[d[0]]
            x, y, z = c.atk, c.mil, c.con
            if aq is not None:
                a = aq[i]
                x += a[0]
                y += a[1]
                z += a[2]
            for mod in d[1]:
                x += mod[0]
                y += mod[1]
                z += mod[2]
            if x < 0:
                x = 0
            if y < 0:
                y = 0
            if z < 0:
                z = 0
            vq.append((x, y, z))
            sa += x
            sm += y
            sc += z
            mask |= c.lmask
        t = tot[q]
        sa += t[0]
        sm += t[1]
        sc += t[2]
        tots.append((sa if sa > 0 else 0, sm if sm > 0 else 0, sc if sc > 0 else 0))
        links.append(letters(mask))
    return vals, tots, links


def totals(st: SuikodenState, o: int, k: int) -> list[Stats]:
    return mission_values(st, o, k)[1]


def link_mask(st: SuikodenState, col: list[Dep]) -> int:
    """§6.1 L(p, m): the union of the letters of p's deployed characters (supports never count)."""
    C = st.C
    mask = 0
    for d in col:
        mask |= C[d[0]].lmask
    return mask


def barred(st: SuikodenState, o: int, m: Mission, p: int, c: Card, glob: list[Source] | None = None) -> str:
    """§10 ``cannot_deploy``: the id of a card whose effect bars ``p`` from deploying ``c`` onto this
    mission ("" when none). ``glob``: :func:`global_sources`, when the caller has it."""
    for ctl, e, src in (global_sources(st) if glob is None else glob) + local_sources(st, o, m):
        if e.action != "cannot_deploy":
            continue
        if not condition_holds(st, ctl, e, o, m.cols, src):
            continue
        tg = e.target
        if (tg == "own_characters" and p != ctl) or (tg == "enemy_characters" and p == ctl):
            continue
        if e.filter and not matches(c, e.filter):
            continue
        return src or _source_card(st, o, m, e)
    return ""


def _source_card(st: SuikodenState, o: int, m: Mission, e: Effect) -> str:
    C = st.C
    if e in C[m.card].effects:
        return m.card
    for p in (0, 1):
        if st.mm[p] and e in C[st.mm[p]].effects:
            return st.mm[p]
        for f in built_facilities(st, p):
            if e in C[f].effects:
                return f
    return m.card


# ------------------------------------------------------------------ uniqueness (§6.2)
#: where a name is in play: (seat, kind) with kind mastermind | deployed | support | garrison, and the card
InPlay = dict[str, list[tuple[int, str, str]]]


def names_in_play(st: SuikodenState) -> InPlay:
    """Every character name in play on either side (§6.2), with where it is: masterminds, deployed
    characters, supports and, when ``garrison_unique``, garrisons."""
    C = st.C
    out: InPlay = {}
    gar = bool(st.game.params["garrison_unique"])

    def add(p: int, kind: str, cid: str) -> None:
        for n in C[cid].names:
            out.setdefault(n, []).append((p, kind, cid))

    for p in (0, 1):
        if st.mm[p]:
            add(p, "mastermind", st.mm[p])
        for m in st.missions[p]:
            if m is None:
                continue
            if m.support:
                add(p, "support", m.support)
            for q in (0, 1):
                for d in m.cols[q]:
                    add(q, "deployed", d[0])
        if gar:
            for r in st.resolved[p]:
                if r[1]:
                    add(p, "garrison", r[1])
    return out


def conflicts(inplay: InPlay, c: Card) -> list[tuple[int, str, str]]:
    out: list[tuple[int, str, str]] = []
    for n in c.names:
        out += inplay.get(n, ())
    return out


def may_enter(inplay: InPlay, c: Card, p: int, deploying: bool) -> bool:
    """§6.2: no card sharing a name is in play; §6.3: a ``betrayal`` character being deployed may
    enter over the opponent's cards (never a mastermind, never its own)."""
    cs = conflicts(inplay, c)
    if not cs:
        return True
    if not deploying or "betrayal" not in c.keywords:
        return False
    return all(s != p and kind != "mastermind" for s, kind, _ in cs)
