"""Issue 6 §3: the rules summaries shipped in the package — ``rules``, ``rules 5.3``, ``rules rulebook
8.1`` in a game and ``fudaba rules GAME [SECTION]`` outside one; every reference the games print
resolves."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

import fudaba
from fudaba.cli import app
from fudaba.core.errors import FudabaError
from fudaba.core.rules_summary import parse_summary, summary_path, wrap_paragraphs
from fudaba.core.text import display_width

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "src" / "fudaba" / "games"
runner = CliRunner()

SPEC_SECTIONS = {
    "maken": ["1", "2", "3", "4", "5", "6", "6.1", "6.2", "6.2.1", "6.2.2", "6.2.3", "6.2.4", "6.2.5", "6.3", "6.4",
              "6.5", "6.6", "7", "8", "9", "10", "11", "12"],
    "suikoden": ["1", "2", "3", "4", "5", "6", "6.1", "6.2", "6.3", "7", "7.1", "7.2", "7.3", "7.4", "7.5", "7.6", "8",
                 "8.1", "8.2", "8.3", "8.4", "8.5", "9", "10", "11", "13", "14"],
    "walpurgis": ["1", "2", "3", "4", "5", "5.1", "5.2", "5.3", "6", "7", "8", "9", "10"],
    "sarasvati": ["1", "2", "3", "4", "5", "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7", "6", "7", "8", "9",
                  "10", "11", "12"],
}


def _printed_strings(game: str) -> list[str]:
    """Every string literal of the game's code that is not a docstring or a bare string statement:
    what prompts, refusals and log lines are made of."""
    out = []
    for path in sorted((GAMES / game).rglob("*.py")):  # the rules package included
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)}
        out += [n.value for n in ast.walk(tree)
                if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in skip]
    return out


_SECTION_REF = re.compile(r"§(\d+(?:\.\d+)*)([^§)\"',;:\n\\]*)")
_RULEBOOK_REF = re.compile(r"rulebook (\d+(?:\.\d+)*)")
#: a rulebook number written after a § reference in the same parentheses: "(§4 main 7.2.1)", "(§5.3 step 6, 8.3.6.1)"
_BARE_RULEBOOK = re.compile(r"\(§[^)]*?[ ,](\d+\.\d+(?:\.\d+)*)")


def _references(game: str) -> tuple[set[tuple[str, str]], set[str]]:
    """(§ number, the reference as printed) pairs and rulebook numbers, from the game's strings."""
    sections: set[tuple[str, str]] = set()
    rulebook: set[str] = set()
    strings = _printed_strings(game)
    if game == "walpurgis":  # the refusals' "(§5.3 step N)" → "(§5.3 step N; rulebook 8.3.N)" table
        from fudaba.games.walpurgis.rules import _RULEBOOK

        for text in [f"(§5.3 step {i})" for i in range(1, 10)] + ["(§5.1)", "(§5.2)", "(§6)"]:
            for pat, rep in _RULEBOOK:
                text = pat.sub(rep, text)
            strings.append(text)
    for s in strings:
        for m in _SECTION_REF.finditer(s):
            sections.add((m.group(1), ("§" + m.group(1) + m.group(2)).strip()))
        rulebook.update(_RULEBOOK_REF.findall(s))
        if game == "walpurgis":  # Sarasvati's draft has no numbers: its "(§5.4)" carry none
            rulebook.update(_BARE_RULEBOOK.findall(s))
    return sections, rulebook


