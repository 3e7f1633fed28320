"""Notation of spec §11: the legal actions of each phase-level decision, and refusal explanations.

Places are relative to the acting player: own ``F1..``, ``B1..``, ``K1..``; the opponent's carry an
``x`` prefix. Cards in hand are named by id (names are resolved by the core parser).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ...core.actions import Action, number
from ...core.errors import Refusal
from .cards import TYPE_JA
from .effects import apply_cost, candidates, cost_delta, parse_rel, stats

if TYPE_CHECKING:
    from .cards import Card
    from .state import SarasvatiState, Unit

END = Action.const("end")
PASS = Action.const("pass")

_PLACES: dict[tuple[int, int], tuple[list[str], list[str]]] = {}


def places(nf: int, n: int) -> tuple[list[str], list[str]]:
    """(own place names, enemy place names) by slot index."""
    key = (nf, n)
    r = _PLACES.get(key)
    if r is None:
        own = [f"F{i + 1}" if i < nf else f"B{i - nf + 1}" for i in range(n)]
        r = _PLACES[key] = (own, ["x" + s for s in own])
    return r


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


def charge_options(st: SarasvatiState) -> list[Action]:
    opts = []
    seen: set[str] = set()
    for c in st.hand[st.active]:
        if c not in seen:
            seen.add(c)
            opts.append(Action.of("charge", c))
    opts.append(PASS)
    return opts


def imagine_options(st: SarasvatiState) -> list[Action]:
    p = st.active
    C = st.C
    slots = st.slots[p]
    own_pl = places(st.nf, len(slots))[0]
    untapped = len(st.volt[p]) - st.tapped[p]
    opts: list[Action] = []
    # §5.4: a card costing 0 needs no voltage (fast path: nothing is affordable with no voltage otherwise)
    if untapped > 0 or _zero_cost_in_play(st, p):
        delta = cost_delta(st, p)
        empty = [i for i, u in enumerate(slots) if u is None]
        units = [i for i, u in enumerate(slots) if u is not None]
        seen: set[str] = set()
        of = Action.of
        for cid in st.hand[p]:
            if cid in seen:
                continue
            seen.add(cid)
            c = C[cid]
            cost = c.cost if not delta else apply_cost(c.cost, delta)
            if cost > untapped:
                continue
            t = c.type
            if t == "character":
                if c.evolves_from:
                    bases = [i for i in units if can_evolve(C, c, slots[i])]
                    k = c.evolve_bases
                    if k == 1:
                        for i in bases:
                            opts.append(of("evolve", cid, own_pl[i]))
                    elif len(bases) >= k:  # several bases: the stack goes to the first place named
                        for i in bases:
                            rest = [j for j in bases if j != i]
                            for others in combinations(rest, k - 1):
                                opts.append(of("evolve", cid, own_pl[i], *(own_pl[j] for j in others)))
                else:
                    row = summon_actions(cid, st.nf, len(slots))
                    opts += [row[i] for i in empty]
            elif t == "equipment":
                for i in units:
                    opts.append(of("equip", cid, own_pl[i]))
            elif t == "support" and support_usable(st, p, c):
                opts.append(of("use", cid))
        if len(units) > 1:
            for i in units:
                u = slots[i]
                assert u is not None
                if u.equip is not None:
                    e = C[u.equip]
                    if e.reattachable and apply_cost(e.cost, delta) <= untapped:
                        for j in units:
                            if j != i:
                                opts.append(of("reequip", own_pl[i], own_pl[j]))
    opts.append(END)
    return opts


_SUMMONS: dict[tuple[str, int, int], list[Action]] = {}


def summon_actions(cid: str, nf: int, n: int) -> list[Action]:
    """``summon CID <place i>`` for every slot ``i`` (built once per card and board size)."""
    key = (cid, nf, n)
    row = _SUMMONS.get(key)
    if row is None:
        row = _SUMMONS[key] = [Action.of("summon", cid, pl) for pl in places(nf, n)[0]]
    return row


def _zero_cost_in_play(st: SarasvatiState, p: int) -> bool:
    """A printed cost of 0 among ``p``'s hand or reattachable equipment (playable with no voltage)."""
    C = st.C
    if any(C[c].cost == 0 for c in st.hand[p]):
        return True
    return any(u is not None and u.equip is not None and C[u.equip].cost == 0 for u in st.slots[p])


