"""§6.1–§6.2 the attack phase up to the judge: the bet (§6.2.1, its order ①–⑥, 注1–注4; §6.6 double
and triple attacks), and the five actions — attack, guard (§6.2.2), maintain with the guard flush
(§6.2.3), GC (§6.2.4), call (§6.2.5) — and ``drop`` (not maintaining: the opponent's GB)."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.errors import Refusal
from ..actions import CALL, DROP, GC, cover, read_bet
from ..effects import apply_effect, draw, gauge_gain, gauge_to_dust, modify_unit, to_dust
from ..state import SPACES, ZERO, MakenState
from .common import action_options, gc_problem, guard_problem, guard_types, maintain_problem
from .decision import SEATS, CoverCtx, MakenKind, Seat, _lang, bet_refusal


# ====================================================================== §6.2.1 the bet
def do_bet(st: MakenState, p: int, a: Action, kind: str) -> None:
    """A bet from hand face up on top of ``p``'s field (§6.2.1): ① legality (the options), ② gauge
    cost — that many gauge cards, top first, to the dust; ③ place; ④ a double/triple attack draws
    1/2 (§6.6); ⑤ gauge gain — stamina top to gauge, stopping at ``gauge_max`` (注1) or an empty
    stamina; ⑥ ``on_bet`` effects (the gain precedes the text, 注2). ``kind``: ``fb`` (without cost
    and gain when ``fb_gauge`` is false, §6.1), ``attack``, ``bonus`` (§6.3)."""
    got = read_bet(a)
    assert got is not None
    cid, n, opts = got
    c = st.cards[cid]
    pay = kind != "fb" or st.game.params["fb_gauge"]
    if not st.search:
        st.emit("bet", player=p, card=cid, n=n, opts=list(opts), bet=kind)
    if pay and c.gauge_cost:  # ②
        gauge_to_dust(st, p, c.gauge_cost, "cost")
    h = st.hand[p]  # ③
    for _ in range(n):
        h.remove(cid)
    f = st.field[p]
    f.append((cid, n, opts, ZERO))
    if n > 1:  # ④
        draw(st, p, n - 1, "double" if n == 2 else "triple")
    if pay and c.gauge_gain:  # ⑤
        gauge_gain(st, p, c.gauge_gain, "bet")
    if c.effects:  # ⑥
        idx = len(f) - 1
        for e in c.effects:
            if e.trigger == "on_bet":
                if e.action == "modify":
                    modify_unit(st, p, idx, e)
                else:
                    apply_effect(st, p, c, e)


# ====================================================================== §6.2 the action
class ActionKind(MakenKind):
    """§6.2 B/C: the player to act chooses one action, as the §6.2 table allows it: even — attack,
    guard or call; forcing a guard — attack (speed and reach ignored) or call; guarding — maintain,
    GC or drop (a player who can do nothing else must call, 注11). The options come from the hand
    and the face-down guard: private."""

    name = "action"
    Ctx = Seat
    private = True
    verbs = ("bet", "call", "drop", "gc", "guard", "maintain")
    title = ("action", "アクション")
    label = ("action", "アクション")
    #: the engine's prompt and the verbs by situation (§6.2 table)
    PROMPTS = {
        "even": "attack phase (even): attack, guard or call",
        "forcing": "attack phase (forcing a guard): attack or call",
        "guarding": "attack phase (guarding): maintain, GC or drop",
    }
    SIT_VERBS = {"even": ("bet", "guard", "call"), "forcing": ("bet", "call"), "guarding": ("maintain", "gc", "drop")}
    SIT_WORDS = {"even": ("even", "拮抗"), "forcing": ("forcing a guard", "ガードさせている"),
                 "guarding": ("guarding", "ガードしている")}
    ASK = {
        "even": ("Attack phase — even (§6.2): attack (speed ≥ {sp}, reach ≥ {rb}), guard, or call. "
                 "Opponent's top card: {top}",
                 "アタックフェイズ・拮抗 (§6.2): 攻撃 (速度{sp}以上、間合{rb}以上)、ガード、コール。相手の一番上のカード: {top}"),
        "forcing": ("Attack phase — you are forcing a guard (§6.2): attack with any card (speed and reach ignored), or "
                    "call (the guard holds)",
                    "アタックフェイズ・ガードさせている (§6.2): 好きなカードで攻撃 (速度・間合は無関係)、またはコール (ガード成立)"),
        "guarding": ("Attack phase — you are guarding ({space}, {count} cards) (§6.2): maintain, GC with your top guard "
                     "card, or drop (the opponent's GB). Opponent's top card: {top}",
                     "アタックフェイズ・ガードしている ({space}、{count}枚) (§6.2): ガード維持、一番上のカードでGC、drop "
                     "(相手のGB)。相手の一番上のカード: {top}"),
    }
    give_up = ("give up the guard: the opponent's guard break (GB)", "ガード維持しない: 相手のGB成立")

    def options(self, st: MakenState, player: int, ctx: Any) -> list[Action]:
        return action_options(st, player)

    def prompt(self, st: MakenState, player: int, ctx: Any) -> str:
        return self.PROMPTS[st.sit[player]]

    def wrong_verb(self, st: MakenState, player: int) -> Refusal:
        sit = st.sit[player]
        if sit not in self.SIT_VERBS:
            return super().wrong_verb(st, player)
        vs = ", ".join(self.SIT_VERBS[sit])
        en, ja = self.SIT_WORDS[sit]
        return Refusal(f"this decision (action, {en}) takes {vs} (§6.2, §11)",
                       f"この場面(アクション、{ja})で使えるのは {vs} です (§6.2, §11)")

    def refuse(self, st: MakenState, player: int, ctx: Any, action: Action) -> Refusal | None:
        sit, v = st.sit[player], action.verb
        if v == "bet":
            if sit == "guarding":
                return Refusal("while guarding you cannot attack: only a GC gets you out (§6.2, 注8)",
                               "ガードしている間は攻撃できません: 抜け出せるのはGCだけです (§6.2, 注8)")
            return bet_refusal(st, player, action, sit or "even")
        if v == "guard":
            return guard_refusal(st, player, action)
        if v == "maintain":
            if len(action.args) > 1 or (action.args and action.args[0] not in SPACES):
                return Refusal("write maintain, or maintain stand / maintain crouch after a flush (§11)",
                               "maintain、またはガード流しの後は maintain stand / maintain crouch と書いてください (§11)")
            return no_type_left(st, player) or maintain_problem(st, player, action.args[0] if action.args else None)
        if v == "gc":
            return gc_problem(st, player)
        if v == "call" and sit == "guarding":
            return Refusal("you cannot call while guarding (§6.2.5, 注13)", "ガードしている時は自分からコールできません (§6.2.5, 注13)")
        if v == "drop" and sit != "guarding":
            return Refusal("you drop a guard only while guarding (§6.2.3)", "drop はガードしている時だけです (§6.2.3)")
        return None

    def answer(self, st: MakenState, a: Action, ctx: Seat) -> None:
        p = ctx.seat
        o = 1 - p
        v = a.verb
        st.after_fb = False
        if v == "bet":  # §6.2.1: situations unchanged, the other acts
            do_bet(st, p, a, "attack")
            st.push("action", (o,))
        elif v == "guard":
            guard(st, p, a.args[0])
        elif v == "maintain":
            maintain(st, p, a.args[0] if a.args else "")
        elif a is GC:
            guard_cancel(st, p)
        elif a is DROP:  # §6.2.3: not maintaining — the opponent's GB
            st.emit("drop", player=p)
            st.push("judge", ("gb", o))
        else:
            assert a is CALL
            call(st, p)

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        from ..text.table import top_text  # words are loaded when asked for (issue 19 §4)
        from ..text.words import SPACE
        you = view["seat"]
        lg = _lang(lang)
        tb = view["table"]["players"]
        mine, other = tb[you], tb[1 - you]
        top = other["top"]
        s = mine.get("situation") or "even"
        if s == "even":
            return self.say(lg, self.ASK[s], sp=top["speed"] if top else 0, rb=top["reach_back"] if top else 0,
                            top=top_text(other, lg, game))
        if s == "forcing":
            return self.say(lg, self.ASK[s])
        g = mine["guard"]
        return self.say(lg, self.ASK["guarding"], space=SPACE[lg].get(g["space"] or "", ""), count=g["count"],
                        top=top_text(other, lg, game))

    def gloss(self, game: Any, action: Action, view: dict[str, Any], lang: str) -> str:
        from ..text.prompts import bet_gloss, call_gloss, gc_gloss, guard_gloss, maintain_gloss
        v, args = action.verb, action.args
        if v == "bet":
            forcing = view["table"]["players"][view["seat"]].get("situation") == "forcing"
            return bet_gloss(game, view, args, "forcing" if forcing else "even", lang)
        if v == "guard":
            return guard_gloss(game, view, args[0], lang)
        if v == "maintain":
            return maintain_gloss(game, view, args[0] if args else "", lang)
        if v == "gc":
            return gc_gloss(game, view, lang)
        if v == "drop":
            return self.say(lang, self.give_up)
        return call_gloss(view, lang)


ACTION = ActionKind()


def action(st: MakenState, ctx: Any) -> None:
    """§6.2 B/C: the seat of the frame acts."""
    (p,) = ctx
    st.phase = "attack"
    st.ask(ACTION, p, SEATS[p])


def guard(st: MakenState, p: int, t: str) -> None:
    """§6.2.2: your field to the dust in bet order (注5), then T's guard difficulty in cards from
    hand, face down, one at a time, in the ``t`` space; you are guarding, the opponent forcing."""
    o = 1 - p
    u = st.top(o)
    assert u is not None
    need = st.unit_stats(o, u)[4]
    moved = [cid for cid, n, _o, _m in st.field[p] for _ in range(n)]
    to_dust(st, p, moved)
    st.field[p] = []
    st.gspace[p] = t
    st.sit[p] = "guarding"
    st.sit[o] = "forcing"
    st.emit("guard", player=p, space=t, need=need, dusted=moved)
    st.push("action", (o,))
    st.push("cover", (p, need))


def maintain(st: MakenState, p: int, t: str) -> None:
    """§6.2.3: ① a guard flush when T is unguardable for the current type (the guard cards to the
    dust in bet order, 注8; the new type ``t`` chosen, 注9); ② cover up to T's guard difficulty."""
    o = 1 - p
    u = st.top(o)
    need = st.unit_stats(o, u)[4] if u is not None else 0
    if t:
        flushed = st.gcards[p]
        to_dust(st, p, flushed)
        st.gcards[p] = []
        st.emit("flush", player=p, space=st.gspace[p], cards=flushed, to=t)
        st.gspace[p] = t
    add = need - len(st.gcards[p])
    st.emit("maintain", player=p, space=st.gspace[p], add=max(0, add))
    st.push("action", (o,))
    if add > 0:
        st.push("cover", (p, add))