@pytest.mark.parametrize("game", ["walpurgis", "sarasvati", "suikoden", "maken"])
def test_issue6_3_every_section_reference_the_game_prints_resolves(game: str) -> None:
    g = fudaba.load_game(game)
    sections, rulebook = _references(game)
    assert len({n for n, _ in sections}) >= 9  # the scan finds the references (it cannot pass empty)
    for number, printed in sorted(sections):
        for ref in (printed, number, f"§{number}"):
            text = g.rules_text(ref, "en")
            assert text is not None, (ref, printed)
            assert text.startswith(f"§{number} "), (ref, text.splitlines()[0])  # the very section cited
    for number in sorted(rulebook):
        for lang in ("en", "ja"):
            assert g.rules_text(f"rulebook {number}", lang) is not None, number
    if game == "walpurgis":
        assert {"2", "7.2.1", "8.1", "8.2", "8.3", "8.3.1", "8.3.9", "8.4", "8.3.8", "7.3.2"} <= rulebook


@pytest.mark.parametrize(("number", "section"), [
    ("8.1", "5.1"), ("8.2", "5.2"), ("8.3", "5.3"), ("8.4", "5.3"), ("8.3.6.1", "5.3"), ("2", "6"), ("2.2.1", "6"),
    ("7.2.1", "4"), ("7.3.2", "4"), ("1.2", "3"), ("5", "3"), ("6", "3"), ("6.3", "1"), ("4.1.3", "1"), ("3", "2"),
    ("9", "7"),
])
def test_issue6_3_walpurgis_rulebook_numbers_map_to_the_spec_sections(number: str, section: str) -> None:
    g = fudaba.load_game("walpurgis")
    text = g.rules_text(f"rulebook {number}", "en")
    assert text is not None and text.startswith(f"§{section} ")
    assert g.rules_text(f"ルールブック {number}", "ja", width=200).startswith(f"§{section} ")  # type: ignore[union-attr]


def test_issue6_3_a_number_only_the_rulebook_has_is_the_rulebooks_and_a_shared_one_prefers_the_spec() -> None:
    g = fudaba.load_game("walpurgis")
    # 8.1 / 7.2.1 are no spec sections: the rulebook's, said so where the section's heading does not list it
    assert g.rules_text("8.1", "en") == g.rules_text("rulebook 8.1", "en")
    first = (g.rules_text("7.2.1", "en", width=200) or "").splitlines()[:2]
    assert first == ["§4 The turn: prepare, main and end phases (rulebook: 7)",
                     "(the rulebook's 7.2.1 is part of this section)"]
    # 2 is both: the spec's §2, with how to ask for the rulebook's
    lines = (g.rules_text("2", "en", width=200) or "").splitlines()
    assert lines[:2] == ["§2 Cards and the action matrix (rulebook: 3)",
                         "(§2 of this summary. The rulebook's 2 is §6 here: rules rulebook 2)"]
    # "§2" can only mean the spec's: no note
    assert (g.rules_text("§2", "en", width=200) or "").splitlines()[1].startswith("Every card has a name")
    ja = (g.rules_text("2", "ja", width=200) or "").splitlines()
    assert ja[1] == "(要約の§2です。ルールブックの2はこの要約の§6: rules rulebook 2)"
    assert (g.rules_text("rulebook 2", "en") or "").startswith("§6 End of the game")


@pytest.mark.parametrize("ref", ["5.3", "§5.3", "§ 5.3", "５．３", "§5.3 step 4", "  5.3  ", "chain, step"])
def test_issue6_3_section_by_number_with_or_without_the_section_sign(ref: str) -> None:
    g = fudaba.load_game("walpurgis")
    assert g.rules_text(ref, "en") == g.rules_text("5.3", "en")
    assert (g.rules_text(ref, "en") or "").splitlines()[0] == "§5.3 The chain, step by step (rulebook: 8.3, 8.4)"


@pytest.mark.parametrize("ref", ["99", "5.9", "5.3.4", "8.8", "rulebook 99", "rulebook 8.5", "rulebook", "no such thing", "§"])
def test_issue6_3_unknown_sections_are_none(ref: str) -> None:
    assert fudaba.load_game("walpurgis").rules_text(ref, "en") is None