_MOVE_TABLE: dict[tuple[int, int], list[list[Action]]] = {}


def move_table(nf: int, n: int) -> list[list[Action]]:
    """``move_table(nf, n)[i][j]``: the action ``move <place i> <place j>`` (built once per board size)."""
    t = _MOVE_TABLE.get((nf, n))
    if t is None:
        own = places(nf, n)[0]
        t = _MOVE_TABLE[(nf, n)] = [[Action.of("move", own[i], own[j]) for j in range(n)] for i in range(n)]
    return t


def move_options(st: SarasvatiState) -> list[Action]:
    """§5.5: every ready character that has not moved this turn, to each empty slot of the other row."""
    p = st.active
    slots = st.slots[p]
    nf = st.nf
    n = len(slots)
    table = move_table(nf, n)
    opts: list[Action] = []
    empty_front = [j for j in range(nf) if slots[j] is None]
    empty_back = [j for j in range(nf, n) if slots[j] is None]
    for i, u in enumerate(slots):
        if u is None or not u.ready or u.moved:
            continue
        row = table[i]
        opts += [row[j] for j in (empty_back if i < nf else empty_front)]
    opts.append(END)
    return opts


def wall_up(st: SarasvatiState, side: int) -> bool:
    """Wall rule (壁役, §6): a ready character in ``side``'s front row."""
    for j in range(st.nf):
        u = st.slots[side][j]
        if u is not None and u.ready:
            return True
    return False


def can_attack(st: SarasvatiState, u: Unit, atk: int) -> bool:
    return u.ready and atk >= 0 and not (u.new and st.game.params["summoning_sickness"])


def battle_options(st: SarasvatiState) -> list[Action]:
    """§6: each ready character (not summoned this turn, atk ≥ 0) may attack an enemy character or,
    when no ready character guards the front row (wall rule), a forbidden book."""
    p = st.active
    o = 1 - p
    slots = st.slots[p]
    sick = st.game.params["summoning_sickness"]
    ready = [(i, u) for i, u in enumerate(slots) if u is not None and u.ready and not (u.new and sick)]
    if not ready:
        return [END]
    if all(base_atk(st, u) >= 0 for _i, u in ready) and not atk_may_drop(st):
        attackers = [i for i, _u in ready]  # no atk can be below 0: stats need not be computed
    else:
        s = stats(st)[p]
        attackers = [i for i, _u in ready if s[i][0] >= 0]  # type: ignore[index]
        if not attackers:
            return [END]
    nf = st.nf
    n = len(slots)
    eslots = st.slots[o]
    # wall rule: a ready character in the enemy front row guards the back row and the books
    if wall_up(st, o):
        targets = [j for j in range(nf) if eslots[j] is not None]
    else:
        targets = [j for j, u in enumerate(eslots) if u is not None]
        targets += [n + k for k, b in enumerate(st.books[o]) if b is not None]
    table = attack_table(nf, n, len(st.books[o]))
    opts = [table[i][t] for i in attackers for t in targets]
    opts.append(END)
    return opts


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


# ---------------------------------------------------------------------------------------- refusals
# Every refusal is written once, English and Japanese side by side: ``_r(en, ja)``. ``explain`` gives
# the English, ``explain_in`` the Japanese (the rulebook's own vocabulary; same § sections, places
# and ids; cards named as ``ID「名前」``). Refusals are off the hot path: both texts are built only
# when an action is refused.


#: one refusal reason in English and Japanese: the core's bilingual refusal type
Why = Refusal
_r = Refusal

#: phase-level decision kinds in Japanese (the draft's phase names)
_KIND_JA = {"charge": "チャージフェイズ", "imagine": "イマジンフェイズ", "move": "ムーブフェイズ",
            "battle": "バトルフェイズ", "target": "効果の対象選択", "keep": "残す装備の選択"}
_VERBS = "charge, pass, summon, evolve, use, equip, reequip, move, attack, target, keep, end, concede"


