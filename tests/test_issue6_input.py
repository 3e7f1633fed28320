"""Issue 6 §2: input a player does not have to fight — numbers only where shown, card names with
spaces, displayed options pasted whole, game-specific help, the record's path and language, and the
``rules`` / ``why`` commands of the play loop (``core/session.py``, ``State.parse``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba.cli import app
from fudaba.core import Rng
from fudaba.core.errors import IllegalAction
from fudaba.core.record import Record, start_state
from fudaba.core.session import PHRASES, Session, option_gloss

runner = CliRunner()


def _record(path: Path) -> Record:
    return Record.from_json(path.read_text(encoding="utf-8"))


def _mine(rec: Record, kind: str) -> tuple[fudaba.State, str]:
    """The first action seat 0 took at a ``kind`` decision, and the state it was taken in (the
    record also holds the AI's actions)."""
    st = start_state(rec)
    for a in rec.actions:
        d = st.decision
        assert d is not None
        if d.player == 0 and d.kind == kind:
            return st, a
        st.apply(a)
    raise AssertionError(f"seat 0 took no {kind} action: {rec.actions}")


# ------------------------------------------------------------------ numbers only where numbers are shown
def test_issue6_2_walpurgis_main_phase_refuses_numbers_it_did_not_show_until_list(tmp_path: Path) -> None:
    rec_path = tmp_path / "g.json"
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "2", "--lang", "en", "--first", "0", "--record",
                            str(rec_path)], input="done\nplace W-MR-01 3c up\n20\nlist\n20\nquit\n")
    assert r.exit_code == 0, r.output
    st, mine = _mine(_record(rec_path), "main")
    d = st.decision
    assert d is not None and d.kind == "main" and len(d.options) > 40  # shown grouped, without numbers
    assert (f"Refused: no numbers are shown for these {len(d.options)} actions (they are grouped): type the "
            "action in notation (a card's name may replace its id), or 'list' to number them all") in r.output
    assert r.output.count("Refused:") == 1
    assert mine == d.options[19].text  # after 'list', 20 is the 20th option listed
    assert f" 20. {d.options[19].text}" in r.output
    # in Japanese too
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "2", "--lang", "ja", "--first", "0"],
                      input="done\nplace W-MR-01 3c up\n20\nquit\n")
    assert (f"できません: この{len(d.options)}通りの行動はまとめて表示しているので番号がありません: 記法で入力するか "
            "(IDの代わりにカード名も使えます)、'list' で番号付きの一覧を表示してください") in r.output


def test_issue6_2_session_takes_numbers_only_for_the_decision_whose_numbered_list_it_showed() -> None:
    g = fudaba.load_game("sarasvati", first=0)
    st = g.new_game(seed=2)
    sess = Session(g, st, lang="en")
    h = st.hash()
    reply = sess.handle(0, "1")
    assert reply == ("refused", "no numbered list is shown for this decision: type the action in notation, or "
                                "'list' to number its 5 options", ())
    assert st.hash() == h
    menu = sess.menu(0)
    assert menu.layout == "lines" and [it.number for it in menu.items] == [1, 2, 3, 4, 5]
    assert sess.handle(0, "6").text == "choose 1–5"
    assert sess.handle(0, "１").kind == "moved"  # full-width digits typed with an IME
    assert st.history == [menu.items[0].text]
    assert sess.handle(1, "1").kind == "refused"  # the new decision's list was not shown yet


# ------------------------------------------------------------------ card names with spaces
def test_issue6_2_card_names_with_spaces_in_moves(tmp_path: Path) -> None:
    rec_path = tmp_path / "s.json"
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "0", "--lang", "en", "--first", "0", "--record",
                            str(rec_path)], input="charge giant  king\nquit\n")
    assert r.exit_code == 0, r.output
    assert _mine(_record(rec_path), "charge")[1] == "charge SV-A08"
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "0", "--lang", "ja", "--first", "0", "--record",
                            str(rec_path)], input="charge 巨人の王\nquit\n")
    assert _mine(_record(rec_path), "charge")[1] == "charge SV-A08"
    # a spaced name that is not legal is refused with the rule, naming the card by its id
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "2", "--lang", "en", "--first", "0"],
                      input="charge Giant King\nquit\n")
    assert "Refused: charge SV-A08: SV-A08 is not in your hand (§1)" in r.output
    rec_path = tmp_path / "w.json"
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "0", "--lang", "en", "--first", "0", "--record",
                            str(rec_path)], input="done\nplace W-MR-01 1a up\nplace Master Spark 2b down\nquit\n")
    assert r.exit_code == 0, r.output
    assert _mine(_record(rec_path), "main")[1] == "place W-MR-02 2b down"


def test_issue6_2_multi_word_names_resolve_in_the_core_parser_for_both_languages() -> None:
    g = fudaba.load_game("walpurgis", first=0)
    st = g.new_game(seed=2)
    st.apply("done")
    st.apply("done")
    assert st.decision is not None and st.decision.kind == "initial"
    assert st.parse("place Normal Shot (Marisa) 1a up").text == "place W-MR-01 1a up"
    assert st.parse("place 通常弾(魔理沙) 1a up").text == "place W-MR-01 1a up"
    assert st.parse("PLACE normal shot (marisa) 1A UP").text == "place W-MR-01 1a up"