def test_issue6_3_listing_gives_number_title_and_rulebook_numbers_in_each_language() -> None:
    g = fudaba.load_game("walpurgis")
    en = (g.rules_text(None, "en") or "").splitlines()
    assert en[0] == "Walpurgis (戦略的弾幕配置TCG) — rules summary (v2.01)"
    assert "  §4    The turn: prepare, main and end phases * (rulebook:" in en
    assert "    §5.3  The chain, step by step * (rulebook: 8.3, 8.4)" in en
    assert "  §7    Keywords and effects (rulebook: 9)" in en
    assert [ln.split()[0] for ln in en if ln.startswith("  ") and ln.strip().startswith("§")] == \
        [f"§{s}" for s in SPEC_SECTIONS["walpurgis"]]
    ja = (g.rules_text(None, "ja") or "").splitlines()
    assert ja[0] == "戦略的弾幕配置TCG「Walpurgis」 — ルール要約 (v2.01)"
    assert "    §5.3  連鎖の手順 * (ルールブック: 8.3, 8.4)" in ja
    s = (fudaba.load_game("sarasvati").rules_text("", "en") or "").splitlines()
    assert s[0] == "Sarasvati TCG (サラスヴァティTCG(仮)) — rules summary"
    assert "    §5.4  Imagine phase" in s
    assert s[-1] == "rules N shows a section (rules 5.3, rules §5.3)."  # no rulebook numbers to look up


@pytest.mark.parametrize("game", ["walpurgis", "sarasvati", "suikoden", "maken"])
def test_issue6_3_the_summary_follows_the_spec_numbering_in_both_languages(game: str) -> None:
    g = fudaba.load_game(game)
    doc = tomllib.loads(summary_path(g).read_text(encoding="utf-8"))
    assert [s["id"] for s in doc["section"]] == SPEC_SECTIONS[game]
    for sid in SPEC_SECTIONS[game]:
        en, ja = g.rules_text(sid, "en") or "", g.rules_text(sid, "ja") or ""
        assert en.startswith(f"§{sid} ") and ja.startswith(f"§{sid} ")
        body_en, body_ja = en.split("\n", 1)[1], ja.split("\n", 1)[1]
        # English prose (Japanese only in card names and terms), Japanese prose
        assert len(re.findall(r"[A-Za-z]", body_en)) > 3 * len(re.findall(r"[ぁ-んァ-ヶ一-龥]", body_en)), sid
        assert len(re.findall(r"[ぁ-ん]", body_ja)) >= 10, sid


@pytest.mark.parametrize("game", ["walpurgis", "sarasvati", "suikoden", "maken"])
@pytest.mark.parametrize("width", [60, 40])
def test_issue6_3_every_line_fits_the_width(game: str, width: int) -> None:
    g = fudaba.load_game(game)
    for variant in g.VARIANTS:
        gv = fudaba.load_game(game, variant)
        for lang in ("en", "ja"):
            for ref in [None, *SPEC_SECTIONS[game]]:
                text = gv.rules_text(ref, lang, width=width) or ""
                assert text and max(display_width(ln) for ln in text.splitlines()) <= width, (variant, lang, ref)


def test_issue6_3_walpurgis_variant_v101_shows_its_differences_and_v201_says_where_they_are() -> None:
    v2 = fudaba.load_game("walpurgis")
    v1 = fudaba.load_game("walpurgis", "v1.01")
    v1_text = (v1.rules_text("5.3", "en", width=500) or "").splitlines()
    assert v1_text[-1].startswith("v1.01, bullet processing with both players' cards: in each round the two picked")
    v2_text = (v2.rules_text("5.3", "en", width=500) or "").splitlines()
    assert v2_text[-1] == "v1.01 differs here: §8, or fudaba rules walpurgis 5.3 --variant v1.01."
    assert not any("v1.01, bullet" in ln for ln in v2_text)
    # sections without differences say nothing of the variant
    assert "v1.01" not in (v1.rules_text("5.1", "en") or "") and "v1.01" not in (v2.rules_text("5.1", "en") or "")
    listing = (v1.rules_text(None, "en") or "").splitlines()
    assert "  §6    End of the game * (rulebook: 2)" in listing and "  §2    Cards and the action matrix (rulebook: 3)" \
        in listing
    assert "* differs in v1.01: the section says how" in listing
    assert "v1.01: ゲームが終わるのは場が埋まったときと投了だけ。" in (v1.rules_text("6", "ja", width=500) or "")


