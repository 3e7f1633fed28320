"""Issue 18 §2: what a Japanese player reads at every decision — the prompt and the answer to
``why ACTION`` — holds no developer notation: no ``[decision]`` / ``[裁定]`` tags, no names from the
code or the card data (``turn_end``, ``set_beside``; a rule parameter is named as one), no English
left untranslated, and every ``§`` reference is one the player can open with ``rules``.

Random games of every game (both Walpurgis variants), every decision, the prompt and ``why`` for
actions of other decisions and of no decision at all."""

from __future__ import annotations

import re

import pytest

import fudaba
from fudaba.core.rng import Rng
from fudaba.core.session import Session

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
#: a tag in brackets (``[decision]``, ``[裁定]``)
TAG = re.compile(r"\[[^\]]*\]")
#: an identifier of the code or the card data (``turn_end``); a rule parameter named as one is fine
IDENT = re.compile(r"(?<!パラメータ )(?<![A-Za-z0-9_])[a-z]+_[a-z_]+(?![A-Za-z0-9_])")
SECTION = re.compile(r"§\s*(\d+(?:\.\d+)*)")

GAMES = [("maken", None), ("sarasvati", None), ("suikoden", None), ("walpurgis", "v2.01"), ("walpurgis", "v1.01")]


def _problems(g: fudaba.Game, text: str, what: str) -> list[str]:
    out = []
    body = text.split(": ", 1)[1] if what == "why" and ": " in text else text  # why: "ACTION: reason"
    if TAG.search(body):
        out.append(f"tag {TAG.search(body).group(0)!r}")  # type: ignore[union-attr]
    if IDENT.search(body):
        out.append(f"identifier {IDENT.search(body).group(0)!r}")  # type: ignore[union-attr]
    if not JAPANESE.search(body):
        out.append("not in Japanese")
    for ref in SECTION.findall(body):
        if g.rules_text(ref, "ja") is None:
            out.append(f"§{ref} is no section of 'rules'")
    return [f"{what}: {p}: {text}" for p in out]


@pytest.mark.parametrize(("name", "variant"), GAMES)
def test_issue18_2_japanese_prompts_and_why_answers_hold_no_developer_notation(name: str, variant: str | None) -> None:
    g = fudaba.load_game(name, variant)
    seen: list[str] = []  # actions of earlier decisions: asked about at later ones
    problems: set[str] = set()
    prompts = whys = 0
    for seed in range(3):
        st = g.new_game(seed=seed)
        sess = Session(g, st, [None, None], "ja")
        rng = Rng(seed)
        while not st.over and len(st.history) < 150:
            d = st.decision
            assert d is not None
            problems.update(_problems(g, sess.prompt(d.player), "prompt"))
            prompts += 1
            asked = {rng.choice(seen) for _ in range(4)} if seen else set()
            asked |= {f"{a.verb} zz" for a in d.options[:2]} | {"zz"}
            for text in asked:
                answer = sess.why(d.player, text)
                if "今できます" not in answer:
                    problems.update(_problems(g, answer, "why"))
                    whys += 1
            seen.extend(a.text for a in d.options[:3])
            st.apply(d.options[rng.randbelow(len(d.options))])
    assert prompts > 100 and whys > 300
    assert not problems, "\n".join(sorted(problems)[:20])


def test_issue18_2_the_checks_catch_what_the_texts_used_to_say() -> None:
    # the texts these checks found before issue 18, each still caught
    g = fudaba.load_game("walpurgis")
    assert _problems(g, "turn_end効果 (§5.3): 次に解決する自分のカードを選んでください", "prompt")
    assert _problems(fudaba.load_game("sarasvati"), "x: このターンすでに移動しています ([裁定] §5.5)", "why")
    assert _problems(g, "target zz: zzは手札のカードではないため、場の脇に置けません (§4 end ④, §7 set_beside)", "why")
    assert _problems(g, "x: not a legal action of the current decision (main)", "why")
    assert _problems(g, "x: 迎撃条件を満たしていません (§42)", "why")
    assert not _problems(g, "x: 迎撃条件を満たしていません (§5.3 step 4, 8.4)", "why")  # a reference rules opens
    assert not _problems(fudaba.load_game("maken"), "skip: アタックは省略できません (ルールのパラメータ "
                                                    "attack_optional が false、§5 ステップ3)", "why")


def test_issue18_2_walpurgis_resolve_prompt_names_the_timing_in_words() -> None:
    from fudaba.games.walpurgis.text import prompt

    g = fudaba.load_game("walpurgis")
    view = {"decision": {"kind": "resolve", "prompt": "turn_end effects: choose the next card"}, "seat": 0}
    assert prompt(g, view, "ja") == "ターン終了時の効果 (§5.3): 次に解決する自分のカードを選んでください"
    assert prompt(g, view, "en") == "End-of-turn effects (§5.3): choose which of your cards resolves next"
    view["decision"]["prompt"] = "chain_end effects: choose the next card"  # type: ignore[index]
    assert prompt(g, view, "ja").startswith("連鎖終了時の効果 (§5.3)")
