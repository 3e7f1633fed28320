"""Suikoden's decision kinds (issue 19 §2): one object per decision the rules ask owns its options,
its one legality check with the refusal naming the rule (en/ja), its answer and its words. The
words saved states hold (kind, handler, prompt, private, sealed) are the ones every recorded game
was hashed with."""

from __future__ import annotations

from typing import Any

import pytest

import fudaba
from fudaba.core import Rng
from fudaba.core.actions import Action
from fudaba.core.errors import IllegalAction
from fudaba.games.suikoden.rules import KINDS, STEPS

from .conftest import mission, pos, seat

GAME = fudaba.load_game("suikoden")


def test_13_the_kinds_keep_the_words_of_saved_states() -> None:
    got = {(k.name, k.handler, k.private, k.sealed) for k in KINDS}
    assert got == {("mulligan", "mulligan", True, False), ("main", "main", True, False),
                   ("discard", "more_discard", True, False), ("step", "step", True, False),
                   ("cost", "rune_cost", True, False), ("counter", "counter", True, False),
                   ("target", "target", False, False), ("garrison", "garrison", False, False),
                   ("casualties", "casualties", False, False), ("duel", "duel", True, True),
                   ("replenish", "refill", True, False)}
    assert GAME.KINDS == KINDS and set(GAME.STATE.STEPS) == set(STEPS)  # type: ignore[union-attr]
    assert set(STEPS) == {"setup", "mulligan", "turn", "main", "more_discard", "battle_step", "rune_cost",
                          "counter_window", "effect", "check", "garrison_step", "casualties", "troops_after",
                          "duel_start", "duel_pick", "duel_reveal", "battle_end", "replenish", "refill", "end_turn"}


def _decisions(games: int) -> list[Any]:
    """Copies of the states of random games at each decision."""
    out = []
    for i in range(games):
        st = GAME.new_game(seed=100 + i)
        rng = Rng(i)
        while not st.is_over:
            out.append(st.clone())
            opts = st.legal_actions()
            st.apply(opts[rng.randbelow(len(opts))])
    return out


def test_13_check_accepts_every_option_and_refuses_the_rest_with_the_apply_message() -> None:
    states = _decisions(6)
    seen: set[str] = set()
    kinds = set()
    for st in states:
        d = st.decision
        k = GAME.KIND_BY_HANDLER[d.handler]
        kinds.add(k.name)
        assert k.options(st, d.player, d.ctx) == d.options
        assert all(k.check(st, d.player, d.ctx, a) is None for a in d.options)
        for text in sorted(seen - {a.text for a in d.options})[:12]:
            r = k.check(st, d.player, d.ctx, Action.parse(text))
            assert r is not None and "§" in r.en and "§" in r.ja
            with pytest.raises(IllegalAction) as e:
                st.clone().apply(text)
            assert str(e.value) == f"{text}: {r.en}" and e.value.text("ja") == f"{text}: {r.ja}"
        seen |= {a.text for a in d.options}
    assert kinds >= {"mulligan", "main", "discard", "step", "duel"}


def test_7_3_casualties_read_their_context_by_name_and_from_a_plain_list() -> None:
    # a context read back from a document is the kind's named type; the options are the same either way
    st = fudaba.load_game("suikoden", troops_exact=False).load_position({
        "game": "suikoden", "turn": 5, "active": 0, "first": 0, "phase": "battle", "seed": 1,
        "seat": [seat(mastermind="GS-M02", hand=["GS-A13"], deck=["GS-A10"] * 8,
                      missions=[mission("GS-A16", mine=["GS-A04", "GS-A08", "GS-A07", "GS-A05"], theirs=["GS-B01"])]),
                 seat(hand=["GS-B12"], deck=["GS-B11"] * 8)],
        "battle": {"seat": 0, "slot": "M1", "kind": "new", "actor": 0, "steps": 1, "last_pass": True}})
    st.apply("pass")
    d = st.decision
    k = GAME.KIND_BY_HANDLER[d.handler]
    assert d.kind == "casualties" and (d.ctx.seat, d.ctx.theirs, d.ctx.picked) == (0, 2500, ())
    assert k.options(st, 0, tuple(d.ctx)) == d.options
    back = st.game.state_from_json(st.to_json())
    assert type(back.decision.ctx) is type(d.ctx) and back.decision.ctx == d.ctx


def test_8_4_the_counter_kind_words_its_prompt_and_its_pass() -> None:
    st = pos(seat(hand=["GS-A08", "GS-A13"], missions=[mission("GS-R01", mine=["GS-A01"], theirs=["GS-B01"])]),
             seat(vp=3, hand=["GS-B05", "GS-B12"]),
             battle={"seat": 0, "slot": "M1", "kind": "continue", "actor": 1, "steps": 0}, turn=6, active=1)
    st.apply("deploy GS-B05")
    d = st.decision
    assert (d.kind, d.handler, d.ctx) == ("counter", "counter", (0, "GS-B05"))
    assert d.prompt == "counter the character just deployed, or pass"
    v = st.view(0)
    assert GAME.kind_gloss(Action.of("pass"), v, "en") == "no counter"
    assert GAME.kind_gloss(Action.of("pass"), v, "ja") == "対抗しない"
    assert GAME.kind_gloss(Action.of("counter", "GS-A08"), v, "en") is None  # the text module names the card
    assert GAME.render(v, "en").count("Your decision: counter (対)") == 1
