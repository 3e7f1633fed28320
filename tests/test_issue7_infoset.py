"""Issue 7 §1, §2, §4: an honest resample, information sets for agents, sealed picks and private
decisions (ARCHITECTURE §4: ``state.resample``, ``state.infoset``, sealed picks)."""

from __future__ import annotations

import gc
import json
import random
from collections import Counter
from typing import Any

import pytest

import fudaba
from fudaba.agents import RandomAgent, make_agent
from fudaba.core import Rng
from fudaba.core.actions import PRIVATE_KIND
from fudaba.core.errors import FudabaError
from fudaba.core.events import Event
from fudaba.core.infoset import InfoSet
from fudaba.core.session import Session
from fudaba.sim import SimConfig, play_game

from .property_hooks import TWIN
from .walpurgis.helpers import pos

CASES = [("maken", None), ("sarasvati", None), ("suikoden", None), ("walpurgis", "v2.01"), ("walpurgis", "v1.01")]
IDS = ["maken", "sarasvati", "suikoden", "walpurgis-v2.01", "walpurgis-v1.01"]


def _advance(st: Any, rng: Rng, n: int) -> Any:
    for _ in range(n):
        if st.over:
            break
        st.apply(rng.choice(st.legal_actions()))
    return st


def _mid_game(name: str, variant: str | None, seed: int = 3, steps: int = 25) -> Any:
    st = _advance(fudaba.load_game(name, variant).new_game(seed=seed), Rng(seed), steps)
    assert not st.over
    return st


def _same_sample(a: Any, b: Any, seat: int, k: int) -> bool:
    ra, rb = a.resample(seat, Rng(k)), b.resample(seat, Rng(k))
    return bool(ra.hash() == rb.hash() and ra.to_json() == rb.to_json())


# ====================================================================== §1 resample
def test_1_resample_sarasvati_opponent_cards_split_otherwise_between_hand_and_deck_same_sample() -> None:
    st = _mid_game("sarasvati", None)
    seat, o = 0, 1
    twin = st.clone()
    h, d = twin.hand[o], twin.deck[o]
    j = next(i for i, c in enumerate(d) if c != h[0])
    h[0], d[j] = d[j], h[0]  # another card of the opponent's in its hand
    d.reverse()  # its deck in another order
    twin.deck[seat].reverse()  # the seat's own deck order is unseen too
    twin.rng.state ^= 0xDEADBEEF  # and so are future shuffles
    assert twin.hash() != st.hash()
    assert twin.view(seat) == st.view(seat) and twin.log_view(seat) == st.log_view(seat)
    assert all(_same_sample(st, twin, seat, k) for k in range(5))


@pytest.mark.parametrize("variant", ["v2.01", "v1.01"])
def test_1_resample_walpurgis_opponent_cards_elsewhere_and_other_rng_same_sample(variant: str) -> None:
    st = _mid_game("walpurgis", variant)
    seat, o = 0, 1
    twin = st.clone()
    h, d = twin.hand[o], twin.deck[o]
    j = next(i for i, c in enumerate(d) if c != h[0])
    h[0], d[j] = d[j], h[0]
    d.reverse()
    twin.deck[seat].reverse()
    twin.rng.state ^= 0xDEADBEEF
    assert twin.hash() != st.hash()
    assert twin.view(seat) == st.view(seat) and twin.log_view(seat) == st.log_view(seat)
    assert all(_same_sample(st, twin, seat, k) for k in range(5))


@pytest.mark.parametrize(("name", "variant"), CASES, ids=IDS)
def test_1_resample_is_a_function_of_the_seats_information_at_every_decision(name: str, variant: str | None) -> None:
    # a twin (property_hooks.TWIN: hidden cards elsewhere, another RNG, history and origin, other
    # secrets and hidden events of the other seat, another sealed pick) and a state's own sample
    # give the same sample; so does the seat's information set
    g = fudaba.load_game(name, variant)
    rnd = random.Random(7)
    kinds: set[tuple[str, bool]] = set()
    for seed in range(3):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        while not st.over:
            for seat in (0, 1):
                twin = TWIN[name](st, seat, rnd)
                assert twin.view(seat) == st.view(seat) and twin.log_view(seat) == st.log_view(seat)
                k = rnd.randrange(1 << 60)
                assert _same_sample(st, twin, seat, k), (st.decision, seat)
                sample = st.resample(seat, Rng(k))
                assert _same_sample(st, sample, seat, k + 1)
                assert st.infoset(seat).sample(Rng(k)).to_json() == sample.to_json()
                kinds.add((st.decision.kind, st.decision.player == seat))
            _advance(st, rng, 3)
    assert len(kinds) >= 8  # the decision kinds met, of both seats


