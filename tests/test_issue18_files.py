"""Issue 18 item 3: every file fudaba reads — deck lists, card TOML, posts for ``cards import``,
positions, records — is read as UTF-8 with or without a BOM, as UTF-16 with a BOM, or as Shift-JIS
(CP932, said so in one line); any other bytes are refused with one line naming the file, the line and
the byte offset, never a ``UnicodeDecodeError`` traceback."""

from __future__ import annotations

import codecs
import contextlib
import json
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba import DeckError, PositionError
from fudaba.cli import app
from fudaba.core.errors import CardDataError, FudabaError
from fudaba.core.files import FileEncodingNotice, decode_text, read_text

runner = CliRunner()

#: the bytes that make a file undecodable: 0x85 0x40 is neither UTF-8 nor a CP932 character
BAD = b"\x85\x40"


def sv_deck_text() -> str:
    """Sarasvati's first starter deck as a deck list by Japanese card names (so that the encoding
    matters), its first line a card line (not a comment: a BOM used to make it an unknown card)."""
    g = fudaba.load_game("sarasvati")
    d = g.starter_decks()["a_vanguard"]
    lines = [f"{n} {g.cards[c].name}" for c, n in d.counts().items()]
    return "\n".join(lines) + "\n# 禁書\n" + "\n".join(f"1 {g.cards[b].name}" for b in d.sections["books"]) + "\n"


def encoded(text: str, how: str) -> bytes:
    """``text`` as a file in encoding ``how``; "bad": UTF-8 with two bytes that are no text at the
    start of line 2."""
    if how == "bad":
        first, rest = text.split("\n", 1)
        return (first + "\n").encode("utf-8") + BAD + rest.encode("utf-8")
    return text.encode({"sjis": "cp932", "bom": "utf-8-sig", "utf16": "utf-16"}[how])


def bad_message(path: Path, text: str) -> str:
    """The one line that refuses ``encoded(text, "bad")``."""
    offset = len((text.split("\n", 1)[0] + "\n").encode("utf-8"))
    return (f"{path}: cannot read the file as text: line 2, byte offset {offset} (0x85) is neither UTF-8 nor "
            f"Shift-JIS (CP932); save it as UTF-8 (UTF-8 で保存してください)")


def write(tmp_path: Path, name: str, text: str, how: str) -> Path:
    p = tmp_path / name
    p.write_bytes(encoded(text, how))
    return p


def notice_unless_utf8(how: str) -> contextlib.AbstractContextManager[object]:
    """Expect a FileEncodingNotice for a file that is not UTF-8 (and no warning for one that is)."""
    if how == "bom":
        return _no_notice()
    return pytest.warns(FileEncodingNotice, match=r"^read .* as (Shift-JIS \(CP932\)|UTF-16 \(LE, with BOM\)) — ")


@contextlib.contextmanager
def _no_notice() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("error", FileEncodingNotice)
        yield


def note(path: Path, encoding: str = "Shift-JIS (CP932)") -> str:
    return f"note: read {path} as {encoding} — {encoding} として読みました"


# ------------------------------------------------------------------------ the one reader in core
def test_decode_text_reads_utf8_with_and_without_bom_utf16_utf32_and_cp932() -> None:
    text = "4 通常弾(霊夢)\n① Ⅱ ～\n"
    assert decode_text(text.encode("utf-8"), "f") == (text, "UTF-8")
    assert decode_text(codecs.BOM_UTF8 + text.encode("utf-8"), "f") == (text, "UTF-8")
    assert decode_text(text.encode("utf-16"), "f")[0] == text
    assert decode_text(codecs.BOM_UTF16_BE + text.encode("utf-16-be"), "f") == (text, "UTF-16 (BE, with BOM)")
    assert decode_text(text.encode("utf-32"), "f")[0] == text
    assert decode_text(text.encode("cp932"), "f") == (text, "Shift-JIS (CP932)")


