"""§6.3 D. judge (D1–D5, bonus bets, 注14–注16), §6.4 E. damage and the down (注17, 注18), §6.5 F. the end
of the attack phase (注19), §6.6 double and triple attacks, §7 the end of the game, §8 effects."""

from __future__ import annotations

import pytest

from fudaba import IllegalAction

from .helpers import AI, GRAY, attack_card, attack_pos, events, pos, seat, texts


# ====================================================================== §6.3 D1 clean hit
def test_6_3_D1_clean_hit_every_card_of_the_hitters_field_hits_and_sums() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G02", "MK-G01"], hand=["MK-G06"]), seat(AI, field=["MK-A03"], hand=["MK-A08"]),
                    0, 1)
    st.apply("call")  # Ai calls: G01 (5) beats A03 (2)
    assert [e["card"] for e in events(st, "hit")] == ["MK-G02", "MK-G01"]
    assert events(st, "totals")[0]["totals"] == {"0": 3}
    assert events(st, "bonus_pass") == [] and all(e.kind != "bonus" for e in st.log)


def test_6_3_D1_an_empty_field_gives_the_hitter_a_bonus_bet_which_hits_too() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-B02", "MK-G06"]), seat(AI, hand=["MK-A08", "MK-A09"]), 0, 1,
                    after_fb=True)
    st.apply("call")
    assert st.decision is not None and st.decision.kind == "bonus" and texts(st) == ["bet MK-B02", "pass"]
    st.apply("bet MK-B02")
    assert [e["card"] for e in events(st, "hit")] == ["MK-G01", "MK-B02"]
    assert events(st, "totals")[0]["totals"] == {"0": 3}


def test_6_3_bonus_bet_ignores_speed_and_reach_and_pays_its_cost() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-B01", "MK-G04", "MK-G06"], gauge=["MK-G03", "MK-G05"]),
                    seat(AI, hand=["MK-A08", "MK-A09"]), 0, 1, after_fb=True)
    st.apply("call")
    assert texts(st) == ["bet MK-B01", "pass"]  # reach 0 and speed 1 are fine; G04 is GC-only
    st.apply("bet MK-B01")
    assert events(st, "gauge_to_dust")[0]["cards"] == ["MK-G03", "MK-G05"]
    assert events(st, "totals")[0]["totals"] == {"0": 9}


def test_6_3_bonus_grants_add_up_empty_field_and_on_hit() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G06", "MK-G07"]),
                    seat(AI, field=["MK-A01"], hand=["MK-E18", "MK-A02", "MK-A08"], gauge=["MK-A09"] * 3), 1, 0,
                    after_fb=True)
    st.apply("call")  # Ai's clean hit (6 > 0); Gray's field empty: a bonus bet
    st.apply("bet MK-E18")
    assert st.decision is not None and st.decision.kind == "bonus"  # E18 hits: its on_hit grants another
    st.apply("bet MK-A02")
    assert [e["card"] for e in events(st, "hit")] == ["MK-A01", "MK-E18", "MK-A02"]
    assert events(st, "totals")[0]["totals"] == {"1": 7}


# ====================================================================== §6.3 D2 trade
def test_note_15_trade_reach_correction_on_the_callers_total() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G02", "MK-G03"], hand=["MK-G06"]),
                    seat(AI, field=["MK-A03", "MK-A06"], hand=["MK-A08"] * 3), 0, 1)
    assert texts(st) == ["guard stand", "call"]
    st.apply("call")  # G03 speed 3 = A06 speed 3: a trade; Ai calls
    assert events(st, "totals")[0] == {"outcome": "trade", "totals": {"1": 3, "0": 5}, "reach": 2}  # 5 − 2 (G03)


def test_note_14_totals_never_below_zero() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G02"], hand=["MK-G06"]), seat(AI, field=["MK-A02"], hand=["MK-A08"] * 3),
                    0, 1)
    st.apply("call")  # 4 = 4: trade; Ai's 2 − G02's back reach 3 → 0, not −1
    assert events(st, "totals")[0]["totals"] == {"1": 0, "0": 2}
    assert [(d["player"], d["count"]) for d in events(st, "damage")] == [(1, 2)]


def test_6_3_D2_nothing_hits_in_a_trade() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G05"], hand=["MK-G06", "MK-G01"]), seat(AI, field=["MK-A02"], hand=["MK-A08"]),
                    0, 0)
    assert texts(st) == ["bet MK-G01", "call"]
    st.apply("call")
    assert events(st, "judge")[0] == {"outcome": "trade", "player": 0}
    assert events(st, "hit") == [] and events(st, "effect") == []  # G05's on_hit draw does not apply


