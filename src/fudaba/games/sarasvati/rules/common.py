"""What several sections of the rules share: the decision kinds' common base (their refusals of a
verb that belongs to another decision, §11), the notation's tables of actions, and the legality
questions both a kind's ``options`` and its ``check`` ask (the wall rule, evolution bases, costs)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ....core.actions import Action
from ....core.errors import Refusal
from ....core.kinds import DecisionKind
from ..effects import apply_cost, candidates, cost_delta, parse_rel, stats

if TYPE_CHECKING:
    from ..cards import Card
    from ..state import SarasvatiState, Unit

END = Action.const("end")
PASS = Action.const("pass")

#: the phases whose decision the rules ask at the top of the turn's stack, and the phases left after
#: each (the frames a position rebuilds, §12)
REMAINING = {
    "charge": ("imagine", "move", "battle", "end"),
    "imagine": ("move", "battle", "end"),
    "move": ("battle", "end"),
    "battle": ("end",),
}

#: every verb of the notation (§11), for the refusal of an unknown one
VERBS = "charge, pass, summon, evolve, use, equip, reequip, move, attack, target, keep, end, concede"


# ---------------------------------------------------------------------------------------- the kinds' base
class Refused(Exception):
    """Raised by a refusal helper deep in a check: the refusal is the check's answer."""

    def __init__(self, why: Refusal) -> None:
        super().__init__(why.en)
        self.why = why


class SarasvatiKind(DecisionKind):
    """A decision of Sarasvati: its verbs (§11), the section that says it, its name in the
    rulebook's Japanese, and its refusals. :meth:`check` refuses a verb of another decision in the
    words every decision shares (:func:`wrong_decision`), then asks the kind's own :meth:`why`."""

    #: the verbs of its actions (``end`` aside: ``ends`` says whether it takes one)
    verbs: ClassVar[tuple[str, ...]] = ()
    ends: ClassVar[bool] = False
    #: the section of the spec, and the decision in the rulebook's words (``チャージフェイズ``)
    section: ClassVar[str] = "§5"
    phase_ja: ClassVar[str] = ""
    #: the refusal of any other verb while this decision waits (None: the refusal naming both phases)
    waiting: ClassVar[Refusal | None] = None
    #: the refusal of this decision's verbs while another decision waits (None: likewise)
    misplaced: ClassVar[Refusal | None] = None

    def check(self, st: SarasvatiState, player: int, ctx: Any, action: Action) -> Refusal | None:
        opts = self.options(st, player, ctx)
        if action in opts:
            return None
        try:
            return wrong_decision(st, self, action) or self.why(st, player, ctx, action, opts)
        except Refused as r:
            return r.why

    def why(self, st: SarasvatiState, player: int, ctx: Any, action: Action, opts: list[Action]) -> Refusal:
        """Why ``action``, one of this decision's verbs but none of its ``opts``, is refused (the
        helpers below may raise :class:`Refused` instead of returning)."""
        return Refusal(f"not a legal action now ({self.section})", f"今は行えない行動です ({self.section})")


def wrong_decision(st: SarasvatiState, kind: SarasvatiKind, a: Action) -> Refusal | None:
    """The refusal of ``a`` when its verb is not one of ``kind``'s (None when it is): an unknown
    verb, or one that answers another decision (§11)."""
    verb = a.verb
    owner = next((k for k in st.game.KINDS if isinstance(k, SarasvatiKind) and verb in k.verbs), None)
    if verb == "end" and kind.ends:
        return Refusal("not a legal action now", "今は行えない行動です")
    if owner is None and verb != "end":
        return Refusal(f"unknown action {verb!r}; actions are {VERBS} (§11)",
                       f"「{verb}」という行動はありません。行動は {VERBS} です (§11)")
    if owner is kind:
        return None
    if kind.waiting is not None:
        return kind.waiting
    if owner is not None and owner.misplaced is not None:
        return owner.misplaced
    there = owner.section if owner is not None else "§5"
    belongs_ja = f"{owner.phase_ja}の行動" if owner is not None else "イマジンフェイズ・ムーブフェイズ・バトルフェイズの行動"
    return Refusal(f"it is the {kind.name} decision ({kind.section}); {verb!r} belongs to the "
                   f"{owner.name if owner is not None else 'imagine, move or battle'} phase ({there})",
                   f"今は{kind.phase_ja}です ({kind.section})。{verb} は{belongs_ja}です ({there})")