def test_decode_text_refuses_other_bytes_naming_line_and_offset() -> None:
    with pytest.raises(FudabaError) as e:
        decode_text(b"ab\ncd" + BAD, "deck.txt")
    assert str(e.value) == ("deck.txt: cannot read the file as text: line 2, byte offset 5 (0x85) is neither UTF-8 "
                            "nor Shift-JIS (CP932); save it as UTF-8 (UTF-8 で保存してください)")
    # EUC-JP is not guessed: its bytes are refused, not read as CP932 garbage
    with pytest.raises(FudabaError, match=r"line 1, byte offset 0 \(0xC4\) is neither UTF-8 nor Shift-JIS"):
        decode_text("通常弾".encode("euc-jp"), "deck.txt")
    # bytes that CP932 maps to private-use or control characters are no Shift-JIS text
    with pytest.raises(FudabaError, match=r"byte offset 1 \(0xFF\)"):
        decode_text(b"a\xff", "x")


def test_decode_text_refuses_nul_bytes_utf16_without_bom_and_a_broken_bom_file() -> None:
    with pytest.raises(FudabaError) as e:
        decode_text("4 W-RM-01".encode("utf-16-le"), "deck.txt")
    assert str(e.value) == ("deck.txt: cannot read the file as text: line 1, byte offset 1 is a NUL character "
                            "(UTF-8): not a text file, or UTF-16 without a byte order mark; save it as UTF-8 "
                            "(UTF-8 で保存してください)")
    with pytest.raises(FudabaError) as e:
        decode_text(codecs.BOM_UTF8 + b"ab\n\xff", "deck.txt")
    assert str(e.value) == ("deck.txt: cannot read the file as text: it starts with a UTF-8 byte order mark, but "
                            "line 2, byte offset 6 is not UTF-8 (invalid start byte); save it as UTF-8 "
                            "(UTF-8 で保存してください)")


def test_read_text_says_a_shift_jis_file_with_a_notice_and_utf8_without(tmp_path: Path) -> None:
    sj = write(tmp_path, "sj.txt", "通常弾\n", "sjis")
    bom = write(tmp_path, "bom.txt", "通常弾\n", "bom")
    with warnings.catch_warnings(record=True) as got:
        warnings.simplefilter("always")
        assert read_text(sj) == read_text(bom) == "通常弾\n"
    assert [str(w.message) for w in got] == [f"read {sj} as Shift-JIS (CP932) — Shift-JIS (CP932) として読みました"]
    assert got[0].category is FileEncodingNotice and issubclass(FileEncodingNotice, UserWarning)
    with pytest.raises(FudabaError, match=r"missing.txt: cannot read: No such file or directory"):
        read_text(tmp_path / "missing.txt")


# ------------------------------------------------------------------------ the API's readers
@pytest.mark.parametrize("how", ["sjis", "bom", "utf16"])
def test_load_deck_reads_every_encoding_and_a_bom_is_not_part_of_line_1(tmp_path: Path, how: str) -> None:
    g = fudaba.load_game("sarasvati")
    with notice_unless_utf8(how):
        d = g.load_deck(write(tmp_path, "mine.txt", sv_deck_text(), how))
    assert d.counts() == g.starter_decks()["a_vanguard"].counts()
    assert g.parse_deck("\ufeff" + sv_deck_text()).counts() == d.counts()  # text read with its BOM kept


def test_load_deck_refuses_undecodable_bytes_with_a_deck_error(tmp_path: Path) -> None:
    p = write(tmp_path, "mine.txt", sv_deck_text(), "bad")
    with pytest.raises(DeckError) as e:
        fudaba.load_game("sarasvati").load_deck(p)
    assert e.value.problems == [bad_message(p, sv_deck_text()).removeprefix(f"{p}: ")]
    with pytest.raises(DeckError, match="load_deck takes the path of a deck-list file, not NoneType"):
        fudaba.load_game("sarasvati").load_deck(None)  # type: ignore[arg-type]


POSITION = """# 霊夢の詰め
game = "walpurgis"
turn = 5
active = 0
first = 0
[[seat]]
hand = ["通常弾(霊夢)", "W-RM-03"]
deck = ["W-RM-04", "W-RM-01"]
[[seat]]
hand = []
deck = ["W-RR-01"]
[board]
3c = [{owner = 0, card = "W-RM-02", state = "up"}]
"""