# ------------------------------------------------------------------ displayed options pasted whole
def test_issue6_2_pasted_options_with_their_glosses_are_accepted(tmp_path: Path) -> None:
    rec_path = tmp_path / "w.json"
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "2", "--lang", "en", "--first", "0", "--record",
                            str(rec_path)], input="done\nplace W-MR-01 1a up Normal Shot (Marisa)\nquit\n")
    assert r.exit_code == 0, r.output
    assert "place W-MR-01 1a up Normal Shot (Marisa)" in r.output  # as displayed
    assert _mine(_record(rec_path), "initial")[1] == "place W-MR-01 1a up"
    rec_path = tmp_path / "s.json"
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "2", "--lang", "ja", "--first", "0", "--record",
                            str(rec_path)], input="charge SV-A05 影渡りの忍\nquit\n")
    assert "   3. charge SV-A05 影渡りの忍\n" in r.output
    assert _mine(_record(rec_path), "charge")[1] == "charge SV-A05"
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "2", "--lang", "en", "--first", "0", "--record",
                            str(rec_path)], input="  3. charge SV-A05 Shadow-walking Ninja\nquit\n")
    assert _mine(_record(rec_path), "charge")[1] == "charge SV-A05"  # copied with its number too
    # a gloss that is not the option's own is refused, and the refusal names the rule
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "2", "--lang", "en", "--first", "0", "--record",
                            str(rec_path)], input="charge SV-A05 Fireball\nquit\n")
    assert _record(rec_path).actions == []
    assert re.search(r"Refused: charge SV-A05 SV-A09: .*§", r.output), r.output


def test_issue6_2_move_option_pasted_with_the_name_of_the_moving_character() -> None:
    # the issue's example `move F4 B3 鎖鎌の傭兵`: found in a seeded random game, pasted as displayed
    g = fudaba.load_game("sarasvati")
    for seed in range(40):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        while not st.over:
            d = st.decision
            assert d is not None
            sess = Session(g, st, lang="ja")
            hits = [it for it in sess.menu(d.player).items if it.text.startswith("move ") and it.gloss]
            if hits:
                it = hits[-1]
                pasted = f"{it.text} {it.gloss}"
                assert re.fullmatch(r"move [FB]\d [FB]\d \S+", pasted)
                assert st.parse(pasted).text == it.text
                assert sess.handle(d.player, pasted).kind == "moved"
                assert st.history[-1] == it.text
                return
            st.apply(rng.choice(d.options))
    pytest.fail("no move decision found")


@pytest.mark.parametrize(("game", "variant"), [("maken", None), ("sarasvati", None), ("suikoden", None),
                                               ("walpurgis", "v2.01"), ("walpurgis", "v1.01")])
def test_issue6_2_every_displayed_option_pasted_whole_parses_to_itself(game: str, variant: str | None) -> None:
    g = fudaba.load_game(game, variant)
    checked = 0
    for seed in range(2):
        st = g.new_game(seed=seed)
        rng = Rng(seed)
        steps = 0
        while not st.over and steps < 150:
            steps += 1
            d = st.decision
            assert d is not None
            view = st.view(d.player)
            for a in d.options[:: max(1, len(d.options) // 6)]:
                for lang in ("en", "ja"):
                    gl = option_gloss(g, a, lang, view)
                    if gl:
                        assert st.parse(f"{a.text} {gl}") is a, (a, gl)
                        checked += 1
                        with pytest.raises(IllegalAction):
                            st.parse(f"{a.text} {gl} {gl}")
            st.apply(rng.choice(d.options))
    assert checked > 100


# ------------------------------------------------------------------ help, quit, replay language
def test_issue6_2_help_is_game_specific() -> None:
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "2", "--lang", "en", "--first", "0"], input="?\nquit\n")
    out = r.output
    assert "e.g. 'charge SV-A03', 'pass'." in out and "e.g. 'charge Flame Sprite'" in out
    assert "(F1, B2, K1, xF1, xK2, grave, xgrave, voltage, xvoltage; x = the opponent's)" in out
    assert "3c" not in out.split("Type a number")[1]
    assert "'rules' the rules summary" in out and "'why ACTION' why an action is not offered" in out
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "2", "--lang", "en", "--first", "0"],
                      input="done\nplace W-MR-01 3c up\n?\nquit\n")
    out = r.output.split("Type a number")[1]
    assert re.search(r"e\.g\. 'place W-MR-\d\d [1-5][a-e] (up|down)', ('activate [1-5][a-e]', )?'end'\.", out), out
    assert re.search(r"e\.g\. 'place [A-Z][A-Za-z -]+ [1-5][a-e] (up|down)'", out)
    assert "'list' numbers every option" in out and "(3c, 5a, discard, xdiscard;" in out
    assert "grave" not in out and "summon" not in out
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "2", "--lang", "ja", "--first", "0"], input="?\nquit\n")
    assert "'list' 全選択肢に番号を付けて表示" in r.output and "(3c, 5a, discard, xdiscard; xは相手)" in r.output