# ---------------------------------------------------------------------------------------- refusal helpers
def card_ja(c: Card) -> str:
    """``ID「名前」`` (``ID『名前』`` when the name itself holds 「」)."""
    return f"{c.id}『{c.name}』" if "「" in c.name else f"{c.id}「{c.name}」"


def nargs(a: Action, n: int, form: str, form_ja: str) -> None:
    """Refused unless ``a`` has ``n`` arguments (§11), naming its form."""
    if len(a.args) != n:
        raise Refused(Refusal(f"write it as '{form}' (§11)", f"「{form_ja}」の形で書いてください (§11)"))


def in_hand(st: SarasvatiState, p: int, cid: str) -> Card:
    """The card ``cid`` when it is in ``p``'s hand; refused otherwise."""
    c = st.C.get(cid)
    if c is None:
        raise Refused(Refusal(f"unknown card {cid!r} (§2)", f"「{cid}」というカードはありません (§2)"))
    if cid not in st.hand[p]:
        raise Refused(Refusal(f"{cid} is not in your hand (§1)", f"{card_ja(c)}は手札にありません (§1)"))
    return c


def own_place(st: SarasvatiState, p: int, tok: str) -> int:
    """The slot index of ``tok``, one of ``p``'s own battle-zone places; refused otherwise."""
    n = len(st.slots[p])
    w = parse_rel(p, tok, st.nf, n)
    if w is None or tok[:1] in ("x", "X"):
        nf, nb = st.nf, n - st.nf
        raise Refused(Refusal(f"{tok} is not one of your battle-zone places (F1..F{nf}, B1..B{nb}; §1, §11)",
                              f"{tok} は自分のバトルゾーンの場所ではありません (前列 F1..F{nf}、後列 B1..B{nb}; §1, §11)"))
    return w[1]


def unit_at(st: SarasvatiState, p: int, tok: str) -> tuple[int, Unit]:
    """(slot index, unit) of ``p``'s character at ``tok``; refused when there is none."""
    i = own_place(st, p, tok)
    u = st.slots[p][i]
    if u is None:
        raise Refused(Refusal(f"there is no character of yours at {tok} (§1)", f"{tok} に自分のキャラクターはいません (§1)"))
    return i, u


def afford(st: SarasvatiState, p: int, c: Card) -> None:
    """Refused when ``p``'s untapped voltage cannot pay ``c``'s cost, modifiers applied (§5.4)."""
    cost = apply_cost(c.cost, cost_delta(st, p))
    untapped = len(st.volt[p]) - st.tapped[p]
    if cost > untapped:
        raise Refused(Refusal(f"costs {cost} but you have {untapped} untapped voltage (§5.4)",
                              f"コストは{cost}ですが、縦向き(未使用)のボルテージは{untapped}枚しかありません (§5.4)"))


# ---------------------------------------------------------------------------------------- the notation's tables
_PLACES: dict[tuple[int, int], tuple[list[str], list[str]]] = {}


def places(nf: int, n: int) -> tuple[list[str], list[str]]:
    """(own place names, enemy place names) by slot index."""
    key = (nf, n)
    r = _PLACES.get(key)
    if r is None:
        own = [f"F{i + 1}" if i < nf else f"B{i - nf + 1}" for i in range(n)]
        r = _PLACES[key] = (own, ["x" + s for s in own])
    return r


_SUMMONS: dict[tuple[str, int, int], list[Action]] = {}


def summon_actions(cid: str, nf: int, n: int) -> list[Action]:
    """``summon CID <place i>`` for every slot ``i`` (built once per card and board size)."""
    key = (cid, nf, n)
    row = _SUMMONS.get(key)
    if row is None:
        row = _SUMMONS[key] = [Action.of("summon", cid, pl) for pl in places(nf, n)[0]]
    return row