# ====================================================================== §6.3 D4 GB
def test_note_16_gb_the_breaking_card_plus_one_per_other_card() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01", "MK-G03", "MK-B01"], hand=["MK-G06"]),
                    seat(AI, hand=["MK-A08"], guard={"space": "crouch", "cards": ["MK-A09"]}), 0, 1,
                    ("forcing", "guarding"))
    # B01: guard 2 → one more card; drop
    st.apply("drop")
    assert events(st, "totals")[0]["totals"] == {"0": 10}  # B01's 8 + 1 + 1


def test_note_16_gb_a_double_breaking_card_its_other_copy_counts_one() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G02", {"card": "MK-B01", "n": 2, "opts": ["attack"]}], hand=["MK-G06"]),
                    seat(AI, hand=["MK-A08"], guard={"space": "crouch", "cards": ["MK-A09"]}), 0, 1,
                    ("forcing", "guarding"))
    st.apply("drop")
    assert events(st, "totals")[0]["totals"] == {"0": 18}  # B01 ×2 = 16, + 1 (its other copy) + 1 (G02)


def test_6_3_D4_on_hit_effects_apply_in_a_gb() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G05"], hand=["MK-G06"], stamina=["MK-G02", "MK-G06"]),
                    seat(AI, hand=["MK-A08"], guard={"space": "crouch", "cards": ["MK-A09"]}), 0, 1,
                    ("forcing", "guarding"))
    st.apply("drop")
    assert events(st, "effect")[0]["action"] == "draw" and "MK-G02" in st.hand[0]


# ====================================================================== §6.3 D5 GC
def test_6_3_D5_gc_the_opened_card_hits_its_attack() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01", "MK-G02"], hand=["MK-G06"]),
                    seat(AI, hand=["MK-A08", "MK-A01"], gauge=["MK-A09"] * 3,
                         guard={"space": "stand", "cards": ["MK-E18"]}), 0, 1, ("forcing", "guarding"))
    assert texts(st) == ["maintain", "gc", "drop"]
    st.apply("gc")
    assert st.decision is not None and st.decision.kind == "bonus"
    st.apply("pass")
    assert events(st, "totals")[0]["totals"] == {"1": 4}
    assert [e["card"] for e in events(st, "hit")] == ["MK-E18"]


# ====================================================================== §6.4 E damage
def test_note_17_in_a_trade_the_called_player_is_damaged_first() -> None:
    gray = seat(GRAY, field=["MK-G02", "MK-G01"], hand=["MK-G06"])
    ai = seat(AI, field=["MK-A06", "MK-A07"], hand=["MK-A08"])
    st = attack_pos(gray, ai, 0, 0)
    st.apply("call")  # Gray calls: Gray 3 − A07's 2 = 1, Ai 4; Ai (called) receives first
    assert [(d["player"], d["count"]) for d in events(st, "damage")] == [(1, 1), (0, 4)]
    st = attack_pos(gray, ai, 0, 1)
    st.apply("call")  # Ai calls: Ai 4 − G01's 2 = 2, Gray 3; Gray (called) receives first
    assert [(d["player"], d["count"]) for d in events(st, "damage")] == [(0, 2), (1, 3)]


def test_note_18_ten_damage_cards_are_a_down_and_the_rest_is_cancelled() -> None:
    st = attack_pos(seat(GRAY, field=["MK-B01"], hand=["MK-G06", "MK-G06"], damage=["MK-G06"] * 8,
                         stamina=["MK-G01", "MK-G02", "MK-G03", "MK-G04"], lp=["MK-G05", "MK-B02"]),
                    seat(AI, field=["MK-A02", "MK-A03"], hand=["MK-A08"]), 1, 0)
    st.apply("call")  # Ai's clean hit for 5: 2 cards reach 10, the other 3 are cancelled
    assert events(st, "damage")[0]["count"] == 2
    assert st.lp[0] == ["MK-B02"] and st.hand[0][-1] == "MK-G05"
    # the damage pile (G02 on top, then G01 and the 8 old ones) under the stamina, order kept
    assert st.deck[0] == ["MK-G03", "MK-G04", "MK-G02", "MK-G01", *["MK-G06"] * 8] and st.damage[0] == []