def guard_cancel(st: MakenState, p: int) -> None:
    """§6.2.4: open the top guard card (注10), pay its gauge cost (no gain unless
    ``gc_gauge_gain``, no ``on_bet``): the GC is established (D5)."""
    c = st.cards[st.gcards[p][-1]]
    st.gopen[p] = True
    st.emit("gc", player=p, card=c.id, space=st.gspace[p])
    if c.gauge_cost:
        gauge_to_dust(st, p, c.gauge_cost, "cost")
    if st.game.params["gc_gauge_gain"] and c.gauge_gain:
        gauge_gain(st, p, c.gauge_gain, "gc")
    st.push("judge", ("gc", p))


def call(st: MakenState, p: int) -> None:
    """§6.2.5: even — the faster top card's clean hit, equal speeds a trade (an empty field is speed
    0, 注12); forcing — the guarding player's guard holds."""
    o = 1 - p
    if st.sit[p] == "forcing":
        st.emit("call", player=p, outcome="guard_holds")
        st.push("judge", ("guard_holds", o))
        return
    mine, theirs = st.top(p), st.top(o)
    sp = st.unit_stats(p, mine)[0] if mine is not None else 0
    so = st.unit_stats(o, theirs)[0] if theirs is not None else 0
    if sp > so:
        st.emit("call", player=p, outcome="clean_hit", speeds=[sp, so], winner=p)
        st.push("judge", ("clean_hit", p))
    elif so > sp:
        st.emit("call", player=p, outcome="clean_hit", speeds=[sp, so], winner=o)
        st.push("judge", ("clean_hit", o))
    else:
        st.emit("call", player=p, outcome="trade", speeds=[sp, so])
        st.push("judge", ("trade", p))


