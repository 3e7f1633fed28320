"""Issue 19 §2: Sarasvati's decisions are typed kinds. Each owns its options — computed again, by the
same code, wherever a decision must be rebuilt (a sample, a state document) — its one check, its
answer and its words; the context of an effect's target is a named type."""

from __future__ import annotations

import json
from typing import Any

import pytest
from sv_util import opts, seat

from fudaba.core import PositionError, Rng
from fudaba.core.actions import Action
from fudaba.games.sarasvati.rules import KINDS, TARGET, EffectCtx


def _target(make: Any) -> Any:
    """A support that chooses one of its player's characters, just used: the target decision (§8)."""
    st = make(seat(hand=["SV-R2", "SV-A01"], volt=3, slots={"F1": "SV-A02", "F2": "SV-A04"}))
    st.apply("use SV-R2")
    return st


def _keep(make: Any) -> Any:
    """An evolution onto two bases that both hold an equipment: which one it keeps (§2 Q&A)."""
    st = make(seat(hand=["SV-B24", "SV-A01"], volt=5,
                   slots={"F1": {"card": "SV-B03", "equip": "SV-R3"}, "F2": {"card": "SV-B21", "equip": "SV-A10"}}))
    st.apply("evolve SV-B24 F2 F1")
    return st


def test_19_2_the_game_lists_its_kinds_by_their_old_words(game: Any) -> None:
    assert [(k.name, k.handler, k.private) for k in KINDS] == [
        ("charge", "charge", False), ("imagine", "imagine", True), ("keep", "keep", False), ("move", "move", False),
        ("battle", "battle", False), ("target", "target", False)]
    assert game.KINDS == KINDS and game.KIND_BY_HANDLER["target"] is TARGET
    assert type(game).ANSWERS == {}  # the kinds answer


def test_19_2_an_effect_target_has_a_named_context_kept_by_a_state_document(make: Any, game: Any) -> None:
    st = _target(make)
    d = st.decision
    assert (d.kind, d.prompt, opts(st)) == ("target", "target", ["target F1", "target F2"])
    assert d.ctx == EffectCtx(player=0, card="SV-R2", effect=0, source=-1) and d.ctx.card == "SV-R2"
    doc = json.loads(st.to_json())
    assert doc["common"]["decision"]["ctx"] == [0, "SV-R2", 0, -1]  # the same JSON as the plain tuple
    back = game.state_from_json(st.to_json())
    assert isinstance(back.decision.ctx, EffectCtx) and back.hash() == st.hash()


def test_19_2_a_state_document_whose_target_options_differ_from_the_rules_is_refused(make: Any, game: Any) -> None:
    doc = json.loads(_target(make).to_json())
    doc["common"]["decision"]["options"] = ["target F1", "target xF1"]
    with pytest.raises(PositionError, match=r"are not the options the rules give at this target decision"):
        game.state_from_json(json.dumps(doc))


def test_19_2_samples_rebuild_the_target_and_keep_options_by_their_kind(make: Any) -> None:
    for st in (_target(make), _keep(make)):
        for seat_ in (0, 1):
            sample = st.resample(seat_, Rng(5))
            assert sample.decision.options == st.decision.options
            sample.apply(sample.decision.options[-1])  # every option applies in the sample


def test_19_2_keep_holds_the_evolution_in_hand_for_the_other_seat_sample(make: Any) -> None:
    st = _keep(make)
    assert opts(st) == ["keep SV-A10", "keep SV-R3"] and st.decision.ctx == ("SV-B24", "F2", "F1")
    for k in range(5):
        sample = st.resample(1, Rng(k))
        assert sample.hand[0][0] == "SV-B24" and len(sample.hand[0]) == len(st.hand[0]) == 2


def test_19_2_every_option_passes_its_kinds_check_and_others_are_refused_by_it(make: Any) -> None:
    for st in (_target(make), _keep(make), make(seat(hand=["SV-A02"], volt=2, slots={"F1": "SV-A04"}))):
        d = st.decision
        kind = st.game.KIND_BY_HANDLER[d.handler]
        assert all(kind.check(st, d.player, d.ctx, a) is None for a in d.options)
        r = kind.check(st, d.player, d.ctx, Action.of("attack", "F1", "xK1"))
        assert r is not None and r.text("ja") != r.en
        assert st.explain(Action.of("attack", "F1", "xK1")) == r.en


def test_19_2_each_kind_says_its_question_and_the_table_names_it(make: Any, game: Any) -> None:
    cases = [
        (make(seat(hand=["SV-A02"]), phase="charge"),
         "Charge phase (§5.3): put one card from your hand into voltage, or pass",
         "チャージフェイズ (§5.3): 手札を1枚ボルテージに置くか、pass", "チャージ"),
        (make(seat(hand=["SV-A02"], volt=3, tapped=1)),
         "Imagine phase (§5.4): pay voltage to summon, evolve, use, equip or re-equip — or end (voltage 2/3)",
         "イマジンフェイズ (§5.4): ボルテージを払って召喚・進化・使用・装備・付け替え、または end (ボルテージ 2/3)",
         "イマジン"),
        (make(seat(slots={"F1": "SV-A02"}), phase="move"),
         "Move phase (§5.5): a ready character may move to the other row (it becomes defenceless) — or end",
         "ムーブフェイズ (§5.5): 臨戦状態のキャラクターを反対の列へ移動 (無防備になる)、または end", "ムーブ"),
        (make(seat(slots={"F1": "SV-A02"}), phase="battle"),
         "Battle phase (§6): attack with a ready character (target: an enemy character or book) — or end",
         "バトルフェイズ (§6): 臨戦状態のキャラクターで相手のキャラクターか禁書を攻撃、または end", "バトル"),
        (_keep(make), "Evolution (Q&A): the new stack may keep only one equipment — choose which",
         "進化 (Q&A): 引き継げる装備は1つだけです。残す装備を選んでください", "残す装備"),
        (_target(make), "Choose the target of Who Needs Brains!: one of your characters: atk +5000, def -2000 "
                        "until end of turn.",
         "何が知性だ!の効果の対象を選んでください: ", "効果の対象"),
    ]
    for st, en, ja, word in cases:
        d = st.decision
        v = st.view(d.player)
        assert game.prompt(v, "en", st.log_view(d.player)) == en
        assert game.prompt(v, "ja", st.log_view(d.player)).startswith(ja)
        assert f"decision: P{d.player} {d.kind}" in game.render(v, "en")
        assert f"選択: P{d.player} {word}" in game.render(v, "ja")