@pytest.mark.parametrize("how", ["sjis", "bom", "utf16"])
def test_load_position_reads_a_file_in_every_encoding(tmp_path: Path, how: str) -> None:
    g = fudaba.load_game("walpurgis")
    p = write(tmp_path, "pos.toml", POSITION, how)
    with notice_unless_utf8(how):
        assert g.load_position(p).hash() == g.load_position(POSITION).hash()
    assert g.load_position("\ufeff" + POSITION).hash() == g.load_position(POSITION).hash()


def test_load_position_refuses_undecodable_bytes_with_a_position_error(tmp_path: Path) -> None:
    p = write(tmp_path, "pos.toml", POSITION, "bad")
    with pytest.raises(PositionError) as e:
        fudaba.load_game("walpurgis").load_position(p)
    assert str(e.value) == "position file " + bad_message(p, POSITION)


def record_text(rec: fudaba.Record) -> str:
    """A record file's text: its JSON and an empty line (where ``encoded(…, "bad")`` puts bad bytes)."""
    return rec.to_json() + "\n\n"


def a_record() -> tuple[fudaba.Record, str]:
    g = fudaba.load_game("sarasvati")
    st = g.new_game(seed=4)
    for _ in range(12):
        st.apply(st.legal_actions()[0])
    rec = st.record()
    rec.meta = {"lang": "ja", "note": "第零の司書の対戦"}  # Japanese text: the encoding matters
    return rec, st.hash()


@pytest.mark.parametrize("how", ["sjis", "bom", "utf16"])
def test_replay_takes_a_record_files_path_in_every_encoding(tmp_path: Path, how: str) -> None:
    rec, final = a_record()
    p = write(tmp_path, "game.json", rec.to_json(), how)
    with notice_unless_utf8(how):
        assert fudaba.replay(p).hash() == final
    with notice_unless_utf8(how):
        assert fudaba.replay(str(p)).hash() == final
    assert fudaba.replay(rec.to_json()).hash() == final and fudaba.replay(rec).hash() == final
    assert fudaba.replay("\ufeff" + rec.to_json()).hash() == final


def test_replay_of_a_path_refuses_a_missing_an_undecodable_and_a_runs_file(tmp_path: Path) -> None:
    rec, _ = a_record()
    p = write(tmp_path, "game.json", record_text(rec), "bad")
    with pytest.raises(PositionError) as e:
        fudaba.replay(p)
    assert str(e.value) == "record file " + bad_message(p, record_text(rec))
    with pytest.raises(PositionError, match=r"record file .*nothere.json: cannot read: No such file or directory"):
        fudaba.replay(str(tmp_path / "nothere.json"))
    runs = tmp_path / "runs.jsonl"
    runs.write_text(rec.to_json() + "\n" + rec.to_json() + "\n", encoding="utf-8")
    with pytest.raises(PositionError, match=r"runs.jsonl: holds 2 records \(JSON lines\); give one of them"):
        fudaba.replay(runs)
    with pytest.raises(PositionError, match=r"record file .*: record: not valid JSON"):
        fudaba.replay(write(tmp_path, "x.json", "not json\n", "bom"))


CARDS = """[[card]]
id = "SV-Z01"
name = "第零の司書・ミナ"
type = "character"
cost = 3
atk = 3000
def = 2000
attribute = "アクション"
"""


@pytest.mark.parametrize("how", ["sjis", "bom", "utf16"])
def test_card_files_are_read_in_every_encoding(tmp_path: Path, how: str) -> None:
    g = fudaba.load_game("sarasvati")
    p = write(tmp_path, "mine.toml", CARDS, how)
    with notice_unless_utf8(how):
        assert [c.name for c in g.check_card_file(p)] == ["第零の司書・ミナ"]
    with notice_unless_utf8(how):
        assert g.with_card_files([p]).cards["SV-Z01"].atk == 3000


