"""Issue 6 §4, for designers: new cards played and simulated at once (``--cards``), card checks that
list every problem, an importer that never changes a card's meaning silently, sweeps that notice
identical games, and parameters that say what they do (``fudaba games GAME``)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba.cli import app
from fudaba.cli.simulate import identical_games_warnings
from fudaba.core.decks import parse_deck_text
from fudaba.core.errors import CardDataError, PositionError
from fudaba.core.record import Record
from fudaba.games.walpurgis.game import WalpurgisGame

runner = CliRunner()
GAMES_DIR = Path(__file__).resolve().parents[1] / "src" / "fudaba" / "games"
#: a new cheap character with a short name; its effect line is two clauses (draw, set_defenceless)
POST = "◇炎の子 [炎子]\n1:500/0(キャラクター/アクション)\n召喚時、カードを1枚引き、相手のキャラクターを1体選び無防備状態にする。\n"
NEW_CARD = {
    "id": "SV-X01", "name": "炎の子", "short_name": "炎子", "type": "character", "cost": 1, "atk": 500, "def": 0,
    "attribute": "アクション", "text": "召喚時、カードを1枚引き、相手のキャラクターを1体選び無防備状態にする。",
    "effects": [
        {"trigger": "on_summon", "target": "self_player", "action": "draw", "amount": 1},
        {"trigger": "on_summon", "target": "choose_enemy_character", "action": "set_defenceless"},
    ],
}


def _flat(text: str) -> str:
    """Output without spaces and table borders (Rich wraps long cells across lines)."""
    return re.sub(r"[\s│┃]", "", text)


@pytest.fixture
def new_cards(tmp_path: Path) -> tuple[Path, Path]:
    """``cards import`` of POST → new.toml, and a deck list that names the new card by its short name."""
    post = tmp_path / "post.txt"
    post.write_text(POST, encoding="utf-8")
    toml = tmp_path / "new.toml"
    r = runner.invoke(app, ["cards", "import", str(post), "--prefix", "SV-X", "--out", str(toml)])
    assert r.exit_code == 0, r.output
    deck = tmp_path / "mine.txt"
    starter = (GAMES_DIR / "sarasvati" / "decks" / "a_vanguard.txt").read_text(encoding="utf-8")
    deck.write_text(re.sub(r"(?m)^4 SV-A02.*$", "4 炎子", starter), encoding="utf-8")
    return toml, deck


# ------------------------------------------------------------------------ import → TOML → deck check
def test_issue6_4_cards_import_writes_the_new_card_with_its_short_name(new_cards: tuple[Path, Path]) -> None:
    toml, _ = new_cards
    (card,) = tomllib.loads(toml.read_text(encoding="utf-8"))["card"]
    assert card == NEW_CARD


def test_issue6_4_deck_check_cards_accepts_a_deck_using_the_new_card(new_cards: tuple[Path, Path]) -> None:
    toml, deck = new_cards
    r = runner.invoke(app, ["deck", "check", str(deck)])
    assert r.exit_code == 1 and "line 3: unknown card '炎子'" in r.output
    r = runner.invoke(app, ["deck", "check", str(deck), "--cards", str(toml)])
    assert r.exit_code == 0, r.output
    assert r.output.strip() == f"{deck}: legal for sarasvati default (40 cards, books: 3)"


def test_issue6_4_short_name_is_a_card_name_in_deck_lists_notation_and_info(new_cards: tuple[Path, Path]) -> None:
    toml, _ = new_cards
    g = fudaba.load_game("sarasvati").with_card_files([toml])
    deck, problems = parse_deck_text("4 炎子\n", g.cards, g.DECK_SECTIONS)
    assert deck.main == ("SV-X01",) * 4 and problems == []
    assert g.resolve_token("炎子") == "SV-X01"
    st = g.new_game(seed=1)
    assert g.inspect(st.view(0), "炎子", "en") == g.card_text("SV-X01", "en")
    assert "炎の子" in g.card_text("SV-X01", "en")
    # a full name wins over a short name: 炎子 is nobody's name; a pool card's name stays that card's
    assert g.cards.find("第零の司書・サラ").id == "SV-R1"


# ------------------------------------------------------------------------ simulate → records → replay
def test_issue6_4_simulate_with_cards_and_the_records_replay_with_and_without_the_file(
        new_cards: tuple[Path, Path], tmp_path: Path) -> None:
    toml, deck = new_cards
    out = tmp_path / "runs.jsonl"
    r = runner.invoke(app, ["simulate", "sarasvati", "--cards", str(toml), "--deck-a", str(deck), "--games", "6",
                            "--agents", "greedy,greedy", "--workers", "2", "--seed", "3", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert _flat(f"cards 1 added from {toml}") in _flat(r.output)
    recs = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    assert len(recs) == 6 and all(x["cards"] == [NEW_CARD] for x in recs)
    assert any(a.startswith("summon SV-X01 ") for x in recs for a in x["actions"])  # the new card was played
    for rec in recs:
        assert fudaba.replay(rec).hash() == rec["final_hash"]
    r = runner.invoke(app, ["replay", str(out), "--game-index", "2", "--lang", "en"])
    assert r.exit_code == 0, r.output
    assert "hashes verified" in r.output
    r = runner.invoke(app, ["replay", str(out), "--game-index", "2", "--lang", "en", "--cards", str(toml)])
    assert r.exit_code == 0, r.output
    assert "hashes verified" in r.output
    # a record that does not carry its cards replays only with --cards
    bare = tmp_path / "bare.json"
    bare.write_text(json.dumps({k: v for k, v in recs[2].items() if k != "cards"}, ensure_ascii=False),
                    encoding="utf-8")
    r = runner.invoke(app, ["replay", str(bare), "--lang", "en"])
    assert r.exit_code == 2 and "unknown card 'SV-X01'" in r.output
    r = runner.invoke(app, ["replay", str(bare), "--lang", "en", "--cards", str(toml)])
    assert r.exit_code == 0, r.output
    assert "hashes verified" in r.output


def test_issue6_4_play_with_cards_accepts_summon_of_the_new_card_by_its_short_name(
        new_cards: tuple[Path, Path], tmp_path: Path) -> None:
    toml, deck = new_cards
    g = fudaba.load_game("sarasvati", first=0).with_card_files([toml])
    seed = next(s for s in range(100)
                if "SV-X01" in g.new_game([g.load_deck(deck), g.starter_decks()["b_keepers"]], s).hand[0])
    hand = g.new_game([g.load_deck(deck), g.starter_decks()["b_keepers"]], seed).hand[0]
    other = next(c for c in hand if c != "SV-X01")
    rec = tmp_path / "game.json"
    r = runner.invoke(app, ["play", "sarasvati", "--cards", str(toml), "--deck", str(deck), "--first", "0",
                            "--seed", str(seed), "--lang", "en", "--record", str(rec)],
                      input=f"charge {other}\nsummon 炎子 F1\nconcede\n")
    assert r.exit_code == 0, r.output
    assert "Refused" not in r.output
    assert "F1:炎の子 500/0 [ready new]" in r.output
    played = json.loads(rec.read_text(encoding="utf-8"))
    assert played["actions"] == [f"charge {other}", "summon SV-X01 F1", "concede 0"]
    assert played["cards"] == [NEW_CARD]
    assert fudaba.replay(played).hash() == played["final_hash"]


# ------------------------------------------------------------------------ every problem of every file
BROKEN_A = """[[card]]
id = "SV-Y01"
name = "壊れ1"
type = "character"
cost = "three"
atk = 1000
def = 1000
attribute = "SF"

