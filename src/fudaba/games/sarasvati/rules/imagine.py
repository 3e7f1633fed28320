"""§5.4 Imagine: pay voltage to summon a character, evolve (§2, ``evolution.py``), use a support,
attach equipment or re-attach a reattachable one — any number of times, then end."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ....core.actions import Action
from ....core.errors import Refusal
from ..cards import TYPE_JA
from ..effects import apply_cost, cost_delta, parse_rel, push_triggers
from ..state import SarasvatiState, Unit, place
from .common import (
    END,
    Refused,
    SarasvatiKind,
    afford,
    can_evolve,
    card_ja,
    in_hand,
    nargs,
    own_place,
    pay,
    places,
    summon_actions,
    support_usable,
    unit_at,
)
from .evolution import play_evolution

if TYPE_CHECKING:
    from ..cards import Card

#: the card type each verb plays from the hand
PLAYS = {"summon": "character", "evolve": "character", "use": "support", "equip": "equipment"}


class Imagine(SarasvatiKind):
    """§5.4: one play from the hand or a re-attachment, paid with untapped voltage; or end."""

    name = "imagine"
    verbs = ("summon", "evolve", "use", "equip", "reequip")
    ends = True
    section = "§5.4"
    phase_ja = "イマジンフェイズ"
    title = ("imagine", "イマジン")
    # the options come from the hand, so an automatic "end" must not tell the opponent that no card
    # in it was playable (§1 hidden information)
    private = True

    def options(self, st: SarasvatiState, player: int, ctx: Any) -> list[Action]:
        p = st.active
        opts: list[Action] = []
        # §5.4: a card costing 0 needs no voltage (fast path: nothing is affordable with no voltage otherwise)
        if len(st.volt[p]) > st.tapped[p] or _zero_cost_in_play(st, p):
            delta = cost_delta(st, p)
            opts += _hand_plays(st, p, delta)
            opts += _reequips(st, p, delta)
        opts.append(END)
        return opts

    def why(self, st: SarasvatiState, player: int, ctx: Any, a: Action, opts: list[Action]) -> Refusal:
        if a.verb == "reequip":
            return _why_reequip(st, player, a)
        if a.verb == "use":
            nargs(a, 1, "use CARD-ID", "use カードID")
        elif a.verb != "evolve":
            nargs(a, 2, f"{a.verb} CARD-ID PLACE", f"{a.verb} カードID 場所")
        elif not a.args:
            nargs(a, 2, "evolve CARD-ID PLACE", "evolve カードID 場所")
        c = in_hand(st, player, a.args[0])
        why = _wrong_type(c, a.verb) or _why_place(st, player, c, a)
        if why is not None:
            return why
        afford(st, player, c)
        return Refusal("not a legal imagine action now (§5.4)", "今はイマジンフェイズのその行動はできません (§5.4)")

    def answer(self, st: SarasvatiState, a: Action, ctx: Any) -> None:
        v = a.verb
        if v == "end":
            return
        p = st.active
        st.push("imagine")
        st.push("check")
        if v == "reequip":
            _reequip(st, p, a.args[0], a.args[1])
        elif v == "evolve":
            play_evolution(st, p, tuple(a.args))
        else:
            _play(st, p, a)

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        you = view.get("seat")
        v = view["table"]["players"][you]["voltage"] if you in (0, 1) else {"untapped": "?", "cards": []}
        volt = f"{v['untapped']}/{len(v['cards'])}"
        if lang.lower().startswith("ja"):
            return f"イマジンフェイズ (§5.4): ボルテージを払って召喚・進化・使用・装備・付け替え、または end (ボルテージ {volt})"
        return f"Imagine phase (§5.4): pay voltage to summon, evolve, use, equip or re-equip — or end (voltage {volt})"


IMAGINE = Imagine()


def imagine_phase(st: SarasvatiState, ctx: Any) -> None:
    """§5.4 the imagine phase: asked again after every play until the player ends it."""
    st.phase = "imagine"
    st.renumber()
    st.ask(IMAGINE, st.active)


# ---------------------------------------------------------------------------------------- options
def _hand_plays(st: SarasvatiState, p: int, delta: int) -> list[Action]:
    """Every affordable play of a card in ``p``'s hand (each card once, however many copies)."""
    C = st.C
    slots = st.slots[p]
    own_pl = places(st.nf, len(slots))[0]
    untapped = len(st.volt[p]) - st.tapped[p]
    empty = [i for i, u in enumerate(slots) if u is None]
    units = [i for i, u in enumerate(slots) if u is not None]
    opts: list[Action] = []
    of = Action.of
    for cid in dict.fromkeys(st.hand[p]):
        c = C[cid]
        if (c.cost if not delta else apply_cost(c.cost, delta)) > untapped:
            continue
        t = c.type
        if t == "character" and c.evolves_from:
            opts += _evolutions(st, c, [i for i in units if can_evolve(C, c, slots[i])], own_pl)
        elif t == "character":
            row = summon_actions(cid, st.nf, len(slots))
            opts += [row[i] for i in empty]
        elif t == "equipment":
            opts += [of("equip", cid, own_pl[i]) for i in units]
        elif t == "support" and support_usable(st, p, c):
            opts.append(of("use", cid))
    return opts


