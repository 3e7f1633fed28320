"""§9: every parameter really changes the game; bad values are refused (UnknownGame)."""

from __future__ import annotations

import pytest

from fudaba.core.errors import UnknownGame

from .helpers import AI, GRAY, attack_pos, events, game, pos, seat, texts


def test_9_first() -> None:
    assert game(first=1).new_game(seed=0).first == 1
    assert game(first=0).new_game(seed=0).first == 0
    assert {game().new_game(seed=s).first for s in range(8)} == {0, 1}  # random: drawn with the seed


def test_9_deck_size_and_max_copies_apply_to_given_decks_only() -> None:
    g = game(deck_size=36)
    gray = g.starter_decks()["gray"]
    assert g.check_deck(gray) == ["the deck has 40 cards besides the character; exactly 36 are needed (§3)"]
    assert g.new_game(seed=1).deck[0] != []  # new_game without decks accepts the §10.3 decks
    short = "1 MK-C1\n" + "".join(f"4 MK-{c}\n" for c in ("B01", "B02", "B06", "G01", "G02", "G03", "G04", "G05", "G06"))
    assert g.check_deck(short) == []
    assert game(max_copies=3).check_deck(gray)[0].endswith("4 copies of 雪嶺衝 (MK-B01); at most 3 per card (§3)")


def test_9_lp_starting_hand_mulligan() -> None:
    st = game(lp=2, starting_hand=7, mulligan=False).new_game(seed=2)
    assert [len(x) for x in st.lp] == [2, 2] and [len(h) for h in st.hand] == [7, 7]
    assert st.decision is not None and st.decision.kind == "draw"  # no mulligan
    assert [len(x) for x in game(lp=1).new_game(seed=2).lp] == [1, 1]  # lp 1: the first down loses (§7)


def test_9_draw_limit_and_first_turn_draw() -> None:
    st = pos(seat(GRAY, hand=["MK-G06"]), seat(AI, hand=["MK-A08"]), phase="draw", params={"draw_limit": 5})
    assert texts(st) == [f"draw {n}" for n in range(1, 6)]
    st = pos(seat(GRAY, hand=["MK-G06"]), seat(AI, hand=["MK-A08"]), phase="draw", turn=1,
             params={"first_turn_draw": 3})
    assert texts(st) == ["draw 1", "draw 2", "draw 3"]
    st = pos(seat(GRAY, hand=["MK-G06"]), seat(AI, hand=["MK-A08"]), phase="draw", turn=1,
             params={"first_turn_draw": 5, "draw_limit": 4})
    assert texts(st) == ["draw 1", "draw 2", "draw 3", "draw 4"]  # capped by the draw limit


def test_9_gauge_max() -> None:
    st = pos(seat(GRAY, hand=["MK-B02", "MK-G06"], gauge=["MK-G03"] * 3), seat(AI, hand=["MK-A01"]),
             params={"gauge_max": 3})
    st.apply("bet MK-B02")
    assert len(st.gauge[0]) == 3


def test_9_down_damage() -> None:
    st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                    seat(AI, field=["MK-A02"], hand=["MK-A08"], damage=["MK-A08"] * 4), 0, 1,
                    params={"down_damage": 5})
    st.apply("call")
    assert events(st, "down")[0]["player"] == 1 and st.damage[1] == []


def test_9_support_limit_zero_is_no_limit() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-G01"], supports=["MK-G07"] * 6), seat(AI, hand=["MK-A01"]),
             params={"support_limit": 0})
    assert texts(st) == ["set MK-G06", "bet MK-G01"]
    st = pos(seat(GRAY, hand=["MK-G06", "MK-G01", "MK-G02"], supports=["MK-G07"] * 2), seat(AI, hand=["MK-A01"]),
             params={"support_limit": 2})
    assert texts(st) == ["bet MK-G01", "bet MK-G02"]


def test_9_defenceless_never() -> None:
    st = pos(seat(GRAY, hand=["MK-B01", "MK-G01", "MK-G06"], gauge=["MK-G03"] * 2), seat(AI, hand=[]),
             params={"defenceless": "never"})
    assert texts(st) == ["set MK-G06", "bet MK-G01"]


def test_9_fb_gauge_false() -> None:
    st = pos(seat(GRAY, hand=["MK-B02", "MK-B01", "MK-G06"], stamina=["MK-G05"] * 3), seat(AI, hand=[]),
             params={"fb_gauge": False})
    assert "bet MK-B01" in texts(st)  # cost 2 with an empty gauge: fine, the FB pays nothing
    st.apply("bet MK-B02")  # no gain; Ai (defenceless) must call; at F the B02 itself goes to the gauge
    assert events(st, "gauge_gain") == [] and events(st, "gauge_to_dust") == [] and st.gauge[0] == ["MK-B02"]


def test_9_attack_optional() -> None:
    st = pos(seat(GRAY, hand=["MK-G06", "MK-G01"]), seat(AI, hand=["MK-A01"]), params={"attack_optional": True})
    assert texts(st) == ["set MK-G06", "bet MK-G01", "skip"]


def test_9_gc_gauge_gain() -> None:
    t = {"id": "MK-T02", "name": "試験GC", "kind": "attack", "series": "E", "speed": 1, "reach": 5, "attack": 1,
         "guard": 1, "posture": "stand", "gc": "only", "gauge_gain": 2}
    for flag, gained in ((False, []), (True, [2])):
        st = attack_pos(seat(GRAY, field=["MK-G01"], hand=["MK-G06"]),
                        seat(AI, hand=["MK-A08"], guard={"space": "stand", "cards": ["MK-T02"]}), 0, 1,
                        ("forcing", "guarding"), params={"gc_gauge_gain": flag}, cards=[t])
        st.apply("gc")
        assert [e["count"] for e in events(st, "gauge_gain")] == gained