def _card_ja(c: Card) -> str:
    """``ID「名前」`` (``ID『名前』`` when the name itself holds 「」)."""
    return f"{c.id}『{c.name}』" if "「" in c.name else f"{c.id}「{c.name}」"


def explain(st: SarasvatiState, a: Action) -> str:
    """Why ``a`` is not legal now, naming the rule and its spec section."""
    return reason(st, a).en


def explain_in(st: SarasvatiState, a: Action, lang: str) -> str:
    """``explain`` in ``lang`` (``ja``; anything else gives the English)."""
    return reason(st, a).text(lang)


def reason(st: SarasvatiState, a: Action) -> Why:
    """Why ``a`` is not legal now, in both languages."""
    d = st.decision
    if d is None:
        return _r("no decision is pending", "応答を待っている選択はありません")
    kind = d.kind
    verb = a.verb
    phase_of = {"charge": "charge", "pass": "charge", "summon": "imagine", "evolve": "imagine", "use": "imagine",
                "equip": "imagine", "reequip": "imagine", "move": "move", "attack": "battle", "target": "target",
                "keep": "keep"}
    sec = {"charge": "§5.3", "imagine": "§5.4", "move": "§5.5", "battle": "§6", "target": "§8", "keep": "§2"}
    want = phase_of.get(verb)
    if verb == "end" and kind in ("imagine", "move", "battle"):
        return _r("not a legal action now", "今は行えない行動です")
    if want is None and verb != "end":
        return _r(f"unknown action {verb!r}; actions are {_VERBS} (§11)",
                  f"「{verb}」という行動はありません。行動は {_VERBS} です (§11)")
    if want != kind:
        if kind == "target":
            return _r("an effect is waiting for its target: answer with 'target PLACE' (§8)",
                      "効果が対象の選択を待っています。「target 場所」で答えてください (§8)")
        if kind == "keep":
            return _r("an evolution is waiting for the equipment to keep: answer with 'keep CARD-ID' (§2, Q&A)",
                      "進化で引き継ぐ装備のうち、残す1枚の選択を待っています。「keep カードID」で答えてください (§2, Q&A)")
        if want == "keep":
            return _r("'keep' answers the choice of equipment to keep when an evolution inherits several (§2, Q&A)",
                      "keep は、進化で複数の装備を引き継ぐときに残す装備を選ぶための行動です (§2, Q&A)")
        here, there = sec.get(kind, "§5"), sec.get(want or "", "§5")
        belongs_ja = (f"{_KIND_JA[want]}の行動" if want else "イマジンフェイズ・ムーブフェイズ・バトルフェイズの行動")
        return _r(f"it is the {kind} decision ({here}); {verb!r} belongs to the "
                  f"{want or 'imagine, move or battle'} phase ({there})",
                  f"今は{_KIND_JA.get(kind, kind)}です ({here})。{verb} は{belongs_ja}です ({there})")
    p = d.player
    try:
        if kind == "charge":
            return _explain_charge(st, p, a)
        if kind == "imagine":
            return _explain_imagine(st, p, a)
        if kind == "move":
            return _explain_move(st, p, a)
        if kind == "battle":
            return _explain_attack(st, p, a)
        if kind == "keep":
            return _explain_keep(st, a)
        return _explain_target(st, p, a)
    except _Refusal as r:
        return r.why


class _Refusal(Exception):
    def __init__(self, why: Why) -> None:
        super().__init__(why.en)
        self.why = why


def _nargs(a: Action, n: int, form: str, form_ja: str) -> None:
    if len(a.args) != n:
        raise _Refusal(_r(f"write it as '{form}' (§11)", f"「{form_ja}」の形で書いてください (§11)"))


def _in_hand(st: SarasvatiState, p: int, cid: str) -> Card:
    c = st.C.get(cid)
    if c is None:
        raise _Refusal(_r(f"unknown card {cid!r} (§2)", f"「{cid}」というカードはありません (§2)"))
    if cid not in st.hand[p]:
        raise _Refusal(_r(f"{cid} is not in your hand (§1)", f"{_card_ja(c)}は手札にありません (§1)"))
    return c