# ====================================================================== the guard cards
def cover_options(st: MakenState, p: int) -> list[Action]:
    return [cover(cid) for cid in sorted(set(st.hand[p]))]


class Cover(MakenKind):
    """§6.2.2/§6.2.3: one face-down card from hand onto the guard space (the last is the top), as many
    times as the guard needs; the card is seen by its owner only (private)."""

    name = "cover"
    Ctx = CoverCtx
    private = True
    verbs = ("cover",)
    title = ("a guard card", "ガードに使うカード")
    label = ("a guard card (face down)", "ガードのカード")
    ask = ("Guard (§6.2.2): put a card from your hand face down in the {space} space — {k} more; the last one is the "
           "top (only the top can GC)",
           "ガード (§6.2.2): 手札のカードを{space}ガードスペースに裏向きにベット — あと{k}枚。最後の1枚が一番上 "
           "(GCできるのは一番上だけ)")

    def options(self, st: MakenState, player: int, ctx: Any) -> list[Action]:
        return cover_options(st, player)

    def prompt(self, st: MakenState, player: int, ctx: CoverCtx) -> str:
        return f"guard: cover with a card from hand ({ctx.left} more)"

    def refuse(self, st: MakenState, player: int, ctx: Any, action: Action) -> Refusal | None:
        if len(action.args) != 1:
            return Refusal("write cover ID: one card from your hand at a time (§11, §6.2.2)",
                           "cover ID と書いてください: 手札のカードを1枚ずつ (§11, §6.2.2)")
        cid = action.args[0]
        if cid not in st.hand[player]:
            return Refusal(f"{cid} is not in your hand: cover with a card from your hand, face down (§6.2.2, B-2)",
                           f"{cid} は手札にありません: 手札のカードを裏向きにベットしてください (§6.2.2, B-2)")
        return None

    def answer(self, st: MakenState, a: Action, ctx: CoverCtx) -> None:
        p, k = ctx
        cid = a.args[0]
        st.hand[p].remove(cid)
        st.gcards[p].append(cid)
        if not st.search:
            st.emit("cover", secret={"card": cid}, seen_by=(p,), player=p, space=st.gspace[p],
                    count=len(st.gcards[p]))
        if k > 1:
            st.push("cover", (p, k - 1))

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        from ..text.words import SPACE
        lg = _lang(lang)
        g = view["table"]["players"][view["seat"]]["guard"]
        prompt = str(view["decision"].get("prompt", ""))
        k = prompt.split("(")[-1].split()[0] if "(" in prompt else "?"
        return self.say(lg, space=SPACE[lg].get(g["space"] or "", ""), k=k)

    def gloss(self, game: Any, action: Action, view: dict[str, Any], lang: str) -> str:
        from ..text.prompts import card_gloss
        return card_gloss(game, "cover", action.args[0], lang)