def test_9_double_and_triple_attack_off() -> None:
    hand = ["MK-G03", "MK-G03", "MK-G03", "MK-G06"]
    st = pos(seat(GRAY, hand=list(hand)), seat(AI, hand=["MK-A01"]))
    assert [t for t in texts(st) if t.startswith("bet")] == [
        "bet MK-G03", "bet MK-G03 x2 speed", "bet MK-G03 x2 reach", "bet MK-G03 x2 attack", "bet MK-G03 x2 guard",
        "bet MK-G03 x3 speed reach", "bet MK-G03 x3 speed attack", "bet MK-G03 x3 speed guard",
        "bet MK-G03 x3 reach attack", "bet MK-G03 x3 reach guard", "bet MK-G03 x3 attack guard"]
    st = pos(seat(GRAY, hand=list(hand)), seat(AI, hand=["MK-A01"]), params={"triple_attack": False})
    assert [t for t in texts(st) if "x3" in t] == [] and "bet MK-G03 x2 speed" in texts(st)
    st = pos(seat(GRAY, hand=list(hand)), seat(AI, hand=["MK-A01"]), params={"double_attack": False,
                                                                             "triple_attack": False})
    assert [t for t in texts(st) if t.startswith("bet")] == ["bet MK-G03"]


def test_9_double_options() -> None:
    st = pos(seat(GRAY, hand=["MK-G03", "MK-G03", "MK-G06"]), seat(AI, hand=["MK-A01", "MK-A08", "MK-A09"]),
             params={"double_options": {"speed": 3}, "triple_attack": False})
    assert [t for t in texts(st) if "x2" in t] == ["bet MK-G03 x2 speed"]
    st.apply("bet MK-G03 x2 speed")
    assert st.unit_stats(0, st.field[0][0])[0] == 6
    g = game(double_options="attack=x3,guard=2")
    assert g.params["double_options"] == {"attack": "x3", "guard": 2}
    with pytest.raises(UnknownGame, match=r"at least 2 are needed while triple_attack is true"):
        game(double_options={"speed": 2})
    with pytest.raises(UnknownGame, match=r"'luck' is not one of"):
        game(double_options={"luck": 2, "speed": 1})


def test_9_multi_counts() -> None:
    for mode, total in (("each", 6), ("one", 4)):
        st = attack_pos(seat(GRAY, field=[{"card": "MK-B02", "n": 2, "opts": ["attack"]}], hand=["MK-G06"]),
                        seat(AI, field=["MK-A03"], hand=["MK-A08", "MK-A09"]), 0, 1, params={"multi_counts": mode})
        st.apply("call")  # 2 = 2: a trade; Gray is called: its sum
        assert events(st, "totals")[0]["totals"]["0"] == total


def test_9_multi_counts_in_the_gb_count() -> None:
    for mode, total in (("each", 4), ("one", 3)):
        st = attack_pos(seat(GRAY, field=[{"card": "MK-G01", "n": 2, "opts": ["speed"]}, "MK-G02"], hand=["MK-G06"]),
                        seat(AI, hand=["MK-A08"], guard={"space": "crouch", "cards": ["MK-A09"]}), 0, 1,
                        ("forcing", "guarding"), params={"multi_counts": mode})
        st.apply("drop")
        assert events(st, "totals")[0]["totals"]["0"] == total  # G02's 2 + 1 per other card (each) or unit (one)


def test_9_bonus_in_gb() -> None:
    for mode, total in (("one", 5), ("full", 6)):
        st = attack_pos(seat(GRAY, hand=["MK-G06"], guard={"space": "stand", "cards": ["MK-G07"]}),
                        seat(AI, field=["MK-E18"], hand=["MK-A02", "MK-A08"]), 1, 0, ("guarding", "forcing"),
                        params={"bonus_in_gb": mode})
        # E18 guard 3: no maintain with one card; drop was applied: Ai's GB; E18's on_hit grants a bonus bet
        st.apply("bet MK-A02")
        assert events(st, "totals")[0]["totals"]["1"] == total  # E18's 4 + 1, or + A02's 2


@pytest.mark.parametrize(("key", "value", "msg"), [
    ("lp", 6, "must be at most 5"), ("lp", 0, "must be at least 1"), ("deck_size", 61, "at most 60"),
    ("defenceless", "sometimes", "allowed values"), ("multi_counts", "two", "allowed values"),
    ("support_limit", 41, "at most 40"), ("first_turn_draw", 7, "at most 6"), ("nonsense", 1, "unknown parameter"),
])
def test_9_bad_values_are_refused(key: str, value: object, msg: str) -> None:
    with pytest.raises(UnknownGame, match=msg):
        game(**{key: value})


def test_9_params_are_described_with_their_ranges() -> None:
    info = {i.name: i for i in game().describe_params()}
    assert set(info) == set(game().PARAMS)
    assert info["lp"].allowed == "a whole number 1–5" and info["lp"].help.endswith("(§4, §7)")
    assert info["support_limit"].allowed == "a whole number 0–40"
    assert info["turn_limit"].allowed == "a whole number 1–1000"
    assert {i.name: i for i in game().describe_params("ja")}["gauge_max"].allowed == "整数 1〜40"