def _own_place(st: SarasvatiState, p: int, tok: str) -> int:
    n = len(st.slots[p])
    w = parse_rel(p, tok, st.nf, n)
    if w is None or tok[:1] in ("x", "X"):
        nf, nb = st.nf, n - st.nf
        raise _Refusal(_r(f"{tok} is not one of your battle-zone places (F1..F{nf}, B1..B{nb}; §1, §11)",
                          f"{tok} は自分のバトルゾーンの場所ではありません (前列 F1..F{nf}、後列 B1..B{nb}; §1, §11)"))
    return w[1]


def _unit(st: SarasvatiState, p: int, tok: str) -> tuple[int, Unit]:
    i = _own_place(st, p, tok)
    u = st.slots[p][i]
    if u is None:
        raise _Refusal(_r(f"there is no character of yours at {tok} (§1)", f"{tok} に自分のキャラクターはいません (§1)"))
    return i, u


def _explain_charge(st: SarasvatiState, p: int, a: Action) -> Why:
    if a.verb == "pass":
        return _r("not a legal action now (§5.3)", "今は行えない行動です (§5.3)")
    _nargs(a, 1, "charge CARD-ID", "charge カードID")
    _in_hand(st, p, a.args[0])
    if st.charges_left <= 0:
        n = st.game.params["charges_per_turn"]
        return _r(f"you may charge only {n} card(s) per turn (charges_per_turn, §5.3)",
                  f"チャージできるのは1ターンに{n}枚までです (charges_per_turn, §5.3)")
    return _r("not a legal charge now (§5.3)", "今はそのチャージはできません (§5.3)")


def _pay(st: SarasvatiState, p: int, c: Card) -> None:
    cost = apply_cost(c.cost, cost_delta(st, p))
    untapped = len(st.volt[p]) - st.tapped[p]
    if cost > untapped:
        raise _Refusal(_r(f"costs {cost} but you have {untapped} untapped voltage (§5.4)",
                          f"コストは{cost}ですが、縦向き(未使用)のボルテージは{untapped}枚しかありません (§5.4)"))