def test_an_undecodable_card_file_is_one_problem_naming_it(tmp_path: Path) -> None:
    g = fudaba.load_game("sarasvati")
    p = write(tmp_path, "mine.toml", CARDS, "bad")
    assert g.card_file_problems([p]) == ([], [bad_message(p, CARDS)])
    with pytest.raises(CardDataError) as e:
        g.check_card_file(p)
    assert str(e.value) == bad_message(p, CARDS)


POST = """◇第零の司書・サラ
4:3000/3000(キャラクター/アクション、マスコット)
・自分の手札が3枚以上の時、このカードの攻撃力を+2000する。
『黒きコートを翻す、クーデレ貧乳ポニテ黒眼ガール』
"""


# ------------------------------------------------------------------------ every command of item 3
def test_deck_check_reads_shift_jis_and_says_so_and_bom(tmp_path: Path) -> None:
    sj = write(tmp_path, "sj.txt", sv_deck_text(), "sjis")
    bom = write(tmp_path, "bom.txt", sv_deck_text(), "bom")
    r = runner.invoke(app, ["deck", "check", str(sj), str(bom)])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == [
        note(sj),
        f"{sj}: legal for sarasvati default (40 cards, books: 3)",
        f"{bom}: legal for sarasvati default (40 cards, books: 3)",
    ]


@pytest.mark.parametrize("args", [[], ["--game", "sarasvati"]])
def test_deck_check_refuses_an_undecodable_file_in_one_line(tmp_path: Path, args: list[str]) -> None:
    p = write(tmp_path, "bad.txt", sv_deck_text(), "bad")
    r = runner.invoke(app, ["deck", "check", str(p), *args])
    assert r.exit_code == 1
    assert r.output.splitlines() == ["error: " + bad_message(p, sv_deck_text())]
    assert r.exception is None or isinstance(r.exception, SystemExit)


@pytest.mark.parametrize("how", ["sjis", "bom"])
def test_play_deck_reads_shift_jis_and_bom(tmp_path: Path, how: str) -> None:
    p = write(tmp_path, "mine.txt", sv_deck_text(), how)
    r = runner.invoke(app, ["play", "sarasvati", "--deck", str(p), "--seed", "1", "--lang", "en", "--first", "0"],
                      input="concede\n")
    assert r.exit_code == 0, r.output
    assert (note(p) in r.output.splitlines()) == (how == "sjis")
    assert "player 0 conceded" in r.output


def test_play_deck_refuses_an_undecodable_file_in_one_line(tmp_path: Path) -> None:
    p = write(tmp_path, "mine.txt", sv_deck_text(), "bad")
    r = runner.invoke(app, ["play", "sarasvati", "--deck", str(p), "--seed", "1"], input="concede\n")
    assert r.exit_code == 2
    assert r.output.splitlines() == [f"error: {p}: 1 problem(s):",
                                     "  - " + bad_message(p, sv_deck_text()).removeprefix(f"{p}: ")]
    assert "Traceback" not in r.output


@pytest.mark.parametrize("how", ["sjis", "bom"])
def test_simulate_deck_a_reads_shift_jis_and_bom(tmp_path: Path, how: str) -> None:
    p = write(tmp_path, "mine.txt", sv_deck_text(), how)
    r = runner.invoke(app, ["simulate", "sarasvati", "--deck-a", str(p), "--games", "2"])
    assert r.exit_code == 0, r.output
    assert (note(p) in r.output.splitlines()) == (how == "sjis")
    assert "results of 2 games" in r.output


def test_simulate_deck_a_refuses_an_undecodable_file_in_one_line(tmp_path: Path) -> None:
    p = write(tmp_path, "mine.txt", sv_deck_text(), "bad")
    r = runner.invoke(app, ["simulate", "sarasvati", "--deck-a", str(p), "--games", "2"])
    assert r.exit_code == 2
    assert r.output.splitlines() == [f"error: {p}: 1 problem(s):",
                                     "  - " + bad_message(p, sv_deck_text()).removeprefix(f"{p}: ")]


