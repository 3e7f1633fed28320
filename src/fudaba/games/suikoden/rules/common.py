"""What the rules of every section share: the notation's places (§13), cards moving between zones,
the legality questions both a decision's options and its refusals ask (links §6.1, uniqueness
§6.2, supports §8.1, runes §8.3, counters §8.4), and :class:`SuikodenKind`, the base of every
decision kind, whose ``check`` refuses an action with the rule it breaks (en/ja).

Places are relative to the decider: own slots ``M1``…, the opponent's ``xM1``…; a deployed character
``M1.2`` (the decider's column on its own M1) or ``xM1.x1`` (the opponent's column on the opponent's
M1), 1-based in deployment order. Cards in hand are named by id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ....core.actions import Action, number
from ....core.errors import Refusal
from ....core.kinds import DecisionKind
from ..effects import barred, conflicts, link_mask, may_enter, names_in_play
from ..state import Dep, Mission, SuikodenState

if TYPE_CHECKING:
    from ..cards import Card

A = Action.of
PASS = Action.const("pass")
DONE = Action.const("done")
REDEPLOY = Action.const("redeploy")
_r = Refusal

#: every verb of the notation (§13), as a refusal lists them
VERBS = "return, done, discard, play, continue, deploy, redeploy, rune, target, counter, lose, garrison, duel, pass"
ALL_VERBS = frozenset(v.strip() for v in VERBS.split(","))
#: the verbs whose first argument is a card of the decider's hand
HAND_VERBS = frozenset({"return", "discard", "play", "deploy", "counter", "duel"})
#: the last word on an action no rule explains
NOT_NOW = _r("not a legal action now (§13)", "今は行えない行動です (§13)")


# ------------------------------------------------------------------ places (§13)
def mission_place(o: int, k: int, viewer: int) -> str:
    return f"M{k + 1}" if o == viewer else f"xM{k + 1}"


def dep_place(o: int, k: int, q: int, i: int, viewer: int) -> str:
    return f"{mission_place(o, k, viewer)}.{'' if q == viewer else 'x'}{i + 1}"


def parse_mission(st: SuikodenState, viewer: int, text: str) -> tuple[int, int] | None:
    """``M2`` / ``xM1`` → (owner, slot) of an unresolved card there, else None."""
    t = text.strip()
    o = viewer
    if t[:1] in ("x", "X"):
        o, t = 1 - viewer, t[1:]
    n = number(t[1:], 4)
    if t[:1] not in ("M", "m") or n is None:
        return None
    k = n - 1
    if not 0 <= k < st.K or st.missions[o][k] is None:
        return None
    return o, k


def parse_dep(st: SuikodenState, viewer: int, text: str) -> tuple[int, int, int, int] | None:
    """``M1.2`` / ``xM1.x1`` → (owner, slot, column seat, index) of a deployed character, else None."""
    if "." not in text:
        return None
    ms, _, cs = text.partition(".")
    ok = parse_mission(st, viewer, ms)
    if ok is None:
        return None
    o, k = ok
    q = viewer
    if cs[:1] in ("x", "X"):
        q, cs = 1 - viewer, cs[1:]
    n = number(cs, 4)
    if n is None:
        return None
    i = n - 1
    col = st.mission(o, k).cols[q]
    if not 0 <= i < len(col):
        return None
    return o, k, q, i


def distinct(ids: list[str]) -> list[str]:
    seen: set[str] = set()
    out = []
    for c in ids:
        if c not in seen:
            seen.add(c)
            out.append(c)
    return out


# ------------------------------------------------------------------ cards moving
def draw(st: SuikodenState, p: int, n: int) -> bool:
    """Draw ``n`` (§9: a player who must draw from a too-short deck loses at once)."""
    if n <= 0:
        return True
    d = st.deck[p]
    if len(d) < n:
        st.end_game(1 - p, "deck out")
        return False
    got = d[-n:][::-1]
    del d[-n:]
    st.hand[p] += got
    st.emit("draw", {"cards": got}, (p,), player=p, count=n)
    return True


def to_discard(st: SuikodenState, cid: str, owner: int, why: str) -> None:
    st.discard[owner].append(cid)
    st.emit("leave", player=owner, card=cid, why=why)


def discard_from_hand(st: SuikodenState, p: int, cid: str, why: str) -> None:
    st.hand[p].remove(cid)
    st.discard[p].append(cid)
    st.emit("discard", player=p, card=cid, why=why)


def remove_dep(st: SuikodenState, cid: str, why: str) -> None:
    """A deployed character leaves its column for its owner's discard pile."""
    f = st.find_dep(cid)
    if f is None:
        return
    o, k, q, i = f
    del st.mission(o, k).cols[q][i]
    to_discard(st, cid, q, why)


def clear_slot(st: SuikodenState, o: int, k: int, keep: str, why: str) -> Mission:
    """Empty slot ``k`` of seat ``o``: every card on it but ``keep`` goes to its owner's discard
    (the mission card itself is the caller's)."""
    m = st.mission(o, k)
    st.missions[o][k] = None
    if m.support:
        to_discard(st, m.support, o, why)
    for q in (0, 1):
        for d in m.cols[q]:
            if d[0] != keep:
                to_discard(st, d[0], q, why)
    return m


def discard_options(st: SuikodenState, p: int, done: bool) -> list[Action]:
    """``discard CARD`` for each card of ``p``'s hand (and ``done`` when the discards may stop)."""
    opts = [A("discard", c) for c in distinct(st.hand[p])]
    if done:
        opts.append(DONE)
    return opts