@pytest.mark.parametrize(("name", "variant"), CASES, ids=IDS)
def test_1_a_sample_keeps_only_the_seats_log_view_and_no_history_or_origin(name: str, variant: str | None) -> None:
    st = _mid_game(name, variant)
    other_secrets = [e for e in st.log if 0 not in e.seen_by and (e.secret or e.hidden)]
    assert other_secrets  # the opponent drew cards (and maybe decided in private)
    r = st.resample(0, Rng(1))
    assert r.log_view(0) == st.log_view(0)
    assert len(r.log) == sum(1 for e in st.log if e.visible_to(0))
    assert all(0 in e.seen_by or not (e.secret or e.hidden) for e in r.log)
    assert r.history == [] and r.origin == {} and st.history and st.origin
    assert r.rng.state != st.rng.state
    assert Counter(r.all_cards()) == Counter(st.all_cards()) and r.view(0) == st.view(0)


def test_5_4_a_sampled_opponent_imagine_decision_names_cards_of_the_sampled_hand() -> None:
    # issue 7: in 1,036 of 1,162 sampled opponent imagine decisions the options named cards that
    # were not in the sampled hand
    g = fudaba.load_game("sarasvati")
    checked = moved = 0
    for seed in range(30):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        while not st.over and checked < 60:
            d = st.decision
            if d.kind == "imagine" and len(d.options) > 2:
                o = d.player
                for k in range(3):
                    r = st.resample(1 - o, Rng(k))
                    named = [a for a in r.legal_actions() if a.verb in ("summon", "use", "equip", "evolve")]
                    assert all(a.args[0] in r.hand[o] for a in named)
                    for a in r.legal_actions():
                        r.clone().apply(a)
                    moved += r.hand[o] != st.hand[o]
                    checked += 1
            st.apply(rng.choice(st.legal_actions()))
    assert checked >= 60 and moved >= checked // 2


def test_1_resample_takes_a_belief_about_the_opponents_cards() -> None:
    st = _mid_game("sarasvati", None)
    o = 1
    n = len(st.hand[o]) + len(st.deck[o])
    books = [st.books[o][k] for k, h in enumerate(st.hits[o]) if h == 0 and st.books[o][k] is not None]
    belief = ["SV-A02"] * n + books
    r = st.resample(0, Rng(3), belief=belief)
    assert Counter(r.hand[o] + r.deck[o]) == Counter({"SV-A02": n})
    assert sorted(b for b in r.books[o] if b is not None) == sorted(b for b in st.books[o] if b is not None)
    assert r.view(0) == st.view(0)
    mapping = {"SV-A02": n, **Counter(books)}
    assert st.resample(0, Rng(3), belief=mapping).to_json() == r.to_json()
    with pytest.raises(FudabaError, match="belief"):
        st.resample(0, Rng(3), belief=["SV-A02"] * (n - 1) + books)
    with pytest.raises(FudabaError, match="belief"):
        st.resample(0, Rng(3), belief=["NO-SUCH"] * n + books)
    with pytest.raises(FudabaError, match="belief"):
        st.resample(0, Rng(3), belief="SV-A02")


def test_1_walpurgis_resample_takes_a_belief_about_the_opponents_unseen_cards() -> None:
    st = _mid_game("walpurgis", "v2.01")
    o = 1
    unseen = [*st.hand[o], *st.deck[o], *st.piles[o], *st.aside[o],
              *(c for sq in st.board for (p, c, s, _f) in sq if p == o and s in (0, 2, 3))]
    r = st.resample(0, Rng(4), belief=["W-RM-01"] * len(unseen))
    assert set(r.hand[o]) <= {"W-RM-01"} and set(r.deck[o]) <= {"W-RM-01"}
    assert r.view(0) == st.view(0)
    with pytest.raises(FudabaError, match="belief"):
        st.resample(0, Rng(4), belief=["W-RM-01"] * (len(unseen) + 1))


