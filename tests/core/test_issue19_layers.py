"""Issue 19 §4: the engine never imports the play loop or any text. Words are reached through the
Game, which loads text modules by their path when words are asked for (a game's descriptor ``text``,
the core's own ``fudaba.core.text``): playing a game imports none of them, and a displayed option
pasted with its gloss is still accepted — the gloss now comes from ``Game.option_gloss``, the
decision kind's own gloss first."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
import toygame

import fudaba
from fudaba.core.actions import Action
from fudaba.core.session import Session
from fudaba.core.views import decision_view

PLAY_WITHOUT_WORDS = """
import sys
import fudaba
from fudaba.core import Rng
for name in fudaba.games():
    st = fudaba.load_game(name).new_game(seed=1)
    r = Rng(3)
    while not st.over:
        st.apply(r.choice(st.legal_actions()))
    st.clone().resample(0, Rng(1)).to_json()
    fudaba.replay(st.record())
print(sorted(m for m in sys.modules if m.startswith("fudaba") and m.rpartition(".")[2] in ("session", "text")
             or ".text." in m))
"""


def test_19_4_playing_every_game_imports_no_text_and_no_play_loop() -> None:
    out = subprocess.run([sys.executable, "-c", PLAY_WITHOUT_WORDS], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_19_4_the_core_events_words_come_from_the_core_text_loaded_by_path() -> None:
    g = fudaba.load_game("toy")
    ev = {"kind": "turns_skipped", "first": 3, "last": 9, "period": 2}
    assert g.describe(ev, "en") == ("turns 3–9: nobody has anything to decide and the same position comes back "
                                    "every 2 turns: skipped")
    assert g.describe(ev, "ja") == "ターン3〜9: 誰にも選ぶことがなく、2ターンごとに同じ局面が繰り返されるため省略"


def _kind_gloss(self: Any, game: Any, action: Action, view: dict[str, Any], lang: str) -> str | None:
    if action.verb != "play":
        return None
    n = game.cards[action.args[0]].value
    return f"{n}点" if lang == "ja" else f"+{n} points ({n} of {game.params['target']})"


def test_19_4_a_kinds_gloss_is_the_options_gloss_in_menus_and_in_typed_input(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toygame.Play, "gloss", _kind_gloss)
    plain = toygame.ToyState.view  # the toy's view has no envelope: add the decision the kind is read from
    monkeypatch.setattr(toygame.ToyState, "view",
                        lambda st, p: {**plain(st, p), "decision": decision_view(st.decision, p, st.picked())})
    g = fudaba.load_game("toy")
    st = g.new_game(seed=4)
    d = st.decision
    assert d is not None
    play = next(a for a in d.options if a.verb == "play")
    n = g.cards[play.args[0]].value
    menu = {it.text: it.gloss for it in Session(g, st).menu(d.player).items}
    assert menu[play.text] == f"+{n} points ({n} of 10)" and menu["pass"] == ""
    assert g.option_gloss(play, st.view(d.player), "ja") == f"{n}点"
    # the option pasted whole with its gloss, in either language
    for typed in (f"{play.text} +{n} points ({n} of 10)", f"{play.text} {n}点"):
        c = st.clone()
        c.apply(typed)
        assert c.history[-1] == play.text
    # without the chooser's view no kind is pending: the card names only
    assert g.option_gloss(play, None, "en") == f"Card {n}"