# ------------------------------------------------------------------ legality both options and refusals ask
def can_link(mask: int, c: Card) -> bool:
    """§6.1: an empty column takes a leader; otherwise a card sharing a letter with L(p, m)."""
    return c.lmask & mask != 0 if mask else c.cls == "leader"


def deploy_ok(st: SuikodenState, o: int, m: Mission, p: int, c: Card, inplay: dict[str, list[tuple[int, str, str]]]
              ) -> bool:
    """§7.1: a character (not a mastermind) that links (§6.1), may enter (§6.2) and is not barred (§10)."""
    return (c.type == "character" and c.cls != "mastermind" and can_link(link_mask(st, m.cols[p]), c)
            and may_enter(inplay, c, p, True) and not barred(st, o, m, p, c))


def redeploy_ok(st: SuikodenState, o: int, m: Mission, p: int) -> bool:
    """§8.1: the owner's support joins its column: a deployment that needs the link rule when
    ``redeploy_needs_link``; without it, only an empty column still needs a leader."""
    if p != o or not m.support:
        return False
    c = st.C[m.support]
    mask = link_mask(st, m.cols[p])
    if st.game.params["redeploy_needs_link"]:
        if not can_link(mask, c):
            return False
    elif not mask and c.cls != "leader":
        return False
    return not barred(st, o, m, p, c)


def rune_effects(c: Card) -> list[int]:
    return [i for i, e in enumerate(c.effects) if e.trigger == "rune"]


def rune_ok(st: SuikodenState, m: Mission, p: int, dep: Dep) -> bool:
    """§8.3: once per character per battle, the hand can pay ``cost_discard``, a target exists."""
    if dep[2]:
        return False
    c = st.C[dep[0]]
    idx = rune_effects(c)
    if not idx:
        return False
    cost = max(c.effects[i].cost_discard for i in idx)
    if len(st.hand[p]) < cost:
        return False
    for i in idx:
        e = c.effects[i]
        if e.target == "choose_enemy_character" and not m.cols[1 - p]:
            return False
    return True


def counter_effects(c: Card) -> list[int]:
    return [i for i, e in enumerate(c.effects) if e.trigger == "counter"]


def supports_in_hand(st: SuikodenState, p: int, hand: list[str]) -> list[str]:
    """§8.1: the characters of ``hand`` with サポート that may enter play now (§6.2)."""
    C = st.C
    inplay = names_in_play(st)
    return [c for c in hand if "support" in C[c].keywords and C[c].type == "character"
            and may_enter(inplay, C[c], p, False)]


def unique_refusal(st: SuikodenState, c: Card, cs: list[tuple[int, str, str]]) -> Refusal:
    """§6.2: ``c`` shares a name with the first of the cards in play ``cs``."""
    seat, kind, cid = cs[0]
    name = st.C[cid].name
    where = {"mastermind": ("a mastermind", "総大将"), "deployed": ("deployed", "派遣中"),
             "support": ("a support", "サポート"), "garrison": ("a garrison", "駐留中")}[kind]
    return _r(f"{name} ({where[0]}, seat {seat}) is in play: {c.name} shares a name and characters are unique across "
              f"both sides (§6.2)",
              f"{name} ({where[1]}・席{seat}) が場にいるため、同名の {c.name} は出せません (両軍でユニーク、§6.2)")


def in_play_refusal(st: SuikodenState, c: Card) -> Refusal | None:
    """§6.2 for a card about to enter play: the refusal naming the card in play it clashes with."""
    cs = conflicts(names_in_play(st), c)
    return unique_refusal(st, c, cs) if cs else None


# ------------------------------------------------------------------ the decision kinds' base
class SuikodenKind(DecisionKind):
    """A decision of Suikoden: ``VERBS`` are the verbs it answers with and ``TAKES`` what it takes in
    words (en, ja). :meth:`check` accepts exactly the options; another action is refused by the first
    rule it breaks — an unknown verb (§13), a verb of another decision, a card not in hand (§13) —
    then by the kind's own :meth:`why`."""

    VERBS: ClassVar[tuple[str, ...]] = ()
    TAKES: ClassVar[tuple[str, str]] = ("", "")

    def check(self, st: SuikodenState, player: int, ctx: Any, action: Action) -> Refusal | None:
        if action in self.options(st, player, ctx):
            return None
        return self.general(st, player, action) or self.why(st, player, ctx, action)

    def general(self, st: SuikodenState, player: int, a: Action) -> Refusal | None:
        """The refusals every decision shares: the verb, and the card in hand a verb names."""
        verb = a.verb
        if verb not in ALL_VERBS:
            return _r(f"unknown action {verb!r}; actions are {VERBS} (§13)",
                      f"「{verb}」という行動はありません。行動は {VERBS} です (§13)")
        if verb not in self.VERBS:
            en, ja = self.TAKES
            return _r(f"it is {en}; {verb!r} is not an answer to it", f"今は{ja}。「{verb}」では答えられません")
        if verb in HAND_VERBS and a.args:
            cid = a.args[0]
            C = st.C
            if cid not in C:
                return _r(f"{cid} is not a card of this game (§13: cards in hand by id)",
                          f"{cid} はこのゲームのカードではありません (§13: 手札のカードはIDで指定)")
            if cid not in st.hand[player]:
                return _r(f"{cid} {C[cid].name} is not in your hand (§13)", f"{cid} {C[cid].name} は手札にありません (§13)")
        return None

    def why(self, st: SuikodenState, player: int, ctx: Any, a: Action) -> Refusal:
        """The kind's own refusal of ``a`` (its verb answers this decision; its card is in hand)."""
        return NOT_NOW