def _evolutions(st: SarasvatiState, c: Card, bases: list[int], own_pl: list[str]) -> list[Action]:
    """§2: ``evolve`` onto each base (or each set of ``evolve_bases`` bases, the stack at the first)."""
    k = c.evolve_bases
    if k == 1:
        return [Action.of("evolve", c.id, own_pl[i]) for i in bases]
    if len(bases) < k:
        return []
    out = []
    for i in bases:
        rest = [j for j in bases if j != i]
        for others in combinations(rest, k - 1):
            out.append(Action.of("evolve", c.id, own_pl[i], *(own_pl[j] for j in others)))
    return out


def _reequips(st: SarasvatiState, p: int, delta: int) -> list[Action]:
    """§5.4: a reattachable equipment moved to another of ``p``'s characters, paying its cost again."""
    slots = st.slots[p]
    units = [i for i, u in enumerate(slots) if u is not None]
    if len(units) < 2:
        return []
    own_pl = places(st.nf, len(slots))[0]
    untapped = len(st.volt[p]) - st.tapped[p]
    opts = []
    for i in units:
        u = slots[i]
        assert u is not None
        if u.equip is not None:
            e = st.C[u.equip]
            if e.reattachable and apply_cost(e.cost, delta) <= untapped:
                opts += [Action.of("reequip", own_pl[i], own_pl[j]) for j in units if j != i]
    return opts


def _zero_cost_in_play(st: SarasvatiState, p: int) -> bool:
    """A printed cost of 0 among ``p``'s hand or reattachable equipment (playable with no voltage)."""
    C = st.C
    if any(C[c].cost == 0 for c in st.hand[p]):
        return True
    return any(u is not None and u.equip is not None and C[u.equip].cost == 0 for u in st.slots[p])


# ---------------------------------------------------------------------------------------- refusals
def _why_reequip(st: SarasvatiState, p: int, a: Action) -> Refusal:
    nargs(a, 2, "reequip FROM TO", "reequip 付け替え元 付け替え先")
    i, u = unit_at(st, p, a.args[0])
    j, _ = unit_at(st, p, a.args[1])
    if u.equip is None:
        return Refusal(f"the character at {a.args[0]} has no equipment (§2)",
                       f"{a.args[0]} のキャラクターは装備カードを装備していません (§2)")
    e = st.C[u.equip]
    if not e.reattachable:
        return Refusal(f"{e.id} {e.name} is not reattachable (付け替え可能, §2, §5.4)",
                       f"{card_ja(e)}は付け替え可能な装備ではありません (付け替え可能, §2, §5.4)")
    if i == j:
        return Refusal("re-attach to a different character of yours (§5.4)",
                       "付け替え先は別の自分のキャラクターにしてください (§5.4)")
    afford(st, p, e)
    return Refusal("not a legal re-attachment now (§5.4)", "今はその付け替えはできません (§5.4)")


def _wrong_type(c: Card, verb: str) -> Refusal | None:
    """§2: a card of another type than ``verb`` plays (or an evolution summoned, a non-evolution evolved)."""
    want = PLAYS[verb]
    if c.type != want:
        if c.type == "book":
            return Refusal(f"{c.id} is a forbidden book; books are never played from hand (§2)",
                           f"{card_ja(c)}は禁書カードです。禁書は手札から使えません (§2)")
        how = {"character": "summon (or evolve)", "support": "use", "equipment": "equip"}[c.type]
        how_ja = {"character": "summon で召喚(進化カードなら evolve で進化)", "support": "use で使用",
                  "equipment": "equip で装備"}[c.type]
        article = "an" if want[0] in "aeiou" else "a"
        return Refusal(f"{c.id} is {'an' if c.type[0] in 'aeiou' else 'a'} {c.type}, not {article} {want}: {how} it "
                       f"(§2, §5.4)",
                       f"{card_ja(c)}は{TYPE_JA[c.type]}カードで、{TYPE_JA[want]}カードではありません。"
                       f"{how_ja}してください (§2, §5.4)")
    if verb == "summon" and c.evolves_from:
        return Refusal(f"{c.id} is an evolution: evolve it onto {c.evolves_from} with 'evolve {c.id} PLACE' (§2)",
                       f"{card_ja(c)}は進化カードです。「evolve {c.id} 場所」で{c.evolves_from}に重ねて進化させてください (§2)")
    if verb == "evolve" and not c.evolves_from:
        return Refusal(f"{c.id} is not an evolution card; summon it (§2)",
                       f"{card_ja(c)}は進化カードではありません。summon で召喚してください (§2)")
    return None