def test_1_resample_refuses_an_rng_that_is_not_a_fudaba_rng() -> None:
    st = _mid_game("sarasvati", None)
    with pytest.raises(FudabaError, match="rng"):
        st.resample(0, random.Random(1))  # type: ignore[arg-type]


# ====================================================================== §2 information sets
def test_2_infoset_builds_the_view_only_when_it_is_read() -> None:
    st = _mid_game("walpurgis", "v2.01")
    seat = st.current_player
    info = st.infoset(seat)
    assert info._view is None and info._log is None
    assert info.view == st.view(seat) and info.view is info.view
    assert info.log == st.log_view(seat)
    assert info.seat == seat and info.game is st.game


@pytest.mark.parametrize(("name", "variant"), CASES, ids=IDS)
def test_2_infoset_decision_is_the_seats_own_or_the_public_form(name: str, variant: str | None) -> None:
    st = _mid_game(name, variant)
    d = st.decision
    mine = st.infoset(d.player).decision
    assert mine is not d and (mine.kind, mine.options, mine.ctx, mine.handler) == (d.kind, d.options, d.ctx, "")
    theirs = st.infoset(1 - d.player).decision
    assert theirs.options == [] and theirs.ctx is None and theirs.handler == "" and theirs.player == d.player
    assert theirs.kind == (PRIVATE_KIND if d.private else d.kind)


def _reachable(root: object) -> list[object]:
    """Every object reachable from ``root`` through references (types, modules and functions not
    followed: they lead to the whole program, not to this game)."""
    seen: dict[int, object] = {}
    todo = [root]
    while todo:
        x = todo.pop()
        if id(x) in seen or isinstance(x, (type, type(gc), type(_reachable))):
            continue
        seen[id(x)] = x
        todo.extend(gc.get_referents(x))
    return list(seen.values())


@pytest.mark.parametrize(("name", "variant"), CASES, ids=IDS)
def test_2_nothing_an_agent_can_follow_from_an_infoset_leads_to_the_true_state(name: str, variant: str | None) -> None:
    st = _mid_game(name, variant)
    seat = st.current_player
    info = st.infoset(seat)
    _ = info.view, info.log
    found = _reachable(info)
    ids = {id(x) for x in found}
    o = 1 - seat
    hidden = HIDDEN[name](st, o)
    assert id(st) not in ids and id(st.log) not in ids and id(st.rng) not in ids
    assert not any(id(z) in ids for z in hidden)
    # no event that holds another seat's secret, and the copy's hidden cards are in sorted order
    assert not any(isinstance(x, Event) and x.secret and seat not in x.seen_by for x in found)
    pool = [c for z in POOL[name](info._base, o) for c in z]
    assert pool == sorted(pool)


#: the true state's lists of the other seat's hidden cards, per game
HIDDEN: dict[str, Any] = {
    "sarasvati": lambda st, o: (st.hand[o], st.deck[o]),
    "walpurgis": lambda st, o: (st.hand[o], st.deck[o]),
    "suikoden": lambda st, o: (st.hand[o], st.deck[o], st.returned[o]),
    "maken": lambda st, o: (st.hand[o], st.lp[o], st.deck[o], st.gauge[o], st.damage[o]),
}
#: the infoset copy's hidden places of the other seat, in the order its deal_unseen fills them
POOL: dict[str, Any] = {
    "sarasvati": lambda b, o: (b.hand[o], b.deck[o]),
    "walpurgis": lambda b, o: (b.deck[o], b.piles[o], b.hand[o], b.aside[o]),
    "suikoden": lambda b, o: (b.hand[o], b.returned[o], b.deck[o]),
    "maken": lambda b, o: b.unseen_zones(o, 1 - o),
}


def test_2_a_decision_only_infoset_holds_the_decision_alone() -> None:
    st = _mid_game("sarasvati", None)
    info = st.infoset(st.current_player, decision_only=True)
    assert info._base is None and info.decision.options == st.decision.options
    for read in (lambda: info.view, lambda: info.log, lambda: info.sample(Rng(1)), lambda: info.game):
        with pytest.raises(FudabaError, match="decision only"):
            read()