@pytest.mark.parametrize("how", ["sjis", "bom"])
def test_cards_import_reads_a_shift_jis_and_a_bom_post(tmp_path: Path, how: str) -> None:
    p = write(tmp_path, "post.txt", POST, how)
    out = tmp_path / "new.toml"
    r = runner.invoke(app, ["cards", "import", str(p), "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == ([note(p)] if how == "sjis" else []) + [f"wrote {out}"]
    (card,) = fudaba.load_game("sarasvati").check_card_file(out)
    assert (card.name, card.atk, card.flavor) == ("第零の司書・サラ", 3000, "黒きコートを翻す、クーデレ貧乳ポニテ黒眼ガール")


def test_cards_import_refuses_an_undecodable_post_in_one_line(tmp_path: Path) -> None:
    p = write(tmp_path, "post.txt", POST, "bad")
    r = runner.invoke(app, ["cards", "import", str(p)])
    assert r.exit_code == 2
    assert r.output.splitlines() == ["error: " + bad_message(p, POST)]


@pytest.mark.parametrize("how", ["sjis", "bom"])
@pytest.mark.parametrize("args", [[], ["--game", "sarasvati"]])
def test_cards_check_reads_shift_jis_and_bom(tmp_path: Path, how: str, args: list[str]) -> None:
    p = write(tmp_path, "mine.toml", CARDS, how)
    r = runner.invoke(app, ["cards", "check", str(p), *args])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines() == ([note(p)] if how == "sjis" else []) + [
        f"ok {p}: 1 card(s)", "1 card(s) valid for sarasvati"]


def test_cards_check_refuses_an_undecodable_file_in_one_line(tmp_path: Path) -> None:
    p = write(tmp_path, "mine.toml", CARDS, "bad")
    r = runner.invoke(app, ["cards", "check", str(p)])
    assert r.exit_code == 2
    assert r.output.splitlines() == ["error: " + bad_message(p, CARDS)]
    r = runner.invoke(app, ["cards", "check", str(p), "--game", "sarasvati"])
    assert r.exit_code == 1
    assert r.output.splitlines() == [f"error {p}: 1 problem(s)", "  - " + bad_message(p, CARDS),
                                     "1 problem(s) in 1 of 1 file(s)"]


@pytest.mark.parametrize("how", ["sjis", "bom"])
def test_replay_command_reads_shift_jis_and_bom_records(tmp_path: Path, how: str) -> None:
    rec, _ = a_record()
    p = write(tmp_path, "game.json", rec.to_json(), how)
    r = runner.invoke(app, ["replay", str(p), "--lang", "en"])
    assert r.exit_code == 0, r.output
    assert (r.output.splitlines()[0] == note(p)) == (how == "sjis")
    assert "hashes verified" in r.output.splitlines()[-1]


def test_replay_command_refuses_an_undecodable_record_in_one_line(tmp_path: Path) -> None:
    rec, _ = a_record()
    p = write(tmp_path, "game.json", record_text(rec), "bad")
    r = runner.invoke(app, ["replay", str(p)])
    assert r.exit_code == 2
    assert r.output.splitlines() == ["error: " + bad_message(p, record_text(rec))]


def test_a_runs_file_in_shift_jis_replays_any_of_its_games(tmp_path: Path) -> None:
    rec, _ = a_record()
    p = tmp_path / "runs.jsonl"
    p.write_bytes((rec.to_json() + "\n" + json.dumps(rec.to_dict(), ensure_ascii=False) + "\n").encode("cp932"))
    r = runner.invoke(app, ["replay", str(p), "--game-index", "1", "--lang", "en"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == note(p) and "hashes verified" in r.output


def test_serve_cards_refuses_an_undecodable_card_file_in_one_line(tmp_path: Path) -> None:
    pytest.importorskip("uvicorn")
    p = write(tmp_path, "mine.toml", CARDS, "bad")
    r = runner.invoke(app, ["serve", "--cards", str(p), "--db", str(tmp_path / "x.sqlite3")])
    assert r.exit_code == 2
    assert r.output.splitlines() == ["error: " + bad_message(p, CARDS)]