def test_6_4_on_down_effects_follow_the_down() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                    seat(AI, field=["MK-A02"], hand=["MK-A08"], damage=["MK-A08"] * 9, lp=["MK-A01", "MK-A03"],
                         stamina=["MK-A04", "MK-A05", "MK-A06"]), 0, 1)
    st.apply("call")  # Gray's clean hit (5 > 4) for 1: Ai's down; then Ai's on_down: gauge +2
    assert [e.kind for e in st.log if e.kind in ("down", "effect", "gauge_gain")] == ["down", "effect", "gauge_gain"]
    assert st.gauge[1] == ["MK-A06", "MK-A05"]
    assert st.deck[1] == ["MK-A04", *["MK-A08"] * 9]


# ====================================================================== §6.5 F
def test_6_5_F_tp_first_bottom_to_top_by_destination() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01", "MK-G02"], hand=["MK-G06"]),
                    seat(AI, field=["MK-A01", "MK-A07"], hand=["MK-A08"]), 1, 0)
    st.apply("call")
    moves = events(st, "end_attack")[0]["moves"]
    assert moves == [[1, "MK-A01", "gauge"], [1, "MK-A07", "dust"], [0, "MK-G01", "gauge"], [0, "MK-G02", "dust"]]
    assert st.field == [[], []] and st.sit == ["", ""] and st.phase == "after_attack" and st.decision is not None
    assert st.decision.player == 1 and texts(st) == ["set MK-A08", "end"]


def test_note_19_a_full_gauge_sends_the_card_to_the_dust() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"], gauge=["MK-G03"] * 10),
                    seat(AI, field=["MK-A07"], hand=["MK-A08"]), 0, 0)
    st.apply("call")
    assert [m for m in events(st, "end_attack")[0]["moves"] if m[0] == 0] == [[0, "MK-G01", "dust"]]


def test_6_5_F_face_down_guard_cards_go_to_the_dust() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06", "MK-G05"]),
                    seat(AI, hand=["MK-A08"], guard={"space": "stand", "cards": ["MK-A01", "MK-A06"]}), 0, 0,
                    ("forcing", "guarding"))
    st.apply("call")
    assert [m for m in events(st, "end_attack")[0]["moves"] if m[0] == 1] == [[1, "MK-A01", "dust"],
                                                                                [1, "MK-A06", "dust"]]
    assert st.discard[1][:2] == ["MK-A06", "MK-A01"]


# ====================================================================== §6.6 double and triple attacks
def test_6_6_spec_example_double_speed_over_a01() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G01", "MK-G01", "MK-G06"]), seat(AI, field=["MK-A01"], hand=["MK-A08"]), 1, 0,
                    after_fb=True)
    bets = [t for t in texts(st) if t.startswith("bet")]
    assert bets == ["bet MK-G01 x2 speed"]  # 7 ≥ 6, reach 2 ≥ 1; a single MK-G01 (5) is not
    with pytest.raises(IllegalAction, match=r"its speed 5 is below the opponent's top card's 6"):
        st.apply("bet MK-G01")


def test_6_6_double_draws_one_pays_once_and_counts_each_copy() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-B02", "MK-B02", "MK-G06"], stamina=["MK-G05", "MK-G04", "MK-G03"]),
                    seat(AI, field=["MK-A03"], hand=["MK-A08", "MK-A09"]), 1, 0, after_fb=True)
    st.apply("bet MK-B02 x2 attack")
    assert st.field[0] == [("MK-B02", 2, ("attack",), (0, 0, 0, 0))]
    assert st.hand[0] == ["MK-G06", "MK-G05"]  # drew 1 …
    assert st.gauge[0] == ["MK-G04"]  # … then one gauge gain for the unit
    st.apply("call")  # Ai calls: B02 speed 2 = A03 speed 2: trade; called Gray: 4 (×2) + 2
    assert events(st, "totals")[0]["totals"]["0"] == 6


def test_6_6_triple_draws_two_with_two_different_options() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G03", "MK-G03", "MK-G03"], stamina=["MK-G04", "MK-G05", "MK-G06"]),
                    seat(AI, field=["MK-A03"], hand=["MK-A08", "MK-A09"]), 1, 0, after_fb=True)
    # G03 reach 2 < A03's back reach 3: only with the reach option
    assert [t for t in texts(st) if t.startswith("bet")] == [
        "bet MK-G03 x2 reach", "bet MK-G03 x3 speed reach", "bet MK-G03 x3 reach attack", "bet MK-G03 x3 reach guard"]
    for bad in ("bet MK-G03 x3 speed speed", "bet MK-G03 x3 attack reach", "bet MK-G03 x2", "bet MK-G03 x4 reach"):
        with pytest.raises(IllegalAction, match=r"write bet ID, bet ID x2 OPTION or bet ID x3 OPTION OPTION"):
            st.apply(bad)
    st.apply("bet MK-G03 x3 reach attack")
    assert st.field[0] == [("MK-G03", 3, ("reach", "attack"), (0, 0, 0, 0))]
    assert st.hand[0] == ["MK-G04", "MK-G05"]  # drew 2
    assert st.unit_stats(0, st.field[0][0]) == (3, 3, 3, 6, 2)