def _explain_imagine(st: SarasvatiState, p: int, a: Action) -> Why:
    v = a.verb
    if v == "reequip":
        _nargs(a, 2, "reequip FROM TO", "reequip 付け替え元 付け替え先")
        i, u = _unit(st, p, a.args[0])
        j, _ = _unit(st, p, a.args[1])
        if u.equip is None:
            return _r(f"the character at {a.args[0]} has no equipment (§2)",
                      f"{a.args[0]} のキャラクターは装備カードを装備していません (§2)")
        e = st.C[u.equip]
        if not e.reattachable:
            return _r(f"{e.id} {e.name} is not reattachable (付け替え可能, §2, §5.4)",
                      f"{_card_ja(e)}は付け替え可能な装備ではありません (付け替え可能, §2, §5.4)")
        if i == j:
            return _r("re-attach to a different character of yours (§5.4)",
                      "付け替え先は別の自分のキャラクターにしてください (§5.4)")
        _pay(st, p, e)
        return _r("not a legal re-attachment now (§5.4)", "今はその付け替えはできません (§5.4)")
    if v == "use":
        _nargs(a, 1, "use CARD-ID", "use カードID")
    elif v != "evolve":
        _nargs(a, 2, f"{v} CARD-ID PLACE", f"{v} カードID 場所")
    elif not a.args:
        raise _Refusal(_r("write it as 'evolve CARD-ID PLACE' (§11)", "「evolve カードID 場所」の形で書いてください (§11)"))
    c = _in_hand(st, p, a.args[0])
    kinds = {"summon": "character", "evolve": "character", "use": "support", "equip": "equipment"}
    if c.type != kinds[v]:
        if c.type == "book":
            return _r(f"{c.id} is a forbidden book; books are never played from hand (§2)",
                      f"{_card_ja(c)}は禁書カードです。禁書は手札から使えません (§2)")
        how = {"character": "summon (or evolve)", "support": "use", "equipment": "equip"}[c.type]
        how_ja = {"character": "summon で召喚(進化カードなら evolve で進化)", "support": "use で使用",
                  "equipment": "equip で装備"}[c.type]
        article = "an" if kinds[v][0] in "aeiou" else "a"
        return _r(f"{c.id} is {'an' if c.type[0] in 'aeiou' else 'a'} {c.type}, not {article} {kinds[v]}: {how} it "
                  f"(§2, §5.4)",
                  f"{_card_ja(c)}は{TYPE_JA[c.type]}カードで、{TYPE_JA[kinds[v]]}カードではありません。"
                  f"{how_ja}してください (§2, §5.4)")
    if v == "summon" and c.evolves_from:
        return _r(f"{c.id} is an evolution: evolve it onto {c.evolves_from} with 'evolve {c.id} PLACE' (§2)",
                  f"{_card_ja(c)}は進化カードです。「evolve {c.id} 場所」で{c.evolves_from}に重ねて進化させてください (§2)")
    if v == "evolve" and not c.evolves_from:
        return _r(f"{c.id} is not an evolution card; summon it (§2)",
                  f"{_card_ja(c)}は進化カードではありません。summon で召喚してください (§2)")
    if v == "summon":
        i = _own_place(st, p, a.args[1])
        if st.slots[p][i] is not None:
            return _r(f"{a.args[1]} is occupied; summon into an empty slot (§2, §5.4)",
                      f"{a.args[1]} にはすでにキャラクターがいます。空いている枠に召喚してください (§2, §5.4)")
    elif v == "evolve":
        k = c.evolve_bases
        if len(a.args) != 1 + k:
            if k == 1:
                raise _Refusal(_r(f"write it as 'evolve {c.id} PLACE' (§11)",
                                  f"「evolve {c.id} 場所」の形で書いてください (§11)"))
            return _r(f"{c.id} is put on {k} characters ({c.evolves_from}): write 'evolve {c.id} "
                      f"{' '.join(['PLACE'] * k)}', the stack goes to the first place (evolution, §2)",
                      f"{_card_ja(c)}は{c.evolves_from}のキャラクター{k}体に重ねて進化します。「evolve {c.id} "
                      f"{' '.join(['場所'] * k)}」と書いてください。進化したカードは最初に書いた場所に置かれます (進化, §2)")
        seen: set[int] = set()
        for t in a.args[1:]:
            i, u = _unit(st, p, t)
            if not can_evolve(st.C, c, u):
                b = st.C[u.card]
                return _r(f"{c.id} evolves from {c.evolves_from}, but {t} holds {b.id} {b.name} (evolution, §2)",
                          f"{_card_ja(c)}の進化元は{c.evolves_from}ですが、{t} にいるのは{_card_ja(b)}です (進化, §2)")
            if i in seen:
                return _r(f"{t} is named twice; each base is a different character (evolution, §2)",
                          f"{t} が2回書かれています。進化元はそれぞれ別のキャラクターです (進化, §2)")
            seen.add(i)
    elif v == "equip":
        _unit(st, p, a.args[1])
    elif v == "use" and not support_usable(st, p, c):
        return _r(f"{c.id} chooses a character but none qualifies (§8)",
                  f"{_card_ja(c)}はキャラクターを選ぶ効果ですが、選べるキャラクターがいません (§8)")
    _pay(st, p, c)
    return _r("not a legal imagine action now (§5.4)", "今はイマジンフェイズのその行動はできません (§5.4)")


def _explain_move(st: SarasvatiState, p: int, a: Action) -> Why:
    _nargs(a, 2, "move FROM TO", "move 移動元 移動先")
    i, u = _unit(st, p, a.args[0])
    j = _own_place(st, p, a.args[1])
    at = a.args[0]
    if not u.ready:
        return _r(f"the character at {at} is defenceless; only ready characters move (§5.5)",
                  f"{at} のキャラクターは無防備状態です。移動できるのは臨戦状態のキャラクターだけです (§5.5)")
    if u.moved:
        return _r(f"the character at {at} already moved this turn (§5.5)",
                  f"{at} のキャラクターはこのターンすでに移動しています (§5.5)")
    if (i < st.nf) == (j < st.nf):
        return _r("a move goes to the other row (§5.5)", "移動先はもう一方の列です(前列から後列、後列から前列) (§5.5)")
    if st.slots[p][j] is not None:
        return _r(f"{a.args[1]} is occupied; move to an empty slot (§5.5)",
                  f"{a.args[1]} にはすでにキャラクターがいます。空いている枠に移動してください (§5.5)")
    return _r("not a legal move now (§5.5)", "今はその移動はできません (§5.5)")


