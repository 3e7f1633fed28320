"""Issue 22 item 3: play by post. Two sides, each with only its own private file, play a whole
Sarasvati game by exchanging the posted text alone; hidden cards never reach the text; the hashes
find a changed, forged or missing block; commit–reveal binds the decks; ``fudaba post``."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import fudaba
from fudaba.core.post import Block, PostError, commitment, first_player, parse_thread, shuffled
from fudaba.core.post_game import PostGame

CARD = re.compile(r"\bSV-[A-Z0-9]+\b")


def open_game(tmp: Path, deck0: str = "b_keepers", deck1: str = "a_vanguard") -> list[str]:
    """Seat 0 opens, seat 1 joins, seat 0 reads the join: the thread so far."""
    g = fudaba.load_game("sarasvati")
    a = PostGame.new(g, g.starter_deck(deck0), "alice", tmp / "a.json")
    thread = [a.last_post()]
    b = PostGame.join(thread[0], lambda gg: gg.starter_deck(deck1), "bob", tmp / "b.json")
    thread.append(b.last_post())
    PostGame.open(tmp / "a.json").receive(thread[1])
    return thread


def play(tmp: Path, thread: list[str], seed: int, limit: int = 400) -> list[str]:
    """Both sides play (random legal moves from their own state), each opened from its own file at
    every step and given only the text the other posted."""
    rng = random.Random(seed)
    files = {0: tmp / "a.json", 1: tmp / "b.json"}
    for _ in range(limit):
        progressed = False
        for seat in (0, 1):
            me = PostGame.open(files[seat])
            while me.my_decision():
                me.apply(rng.choice([a.text for a in me.truth().legal_actions()]))
            if me.to_post():
                thread.append(me.post())
                PostGame.open(files[1 - seat]).receive(thread[-1])
                progressed = True
        if not progressed:
            return thread
    raise AssertionError("the game did not end")


@pytest.fixture(autouse=True)
def fixed_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The secrets and nonces drawn in order from a seeded generator: the same deal on every run."""
    rng = random.Random(22)
    monkeypatch.setattr("fudaba.core.post_game.new_secret", lambda: f"{rng.getrandbits(128):032x}")
    monkeypatch.setattr("fudaba.core.post_game.new_nonce", lambda: f"{rng.getrandbits(64):016x}")