COVER = Cover()


def cover_step(st: MakenState, ctx: Any) -> None:
    """§6.2.2/§6.2.3: the next face-down card of the guard (``k`` more to go)."""
    p, k = ctx
    if k <= 0:
        return
    st.ask(COVER, p, CoverCtx(p, k))


# ====================================================================== refusals of guards
_SPACE_JA = {"stand": "立ちガード", "crouch": "屈みガード", "air": "空中ガード"}


def guard_refusal(st: MakenState, p: int, a: Action) -> Refusal | None:
    """Why ``guard …`` is refused (§6.2, §6.2.2)."""
    if st.sit[p] == "guarding":
        return Refusal("you are guarding already: maintain, GC or drop (§6.2)",
                       "既にガードしています: ガード維持・GC・drop のどれかです (§6.2)")
    if st.sit[p] == "forcing":
        return Refusal("while forcing a guard you attack or call (§6.2)", "ガードさせている間は攻撃かコールです (§6.2)")
    if len(a.args) != 1 or a.args[0] not in SPACES:
        return Refusal("write guard stand, guard crouch or guard air (§11)",
                       "guard stand / guard crouch / guard air と書いてください (§11)")
    return type_from_dust(st, p, a.args[0]) or guard_problem(st, p, a.args[0])


def type_from_dust(st: MakenState, p: int, t: str) -> Refusal | None:
    """§6.2.2 [decision]: with an empty field (not right after the FB) the guard type follows the dust
    top's posture (注7), and with no posture there it is chosen, stand or crouch."""
    if (st.after_fb and p != st.active) or st.top(p) is not None:
        return None
    u = st.top(1 - p)
    if u is None or len(st.hand[p]) < st.unit_stats(1 - p, u)[4]:
        return None
    types = guard_types(st, p)
    if t in types:
        return None
    if len(types) == 1:
        return Refusal(f"your field is empty: your guard type is {types[0]}, the posture of your dust top (§6.2.2, B-2, "
                       "注7)",
                       f"アタックフィールドが空です: ガード方法はダストの一番上のカードの姿勢に対応した{_SPACE_JA[types[0]]}です "
                       "(§6.2.2, B-2, 注7)")
    return Refusal("your field is empty and your dust top has no posture: the guard is stand or crouch, chosen (§6.2.2)",
                   "アタックフィールドが空で、ダストの一番上に姿勢がありません: 立ちガードか屈みガードを選びます (§6.2.2)")


def no_type_left(st: MakenState, p: int) -> Refusal | None:
    """注9: a top card unguardable both standing and crouching flushes any guard it is unguardable for,
    and leaves no type to choose anew: the guard cannot be maintained (the opponent's GB)."""
    if st.sit[p] != "guarding":
        return None
    u = st.top(1 - p)
    if u is None:
        return None
    c = st.cards[u[0]]
    if st.gspace[p] in c.unguardable and "stand" in c.unguardable and "crouch" in c.unguardable:
        return Refusal(f"{c.name} is unguardable standing and crouching: it flushes your {st.gspace[p]} guard and leaves "
                       "no guard to choose anew, so it cannot be maintained — GC or drop (§6.2.3, B-3, 注9)",
                       f"{c.name}は立ちガード不可かつ屈みガード不可です: ガード流しの後に選べるガードがないので維持できません。"
                       "GCか drop です (§6.2.3, B-3, 注9)")
    return None