_WALL = _r("the enemy front row has a ready character (壁役, §6)",
           "相手の前列に臨戦状態のキャラクターがいるため、相手の前列しか攻撃できません (壁役, §6)")
_NO_ATTACK = _r("not a legal attack now (§6)", "今はその攻撃はできません (§6)")


def _explain_attack(st: SarasvatiState, p: int, a: Action) -> Why:
    _nargs(a, 2, "attack FROM TARGET", "attack 攻撃元 攻撃先")
    i, u = _unit(st, p, a.args[0])
    at = a.args[0]
    if not u.ready:
        return _r(f"the character at {at} is defenceless; only ready characters attack (§6)",
                  f"{at} のキャラクターは無防備状態です。攻撃できるのは臨戦状態のキャラクターだけです (§6)")
    if u.new and st.game.params["summoning_sickness"]:
        return _r(f"the character at {at} was summoned this turn (summoning sickness, §5, §6)",
                  f"{at} のキャラクターはこのターンに召喚されたばかりなので攻撃できません (召喚酔い, §5, §6)")
    s = stats(st)
    v = s[p][i]
    assert v is not None
    if v[0] < 0:
        return _r(f"the character at {at} has atk {v[0]} < 0 and cannot attack (§6, Q&A)",
                  f"{at} のキャラクターは攻撃力が{v[0]}(マイナス)なので攻撃できません (§6, Q&A)")
    tok = a.args[1]
    o = 1 - p
    if tok[:1] not in ("x", "X"):
        return _r(f"{tok} is your own place; attack an enemy place such as xF1 or xK1 (§6, §11)",
                  f"{tok} は自分の場所です。xF1 や xK1 のような相手の場所を攻撃してください (§6, §11)")
    if tok[1:2].upper() == "K":
        n = number(tok[2:], 4)
        k = -1 if n is None else n - 1
        if not 0 <= k < len(st.books[o]):
            return _r(f"the opponent has no forbidden book {tok} (§1)", f"相手の禁書 {tok} はありません (§1)")
        if st.books[o][k] is None:
            return _r(f"the forbidden book {tok} is already destroyed: it is in the graveyard (§6)",
                      f"禁書 {tok} はすでに破壊され、墓地にあります (§6)")
        if wall_up(st, o):
            return _WALL
        return _NO_ATTACK
    w = parse_rel(p, tok, st.nf, len(st.slots[p]))
    if w is None:
        return _r(f"{tok} is not a place (xF1.., xB1.., xK1..; §11)",
                  f"{tok} という場所はありません (xF1.., xB1.., xK1..; §11)")
    if st.slots[o][w[1]] is None:
        return _r(f"there is no enemy character at {tok} (§6)", f"{tok} に相手のキャラクターはいません (§6)")
    if w[1] >= st.nf and wall_up(st, o):
        return _WALL
    return _NO_ATTACK


def _explain_target(st: SarasvatiState, p: int, a: Action) -> Why:
    _nargs(a, 1, "target PLACE", "target 場所")
    d = st.decision
    assert d is not None
    opts = ", ".join(x.args[0] for x in d.options)
    return _r(f"{a.args[0]} is not a legal target of this effect; choose one of {opts} (§8)",
              f"{a.args[0]} はこの効果の対象にできません。{opts} のどれかを選んでください (§8)")


def _explain_keep(st: SarasvatiState, a: Action) -> Why:
    _nargs(a, 1, "keep CARD-ID", "keep カードID")
    d = st.decision
    assert d is not None
    opts = ", ".join(x.args[0] for x in d.options)
    return _r(f"{a.args[0]} is not one of the equipment the evolution inherits; keep one of {opts} "
              f"(one equipment per character, §2, Q&A)",
              f"{a.args[0]} は進化で引き継ぐ装備ではありません。{opts} のどれかを残してください "
              f"(装備はキャラクター1体につき1枚, §2, Q&A)")