def test_6_6_the_top_copy_carries_the_option_and_is_compared() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G01", "MK-G01", "MK-G06"], stamina=["MK-G03"] * 3),
                    seat(AI, field=["MK-A01"], hand=["MK-A07", "MK-A08"]), 1, 0, after_fb=True)
    st.apply("bet MK-G01 x2 speed")
    assert st.unit_stats(0, st.field[0][0])[:3] == (7, 2, 2)
    assert texts(st) == ["guard stand", "call"]  # A07's speed 5 < 7


# ====================================================================== §7 end of the game
def test_7_a_down_on_the_last_lp_card_loses() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                    seat(AI, field=["MK-A02"], hand=["MK-A08"], damage=["MK-A08"] * 9, lp=["MK-A01"]), 0, 1)
    st.apply("call")
    assert st.over and st.winner == 0 and st.result == "down on the last life card"
    assert events(st, "down") == [{"player": 1, "lp": 0, "last": True}]
    assert events(st, "end_attack") == []  # nothing after it resolves


def test_7_stalemate_both_staminas_empty_two_turns_without_an_attack_phase() -> None:
    st = pos(seat(GRAY, hand=["MK-G06"], stamina=[]), seat(AI, hand=["MK-A08"], stamina=[]), turn=9)
    st.apply("skip")
    st.apply("end")  # turn 9 had no attack phase; Ai's turn 10
    assert not st.over and st.turn == 10
    st.apply("skip")
    st.apply("end")
    assert st.over and st.winner is None and st.result == "stalemate"


def test_7_no_deck_out_an_empty_stamina_only_stops_draws() -> None:
    st = pos(seat(GRAY, hand=["MK-G06"], stamina=[]), seat(AI, hand=["MK-A08"]), phase="draw")
    assert not st.over and events(st, "no_draw") == [{"player": 0}]


def test_7_turn_limit_is_a_draw() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-G07"]), seat(AI, hand=["MK-A08"]), turn=3, params={"turn_limit": 3})
    st.apply("skip")
    st.apply("end")
    assert st.over and st.winner is None and st.result == "turn limit"


def test_7_concede_at_any_decision() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]), seat(AI, hand=["MK-A07", "MK-A08"]), 0, 1,
                    after_fb=True)
    assert "concede" not in texts(st)
    st.apply("concede")
    assert st.over and st.winner == 0 and st.result == "player 1 conceded"


# ====================================================================== §8 effects
def test_8_on_bet_modify_with_a_gauge_condition() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G02", "MK-G06"], gauge=[]),
                    seat(AI, field=["MK-A03"], hand=["MK-A08", "MK-A09"]), 1, 0, after_fb=True)
    st.apply("bet MK-G02")  # gauge 0 + 1 = 1 < 3: no bonus
    assert st.field[0][0][3] == (0, 0, 0, 0) and events(st, "effect") == []


def test_8_on_hit_gauge_loss_of_the_opponent() -> None:
    st = attack_pos(seat(GRAY, field=["MK-B01"], hand=["MK-G06", "MK-G06"], gauge=["MK-G03", "MK-G04"]),
                    seat(AI, field=["MK-A06"], hand=["MK-A08"]), 1, 0)
    assert texts(st) == ["guard stand", "call"]
    st.apply("call")  # A06 (3) beats B01 (1)
    assert events(st, "gauge_to_dust")[0] == {"player": 0, "cards": ["MK-G03"], "gauge": 1, "why": "effect"}


def test_8_static_modify_with_a_posture_filter() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                    seat(AI, hand=["MK-A03", "MK-A08"], supports=["MK-A09", "MK-A09"]), 0, 1, after_fb=True)
    assert st.stats(1, st.cards["MK-A03"])[0] == 4  # air: 2 + 1 + 1 (copies add up)
    assert st.stats(1, st.cards["MK-A01"])[0] == 6  # stand: unchanged