@pytest.mark.parametrize("name", ["maken", "sarasvati", "suikoden", "walpurgis"])
def test_2_simulate_builds_no_view_for_agents_that_never_read_one(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cfg = SimConfig(name, ("random", "random"), None, {}, seed=0)
    game = cfg.load()
    cls = game.state_class()
    calls = []
    real = cls.view

    def counted(self: Any, player: Any) -> Any:
        calls.append(player)
        return real(self, player)

    monkeypatch.setattr(cls, "view", counted)
    rec = play_game(game, cfg, 0)
    assert rec.actions and calls == []
    assert RandomAgent.reads_decision_only and not make_agent("greedy", name).reads_decision_only
    play_game(game, SimConfig(name, ("greedy", "random"), None, {}, seed=0), 0)
    assert calls  # the greedy agent reads its views


# ====================================================================== §4 sealed picks
ANCHOR = {"4e": [(0, "W-RM-02", "up")], "5e": [(0, "W-RM-01", "active")]}


def _first_pick_made() -> Any:
    # seat 0 (turn player) picks its active formation on 4c, which seat 1 cannot see
    board = {"4c": [(0, "W-RM-07", "active"), (0, "W-RM-08", "bullet"), (1, "W-RR-02", "up"), (1, "W-RR-03", "bullet")],
             "2c": [(0, "W-RM-02", "up")], **ANCHOR}
    st = pos(board, hands=(["W-RM-01"], []), decks=(["W-RM-03"] * 4, ["W-RR-01"] * 4))
    for a in ("place W-RM-01 3c up", "done", "hit 4c active:W-RM-07"):
        st.apply(a)
    return st


def test_5_3_step6_a_sealed_pick_shows_only_that_the_seat_has_picked() -> None:
    st = _first_pick_made()
    assert st.picked() == [0] and st.decision.player == 1 and st.decision.sealed == {"place": "4c"}
    pick = st.log[-1]
    assert (pick.kind, pick.data) == ("pick", {"player": 0, "decision": "hit", "place": "4c"})
    assert pick.view(0)["action"] == "hit 4c active:W-RM-07" and "action" not in pick.view(1)
    # the rules hold no trace of it: not in a frame, not in the pending decision's context
    assert "W-RM-07" not in json.dumps([st.stack, st.decision.ctx, st.decision.to_dict()])
    assert "W-RM-07" not in json.dumps([st.view(1), st.log_view(1), st.view(None)], default=str)
    assert st.infoset(1)._base.sealed == ((0, "hit", "hit", (17, 0), ""),)
    # a view shows that seat 0 has picked, to every viewer, and nothing of what
    for viewer in (0, 1, None):
        assert st.view(viewer)["decision"]["picked"] == [0]


def test_5_3_step6_one_event_reveals_both_picks_together() -> None:
    st = _first_pick_made()
    mark = len(st.log)
    st.apply("hit 4c up:W-RR-02")
    hits = [e for e in st.log[mark:] if e.kind == "hits"]
    assert len(hits) == 1 and hits[0].secret is None
    # each pick as every seat may see it: seat 0's face-down active formation by its state only
    assert hits[0].data == {"place": "4c", "picks": {"0": "active", "1": "up:W-RR-02"}}
    kinds = [e.kind for e in st.log[mark:]]
    assert kinds[:2] == ["pick", "hits"]
    # both cards changed and both seats still have cards on 4c: a new round, whose picks are sealed
    # anew (seat 0 has only its bullet left: the engine picks it, sealed too)
    assert kinds[-1] == "pick" and st.sealed == ((0, "hit", "hit", (17, 0), "hit 4c bullet"),)
    assert st.decision.player == 1 and st.decision.sealed == {"place": "4c"}


def test_5_3_step6_a_sealed_pick_is_kept_in_the_states_json_and_replays() -> None:
    st = _first_pick_made()
    back = st.game.state_from_json(st.to_json())
    assert back.sealed == st.sealed and back.hash() == st.hash() and back.decision.sealed == {"place": "4c"}
    back.apply("hit 4c bullet")
    assert next(e.data for e in back.log if e.kind == "hits") == {"place": "4c", "picks": {"0": "active", "1": "bullet"}}


def test_5_3_step6_resample_draws_the_other_seats_sealed_pick_again_uniformly() -> None:
    st = _first_pick_made()
    n = 400
    firsts = Counter(st.resample(1, Rng(k)).sealed[0][4].split()[-1].split(":")[0] for k in range(n))
    assert set(firsts) == {"active", "bullet"} and all(150 <= v <= 250 for v in firsts.values()), firsts
    assert all(st.resample(0, Rng(k)).sealed == st.sealed for k in range(5))  # its own pick it knows


def test_5_3_step6_sealed_picks_in_random_play_replay_with_their_hashes() -> None:
    g = fudaba.load_game("walpurgis")
    for seed in range(40):
        st = _advance(g.new_game(seed=seed), Rng(seed), 10_000)
        if any(e.kind == "hits" for e in st.log):
            rec = st.record(step_hashes=True)
            assert fudaba.replay(rec).hash() == st.hash()
            return
    pytest.fail("no two-player bullet processing in 40 games")


# ====================================================================== §4 private decisions
def _intercept_position(can: bool) -> Any:
    board = {"1c": [(0, "W-RM-02", "up")], "5a": [(1, "W-RM-02", "up")], "5c": [(1, "W-RM-02", "up")], **ANCHOR}
    hand1 = ["W-RM-01", "W-RR-07"] if can else []
    st = pos(board, hands=(["W-RM-01"], hand1), decks=(["W-RM-03"] * 4, ["W-RR-01", "W-RM-05", "W-RR-02", "W-RM-06"]))
    st.apply("place W-RM-01 2c up")
    st.apply("bullet 3c")
    return st


def test_5_3_step4_an_interception_shows_others_only_that_the_seat_is_deciding() -> None:
    st = _intercept_position(True)
    d = st.decision
    assert d.kind == "intercept" and d.private and len(d.options) > 1
    public = {"player": 1, "kind": PRIVATE_KIND, "prompt": PRIVATE_KIND}
    assert d.public() == public
    assert st.view(0)["decision"] == public and st.view(None)["decision"] == public
    assert st.view(1)["decision"]["kind"] == "intercept" and st.view(1)["decision"]["options"]
    assert st.infoset(0).decision.kind == PRIVATE_KIND
    for lang in ("en", "ja"):
        table = Session(st.game, st, lang=lang).table(0)
        assert "intercept" not in table.lower() and "迎撃" not in table


def test_5_3_step4_no_possible_interception_is_logged_as_a_declined_one() -> None:
    can, cannot = _intercept_position(True), _intercept_position(False)
    can.apply("pass")
    assert cannot.decision.kind != "intercept"
    autos = [e for e in cannot.log if e.kind == "auto" and e.data["decision"] == "intercept"]
    assert len(autos) == 1 and autos[0].hidden and autos[0].seen_by == (1,)
    tail0 = [e["kind"] for e in can.log_view(0)][-6:]
    assert tail0 == [e["kind"] for e in cannot.log_view(0)][-6:] and "pass" in tail0


def test_4_sarasvati_imagine_shows_others_only_that_the_seat_is_deciding() -> None:
    g = fudaba.load_game("sarasvati")
    st = g.new_game(seed=2)
    rng = Rng(2)
    while st.decision.kind != "imagine":
        st.apply(rng.choice(st.legal_actions()))
    p = st.decision.player
    assert st.view(1 - p)["decision"] == {"player": p, "kind": PRIVATE_KIND, "prompt": PRIVATE_KIND}
    assert st.view(p)["decision"]["kind"] == "imagine"


def test_2_infoset_of_a_session_agent_is_an_infoset() -> None:
    seen: list[object] = []

    class Spy(RandomAgent):
        def act(self, infoset: InfoSet) -> Any:
            seen.append(infoset)
            return super().act(infoset)

    g = fudaba.load_game("sarasvati")
    st = g.new_game(seed=1)
    Session(g, st, [Spy(), Spy()]).play_agents()
    assert st.over and seen and all(type(i) is InfoSet and i._base is None for i in seen)