def test_issue6_3_a_section_with_subsections_prints_them() -> None:
    text = fudaba.load_game("sarasvati").rules_text("5", "en", width=200) or ""
    heads = [ln for ln in text.splitlines() if ln.startswith("§")]
    assert heads == ["§5 The turn: seven phases (rules draft: ◆まとめ:ゲームの流れ◆, ◆カードの使い方◆, "
                     "◆キャラクターの召喚・状態◆)",
                     "§5.1 Set phase", "§5.2 Draw phase", "§5.3 Charge phase",
                     "§5.4 Imagine phase (rules draft: ◆カードの使い方◆)", "§5.5 Move phase",
                     "§5.6 Battle phase (rules draft: ◆キャラクターで攻撃、バトルを行う◆)", "§5.7 End phase"]


def test_issue6_3_sarasvati_draft_headings_find_their_section() -> None:
    g = fudaba.load_game("sarasvati")
    assert (g.rules_text("rulebook 勝利・敗北条件", "ja") or "").startswith("§7 勝利・敗北")
    assert (g.rules_text("ルール案 勝利", "en") or "").startswith("§7 End of the game")


def test_issue6_3_layout_keeps_words_whole_and_japanese_punctuation_off_line_starts() -> None:
    assert wrap_paragraphs("1. place W-RM-01 3c up then done\n   again", 16) == \
        ["1. place W-RM-01", "   3c up then", "   done again"]
    lines = wrap_paragraphs("弾幕置き場の一番上のカードを、山札の一番下に置く。", 14, "ja")
    assert lines == ["弾幕置き場の一", "番上のカード", "を、山札の一番", "下に置く。"]
    assert all(ln[:1] not in "、。" for ln in lines)
    # a line indented less than the list item before it is a new paragraph, not a continuation
    assert wrap_paragraphs("- item\nafter", 60) == ["- item", "after"]
    assert wrap_paragraphs("- item\n  more", 60) == ["- item more"]
    # Japanese joins its lines directly, English with a space; an ASCII pair keeps its space in both
    assert wrap_paragraphs("通常弾を\n配置し\nup にする\n(§3)", 60, "ja") == ["通常弾を配置しup にする (§3)"]
    assert wrap_paragraphs("the\nnormal\n通常弾", 60) == ["the normal 通常弾"]
    # English keeps a Japanese term whole; Japanese breaks between any two characters
    assert wrap_paragraphs("Equipment marked 付け替え可能 may move", 20) == ["Equipment marked", "付け替え可能 may",
                                                                           "move"]
    assert wrap_paragraphs("装備は付け替え可能", 10, "ja") == ["装備は付け", "替え可能"]


def test_issue6_3_a_malformed_summary_names_the_section_and_field() -> None:
    good = {"id": "1", "title_en": "A", "title_ja": "あ", "en": "x", "ja": "え"}
    doc = {"title_en": "G", "title_ja": "ジ", "section": [good, {**good, "id": "1.1", "ja": ""}]}
    with pytest.raises(FudabaError, match=r"rules\.toml: section 2 \(id '1\.1'\): ja must be a non-empty string"):
        parse_summary(doc, "rules.toml")
    with pytest.raises(FudabaError, match=r"section 1 \(id '2\.1'\): its parent section 2 must come before it"):
        parse_summary({**doc, "section": [{**good, "id": "2.1"}]}, "rules.toml")
    with pytest.raises(FudabaError, match=r"section 1 \(id '1'\): unknown field\(s\) body"):
        parse_summary({**doc, "section": [{**good, "body": "?"}]}, "rules.toml")
    with pytest.raises(FudabaError, match=r"variants\.v9 must have exactly en and ja"):
        parse_summary({**doc, "section": [{**good, "variants": {"v9": {"en": "x"}}}]}, "rules.toml")