def test_8_static_draw_limit_the_highest_applies() -> None:
    st = pos(seat(GRAY, hand=["MK-G06"], supports=["MK-G07"]), seat(AI, hand=["MK-A08"]), phase="draw")
    assert texts(st) == ["draw 1", "draw 2", "draw 3", "draw 4"]


def test_8_on_set_draw_and_turn_start_gauge_gain() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-G01"], stamina=["MK-G03", "MK-G04"]),
             seat(AI, hand=["MK-A08", "MK-A01"], stamina=["MK-A02", "MK-A03"], supports=[]), active=1)
    st.apply("set MK-A08")
    assert st.hand[1] == ["MK-A01", "MK-A02"]  # on_set: draw 1
    st = pos(seat(GRAY, hand=["MK-G01"], supports=["MK-G06"], stamina=["MK-G03", "MK-G04", "MK-G05"]),
             seat(AI, hand=["MK-A08"]), phase="after_attack", active=1)
    st.apply("end")  # Gray's turn starts: 集気 (turn_start: gauge +1), then the draw
    assert st.gauge[0] == ["MK-G03"] and st.decision is not None and st.decision.kind == "draw"
    assert texts(st) == ["draw 1", "draw 2"]


def test_8_a_card_file_error_names_file_card_and_field() -> None:
    from fudaba.core.errors import CardDataError

    g = pos(seat(GRAY, hand=["MK-G06"]), seat(AI, hand=["MK-A08"])).game
    with pytest.raises(CardDataError, match=r"card 'MK-X1': field 'effects\[0\]\.action': 'bonus_bet' is not an "
                                            r"action of on_bet"):
        g.with_cards([attack_card("MK-X1", effects=[{"trigger": "on_bet", "action": "bonus_bet"}])])


def test_6_6_a_triple_attack_is_never_called_a_double_attack_in_any_text() -> None:
    # issue 18: the draw of a triple attack was logged "(double attack)" / 「(ダブルアタック)」
    st = attack_pos(seat(GRAY, hand=["MK-G03", "MK-G03", "MK-G03"], stamina=["MK-G04", "MK-G05", "MK-G06"]),
                    seat(AI, field=["MK-A03"], hand=["MK-A08", "MK-A09"]), 1, 0, after_fb=True)
    since = len(st.log)
    st.apply("bet MK-G03 x3 reach attack")
    g = st.game
    lines = {lang: [g.describe(e, lang) for e in st.log_view(0)[since:]] for lang in ("en", "ja")}
    draw_en = next(x for x in lines["en"] if " draws " in x)
    draw_ja = next(x for x in lines["ja"] if "ドロー" in x)
    assert draw_en.startswith("P0 draws 2 (triple attack)")
    assert draw_ja.startswith("P0: 2枚ドロー (トリプルアタック)")
    assert not any("double" in x.lower() for x in lines["en"]) and not any("ダブル" in x for x in lines["ja"])
    # the table shows the unit as three copies with its two options
    assert "×3" in g.render(st.view(0), "en") and "double" not in g.render(st.view(0), "en").lower()
    assert "ダブル" not in g.render(st.view(0), "ja")
    # a double attack still says so
    st = attack_pos(seat(GRAY, hand=["MK-B02", "MK-B02", "MK-G06"], stamina=["MK-G05", "MK-G04", "MK-G03"]),
                    seat(AI, field=["MK-A03"], hand=["MK-A08", "MK-A09"]), 1, 0, after_fb=True)
    since = len(st.log)
    st.apply("bet MK-B02 x2 attack")
    assert any(g.describe(e, "en").startswith("P0 draws 1 (double attack)") for e in st.log_view(0)[since:])


def test_6_6_a_triple_attack_refused_for_an_option_of_this_game_names_the_triple() -> None:
    st = attack_pos(seat(GRAY, hand=["MK-G03", "MK-G03", "MK-G03"]), seat(AI, field=["MK-A03"], hand=["MK-A08"]),
                    1, 0, after_fb=True, params={"double_options": {"reach": 1, "attack": "x2"}})
    with pytest.raises(IllegalAction) as e:
        st.apply("bet MK-G03 x3 reach guard")
    assert "guard is not an option of a triple attack in this game (double_options) (§6.6)" in str(e.value)
    assert "guard はこのゲームのトリプルアタックの選択肢にありません" in e.value.translations["ja"]
    with pytest.raises(IllegalAction) as e:
        st.apply("bet MK-G03 x2 guard")
    assert "guard is not an option of a double attack in this game" in str(e.value)