def test_issue6_2_quit_with_record_says_where_it_saved(tmp_path: Path) -> None:
    rec_path = tmp_path / "game.json"
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "1", "--lang", "en", "--record", str(rec_path)],
                      input="quit\n")
    assert r.exit_code == 0
    assert r.output.rstrip().endswith(f"The game's record is saved in {rec_path} (replay it: fudaba replay {rec_path})")
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "1", "--lang", "ja", "--record", str(rec_path)],
                      input="quit\n")
    assert r.output.rstrip().endswith(f"対戦の記録を {rec_path} に保存しました (再生: fudaba replay {rec_path})")
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "1", "--lang", "en", "--record", str(rec_path)], input="")
    assert r.exit_code == 1 and f"The game's record is saved in {rec_path}" in r.output
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "1", "--lang", "en"], input="quit\n")
    assert "record is saved" not in r.output


def test_issue6_2_replay_speaks_the_recorded_games_language(tmp_path: Path) -> None:
    rec_path = tmp_path / "game.json"
    runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "1", "--lang", "en", "--first", "0", "--record",
                        str(rec_path)], input="pass\nquit\n")
    meta = json.loads(rec_path.read_text(encoding="utf-8"))["meta"]
    assert meta == {"lang": "en", "agents": ["human", "greedy"]}
    r = runner.invoke(app, ["replay", str(rec_path), "--seat", "0"])
    assert r.exit_code == 0, r.output
    assert "  › P0 draws 5: " in r.output and "ドロー" not in r.output
    r = runner.invoke(app, ["replay", str(rec_path), "--seat", "0", "--lang", "ja"])
    assert "ドロー" in r.output and "P0 draws 5" not in r.output
    out = tmp_path / "sim.jsonl"
    runner.invoke(app, ["simulate", "sarasvati", "--games", "1", "--out", str(out)])
    assert "lang" not in json.loads(out.read_text(encoding="utf-8"))["meta"]
    r = runner.invoke(app, ["replay", str(out)])
    assert r.exit_code == 0 and "ドロー" in r.output  # simulate records have no language: Japanese


# ------------------------------------------------------------------ rules and why in the play loop
def test_issue6_2_rules_command_prints_the_games_rules_text(tmp_path: Path) -> None:
    g = fudaba.load_game("sarasvati")
    listing, section = g.rules_text(None, "en"), g.rules_text("5.3", "en")
    assert listing and section
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "2", "--lang", "en", "--first", "0"],
                      input="rules\nrules 5.3\nrules 99.9\nquit\n")
    assert r.exit_code == 0, r.output
    assert listing in r.output and section in r.output
    assert "rules 99.9: no such section — type 'rules' for the list of sections" in r.output
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "2", "--lang", "ja", "--first", "0"],
                      input="rules 5.3\nrules 99.9\nquit\n")
    w = fudaba.load_game("walpurgis")
    assert str(w.rules_text("5.3", "ja")) in r.output
    assert "rules 99.9: その節はありません — 'rules' で節の一覧を表示します" in r.output


def test_issue6_2_rules_command_asks_the_game_for_the_section_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[str | None, str]] = []

    def fake(self: fudaba.Game, section: str | None = None, lang: str = "en") -> str | None:
        asked.append((section, lang))
        return None if section == "nope" else f"<{section}>"

    monkeypatch.setattr(fudaba.Game, "rules_text", fake)
    r = runner.invoke(app, ["play", "walpurgis", "--seed", "2", "--lang", "en", "--first", "0"],
                      input="rules\nrules rulebook 8.1\nrules nope\nquit\n")
    assert asked == [(None, "en"), ("rulebook 8.1", "en"), ("nope", "en")]
    assert "<None>" in r.output and "<rulebook 8.1>" in r.output
    assert "rules nope: no such section — type 'rules' for the list of sections" in r.output


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_issue6_2_why_gives_the_refusal_apply_would_give_and_changes_nothing(tmp_path: Path, lang: str) -> None:
    rec_path = tmp_path / "g.json"
    r = runner.invoke(app, ["play", "sarasvati", "--deck", "a_vanguard", "--seed", "2", "--lang", lang, "--first", "0", "--record",
                            str(rec_path)], input="why summon SV-B09 F1\nwhy charge Flame Sprite\nsummon SV-B09 F1\nquit\n")
    assert r.exit_code == 0, r.output
    st = fudaba.load_game("sarasvati", first=0).new_game(seed=2)
    with pytest.raises(IllegalAction) as e:
        st.apply("summon SV-B09 F1")
    refusal = e.value.text(lang)
    refused = "Refused" if lang == "en" else "できません"
    assert f"> {refusal}\n" in r.output and f"{refused}: {refusal}\n" in r.output
    legal = PHRASES[lang]["why_legal"].format(action="charge SV-A03")
    assert f"> {legal}\n" in r.output
    assert _record(rec_path).actions == []  # 'why' applied nothing
