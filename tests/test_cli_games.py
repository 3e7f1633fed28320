"""The fudaba command as a user would run it, on the real games (issue: CLI play, checks, simulate, replay)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fudaba.cli import app

runner = CliRunner()
GAMES_DIR = Path(__file__).resolve().parents[1] / "src" / "fudaba" / "games"


@pytest.mark.parametrize(("game", "variant"), [("maken", None), ("sarasvati", None), ("suikoden", None),
                                              ("walpurgis", None), ("walpurgis", "v1.01")])
def test_play_a_whole_game_against_the_ai_by_numbers(game: str, variant: str | None) -> None:
    # a scripted human: one illegal action first, then always the first legal action ('list' numbers
    # every option first: numbers are accepted only where they are shown, issue 6 §2)
    args = ["play", game, "--opponent", "greedy", "--seed", "5", "--lang", "en", "--first", "0"]
    if variant:
        args += ["--variant", variant]
    r = runner.invoke(app, args, input="frobnicate\n" + "list\n1\n" * 3000)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Refused: frobnicate:" in r.output
    assert "Result:" in r.output
    assert ("You won!" in r.output) or ("You lost." in r.output) or ("Draw." in r.output)


def test_play_sarasvati_refusal_names_the_rule_and_input_by_notation() -> None:
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "1", "--lang", "en", "--first", "0"],
                      input="summon SV-B09 F1\npass\nconcede\n")
    assert r.exit_code == 0, r.output
    assert "Refused: summon SV-B09 F1:" in r.output and "§5" in r.output
    assert "player 0 conceded" in r.output


def test_play_japanese_and_info_command() -> None:
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "1", "--lang", "ja", "--first", "0"],
                      input="info SV-R1\nconcede\n")
    assert r.exit_code == 0, r.output
    assert "第零の司書・サラ" in r.output
    assert "あなたの負けです" in r.output


def test_play_input_ends_cleanly() -> None:
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "1", "--lang", "en"], input="")
    assert r.exit_code == 1 and "Input ended" in r.output


def test_play_rejects_bad_options() -> None:
    r = runner.invoke(app, ["play", "sarasvati", "--opponent", "genius"])
    assert r.exit_code == 2 and "--opponent must be one of" in r.output
    r = runner.invoke(app, ["play", "sarasvati", "--first", "2"])
    assert r.exit_code == 2 and "allowed values are ['random', 0, 1]" in r.output
    r = runner.invoke(app, ["play", "chess"])
    assert r.exit_code == 2 and "unknown game 'chess'" in r.output


def test_play_with_a_deck_file(tmp_path: Path) -> None:
    deck = (GAMES_DIR / "sarasvati" / "decks" / "b_keepers.txt").read_text(encoding="utf-8")
    p = tmp_path / "mine.txt"
    p.write_text(deck, encoding="utf-8")
    r = runner.invoke(app, ["play", "sarasvati", "--deck", str(p), "--lang", "en", "--first", "1"], input="concede\n")
    assert r.exit_code == 0, r.output
    p.write_text("3 SV-A02\n", encoding="utf-8")
    r = runner.invoke(app, ["play", "sarasvati", "--deck", str(p)], input="concede\n")
    assert r.exit_code == 2 and "must have exactly 40" in r.output


def test_deck_check_starters_are_legal_and_game_is_guessed() -> None:
    files = sorted(str(p) for p in GAMES_DIR.glob("*/decks/*.txt"))
    assert len(files) >= 6
    r = runner.invoke(app, ["deck", "check", *files])
    assert r.exit_code == 0, r.output
    assert r.output.count("legal for sarasvati") >= 2 and r.output.count("legal for walpurgis") >= 4
    assert r.output.count("legal for suikoden") == 2 and r.output.count("legal for maken") == 2


def test_deck_check_output_lines_are_not_wrapped_for_long_paths(tmp_path: Path) -> None:
    # CI checks out under a deep directory; a result line must stay one line whatever the path length
    deep = tmp_path / ("a_rather_long_directory_name_" * 4) / "decks"
    deep.mkdir(parents=True)
    src = GAMES_DIR / "walpurgis" / "decks" / "reimu.txt"
    (deep / src.name).write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    r = runner.invoke(app, ["deck", "check", str(deep / src.name)])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == f"{deep / src.name}: legal for walpurgis v2.01 (32 cards)"


def test_deck_check_sarasvati_lists_every_problem(tmp_path: Path) -> None:
    p = tmp_path / "bad.txt"
    p.write_text("5 SV-A02\n2 ナゾのカード\n# 禁書\n1 SV-R4\n1 SV-A08\n", encoding="utf-8")
    r = runner.invoke(app, ["deck", "check", str(p), "--game", "sarasvati"])
    assert r.exit_code == 1
    out = r.output
    assert "line 2: unknown card 'ナゾのカード'" in out
    assert "must have exactly 40" in out and "at most 4 of a name" in out
    assert "cannot be in the '# 禁書' section" in out and "exactly 3 are needed" in out


def test_cards_check_real_pools() -> None:
    for game in ("maken", "sarasvati", "suikoden", "walpurgis"):
        r = runner.invoke(app, ["cards", "check", str(GAMES_DIR / game / "cards")])
        assert r.exit_code == 0, r.output
        assert f"valid for {game}" in r.output


def test_cards_import_post_template(tmp_path: Path) -> None:
    post = tmp_path / "post.txt"
    post.write_text("◇炎の剣士\n3:3000/2000(キャラクター/アクション、剣士)\n[烈火] 攻撃時、攻撃力+1000\n『燃える剣』\n",
                    encoding="utf-8")
    out = tmp_path / "new.toml"
    r = runner.invoke(app, ["cards", "import", "--game", "sarasvati", str(post), "--out", str(out)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["cards", "check", str(out), "--game", "sarasvati"])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert 'name = "炎の剣士"' in text and "on_attack" in text


def test_simulate_and_replay_sarasvati(tmp_path: Path) -> None:
    out = tmp_path / "runs.jsonl"
    r = runner.invoke(app, ["simulate", "sarasvati", "--games", "40", "--agents", "greedy,random",
                            "--param", "starting_hand=6", "--seed", "1", "--workers", "2", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "starting_hand=6 *" in r.output and "first player" in r.output
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(recs) == 40 and all(x["params"]["starting_hand"] == 6 for x in recs)
    r = runner.invoke(app, ["replay", str(out), "--game-index", "3", "--lang", "en"])
    assert r.exit_code == 0, r.output
    assert "hashes verified" in r.output and f"({recs[3]['result']})" in r.output


def test_simulate_rejects_a_bad_param_value_before_running() -> None:
    r = runner.invoke(app, ["simulate", "sarasvati", "--param", "first=third"])
    assert r.exit_code == 2 and "allowed values" in r.output and "simulating" not in r.output


def test_simulate_sweep_compares_parameter_values_on_the_same_seeds(tmp_path: Path) -> None:
    out = tmp_path / "sweep.jsonl"
    r = runner.invoke(app, ["simulate", "sarasvati", "--games", "20", "--agents", "greedy,random",
                            "--sweep", "starting_hand=5,7", "--seed", "3", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "sweep of starting_hand" in r.output
    assert "starting_hand=5" in r.output and "starting_hand=7" in r.output
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x["params"]["starting_hand"] for x in recs] == [5] * 20 + [7] * 20
    assert [x["seed"] for x in recs[:20]] == [x["seed"] for x in recs[20:]] == list(range(3, 23))


@pytest.mark.parametrize(("sweep", "message"), [
    ("starting_hand=5,x", "expected a whole number"),
    ("starting_hand", "write KEY=V1,V2"),
    ("bogus=1,2", "unknown parameter 'bogus'"),
])
def test_simulate_sweep_rejects_bad_values_before_running(sweep: str, message: str) -> None:
    r = runner.invoke(app, ["simulate", "sarasvati", "--sweep", sweep])
    assert r.exit_code == 2 and message in r.output and "━" not in r.output


def test_play_prompts_say_what_is_decided_in_both_languages() -> None:
    # a prompt names the phase and its rule, in the player's language; options carry card names
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "2", "--lang", "en", "--first", "0"], input="concede\n")
    assert "Your decision: Charge phase (§5.3)" in r.output
    assert "charge SV-A03 Flame Sprite" in r.output
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "2", "--lang", "ja", "--first", "0"],
                      input="info F1\ninfo xK1\nconcede\n")
    assert "あなたの選択: チャージフェイズ (§5.3)" in r.output
    assert "sarasvati — ターン1" in r.output and "選択: P0 チャージ" in r.output
    assert "F1: 空き" in r.output and "xK1: 裏向きの禁書" in r.output
    assert "not a card or place" not in r.output and "あなたの選択: charge" not in r.output
    assert "P0の投了" in r.output


def test_play_walpurgis_bullet_prompt_names_the_card_and_japanese_phase() -> None:
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "2", "--lang", "ja", "--first", "0"],
                      input="done\nplace W-MR-01 3c up\nplace W-MR-07 4d up\nconcede\n")
    assert r.exit_code == 0, r.output
    assert "通常フェイズ (§4)" in r.output
    assert "あなたの選択: 4dのミルキーウェイ:" in r.output and "弾幕対象マスに裏向きの弾幕" in r.output
    assert "手番P0 通常フェイズ [配置済]" in r.output
    assert "actions: type one in notation" not in r.output and "全" in r.output
    assert "P0の投了" in r.output


def test_play_sarasvati_forced_target_reads_as_the_only_choice() -> None:
    # seed 2, first 0: the Shadow-walking Ninja summoned on turn 5 has one enemy target
    script = "4\n2\nsummon SV-A02 F2\nend\nend\n" + "1\nsummon SV-A05 F3\n" + "concede\n"
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "2", "--lang", "en", "--first", "0"], input=script)
    assert r.exit_code == 0, r.output
    assert "(P0: target xF1, the only choice)" in r.output


def test_play_record_is_written_when_the_player_quits_and_replays(tmp_path: Path) -> None:
    rec = tmp_path / "game.json"
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "1", "--lang", "en", "--record", str(rec)],
                      input="1\nquit\n")
    assert r.exit_code == 0, r.output
    from fudaba import replay

    st = replay(rec.read_text(encoding="utf-8"))
    assert not st.is_over and len(st.record().actions) >= 1


def test_play_unwritable_record_path_is_refused_before_the_game(tmp_path: Path) -> None:
    bad = tmp_path / "no" / "such" / "dir" / "game.json"
    r = runner.invoke(app, ["play", "sarasvati", "--record", str(bad)], input="")
    assert r.exit_code == 2
    assert "cannot write the record to" in r.output and "Your decision" not in r.output


def test_play_bare_info_explains_itself_and_out_of_range_numbers_are_refused() -> None:
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "1", "--lang", "en"], input="info\n-1\n0\nquit\n")
    assert r.exit_code == 0, r.output
    assert "info X: X is a card id or name" in r.output
    assert r.output.count("Refused: choose 1–") == 2


def test_replay_refuses_a_bad_seat_or_language_and_reports_an_unfinished_game(tmp_path: Path) -> None:
    rec = tmp_path / "game.json"
    runner.invoke(app, ["play", "walpurgis", "--seed", "2", "--record", str(rec)], input="1\nquit\n")
    r = runner.invoke(app, ["replay", str(rec), "--seat", "5"])
    assert r.exit_code == 2 and "the seats are 0 and 1" in r.output
    r = runner.invoke(app, ["replay", str(rec), "--lang", "fr"])
    assert r.exit_code == 2 and "--lang must be ja or en" in r.output
    r = runner.invoke(app, ["replay", str(rec), "--lang", "en", "--seat", "0"])
    assert r.exit_code == 0, r.output
    assert "walpurgis v2.01 seed 2" in r.output and "result: not over (" in r.output


def test_simulate_unwritable_out_is_refused_before_running(tmp_path: Path) -> None:
    r = runner.invoke(app, ["simulate", "walpurgis", "--games", "2", "--out", str(tmp_path / "no" / "x.jsonl")])
    assert r.exit_code == 2 and "cannot write" in r.output and "wins" not in r.output


def test_play_with_another_games_deck_says_which_game_it_is_for() -> None:
    deck = GAMES_DIR / "walpurgis" / "decks" / "reimu.txt"
    r = runner.invoke(app, ["play", "sarasvati", "--deck", str(deck)], input="")
    assert r.exit_code == 2
    assert "unknown card 'W-RM-01'" in r.output
    assert f"looks like a walpurgis deck: fudaba play walpurgis --deck {deck}" in r.output


def test_simulate_deck_parameter_needs_decks_that_meet_it_and_then_runs(tmp_path: Path) -> None:
    r = runner.invoke(app, ["simulate", "sarasvati", "--games", "2", "--param", "deck_size=30"])
    assert r.exit_code == 2 and "exactly 30 (deck_size, §3)" in r.output
    assert "the starter decks are built for the default deck rules" in r.output and "simulating" not in r.output
    import fudaba
    from fudaba.core.decks import Deck

    g = fudaba.load_game("sarasvati", deck_size=30)
    paths = []
    for i, d in enumerate(sorted(fudaba.load_game("sarasvati").starter_decks().items())[:2]):
        small = Deck(d[1].main[:30], d[1].sections, f"small{i}")
        assert g.check_deck(small) == []
        p = tmp_path / f"small{i}.txt"
        p.write_text(small.to_text(g.cards, g.DECK_SECTIONS), encoding="utf-8")
        paths.append(str(p))
    r = runner.invoke(app, ["simulate", "sarasvati", "--games", "4", "--param", "deck_size=30",
                            "--deck-a", paths[0], "--deck-b", paths[1], "--workers", "1"])
    assert r.exit_code == 0, r.output
    assert "results of 4 games" in r.output


def test_play_with_both_decks_given_under_changed_deck_rules(tmp_path: Path) -> None:
    r = runner.invoke(app, ["play", "sarasvati", "--param", "books=2"], input="")
    assert r.exit_code == 2 and "--deck/--opponent-deck" in r.output
    import fudaba
    from fudaba.core.decks import Deck

    g = fudaba.load_game("sarasvati", books=2)
    paths = []
    for i, (_, d) in enumerate(sorted(fudaba.load_game("sarasvati").starter_decks().items())[:2]):
        two = Deck(d.main, {k: v[:2] for k, v in d.sections.items()}, f"two{i}")
        assert g.check_deck(two) == []
        p = tmp_path / f"two{i}.txt"
        p.write_text(two.to_text(g.cards, g.DECK_SECTIONS), encoding="utf-8")
        paths.append(str(p))
    r = runner.invoke(app, ["play", "sarasvati", "--param", "books=2", "--deck", paths[0], "--opponent-deck", paths[1],
                            "--lang", "en", "--seed", "3"], input="concede\n")
    assert r.exit_code == 0, r.output
    assert "K3" not in r.output.split("Result:")[0].split("books:")[1].split("\n")[0]
    assert "You lost." in r.output


def test_play_result_line_reads_naturally_in_japanese() -> None:
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "1", "--lang", "ja", "--first", "0"], input="concede\n")
    assert r.exit_code == 0, r.output
    assert r.output.rstrip().endswith("結果: あなたの負けです。(P0の投了、ターン1)")
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "1", "--lang", "en", "--first", "0"], input="concede\n")
    assert r.output.rstrip().endswith("Result: You lost. (player 0 conceded, turn 1)")


def test_play_hot_seat_waits_for_the_next_player_before_showing_their_hand() -> None:
    args = ["play", "sarasvati", "--deck", "a_vanguard", "--opponent", "human", "--seed", "2", "--first", "0"]
    r = runner.invoke(app, [*args, "--lang", "ja"], input="pass\n\nconcede\n")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "P1 — このプレイヤーに交代してください" in out and "seat" not in out
    ready = out.index("P1: 席に着いたら Enter を押してください (相手は画面を見ないでください)")
    assert ready < out.index("P1がカードを5枚ドロー: 機甲兵")  # P1's hand only after P1 pressed Enter
    assert out.rstrip().endswith("結果: P0の勝ち(P1の投了、ターン2)")
    r = runner.invoke(app, [*args, "--lang", "en"], input="pass\n\nconcede\n")
    assert "P1: press Enter when you are at the keyboard (the other player looks away)" in r.output
    assert r.output.rstrip().endswith("Result: P0 wins (player 1 conceded, turn 2)")
    r = runner.invoke(app, [*args, "--lang", "en"], input="pass\n")  # input ends at the hand-over
    assert r.exit_code == 1 and "Input ended" in r.output and "P1 draws 5: " not in r.output


def test_play_walpurgis_log_says_a_card_activated_from_hand_was_placed() -> None:
    # seed 3, P0 first: on turn 4 P1 plays Royal Flare from hand; P0 intercepts with its face-down 3c
    script = "done\nplace W-MR-01 2c up\nplace W-MR-05 3c down\nend\nplace W-MR-07 3b down\nend\nactivate 3c\ndone\n"
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "3", "--lang", "en", "--first", "0"],
                      input=script + "concede\n")
    assert r.exit_code == 0, r.output
    assert "  ‹ P1 places Royal Flare on 2d face up and activates it\n" in r.output
    assert "P0 activates Non-Directional Laser on 3c (interception)" in r.output
    assert "P0 sets a Normal Shot aside (Normal Shot (Marisa))" in r.output
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "3", "--lang", "ja", "--first", "0"],
                      input=script + "concede\n")
    assert "  ‹ P1: 2dにロイヤルフレアを表向きに配置して発動\n" in r.output


def test_play_options_name_the_cards_on_the_places_they_name() -> None:
    # seed 3, P0 first: the Shadow-walking Ninja summoned on F1 on turn 5 may move to the back row
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "3", "--lang", "ja", "--first", "0"],
                      input="1\n1\n1\n1\nconcede\n")
    assert r.exit_code == 0, r.output
    assert "   1. move F1 B1 影渡りの忍\n" in r.output