def _why_place(st: SarasvatiState, p: int, c: Card, a: Action) -> Refusal | None:
    """The place (or the support's choice) an imagine action names, refused (None: it is right)."""
    v = a.verb
    if v == "summon":
        i = own_place(st, p, a.args[1])
        if st.slots[p][i] is not None:
            return Refusal(f"{a.args[1]} is occupied; summon into an empty slot (§2, §5.4)",
                           f"{a.args[1]} にはすでにキャラクターがいます。空いている枠に召喚してください (§2, §5.4)")
    elif v == "evolve":
        return _why_bases(st, p, c, a)
    elif v == "equip":
        unit_at(st, p, a.args[1])
    elif v == "use" and not support_usable(st, p, c):
        return Refusal(f"{c.id} chooses a character but none qualifies (§8)",
                       f"{card_ja(c)}はキャラクターを選ぶ効果ですが、選べるキャラクターがいません (§8)")
    return None


def _why_bases(st: SarasvatiState, p: int, c: Card, a: Action) -> Refusal | None:
    """§2: an evolution names ``evolve_bases`` different characters it may be put on."""
    k = c.evolve_bases
    if len(a.args) != 1 + k:
        if k == 1:
            raise Refused(Refusal(f"write it as 'evolve {c.id} PLACE' (§11)",
                                  f"「evolve {c.id} 場所」の形で書いてください (§11)"))
        return Refusal(f"{c.id} is put on {k} characters ({c.evolves_from}): write 'evolve {c.id} "
                       f"{' '.join(['PLACE'] * k)}', the stack goes to the first place (evolution, §2)",
                       f"{card_ja(c)}は{c.evolves_from}のキャラクター{k}体に重ねて進化します。「evolve {c.id} "
                       f"{' '.join(['場所'] * k)}」と書いてください。進化したカードは最初に書いた場所に置かれます (進化, §2)")
    seen: set[int] = set()
    for t in a.args[1:]:
        i, u = unit_at(st, p, t)
        if not can_evolve(st.C, c, u):
            b = st.C[u.card]
            return Refusal(f"{c.id} evolves from {c.evolves_from}, but {t} holds {b.id} {b.name} (evolution, §2)",
                           f"{card_ja(c)}の進化元は{c.evolves_from}ですが、{t} にいるのは{card_ja(b)}です (進化, §2)")
        if i in seen:
            return Refusal(f"{t} is named twice; each base is a different character (evolution, §2)",
                           f"{t} が2回書かれています。進化元はそれぞれ別のキャラクターです (進化, §2)")
        seen.add(i)
    return None


# ---------------------------------------------------------------------------------------- answers
def _reequip(st: SarasvatiState, p: int, frm: str, to: str) -> None:
    """§5.4 re-attach a reattachable equipment, paying again."""
    slots = st.slots[p]
    fw = parse_rel(p, frm, st.nf, len(slots))
    tw = parse_rel(p, to, st.nf, len(slots))
    assert fw is not None and tw is not None
    src = slots[fw[1]]
    dst = slots[tw[1]]
    assert src is not None and dst is not None and src.equip is not None
    eq = src.equip
    paid = pay(st, p, st.C[eq].cost)
    src.equip = None
    replace_equip(st, p, tw[1], dst, eq)
    st.emit("reequip", player=p, frm=frm, to=to, card=eq, paid=paid)


def _play(st: SarasvatiState, p: int, a: Action) -> None:
    """A summon (§5.4: into an empty slot of either row; it enters ready), a support used (§2: it
    resolves, then the graveyard) or an equipment attached (§2: one per character)."""
    cid = a.args[0]
    card = st.C[cid]
    paid = pay(st, p, card.cost)
    st.hand[p].remove(cid)
    if a.verb == "use":
        st.discard[p].append(cid)
        st.emit("use", player=p, card=cid, paid=paid)
        push_triggers(st, [(p, cid, idx, -1) for idx in card.triggers("on_play")])
        return
    slots = st.slots[p]
    w = parse_rel(p, a.args[1], st.nf, len(slots))
    assert w is not None
    i = w[1]
    if a.verb == "summon":
        uid = st.new_uid()
        slots[i] = Unit(uid, cid, (), None, True, True, False, ())
        st.emit("summon", player=p, card=cid, place=a.args[1], paid=paid)
        push_triggers(st, [(p, cid, idx, uid) for idx in card.triggers("on_summon")])
        return
    u = slots[i]
    assert u is not None
    replace_equip(st, p, i, u, cid)  # the old equipment is destroyed
    st.emit("equip", player=p, card=cid, place=a.args[1], paid=paid)


def replace_equip(st: SarasvatiState, p: int, i: int, u: Unit, eq: str) -> None:
    """§2: one equipment per character: attaching ``eq`` destroys the old one."""
    old = u.equip
    if old is not None:
        st.discard[p].append(old)
        st.emit("equip_destroyed", player=p, place=place(i, st.nf), card=old)
    u.equip = eq