[[card]]
id = "SV-Y02"
name = "壊れ2"
type = "spell"
cost = 1
attribute = "SF"

[[card]]
id = "SV-A01"
name = "別物"
type = "support"
cost = 1
attribute = "SF"
"""
BROKEN_B = """[[card]]
id = "SV-Z01"
name = "壊れ3"
type = "support"
cost = 1
attribute = "魔法"

[[card]]
id = "SV-Z02"
name = "正常"
type = "support"
cost = 1
attribute = "SF"
"""


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    d = tmp_path / "broken"
    d.mkdir()
    (d / "a.toml").write_text(BROKEN_A, encoding="utf-8")
    (d / "b.toml").write_text(BROKEN_B, encoding="utf-8")
    return d


def _problems(d: Path) -> list[str]:
    return [
        f"{d / 'a.toml'}:5: card 'SV-Y01': field 'cost': expected int, got str 'three'",
        f"{d / 'a.toml'}:13: card 'SV-Y02': field 'type': 'spell' is not one of character, support, equipment, book",
        f"{d / 'a.toml'}:18: card 'SV-A01': the id is already used by 見習い剣士 among the sarasvati cards; give the "
        "new card another id",
        f"{d / 'b.toml'}:6: card 'SV-Z01': field 'attribute': '魔法' is not one of SF, ファンタジー, アクション, ドラマ",
    ]


def test_issue6_4_cards_check_reports_every_problem_of_both_broken_files(broken: Path) -> None:
    r = runner.invoke(app, ["cards", "check", str(broken)])
    assert r.exit_code == 1
    lines = r.output.splitlines()
    assert [ln[4:] for ln in lines if ln.startswith("  - ")] == _problems(broken)
    assert f"error {broken / 'a.toml'}: 3 problem(s)" in lines
    assert f"error {broken / 'b.toml'}: 1 problem(s) (1 card(s) valid)" in lines
    assert "4 problem(s) in 2 of 2 file(s)" in lines


@pytest.mark.parametrize("command", [
    ["simulate", "sarasvati", "--games", "2"],
    ["play", "sarasvati"],
    ["deck", "check", str(GAMES_DIR / "sarasvati" / "decks" / "a_vanguard.txt")],
])
def test_issue6_4_cards_option_lists_every_problem_and_runs_nothing(broken: Path, command: list[str]) -> None:
    r = runner.invoke(app, [*command, "--cards", str(broken)], input="1\n" * 50)
    assert r.exit_code == 2
    assert "error: --cards: 4 problem(s) in the card files; nothing was run" in r.output
    assert [ln[4:] for ln in r.output.splitlines() if ln.startswith("  - ")] == _problems(broken)
    assert "simulating" not in r.output and "legal" not in r.output and "Your decision" not in r.output


def test_issue6_4_with_cards_refuses_an_id_clash_naming_the_source_and_both_cards() -> None:
    g = fudaba.load_game("sarasvati")
    clash = {**NEW_CARD, "id": "SV-R1"}
    with pytest.raises(CardDataError) as e:
        g.with_cards([clash], "mine.toml")
    assert str(e.value) == ("mine.toml: card 'SV-R1' (炎の子): the id is already used by 第零の司書・サラ among the "
                            "sarasvati cards; give the new card another id")
    assert "SV-R1" not in g.extra_cards and g.cards["SV-R1"].name == "第零の司書・サラ"  # the game is unchanged
    g2 = g.with_cards([NEW_CARD], "new.toml")
    assert g2.with_cards([NEW_CARD], "again") is g2  # the same definition again: nothing to add
    assert g2.extra_cards == [NEW_CARD] and g.extra_cards == []


def test_issue6_4_record_cards_of_the_wrong_shape_is_a_position_error() -> None:
    st = fudaba.load_game("sarasvati").with_cards([NEW_CARD]).new_game(seed=2)
    d = st.record().to_dict()
    with pytest.raises(PositionError, match="record: key 'cards' must be a list of card tables"):
        Record.from_dict({**d, "cards": "SV-X01"})
    with pytest.raises(PositionError, match="record: key 'cards': record 'cards': card 'SV-R1'"):
        fudaba.replay({**d, "cards": [{**NEW_CARD, "id": "SV-R1"}]})


def test_issue6_4_state_json_of_a_game_with_cards_loads_in_the_plain_game() -> None:
    g = fudaba.load_game("sarasvati").with_cards([NEW_CARD], "new.toml")
    deck = (GAMES_DIR / "sarasvati" / "decks" / "a_vanguard.txt").read_text(encoding="utf-8")
    st = g.new_game([re.sub(r"(?m)^4 SV-A02.*$", "4 SV-X01", deck)] * 2, seed=5)
    back = fudaba.load_game("sarasvati").state_from_json(st.to_json())
    assert back.hash() == st.hash() and back.game.extra_cards == [NEW_CARD]
    assert "SV-X01" in back.all_cards()


def test_issue6_4_a_position_with_other_params_keeps_the_games_added_cards() -> None:
    g = fudaba.load_game("sarasvati").with_cards([NEW_CARD], "new.toml")
    deck = (GAMES_DIR / "sarasvati" / "decks" / "a_vanguard.txt").read_text(encoding="utf-8")
    st = g.new_game([re.sub(r"(?m)^4 SV-A02.*$", "4 SV-X01", deck)] * 2, seed=5)
    doc = st.position()
    del doc["cards"]
    doc["params"]["turn_limit"] = 50
    loaded = g.load_position(doc)
    assert loaded.game.params["turn_limit"] == 50 and loaded.game.extra_cards == [NEW_CARD]
    assert sorted(loaded.all_cards()) == sorted(st.all_cards())


def test_issue6_4_walpurgis_game_with_cards_records_positions_and_state_json_carry_them() -> None:
    extra = {"id": "X-TEST-01", "name": "試験弾", "icons": ["霊夢"], "matrix": "B\n@\nC"}
    g = WalpurgisGame().with_cards([extra], "test")
    deck = (GAMES_DIR / "walpurgis" / "decks" / "reimu.txt").read_text(encoding="utf-8") + "4 試験弾\n"
    st = g.new_game([deck, deck], seed=4)
    assert WalpurgisGame().state_from_json(st.to_json()).hash() == st.hash()
    while st.phase != "main" or st.chain:  # to the first phase-level decision
        st.apply(st.legal_actions()[0])
    doc = st.position()
    assert doc["cards"] == [extra]
    assert WalpurgisGame().load_position(doc).hash() == st.hash()
    other = {k: v for k, v in doc.items() if k != "cards"} | {"params": {"turn_limit": 150}}
    assert g.load_position(other).game.extra_cards == [extra]  # other params: the added cards stay
    for _ in range(30):
        st.apply(st.legal_actions()[0])
    rec = st.record()
    assert rec.cards == [extra]
    assert fudaba.replay(Record.from_json(rec.to_json())).hash() == st.hash()


# ------------------------------------------------------------------------ the importer never loses meaning
@pytest.mark.parametrize(("line", "effects", "missed"), [
    ("召喚時、カードを1枚引き、相手のキャラクターを1体選び無防備状態にする。",
     ['{trigger = "on_summon", target = "self_player", action = "draw", amount = 1}',
      '{trigger = "on_summon", target = "choose_enemy_character", action = "set_defenceless"}'], None),
    ("攻撃時、攻撃力+2000し、カードを1枚引く。",
     ['{trigger = "on_attack", target = "self", action = "modify", atk = 2000, duration = "until_end_of_battle"}',
      '{trigger = "on_attack", target = "self_player", action = "draw", amount = 1}'], None),
    ("相手の手札が5枚以上の時、攻撃力+2000。",
     ['{trigger = "static", condition = {opp_hand_size_ge = 5}, target = "self", action = "modify", atk = 2000, '
      'duration = "while_condition"}'], None),
    ("自分のターン中、攻撃力+1000。",
     ['{trigger = "static", condition = {own_turn = true}, target = "self", action = "modify", atk = 1000, '
      'duration = "while_condition"}'], None),
    ("相手のキャラクターが3体以上いる時、攻撃力+3000。",
     ['{trigger = "static", condition = {opp_characters_ge = 3}, target = "self", action = "modify", atk = 3000, '
      'duration = "while_condition"}'], None),
    ("攻撃時、カードを1枚引き、月が綺麗。", ['{trigger = "on_attack", target = "self_player", action = "draw", amount = 1}'],
     "月が綺麗 (part of: 攻撃時、カードを1枚引き、月が綺麗。)"),
])
def test_issue6_4_cards_import_translates_a_sentence_fully_or_marks_what_it_did_not(
        tmp_path: Path, line: str, effects: list[str], missed: str | None) -> None:
    post = tmp_path / "post.txt"
    post.write_text(f"◇試作 [試]\n3:3000/2000(キャラクター/アクション)\n{line}\n", encoding="utf-8")
    out = tmp_path / "out.toml"
    r = runner.invoke(app, ["cards", "import", str(post), "--out", str(out)])
    text = out.read_text(encoding="utf-8")
    got = re.findall(r"(?m)^  (\{.*\}),$", text)
    assert got == effects
    comments = [ln for ln in text.splitlines() if ln.startswith("#")]
    (card,) = tomllib.loads(text)["card"]
    assert card["text"] == line  # the card's text is kept whole
    if missed is None:
        assert r.exit_code == 0, r.output
        assert comments == [] and "not translated" not in r.output
    else:
        assert r.exit_code == 1
        assert comments == [f"# not translated: line 3: {missed}"]
        assert "warning: 1 effect sentence(s) or part(s) not translated" in r.output
        assert f"  - line 3: {missed}" in r.output.splitlines()


# ------------------------------------------------------------------------ sweeps and parameters
def test_issue6_4_sweep_warns_when_two_values_gave_identical_games() -> None:
    r = runner.invoke(app, ["simulate", "walpurgis", "--games", "4", "--agents", "greedy,greedy",
                            "--sweep", "ban_centre=false,true", "--seed", "1"])
    assert r.exit_code == 0, r.output
    flat = _flat(r.output)
    assert _flat("warning: ban_centre=false and ban_centre=true gave identical games: 4 of 4 games had the same "
                 "actions and results for each seed. The parameter never changed a game") in flat
    assert _flat("(ban_centre: tournament rule: the first player's initial placement may not use the centre "
                 "square 3c (§3))") in flat


def test_issue6_4_sweep_says_nothing_when_every_game_differs() -> None:
    r = runner.invoke(app, ["simulate", "sarasvati", "--games", "4", "--agents", "greedy,random",
                            "--sweep", "starting_hand=5,7", "--seed", "3"])
    assert r.exit_code == 0, r.output
    assert "identical" not in r.output


def test_issue6_4_identical_games_counts_per_pair_of_values() -> None:
    a = {0: ("x",), 1: ("y",), 2: ("z",)}
    b = {0: ("x",), 1: ("other",), 2: ("z",)}
    c = {0: ("q",), 1: ("r",), 2: ("s",)}
    out = identical_games_warnings("k", ["1", "2", "3"], [a, b, c])
    assert out == ["[yellow]note:[/] k=1 and k=2 gave identical games in 2 of 3 games (same actions and results "
                   "for each seed): the parameter changed only 1 game(s); the differences between these rows come "
                   "from those alone."]


def test_issue6_4_games_walpurgis_describes_every_parameter() -> None:
    r = runner.invoke(app, ["games", "walpurgis"])
    assert r.exit_code == 0, r.output
    flat = _flat(r.output)
    assert "variants: v2.01 (default), v1.01 (deck_max=0, hand_limit=0)" in r.output
    for key, (en, _) in WalpurgisGame.PARAM_HELP.items():
        assert _flat(f"{key}") in flat and _flat(en) in flat
    assert set(WalpurgisGame.PARAM_HELP) == set(WalpurgisGame.PARAMS)
    assert _flat("ban_centre false true, false tournament rule:") in flat
    r = runner.invoke(app, ["games", "walpurgis", "--lang", "ja"])
    assert r.exit_code == 0 and _flat("大会ルール: 先攻の最初の配置で中央のマス 3c を使えない") in _flat(r.output)


@pytest.mark.parametrize("name", ["maken", "sarasvati", "suikoden", "walpurgis"])
def test_issue6_4_every_parameter_has_a_description_in_both_languages(name: str) -> None:
    g: Any = fudaba.load_game(name)
    infos = g.describe_params("en")
    assert [p.name for p in infos] == list(g.PARAMS)
    assert all(p.help and p.allowed for p in infos)
    assert all(p.help and p.help != e.help for p, e in zip(g.describe_params("ja"), infos, strict=True))