_MOVE_TABLE: dict[tuple[int, int], list[list[Action]]] = {}


def move_table(nf: int, n: int) -> list[list[Action]]:
    """``move_table(nf, n)[i][j]``: the action ``move <place i> <place j>`` (built once per board size)."""
    t = _MOVE_TABLE.get((nf, n))
    if t is None:
        own = places(nf, n)[0]
        t = _MOVE_TABLE[(nf, n)] = [[Action.of("move", own[i], own[j]) for j in range(n)] for i in range(n)]
    return t


_ATTACK_TABLE: dict[tuple[int, int, int], list[list[Action]]] = {}


def attack_table(nf: int, n: int, books: int) -> list[list[Action]]:
    """``attack_table(nf, n, books)[i][t]``: ``attack <place i> x<place t>`` for an enemy slot ``t`` < ``n``,
    ``attack <place i> xK<t - n + 1>`` for a book (built once per board size)."""
    t = _ATTACK_TABLE.get((nf, n, books))
    if t is None:
        own, enemy = places(nf, n)
        names = [*enemy, *(f"xK{k + 1}" for k in range(books))]
        t = _ATTACK_TABLE[(nf, n, books)] = [[Action.of("attack", own[i], x) for x in names] for i in range(n)]
    return t


# ---------------------------------------------------------------------------------------- legality questions
def can_evolve(C: dict[str, Card], evo: Card, u: Unit | None) -> bool:
    """An evolution goes onto a character named by ``evolves_from`` (id, name or sub-attribute) (§2)."""
    if u is None:
        return False
    base = C[u.card]
    f = evo.evolves_from
    return f == base.name or f == base.id or f in base.sub_attributes


def support_usable(st: SarasvatiState, p: int, card: Card) -> bool:
    """A support whose effect chooses a character needs at least one to choose ([decision], §8)."""
    return all(not e.chooses or candidates(st, p, e) for e in card.effects)


def wall_up(st: SarasvatiState, side: int) -> bool:
    """Wall rule (壁役, §6): a ready character in ``side``'s front row."""
    for j in range(st.nf):
        u = st.slots[side][j]
        if u is not None and u.ready:
            return True
    return False


def base_atk(st: SarasvatiState, u: Unit) -> int:
    """A unit's atk before continuous effects: card, equipment and timed modifiers."""
    C = st.C
    a = C[u.card].atk
    if u.equip is not None:
        a += C[u.equip].atk
    for m in u.mods:
        a += m[0]
    return a


_LOWERS_ATK: dict[int, tuple[Card, bool]] = {}


def lowers_atk(c: Card) -> bool:
    """Can a continuous effect of ``c`` lower an atk (computed once per card)?"""
    got = _LOWERS_ATK.get(id(c))
    if got is None or got[0] is not c:
        if len(_LOWERS_ATK) >= 4096:  # cards of many games loaded with their own cards
            _LOWERS_ATK.clear()
        got = _LOWERS_ATK[id(c)] = (c, any(e.action == "modify" and e.atk < 0 for e in c.cont))
    return got[1]


def atk_may_drop(st: SarasvatiState) -> bool:
    """Is a continuous effect that can lower an atk in play (on a character, its equipment or an
    open book)? When none is, no atk is below its value before continuous effects."""
    C = st.C
    for p in (0, 1):
        for u in filter(None, st.slots[p]):
            if lowers_atk(C[u.card]) or (u.equip is not None and lowers_atk(C[u.equip])):
                return True
        hits = st.hits[p]
        for k, b in enumerate(st.books[p]):
            if b is not None and hits[k] and lowers_atk(C[b]):
                return True
    return False


def atk_now(st: SarasvatiState, p: int, i: int) -> int:
    """The current atk of ``p``'s unit in slot ``i`` (continuous effects included, §6)."""
    v = stats(st)[p][i]
    assert v is not None
    return v[0]


def pay(st: SarasvatiState, p: int, cost: int) -> int:
    """§5.4: ``p`` taps voltage for ``cost``, modifiers applied (never below 1); returns what was paid."""
    c = apply_cost(cost, cost_delta(st, p))
    st.tapped[p] += c
    return c
