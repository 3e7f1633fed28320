"""§10 positions, §2 card data, §3 deck lists: loading, round trips and errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fudaba import CardDataError, DeckError, PositionError
from fudaba.core.cards import load_card_file
from fudaba.games.walpurgis.cards import build_card

from .helpers import cell, game, pos, texts

TOML = """
game = "walpurgis"
variant = "v2.01"
turn = 5
active = 0
first = 0
phase = "main"
placed = false
activated = false
seed = 3
[[seat]]
hand = ["W-RM-03"]
deck = ["W-RM-04", "W-RM-01"]
discard = []
bullet_pile = []
[[seat]]
hand = []
deck = ["W-RR-01"]
discard = []
bullet_pile = []
[board]
3c = [{owner = 0, card = "W-RM-01", state = "up"}]
2d = [{owner = 1, card = "W-RR-02", state = "active"}]
"""


def test_10_position_from_toml_text_json_text_dict_and_path(tmp_path: Path) -> None:
    g = game()
    a = g.load_position(TOML)
    assert cell(a, "3c") == [(0, "W-RM-01", "up")] and a.hand[0] == ["W-RM-03"] and a.decision.kind == "main"
    doc = a.position()
    b = g.load_position(json.dumps(doc))
    c = g.load_position(doc)
    p = tmp_path / "pos.toml"
    p.write_text(TOML, encoding="utf-8")
    d = g.load_position(p)
    e = g.load_position(str(p))
    assert a.hash() == b.hash() == c.hash() == d.hash() == e.hash()


def test_10_position_round_trip_keeps_the_hash() -> None:
    st = pos({"2c": [(0, "W-RM-01", "up")], "3c": [(1, "W-RR-01", "bullet")], "4a": [(1, "W-RR-02", "dormant")]},
             hands=(["W-RM-02", "W-RM-03"], ["W-RR-05"]), piles=(["W-RM-08"], []), discards=(["W-RM-07"], []))
    again = game().load_position(st.position())
    assert again.hash() == st.hash()
    st.apply("place W-RM-02 3d down")
    assert game().load_position(st.position()).hash() == st.hash()


def test_10_position_prepare_phase_round_trip() -> None:
    st = pos({"2a": [(0, "W-RM-01", "dormant")], "2b": [(0, "W-RM-01", "dormant")]}, phase="prepare")
    assert st.decision.kind == "wake"
    assert game().load_position(st.position()).hash() == st.hash()


def test_10_position_inline_cards() -> None:
    extra = [{"id": "X-TEST-01", "name": "試験弾", "icons": ["霊夢"], "matrix": "B\n@\nC"}]
    st = pos({"1c": [(0, "W-RM-01", "up")]}, hands=(["X-TEST-01"], []), cards=extra)
    assert "place X-TEST-01 2c up" in texts(st)
    doc = st.position()
    assert doc["cards"][0]["id"] == "X-TEST-01"
    assert game().load_position(doc).hash() == st.hash()
    assert game().state_from_json(st.to_json()).hash() == st.hash()


@pytest.mark.parametrize(
    ("patch", "key"),
    [
        ({"colour": "red"}, "'colour'"),
        ({"phase": "lunch"}, "'phase'"),
        ({"active": 2}, "'active'"),
        ({"board": {"6f": []}}, "board.6f"),
        ({"board": {"3c": [{"owner": 0, "card": "NOPE", "state": "up"}]}}, "board.3c[0].card"),
        ({"board": {"3c": [{"owner": 0, "card": "W-RM-01", "state": "sideways"}]}}, "board.3c[0].state"),
        ({"board": {"3c": [{"owner": 0, "card": "W-RM-01", "state": []}]}}, "board.3c[0].state"),
        ({"board": {"3c": [{"owner": 0, "card": "W-RM-01", "state": "up", "x": 1}]}}, "'x'"),
        ({"board": {"3c": [{"owner": 0, "card": "W-RM-01", "state": "up"},
                           {"owner": 0, "card": "W-RM-02", "state": "active"}]}}, "board.3c"),
        ({"seat": [{"hand": ["NOPE"]}, {}]}, "seat[0].hand[0]"),
        ({"seat": [{"hond": []}, {}]}, "'hond'"),
        ({"seat": [{}]}, "'seat'"),
        ({"variant": "v9"}, "'variant'"),
        ({"params": {"nope": 1}}, "'params.nope'"),
    ],
)
def test_10_position_errors_name_the_key(patch: dict[str, object], key: str) -> None:
    import tomllib

    doc = tomllib.loads(TOML)
    doc.update(patch)
    with pytest.raises(PositionError) as e:
        game().load_position(doc)
    assert key in str(e.value)


def test_10_position_not_available_mid_chain() -> None:
    st = pos({"1c": [(0, "W-RR-02", "up")]}, hands=(["W-RR-01"], []))
    st.apply("place W-RR-01 2c up")
    assert st.decision.kind == "bullet"
    with pytest.raises(PositionError, match="phase-level"):
        st.position()


# ---------------------------------------------------------------- §2 card data errors
CARD = """[[card]]
id = "T-1"
name = "試験"
icons = ["霊夢"]
matrix = \"\"\"
.  B  .
.  {at}  .
.  C  .
\"\"\"
{extra}
"""


@pytest.mark.parametrize(
    ("at", "extra", "field", "msg"),
    [
        (".", "", "matrix", "no '@'"),
        ("Q", "", "matrix", "cell 'Q'"),
        ("@", 'keywords = ["速射"]', "sub_matrix", "needs a sub matrix"),
        ("@", 'keywords = ["飛行"]', "keywords[0]", "unknown keyword"),
        ("@", "power = 3", "power", "unknown field"),
        ("@", 'effects = [{ timing = "B", op = "explode" }]', "effects[0]", "unknown op"),
        ("@", 'effects = [{ timing = "B", op = [] }]', "effects[0]", "unknown op"),
        ("@", 'effects = [{ timing = "B", op = "bounce" }]', "effects[0]", "needs timing"),
    ],
)
def test_2_card_errors_name_file_card_field_and_line(tmp_path: Path, at: str, extra: str, field: str, msg: str) -> None:
    p = tmp_path / "bad.toml"
    p.write_text(CARD.format(at=at, extra=extra), encoding="utf-8")
    with pytest.raises(CardDataError) as e:
        load_card_file(p, build_card)
    s = str(e.value)
    assert str(p) in s and "'T-1'" in s and f"'{field}'" in s and msg in s
    assert f"{p}:" in s and s.split(f"{p}:")[1].split(":")[0].isdigit()  # a line number


def test_2_matrix_rows_must_be_equal(tmp_path: Path) -> None:
    p = tmp_path / "bad.toml"
    p.write_text('[[card]]\nid = "T-2"\nname = "x"\nmatrix = """\n. B .\n@ .\n"""\n', encoding="utf-8")
    with pytest.raises(CardDataError, match=r"matrix line 2: 2 cells"):
        load_card_file(p, build_card)


def test_2_sample_pool_has_the_named_cards_and_keywords() -> None:
    g = game()
    for name in ("夢想転生", "陰陽宝玉", "ミアズマスウィープ", "不夜城レッド", "デーモンロードクレイドル",
                 "バニシングエブリシング"):
        assert g.cards.find(name) is not None, name
    kws = {k for c in g.cards.values() for k in c.keywords}
    assert kws == {"速射", "サポート", "持続"}
    for prefix, caster in (("W-RM", "霊夢"), ("W-MR", "魔理沙"), ("W-RR", "レミリア"), ("W-PC", "パチュリー")):
        mine = [c for c in g.cards.values() if c.id.startswith(prefix)]
        assert len(mine) >= 7 and any(c.name == f"通常弾({caster})" for c in mine)


# ---------------------------------------------------------------- §3 decks
def test_3_starter_decks_are_legal() -> None:
    for variant in ("v2.01", "v1.01"):
        g = game(variant)
        decks = g.starter_decks()
        assert len(decks) >= 4
        for d in decks.values():
            assert g.check_deck(d) == []


def test_3_deck_errors_list_every_problem_with_line_numbers() -> None:
    text = "5 W-RM-02  # 夢想封印\n2 W-NOPE\n4 W-RM-03\n"
    with pytest.raises(DeckError) as e:
        game().parse_deck(text)
    probs = e.value.problems
    assert any("line 2" in p and "W-NOPE" in p for p in probs)
    assert any("5 copies of 夢想封印" in p for p in probs)
    assert any("通常弾" in p for p in probs)
    many = "\n".join(f"4 {cid}" for cid in [f"W-{c}-0{i}" for c in ("RM", "MR", "RR", "PC") for i in (1, 2, 3, 4)])
    with pytest.raises(DeckError, match="at most 60"):
        game().parse_deck(many)