def test_issue6_3_the_summaries_are_package_data_and_the_readme_does_not_send_users_to_shared() -> None:
    from fnmatch import fnmatch

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    patterns = data["fudaba.games"]  # one set of globs for every game package (issue 19)
    for game in ("sarasvati", "walpurgis", "suikoden", "maken"):
        assert summary_path(fudaba.load_game(game)) == GAMES / game / "rules.toml"
        files = [p for p in (GAMES / game).rglob("*") if p.is_file() and p.suffix in (".toml", ".txt")]
        assert any(p.name == "rules.toml" for p in files)
        for p in files:
            rel = p.relative_to(GAMES).as_posix()
            assert any(fnmatch(rel, pat) for pat in patterns), f"{rel} is not package data"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme and "shared/" not in readme
    assert "fudaba rules walpurgis 5.3" in readme


# ------------------------------------------------------------------------------------- CLI
def test_issue6_3_cli_rules_lists_sections_in_japanese_by_default() -> None:
    r = runner.invoke(app, ["rules", "walpurgis"])
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert lines[0] == "戦略的弾幕配置TCG「Walpurgis」 — ルール要約 (v2.01)"
    assert "    §5.3  連鎖の手順 * (ルールブック: 8.3, 8.4)" in lines


def test_issue6_3_cli_rules_prints_one_section_by_spec_or_rulebook_number() -> None:
    r = runner.invoke(app, ["rules", "walpurgis", "5.3", "--lang", "en"])
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[0] == "§5.3 The chain, step by step (rulebook: 8.3, 8.4)"
    assert "\n6. Bullet processing (8.3.6): every square holding two or\n" in r.output
    r = runner.invoke(app, ["rules", "walpurgis", "rulebook", "8.1", "--lang", "en"])
    assert r.exit_code == 0 and r.output.splitlines()[0] == "§5.1 The activation condition (rulebook: 8.1)"
    r = runner.invoke(app, ["rules", "sarasvati", "§5.4", "--lang", "ja"])
    assert r.exit_code == 0 and r.output.splitlines()[0] == "§5.4 イマジンフェイズ (ルール案: ◆カードの使い方◆)"


def test_issue6_3_cli_rules_variant_marks_and_shows_the_differences() -> None:
    r = runner.invoke(app, ["rules", "walpurgis", "4", "--lang", "en", "--variant", "v1.01"])
    assert r.exit_code == 0, r.output
    assert "v1.01: the first player does not draw on turn 1," in r.output
    r = runner.invoke(app, ["rules", "walpurgis", "--lang", "en", "--variant", "v1.01"])
    assert "* differs in v1.01: the section says how" in r.output.splitlines()


def test_issue6_3_cli_rules_unknown_section_exits_2_saying_how_to_list_them() -> None:
    r = runner.invoke(app, ["rules", "walpurgis", "99", "--lang", "en"])
    assert r.exit_code == 2
    assert "walpurgis: no section '99' in the rules summary; fudaba rules walpurgis --lang en lists the sections" \
        in r.output.replace("\n", " ")
    r = runner.invoke(app, ["rules", "walpurgis", "8.8"])
    assert r.exit_code == 2 and "節の一覧は fudaba rules walpurgis --lang ja" in r.output.replace("\n", "")
    r = runner.invoke(app, ["rules", "walpurgis", "--lang", "fr"])
    assert r.exit_code == 2 and "--lang must be ja or en" in r.output
    r = runner.invoke(app, ["rules", "chess"])
    assert r.exit_code == 2 and "unknown game 'chess'" in r.output