@pytest.fixture(scope="module")
def game_by_post(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    tmp = tmp_path_factory.mktemp("post")
    with pytest.MonkeyPatch.context() as mp:
        rng = random.Random(7)
        mp.setattr("fudaba.core.post_game.new_secret", lambda: f"{rng.getrandbits(128):032x}")
        mp.setattr("fudaba.core.post_game.new_nonce", lambda: f"{rng.getrandbits(64):016x}")
        return tmp, play(tmp, open_game(tmp), seed=3)


def test_a_whole_sarasvati_game_is_played_by_two_sides_exchanging_only_posted_text(
        game_by_post: tuple[Path, list[str]]) -> None:
    tmp, thread = game_by_post
    a, b = PostGame.open(tmp / "a.json"), PostGame.open(tmp / "b.json")
    sa, sb = a.truth(), b.truth()
    assert sa.over and sb.over
    assert (sa.winner, sa.result, sa.turn) == (sb.winner, sb.result, sb.turn)
    assert sa.result in ("all books destroyed", "deck out", "turn limit") or "conceded" in sa.result
    want = a.verify()
    assert want.startswith("checked: both commitments, the first player,")
    assert b.verify() == want
    assert len(parse_thread("\n\n".join(thread))) == len(thread) == len(a.blocks)


def test_posted_text_names_only_cards_everyone_has_seen(game_by_post: tuple[Path, list[str]]) -> None:
    tmp, thread = game_by_post
    a = PostGame.open(tmp / "a.json")
    public: set[str] = set()
    for k, text in enumerate(thread):
        blk = parse_thread(text)[0]
        if blk.one("secret"):  # the end: each side shows its whole deck on purpose
            break
        if k >= 2:
            shadow = a.shadow(upto=k + 1)
            public |= set(CARD.findall(json.dumps(shadow.view(None))))
            public |= {e.get("card") for e in shadow.log_view(None) if isinstance(e.get("card"), str)}
            public |= set(blk.reveals().values())
        shown = set(CARD.findall(text))
        assert shown <= public, (k, shown - public)


def test_each_sides_hand_is_only_in_its_own_file(tmp_path: Path) -> None:
    open_game(tmp_path)
    a, b = PostGame.open(tmp_path / "a.json"), PostGame.open(tmp_path / "b.json")
    while a.my_decision():  # seat 0 moves first: it passes its turn
        a.apply(a.truth().legal_actions()[-1].text)
    b.receive(a.post())
    hand_a = a.truth().view(0)["players"][0]["hand"]
    hand_b = b.truth().view(1)["players"][1]["hand"]
    text = "\n".join(blk.text("x") for blk in a.blocks)
    assert not set(hand_a) & set(CARD.findall(text)) and not set(hand_b) & set(CARD.findall(text))
    assert set(hand_a) <= set(CARD.findall((tmp_path / "a.json").read_text("utf-8")))
    assert all(c.startswith("X-P1-") for c in a.truth().view(1)["players"][1]["hand"])  # seat 1's hand here
    if os.name != "nt":
        assert (tmp_path / "a.json").stat().st_mode & 0o077 == 0


def test_a_move_against_a_face_down_book_is_posted_pending_and_played_by_its_owner(
        game_by_post: tuple[Path, list[str]]) -> None:
    _, thread = game_by_post
    blocks = [parse_thread(t)[0] for t in thread]
    pend = [(k, blk.pending()) for k, blk in enumerate(blocks) if blk.pending() is not None]
    assert pend, "the game attacked no face-down book"
    k, entry = pend[0]
    assert entry is not None and re.fullmatch(r"attack \S+ xK\d", entry.action)
    nxt = blocks[k + 1]
    assert nxt.seat != blocks[k].seat and nxt.moves()[0] == entry  # the book's owner played it
    assert any(slot.startswith(f"P{nxt.seat}.K") for slot in nxt.reveals())  # and showed the book


def test_a_changed_block_is_refused_by_its_hash(tmp_path: Path) -> None:
    thread = open_game(tmp_path)
    a = PostGame.open(tmp_path / "a.json")
    if a.my_decision():
        a.apply("pass")
    text = a.post()
    changed = text.replace("first: 0", "first: 1") if "first: 0" in text else text.replace("first: 1", "first: 0")
    b = PostGame.open(tmp_path / "b.json")
    with pytest.raises(PostError, match=r"block #2: its hash does not match its lines \(was it changed\?\)"):
        b.receive(changed)
    assert len(PostGame.open(tmp_path / "b.json").blocks) == 2
    assert b.receive(text)[0].seq == 2
    del thread


def side_at(src: Path, k: int, tmp: Path, receiver: int) -> PostGame:
    """The receiver's side as it was when it had the first ``k`` blocks of the module's game."""
    doc = json.loads((src / ("a.json" if receiver == 0 else "b.json")).read_text("utf-8"))
    doc["blocks"], doc["draft"] = doc["blocks"][:k], []
    doc.pop("pending_out", None)
    path = tmp / f"side{receiver}.json"
    path.write_text(json.dumps(doc), "utf-8")
    return PostGame.open(path)


def test_a_forged_move_with_its_hash_made_again_does_not_give_the_posted_position(
        game_by_post: tuple[Path, list[str]], tmp_path: Path) -> None:
    src, thread = game_by_post
    k = next(i for i, t in enumerate(thread) if any("charge | charge" in m for m in parse_thread(t)[0].fields.get("move", [])))
    blk = parse_thread(thread[k])[0]
    j = next(i for i, m in enumerate(blk.fields["move"]) if "charge | charge" in m)
    blk.fields["move"][j] = blk.fields["move"][j].split("|")[0] + "| pass"  # "I did not charge"
    blk.hash = blk.compute_hash()
    side = side_at(src, k, tmp_path, 1 - blk.seat)
    with pytest.raises(PostError, match=rf"block #{k}: (its moves do not give the position it posts|move \d+ .* is refused)"):
        side.receive(blk.text("forged"))
    assert side.receive(thread[k])[0].seq == k  # the real one follows


def test_changed_history_and_a_missing_block_are_found(game_by_post: tuple[Path, list[str]], tmp_path: Path) -> None:
    src, thread = game_by_post
    b = PostGame.open(src / "b.json")
    blk = parse_thread(thread[4])[0]
    blk.fields["state"] = ["0" * 16]  # someone rewrites block #4, hash and all
    blk.hash = blk.compute_hash()
    with pytest.raises(PostError, match="block #4 differs from the copy received before: history was changed"):
        b.receive("\n".join([*thread[:4], blk.text("x"), *thread[5:]]))
    side = side_at(src, 3, tmp_path, 1 - parse_thread(thread[3])[0].seat)
    with pytest.raises(PostError, match=r"block #3 is missing: paste the thread from block #3 on"):
        side.receive(thread[4])


def test_a_deck_other_than_the_committed_one_is_found_at_the_end(game_by_post: tuple[Path, list[str]]) -> None:
    src, _ = game_by_post
    a = PostGame.open(src / "a.json")
    last = next(k for k, blk in enumerate(a.blocks) if blk.seat == 1 and blk.one("secret"))
    zones = json.loads(a.blocks[last].one("deck"))
    zones["D"][zones["D"].index("SV-A02")] = "SV-R1"  # "I had a Sara instead of a Boxer"
    a.blocks[last].fields["deck"] = [json.dumps(zones, sort_keys=True)]
    with pytest.raises(PostError, match="P1's secret and deck do not match its commitment in block #1"):
        a.verify()


def test_the_shuffle_needs_the_other_sides_nonce_and_the_commitment_binds_the_deck() -> None:
    deck = [f"SV-A0{k % 9 + 1}" for k in range(40)]
    one, two = shuffled(deck, "s" * 32, "n1"), shuffled(deck, "s" * 32, "n2")
    assert sorted(one) == sorted(deck) and one != two
    assert shuffled(deck, "s" * 32, "n1") == one  # the same secret and nonce: the same order, to check
    assert shuffled(deck, "t" * 32, "n1") != one
    c = commitment("s" * 32, {"D": deck, "K": ["SV-R4"]})
    assert c != commitment("s" * 32, {"D": deck, "K": ["SV-AF1"]}) and c != commitment("t" * 32, {"D": deck, "K": ["SV-R4"]})
    assert {first_player("s" * 32, f"n{k}") for k in range(20)} == {0, 1}


def test_a_game_that_cannot_be_played_by_post_says_so(tmp_path: Path) -> None:
    g = fudaba.load_game("maken")
    with pytest.raises(PostError, match="maken: this game cannot be played by post yet"):
        PostGame.new(g, g.starter_deck("gray"), "a", tmp_path / "m.json")


def test_block_text_round_trips_and_an_unclosed_block_is_refused() -> None:
    blk = Block({"game": ["abc sarasvati default"], "seq": ["3"], "from": ["1"], "move": ["P1 charge | pass"]},
                board="words\n\n table")
    blk.hash = blk.compute_hash()
    again = parse_thread("chatter before\n" + blk.text("t") + "\nchatter after")[0]
    assert again.fields == blk.fields and again.hash == blk.hash and again.board == blk.board
    with pytest.raises(PostError, match="a block is not closed by"):
        parse_thread(blk.text("t").rsplit("\n", 1)[0])


def cli(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "100", "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable, "-c", "from fudaba.cli import main; main()", *args], input=stdin,
                          capture_output=True, text=True, env=env, cwd=cwd, timeout=180)


def test_cli_post_new_join_play_concede_and_check(tmp_path: Path) -> None:
    r = cli(["post", "sarasvati", "--new", "--file", "a.json", "--name", "alice", "--out", "0.txt", "--lang", "en"],
            tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Post this block in the thread" in r.stdout and "[fudaba post] sarasvati #0 P0→P1" in r.stdout
    r = cli(["post", "--join", "--file", "b.json", "--name", "bob", "--paste", "0.txt", "--out", "1.txt"], tmp_path)
    assert r.returncode == 0 and "bob が alice の対戦に参加しました" in r.stdout, r.stderr
    r = cli(["post", "--file", "a.json", "--paste", "1.txt", "--out", "2.txt", "--lang", "en"], tmp_path, "concede\n")
    assert r.returncode == 0, r.stderr
    first = int(parse_thread((tmp_path / "2.txt").read_text("utf-8"))[0].one("first"))
    loser = "a.json" if first == 0 else "b.json"
    if first == 1:  # seat 1 moves first: it concedes
        r = cli(["post", "--file", "b.json", "--paste", "2.txt", "--out", "3.txt", "--lang", "en"], tmp_path, "concede\n")
        assert r.returncode == 0, r.stderr
        last = "3.txt"
    else:
        last = "2.txt"
    assert "The game is over: post your block so that your opponent can check the game." in r.stdout
    winner = "b.json" if loser == "a.json" else "a.json"
    r = cli(["post", "--file", winner, "--paste", last, "--out", "end.txt", "--lang", "en"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert "The game is over. Both secrets are shown: checked: both commitments, the first player" in r.stdout
    r = cli(["post", "--file", loser, "--paste", "end.txt"], tmp_path)
    assert r.returncode == 0, r.stderr
    assert "ゲーム終了。双方の秘密が公開されました: checked: both commitments" in r.stdout
    r = cli(["post", "--file", loser, "--paste", "0.txt"], tmp_path)
    assert "No new block" in r.stdout or "新しいブロックがありません" in r.stdout


def test_cli_post_bad_paste_is_one_line_and_exit_2(tmp_path: Path) -> None:
    cli(["post", "sarasvati", "--new", "--file", "a.json", "--out", "0.txt"], tmp_path)
    (tmp_path / "bad.txt").write_text((tmp_path / "0.txt").read_text("utf-8").replace("seq: 0", "seq: 7"), "utf-8")
    r = cli(["post", "--join", "--file", "b.json", "--paste", "bad.txt"], tmp_path)
    assert r.returncode == 2
    assert "error: block #7: its hash does not match its lines (was it changed?)" in r.stderr
    assert "Traceback" not in r.stderr and not (tmp_path / "b.json").exists()
