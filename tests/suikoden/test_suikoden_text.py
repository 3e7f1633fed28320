"""Suikoden text for people (src/fudaba/games/suikoden/text.py): the table (render), log lines
(describe), info (inspect), option glosses, prompts, card text and results, in en and ja.

Positions follow spec §14 (the §14 example position) and the §15 examples; hidden cards (a hand, a
deck, a sealed duel pick, mulligan returns) never reach another seat's text."""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest

import fudaba
from fudaba.core.rng import Rng
from fudaba.core.session import Session, option_gloss
from fudaba.core.text import WIDTH, display_width
from fudaba.games.suikoden import text as T

GAME = fudaba.load_game("suikoden")

#: spec §14, the example position: seat 1 continues its トトの焼き討ち (GS-B17); §15.2
POS14: dict[str, Any] = {
    "game": "suikoden", "turn": 8, "active": 1, "first": 0, "phase": "battle", "seed": 4,
    "seat": [
        {"mastermind": "", "vp": 1, "built": 0,
         "hand": ["GS-A13", "GS-A10", "GS-R01", "GS-A15", "GS-A11", "GS-A04"],
         "deck": ["GS-A16", "GS-A05"], "discard": ["GS-A07"], "missions": [],
         "resolved": [{"card": "GS-A16", "garrison": "GS-A02"}]},
        {"mastermind": "", "vp": 0, "built": 0,
         "hand": ["GS-B01", "GS-B12", "GS-B16", "GS-B18", "GS-B14", "GS-B20"],
         "deck": ["GS-B05"], "discard": [], "resolved": [],
         "missions": [{"slot": "M1", "card": "GS-B17", "support": "GS-B04",
                       "mine": ["GS-B02", "GS-B11"], "theirs": ["GS-A01", "GS-A05"]}]},
    ],
    "battle": {"seat": 1, "slot": "M1", "kind": "continue", "actor": 1, "steps": 0, "last_pass": False},
}


def pos(**changes: Any) -> Any:
    """The §14 position with top-level keys replaced (a deep copy)."""
    doc = copy.deepcopy(POS14)
    doc.update(copy.deepcopy(changes))
    for k, v in changes.items():
        if v is None:
            del doc[k]
    return GAME.load_position(doc)


def seat_doc(**kw: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"mastermind": "", "vp": 0, "built": 0, "hand": [], "deck": [], "discard": [],
                         "missions": [], "resolved": []}
    d.update(kw)
    return d


def lines(text: str) -> list[str]:
    return text.splitlines()


# ------------------------------------------------------------------------------------------- §14 the table
def test_14_render_example_position_for_the_deciding_seat_en() -> None:
    st = pos()
    out = GAME.render(st.view(1), "en")
    ls = lines(out)
    assert ls[0] == "Turn 8 · battle · P1's turn · P0 went first · 5 VP wins"
    for want in [
        "P0: mastermind none · VP 1/5 · built 0",
        "    hand 6 (limit 6) · deck 2 · discard 1",
        "  xR1 グリンヒル解放 Liberation of Greenhill — garrison ビクトール Viktor",
        "P1 (you): mastermind none · VP 0/5 · built 0",
        "    hand 6 (limit 6) · deck 1 · discard 0",
        "  M1 トトの焼き討ち Burning of Toto — attack 7, VP 1/2",
        "    support: クラウス Klaus",
        "    P1 (you) · links ABEH · atk 6/7",
        "      M1.1 キバ・ウィンダミア Kiba Windamier ABH   3/3000/0",
        "      M1.2 ロレライ Lorelai                  AE    3/0/1",
        # Klaus's support effect: P0's total is the characters' 7 minus 2 (§7.1 totals)
        "    P0 · links AEGHI · atk 5/7 (characters 7, effects -2)",
        "      M1.x1 フリック Flik                    AEI   4/1500/1",
        "      M1.x2 ナナミ Nanami                    AGH   3/500/1",
        "Battle: M1 トトの焼き討ち Burning of Toto (continue) · step 1 · P1 to act",
        "  may not pass (the first step of a continue)",
        "Your decision: deploy/pass step",
    ]:
        assert want in ls, want
    # the owner's column comes first, the opponent's block (P0) above the viewer's
    assert ls.index("    P1 (you) · links ABEH · atk 6/7") < ls.index("    P0 · links AEGHI · atk 5/7 "
                                                                          "(characters 7, effects -2)")
    assert ls.index("P0: mastermind none · VP 1/5 · built 0") < ls.index("P1 (you): mastermind none · VP 0/5 · built 0")
    assert "Your hand: GS-B01 ソロン・ジー Solon Jhee, GS-B12 ザジ Zaj," in ls


def test_14_render_example_position_relative_to_the_other_seat_and_in_japanese() -> None:
    st = pos()
    ls = lines(GAME.render(st.view(0), "ja"))
    for want in [
        "ターン8 · バトル · 手番P1 · 先攻P0 · 5VPで勝利",
        "  xM1 トトの焼き討ち — 攻撃7・VP 1/2",
        "    サポート: クラウス",
        "    P1 · リンク ABEH · 攻 6/7",
        "      xM1.x1 キバ・ウィンダミア ABH   3/3000/0",
        "    P0(あなた) · リンク AEGHI · 攻 5/7 (キャラクター 7、効果 -2)",
        "      xM1.1 フリック            AEI   4/1500/1",
        "  R1 グリンヒル解放 — 駐留 ビクトール",
        "バトル: xM1 トトの焼き討ち (継続)・ステップ1・P1の番",
        "  継続の最初のステップ: パスできない",
        "P1が選択中",
    ]:
        assert want in ls, want
    # a spectator reads the places as seat 0 does, and is told so
    spec = lines(GAME.render(st.view(None), "en"))
    assert spec[1] == "(spectator: places as P0 names them)"
    assert "      xM1.x1 キバ・ウィンダミア Kiba Windamier ABH   3/3000/0" in spec
    assert not any(ln.startswith("Your hand") for ln in spec)


def test_7_1_render_says_what_both_passed_would_mean_now() -> None:
    # P0 passed on P1's new attack mission: P1's pass would leave it unresolved (§7.2)
    st = pos(battle={"seat": 1, "slot": "M1", "kind": "new", "actor": 1, "steps": 1, "last_pass": True})
    ls = lines(GAME.render(st.view(1), "en"))
    assert "Battle: M1 トトの焼き討ち Burning of Toto (new) · step 2 · P1 to act" in ls
    assert "  P0 passed: if P1 passes now, both passed — M1 stays unresolved" in ls
    assert "  P0がパスした: P1も今パスすると両者パス — xM1は未解決のまま残る" in lines(GAME.render(st.view(0), "ja"))
    # on troops the same pass decides the battle (§7.3)
    seats = copy.deepcopy(POS14["seat"])
    seats[1]["missions"][0]["card"] = "GS-B16"
    st = pos(seat=seats, battle={"seat": 1, "slot": "M1", "kind": "new", "actor": 1, "steps": 1, "last_pass": True})
    ls = lines(GAME.render(st.view(1), "en"))
    assert "  M1 夜襲 Night Raid — troops 2000, VP 1/1" in ls
    assert "    P1 (you) · links ABEH · mil 3000/2000" in ls
    assert "  P0 passed: if P1 passes now, both passed — troops are decided (casualties)" in ls
    # no pass was made last: nothing to warn about
    st = pos(battle={"seat": 1, "slot": "M1", "kind": "new", "actor": 1, "steps": 1, "last_pass": False})
    assert not any("passes now" in ln or "may not pass" in ln for ln in lines(GAME.render(st.view(1), "en")))


def test_7_4_render_facility_totals_build_and_block() -> None:
    seats = copy.deepcopy(POS14["seat"])
    seats[1]["missions"][0]["card"] = "GS-B20"  # 兵舎 Barracks: build 5 / block 8
    st = pos(seat=seats)
    ls = lines(GAME.render(st.view(1), "en"))
    assert "  M1 兵舎 Barracks — facility, build 5 / block 8" in ls
    assert "    P1 (you) · links ABEH · con 1/5 (build)" in ls  # the owner builds with con
    assert "    P0 · links AEGHI · atk 5/8 (block) (characters 7, effects -2)" in ls  # the other blocks with atk
    assert "  M1 兵舎 — 施設・建設5/阻止8" in lines(GAME.render(st.view(1), "ja"))


def test_7_5_render_resolved_area_with_whose_mission_and_built_facilities() -> None:
    seats = copy.deepcopy(POS14["seat"])
    seats[1]["resolved"] = [{"card": "GS-R01", "garrison": "GS-B05", "owner": 0}, {"card": "GS-B21", "garrison": "GS-B13"}]
    seats[1]["deck"] = []
    seats[1]["built"] = 1
    st = pos(seat=seats)
    ls = lines(GAME.render(st.view(1), "en"))
    assert "  R1 タイムスリップ Time Slip (P0's mission) — garrison シード Seed" in ls
    assert "  R2 鍛冶屋 Forge (built) — garrison アダリー Adlai" in ls
    assert "P1 (you): mastermind none · VP 0/5 · built 1" in ls
    ja = lines(GAME.render(st.view(0), "ja"))
    assert "  xR1 タイムスリップ (P0のミッション) — 駐留 シード" in ja


def test_render_modified_values_and_a_used_rune() -> None:
    seats = copy.deepcopy(POS14["seat"])
    seats[1]["missions"][0]["theirs"] = [{"card": "GS-A01", "rune_used": True},
                                         {"card": "GS-A05", "mods": [{"atk": -2, "until": "while_deployed",
                                                                      "by": "GS-A01"}]}]
    st = pos(seat=seats)
    ls = lines(GAME.render(st.view(0), "en"))
    assert "      xM1.1 フリック Flik                      AEI   4/1500/1 [rune used]" in ls
    assert "      xM1.2 ナナミ Nanami                      AGH   1/500/1 (atk-2)" in ls
    info = GAME.inspect(st.view(0), "xM1.2", "en")
    assert info is not None
    assert info.splitlines()[:2] == ["xM1.2: on xM1, P0's column, #2, now 1/500/1",
                                     "  modifier: atk -2 while deployed (フリック Flik)"]


def test_render_lines_fit_the_terminal_and_never_say_none() -> None:
    """Random states from both seats, a spectator, both languages: every line within WIDTH columns."""
    rng = Rng(5)
    for seed in range(12):
        st = GAME.new_game(seed=seed)
        step = 0
        while not st.over:
            if step % 2 == 0:
                for viewer in (0, 1, None):
                    for lang in ("en", "ja"):
                        out = GAME.render(st.view(viewer), lang)
                        assert max(display_width(ln) for ln in out.splitlines()) <= WIDTH, out
                        assert "None" not in out and "{" not in out, out
            st.apply(rng.choice(st.legal_actions()))
            step += 1
        out = GAME.render(st.view(0), "en")
        assert out.splitlines()[-1].startswith("Game over: ")


# ------------------------------------------------------------------------------------------- describe
def emitted_kinds() -> set[str]:
    """Every event kind the rules emit (``st.emit("kind"``), and the core's own."""
    src = "".join(f.read_text(encoding="utf-8") for f in sorted((Path(T.__file__).parents[1] / "rules").glob("*.py")))
    return set(re.findall(r'\bemit\(\s*"(\w+)"', src)) | {"pick", "duel", "auto", "concede", "game_over"}


def scripted_events() -> list[tuple[Any, Any]]:
    """(state, events) of situations random play rarely reaches: betrayal (§15.6), both meet (§15.2),
    a main phase with nothing to do, a duel of same-named cards (§7.6), a concession."""
    out = []
    # §15.6 betrayal: seat 1 deploys GS-B03 over seat 0's ジョウイ
    st = GAME.load_position({
        "game": "suikoden", "turn": 3, "active": 0, "first": 0, "phase": "battle", "seed": 1,
        "seat": [seat_doc(hand=["GS-A13"], deck=["GS-A10"] * 8,
                          missions=[{"slot": "M1", "card": "GS-R01", "mine": ["GS-A01", "GS-A07"], "theirs": []}]),
                 seat_doc(hand=["GS-B03", "GS-B12"], deck=["GS-B11"] * 8)],
        "battle": {"seat": 0, "slot": "M1", "kind": "new", "actor": 1, "steps": 0, "last_pass": False}})
    out.append((st, st.apply("deploy GS-B03")))
    # §15.2 both meet: redeploy in the §14 position
    st = pos()
    out.append((st, st.apply("redeploy")))
    # a main phase with no legal move but pass (an empty hand, nothing to continue)
    st = GAME.load_position({"game": "suikoden", "turn": 3, "active": 0, "first": 0, "phase": "main", "seed": 2,
                             "seat": [seat_doc(deck=["GS-A10"] * 8), seat_doc(hand=["GS-B12"], deck=["GS-B11"] * 8)]})
    out.append((st, list(st.log)))
    # §7.6 same-named duel cards (duel_clash = discard_both), then a concession
    st = GAME.load_position({"game": "suikoden", "turn": 3, "active": 0, "first": 0, "phase": "main", "seed": 3,
                             "seat": [seat_doc(hand=["GS-A17", "GS-A07", "GS-A13"], deck=["GS-A10"] * 8),
                                      seat_doc(hand=["GS-B03"], deck=["GS-B11"] * 8)]})
    ev = st.apply("play GS-A17")
    ev += st.apply("duel GS-A07")
    ev += st.apply("concede")
    out.append((st, ev))
    return out


def test_describe_every_event_kind_in_both_languages() -> None:
    """~50 random games and the scripted situations: every kind the rules emit gets its own line in en
    and ja for every viewer — not empty, no format braces, no 'None', not the generic fallback."""
    seen: dict[str, int] = {}
    rng = Rng(11)
    states = []
    for seed in range(50):
        st = GAME.new_game(seed=seed)
        while not st.over:
            st.apply(rng.choice(st.legal_actions()))
        states.append(st)
    for st, _ in scripted_events():
        states.append(st)
    for st in states:
        for viewer in (0, 1, None):
            for ev in st.log_view(viewer):
                k = ev["kind"]
                seen[k] = seen.get(k, 0) + 1
                for lang in ("en", "ja"):
                    line = GAME.describe(ev, lang)
                    assert line, ev
                    assert "{" not in line and "None" not in line, (ev, line)
                    assert not line.startswith(f"{k}:"), (ev, line)  # the fallback for unknown kinds
    missing = emitted_kinds() - set(seen)
    assert not missing, f"event kinds never described: {sorted(missing)}"


def test_describe_lines_en_and_ja() -> None:
    """The exact lines of the events of §15.6 (betrayal) and of a duel (§7.6)."""
    (_, ev), (_, ev2), _, (_, ev4) = scripted_events()
    en = [GAME.describe(e.view(0), "en") for e in ev]
    assert "Betrayal (裏): P1's ジョウイ Jowy comes in; the opponent's ジョウイ Jowy is discarded." in en
    assert "P0's ジョウイ Jowy goes to the discard pile (betrayal)." in en
    assert "P1 deploys ジョウイ Jowy on P0's M1." in en
    ja = [GAME.describe(e.view(1), "ja") for e in ev]
    assert "裏: P1のジョウイの派遣で、相手のジョウイが破棄される。" in ja
    assert "P1がジョウイをP0のM1に派遣。" in ja
    en2 = [GAME.describe(e.view(None), "en") for e in ev2]
    assert ("Both sides meet P1's M1 トトの焼き討ち Burning of Toto: nobody clears; it and every card on it are "
            "discarded, no VP.") in en2
    assert "P1 redeploys the support クラウス Klaus into its column on P1's M1." in en2
    en4 = [GAME.describe(e.view(1), "en") for e in ev4]
    assert "P0 plays 天山の一騎打ち Duel at Tenzan Pass (duel by atk, VP 1/1) as P0's M1." in en4
    assert "Duel on P0's M1, revealed: P0 ジョウイ Jowy, P1 ジョウイ Jowy." in en4
    assert "P0's ジョウイ Jowy goes to the discard pile (same name as the other pick)." in en4
    assert "Duel on P0's M1 by atk: P0 no card 0, P1 no card 0 — a tie favours the placer, P0." in en4
    assert "P1 concedes." in en4 and "Game over (P1 conceded): P0 wins" in en4
    ja4 = [GAME.describe(e.view(0), "ja") for e in ev4]
    assert "P0がP0のM1の一騎打ちにジョウイを裏向きで選んだ (両者が選ぶまで非公開)。" in ja4
    assert "ゲーム終了 (P1の投了): P0の勝ち" in ja4


def test_describe_clear_and_troops_lines() -> None:
    # §15.3 troops: seat 0 loses exactly 2500 (ツァイ + ジョウイ + ナナミ), seat 1 is wiped out, シュウ clears
    st = GAME.load_position({
        "game": "suikoden", "turn": 5, "active": 0, "first": 0, "phase": "battle", "seed": 1,
        "seat": [seat_doc(hand=["GS-A13"], deck=["GS-A10"] * 8,
                          missions=[{"slot": "M1", "card": "GS-A16", "mine": ["GS-A04", "GS-A08", "GS-A07", "GS-A05"],
                                     "theirs": ["GS-B01"]}]),
                 seat_doc(hand=["GS-B12"], deck=["GS-B11"] * 8)],
        "battle": {"seat": 0, "slot": "M1", "kind": "new", "actor": 0, "steps": 1, "last_pass": True}})
    evs = st.apply("pass")
    en = [GAME.describe(e.view(1), "en") for e in evs]
    assert "Troops on P0's M1 are decided (both passed): P0 mil 5500, P1 mil 2500." in en
    assert "P1 is wiped out on P0's M1: ソロン・ジー Solon Jhee." in en
    assert "P0 loses ツァイ Tsai, ジョウイ Jowy, ナナミ Nanami on P0's M1 (casualties)." in en
    assert "P0 clears P0's M1 グリンヒル解放 Liberation of Greenhill: garrison シュウ Shu, +1 VP (total 1)." in en
    ja = [GAME.describe(e.view(0), "ja") for e in evs]
    assert "P0がP0のM1 グリンヒル解放をクリア: 駐留シュウ、+1VP (計1VP)。" in ja
    assert "P0のM1の兵力判定 (両者パス): P0 兵力 5500、P1 兵力 2500。" in ja


# ------------------------------------------------------------------------------------------- hidden cards
def visible_names(game: Any, view: dict[str, Any]) -> set[str]:
    """Names of every card id the view holds (public zones, the viewer's own hand and returns)."""
    ids: set[str] = set()
    stack: list[Any] = [view]
    while stack:
        x = stack.pop()
        if isinstance(x, str) and x in game.cdb:
            ids.add(x)
        elif isinstance(x, dict):
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return {n for c in ids for n in (game.cdb[c].name, game.cdb[c].name_en)}


def seen_by(st: Any, viewer: int | None) -> set[str]:
    """Names of the cards ``viewer`` may see, from the state (spec §1): everything on the table and in
    the discard piles, its own hand and mulligan returns."""
    ids = list(st.discard[0] + st.discard[1]) + [m for m in st.mm if m]
    for p in (0, 1):
        for m in st.missions[p]:
            if m is not None:
                ids += [m.card, m.support] + [d[0] for col in m.cols for d in col]
        ids += [c for r in st.resolved[p] for c in r[:2]]
    if viewer is not None:
        ids += st.hand[viewer] + st.returned[viewer]
    return {n for c in ids if c for n in (GAME.cdb[c].name, GAME.cdb[c].name_en)}


def hidden_names(st: Any, viewer: int | None) -> set[str]:
    """Names of the cards ``viewer`` cannot see — the other hand(s), both decks, mulligan returns and
    sealed picks — that it does not see elsewhere either."""
    secret = []
    for p in (0, 1):
        secret += st.deck[p]
        if p != viewer:
            secret += st.hand[p] + st.returned[p]
    for x in st.sealed:
        if x[0] != viewer:
            secret.append(x[4].split()[-1])
    return {n for c in secret for n in (GAME.cdb[c].name, GAME.cdb[c].name_en)} - seen_by(st, viewer)


def test_1_hidden_cards_never_reach_another_seats_table_or_log() -> None:
    rng = Rng(3)
    checked = 0
    for seed in range(4):
        st = GAME.new_game(seed=seed)
        step = 0
        while not st.over:
            if step % 5 == 0:
                for viewer in (0, 1, None):
                    hidden = hidden_names(st, viewer)
                    seen = sorted(seen_by(st, viewer), key=len, reverse=True)
                    for lang in ("en", "ja"):
                        out = GAME.render(st.view(viewer), lang) + "\n" + str(GAME.inspect(st.view(viewer), "xhand", lang))
                        for n in seen:  # a hidden フリック inside a visible ビクトール&フリック is no leak
                            out = out.replace(n, "")
                        leaked = [n for n in hidden if n in out]
                        assert not leaked, (viewer, leaked, out)
                        checked += 1
            st.apply(rng.choice(st.legal_actions()))
            step += 1
        # log lines: a secret (draws, mulligan returns, a pick) is named only to the seats that saw it
        for e in st.log:
            if not e.secret:
                continue
            for viewer in (0, 1, None):
                if viewer in e.seen_by or not e.visible_to(viewer):
                    continue
                shown = e.view(viewer)
                public = sorted(visible_names(GAME, e.data), key=len, reverse=True)
                for lang in ("en", "ja"):
                    line = GAME.describe(shown, lang)
                    for n in public:
                        line = line.replace(n, "")
                    for c in _ids(e.secret):
                        for n in (GAME.cdb[c].name, GAME.cdb[c].name_en):
                            assert n not in line, (viewer, line)
    assert checked > 100


def _ids(obj: Any) -> list[str]:
    """The card ids in an event's secret data (``cards`` lists, a pick's ``duel GS-A05``)."""
    if isinstance(obj, str):
        parts = obj.split()
        return [parts[-1]] if parts and parts[-1] in GAME.cdb else []
    if isinstance(obj, dict):
        return [c for v in obj.values() for c in _ids(v)]
    if isinstance(obj, list):
        return [c for v in obj for c in _ids(v)]
    return []


def test_7_6_a_sealed_duel_pick_shows_only_that_the_seat_has_picked() -> None:
    st = GAME.load_position({"game": "suikoden", "turn": 3, "active": 0, "first": 0, "phase": "main", "seed": 3,
                             "seat": [seat_doc(hand=["GS-A17", "GS-A05", "GS-A13"], deck=["GS-A10"] * 8),
                                      seat_doc(hand=["GS-B11", "GS-B12"], deck=["GS-B14"] * 8)]})
    st.apply("play GS-A17")
    evs = st.apply("duel GS-A05")
    assert st.decision.player == 1 and st.picked() == [0]
    for viewer in (1, None):
        out = GAME.render(st.view(viewer), "en")
        assert "ナナミ" not in out and "Nanami" not in out
        rel = "xM1" if viewer == 1 else "M1"
        assert f"Duel: {rel} 天山の一騎打ち Duel at Tenzan Pass — each picks a card face down\n  picked: P0" in out
        assert "\n  選択済み: P0\n" in GAME.render(st.view(viewer), "ja")
    pick = next(e for e in evs if e.kind == "pick")
    assert GAME.describe(pick.view(1), "en") == ("P0 picks a card face down for the duel on P0's M1 "
                                                 "(hidden until both have picked).")
    assert GAME.describe(pick.view(0), "en") == ("P0 picks ナナミ Nanami face down for the duel on P0's M1 "
                                                 "(hidden until both have picked).")
    # the picker's own table says the same (its hand shows the card gone)
    assert "\n  picked: P0\n" in GAME.render(st.view(0), "en")


def test_4_4_mulligan_returns_are_the_owners_alone() -> None:
    st = GAME.new_game(seed=1)
    p = st.decision.player
    card = st.hand[p][0]
    st.apply(f"return {card}")
    name = GAME.cdb[card].name
    mine = GAME.render(st.view(p), "en")
    assert f"Returned (mulligan): {card} {_en(card)}" in mine
    assert "returned (mulligan) 1" in mine
    theirs = GAME.render(st.view(1 - p), "en")
    assert "returned (mulligan) 1" in theirs and card not in theirs
    assert name not in theirs or name in visible_names(GAME, st.view(1 - p))
    evs = st.apply("done")
    mul = next(e for e in evs if e.kind == "mulligan")
    assert GAME.describe(mul.view(1 - p), "en") == f"P{p} mulligans: 1 card shuffled back into the deck."
    assert GAME.describe(mul.view(p), "en") == f"P{p} mulligans: 1 card shuffled back into the deck ({_en(card)})."
    assert GAME.describe(mul.view(1 - p), "ja") == f"P{p}がマリガン: 1枚を山札に戻してシャッフル。"


def _en(cid: str) -> str:
    c = GAME.cdb[cid]
    return f"{c.name} {c.name_en}"


# ------------------------------------------------------------------------------------------- inspect
def test_13_inspect_every_place_kind_relative_to_the_viewer() -> None:
    st = pos()
    v0, v1 = st.view(0), st.view(1)
    # a mission: the table block and the card
    m = GAME.inspect(v0, "xM1", "en")
    assert m is not None and m.splitlines()[0] == "xM1 トトの焼き討ち Burning of Toto — attack 7, VP 1/2"
    assert "GS-B17  トトの焼き討ち / Burning of Toto" in m and "▸Characters (craftsman) cannot be deployed here." in m
    own = GAME.inspect(v1, "M1", "en")
    assert own is not None and own.splitlines()[:4] == [
        "M1 トトの焼き討ち Burning of Toto — attack 7, VP 1/2", "  support: クラウス Klaus",
        "  P1 (you) · links ABEH · atk 6/7", "    M1.1 キバ・ウィンダミア Kiba Windamier ABH   3/3000/0"]
    assert GAME.inspect(v0, "M1", "en") == "M1: empty"
    assert GAME.inspect(v0, "M3", "en") is None  # mission_slots = 2
    # deployed characters: the opponent's column on the opponent's mission, and your own there
    d = GAME.inspect(v0, "xM1.x1", "en")
    assert d is not None and d.splitlines()[0] == "xM1.x1: on xM1, P1's column, #1, now 3/3000/0"
    assert "GS-B02  キバ・ウィンダミア / Kiba Windamier" in d
    assert GAME.inspect(v1, "M1.x1", "ja").splitlines()[0] == "M1.x1: M1のP0の列 1番目・現在 4/1500/1"  # type: ignore[union-attr]
    assert GAME.inspect(v0, "xM1.x3", "en") == "xM1.x3: empty"
    # the support
    s = GAME.inspect(v0, "xM1.s", "en")
    assert s is not None and s.startswith("the support of xM1 (atk/mil/con 0, no links)\nGS-B04  クラウス / Klaus")
    # resolved areas
    r = GAME.inspect(v0, "R1", "en")
    assert r is not None and r.splitlines()[0] == "R1 グリンヒル解放 Liberation of Greenhill — garrison ビクトール Viktor"
    assert "garrison:\nGS-A02  ビクトール / Viktor" in r
    assert GAME.inspect(v1, "xR1", "en") == r.replace("R1 グリンヒル", "xR1 グリンヒル", 1)
    assert GAME.inspect(v0, "xR1", "en") == "xR1: none (P1's resolved area holds 0 cards)"
    # piles and the hand
    assert GAME.inspect(v0, "discard", "en") == "P0's discard pile (1 card)\n  GS-A07 ジョウイ Jowy"
    assert GAME.inspect(v1, "xdiscard", "ja") == "P0の捨て場 (1枚)\n  GS-A07 ジョウイ"
    assert GAME.inspect(v0, "hand", "en").splitlines()[:2] == ["P0's hand (6 cards)", "  GS-A13 ヒルダ Hilda"]  # type: ignore[union-attr]
    assert GAME.inspect(v0, "xhand", "en") == "P1's hand: 6 cards (hidden)"
    assert GAME.inspect(v0, "xmastermind", "en") == "P1's mastermind: none"
    # card ids and names
    assert GAME.inspect(v0, "GS-A11", "en") == GAME.card_text("GS-A11", "en")
    assert GAME.inspect(v0, "ミナ", "ja") == GAME.card_text("GS-A11", "ja")
    assert GAME.inspect(v0, "nothing here", "en") is None


def test_session_info_uses_inspect() -> None:
    st = pos()
    sess = Session(GAME, st, lang="en")
    assert sess.info(0, "xhand") == "P1's hand: 6 cards (hidden)"


# ------------------------------------------------------------------------------------------- option glosses
def test_13_option_gloss_deploy_redeploy_and_the_core_menu() -> None:
    st = pos()
    v = st.view(1)
    assert T.option_gloss(GAME, v, "deploy GS-B01", "en") == "ソロン・ジー Solon Jhee (leader, BCF, 4/2500/0)"
    assert T.option_gloss(GAME, v, "deploy GS-B01", "ja") == "ソロン・ジー (リーダー、BCF、4/2500/0)"
    assert T.option_gloss(GAME, v, "redeploy", "en") == ("クラウス Klaus (commoner, BDH, 1/1000/1, support) "
                                                         "→ into your column")
    # the session's menu shows the game's gloss alone (GLOSS_CARDS: no second copy of the name)
    menu = Session(GAME, st, lang="en").menu(1)
    assert [(o.text, o.gloss) for o in menu.items] == [
        ("deploy GS-B01", "ソロン・ジー Solon Jhee (leader, BCF, 4/2500/0)"),
        ("redeploy", "クラウス Klaus (commoner, BDH, 1/1000/1, support) → into your column")]
    # a displayed option pasted whole with its gloss is still understood
    act = st.decision.options[0]
    assert st.parse(f"deploy GS-B01 {option_gloss(GAME, act, 'en', v)}") is act


def test_13_option_gloss_of_a_free_character_mission_and_support() -> None:
    st = pos()
    v = st.view(0)
    assert T.option_gloss(GAME, v, "deploy GS-A11", "en") == "ミナ Mina (free, EHI, 2/0/0)"
    assert T.option_gloss(GAME, v, "discard GS-R01", "en") == "タイムスリップ Time Slip (attack 8, VP 1/2)"
    assert T.option_gloss(GAME, v, "play GS-A16 GS-A06", "en") == (
        "グリンヒル解放 Liberation of Greenhill (troops 3000, VP 1/1) + support アップル Apple "
        "(commoner, BDI, 1/1000/1, support)")
    assert T.option_gloss(GAME, v, "duel GS-R01", "en") == (
        "タイムスリップ Time Slip (not a character: discarded at the reveal, 0)")


def test_13_option_gloss_continue_names_the_mission_and_its_totals() -> None:
    st = pos(phase="main", active=0, turn=9, battle=None)
    v = st.view(0)
    assert "continue xM1" in v["decision"]["options"]
    assert T.option_gloss(GAME, v, "continue xM1", "en") == (
        "P1's トトの焼き討ち Burning of Toto (attack 7, VP 1/2): you atk 5/7 (characters 7, effects -2), "
        "P1 atk 6/7")
    assert T.option_gloss(GAME, v, "continue xM1", "ja") == (
        "P1のトトの焼き討ち (攻撃7・VP 1/2): あなた 攻 5/7 (キャラクター 7、効果 -2)、P1 攻 6/7")


def test_7_5_option_gloss_garrison_names_the_character_at_the_place() -> None:
    st = pos()
    st.apply("deploy GS-B01")  # seat 1: 3 + 3 + 4 = 10 ≥ 7, seat 0 5 < 7: seat 1 clears (§7.2)
    d = st.decision
    assert d.kind == "garrison" and d.player == 1
    v = st.view(1)
    assert T.option_gloss(GAME, v, "garrison M1.2", "en") == "ロレライ Lorelai (AE, 3/0/1)"
    assert T.option_gloss(GAME, v, "garrison M1.3", "ja") == "ソロン・ジー (BCF, 4/2500/0)"
    # the line keeps to WIDTH: the mission's Japanese name only
    assert "Battle: M1 トトの焼き討ち (continue) · P1 clears: garrison step" in GAME.render(v, "en")
    assert GAME.prompt(v, "en", st.log_view(1)) == (
        "You clear M1 トトの焼き討ち Burning of Toto: choose the garrison (駐留) among your characters there (§7.5)")


def test_7_3_option_gloss_lose_gives_the_printed_mil() -> None:
    # §15.3 with troops_exact = false: シュウ alone may go too, so the choice is asked; ルカ・ブライト's +500
    # (own mission) changes the current mil, never the printed mil that casualties count (§7.3)
    st = GAME.load_position({
        "game": "suikoden", "turn": 5, "active": 0, "first": 0, "phase": "battle", "seed": 1,
        "params": {"troops_exact": False},
        "seat": [seat_doc(mastermind="GS-M02", hand=["GS-A13"], deck=["GS-A10"] * 8,
                          missions=[{"slot": "M1", "card": "GS-A16", "mine": ["GS-A04", "GS-A08", "GS-A07", "GS-A05"],
                                     "theirs": ["GS-B01"]}]),
                 seat_doc(hand=["GS-B12"], deck=["GS-B11"] * 8)],
        "battle": {"seat": 0, "slot": "M1", "kind": "new", "actor": 0, "steps": 1, "last_pass": True}})
    st.apply("pass")
    assert st.decision.kind == "casualties"
    v = st.view(0)
    assert T.option_gloss(GAME, v, "lose M1.1", "en") == "シュウ Shu (printed mil 3000)"
    assert T.option_gloss(GAME, v, "lose M1.2", "ja") == "ツァイ (記載兵力 1000)"
    assert "      M1.2 ツァイ Tsai              AD    3/1500/0 (mil+500)" in GAME.render(v, "en").splitlines()
    assert GAME.prompt(v, "en", st.log_view(0)) == (
        "Troops on M1 (§7.3): lose characters whose printed mil adds up to 2500 (at least, with no card to spare), "
        "one at a time, then done")
    # the line keeps to WIDTH: the mission's Japanese name only
    assert "Battle: M1 グリンヒル解放 (new) · troops decided: casualties" in GAME.render(v, "en")


def test_7_1_option_gloss_pass_says_what_it_means() -> None:
    st = pos(battle={"seat": 1, "slot": "M1", "kind": "new", "actor": 1, "steps": 1, "last_pass": True})
    v = st.view(1)
    assert "pass" in v["decision"]["options"]
    assert T.option_gloss(GAME, v, "pass", "en") == "both passed: M1 stays unresolved"
    st = pos(battle={"seat": 1, "slot": "M1", "kind": "new", "actor": 1, "steps": 1, "last_pass": False})
    assert T.option_gloss(GAME, st.view(1), "pass", "en") == "P0 acts next"


# ------------------------------------------------------------------------------------------- prompts
def test_prompt_of_the_deploy_pass_step() -> None:
    st = pos()
    assert GAME.prompt(st.view(1), "en", st.log_view(1)) == (
        "Deploy/pass step on M1 トトの焼き討ち Burning of Toto (attack 7, VP 1/2): deploy a character, redeploy "
        "your support, use a rune, or pass\n"
        "you atk 6/7, P0 atk 5/7 (characters 7, effects -2)\n"
        "may not pass (the first step of a continue)")
    # another seat's private decision: the engine's short prompt, never its kind
    assert GAME.prompt(st.view(0), "en", st.log_view(0)) is None


def test_8_4_prompt_of_a_counter_names_the_deployed_character() -> None:
    # §15.7: seat 1 deploys シード on seat 0's Time Slip; seat 0 holds ツァイ
    st = GAME.load_position({
        "game": "suikoden", "turn": 6, "active": 1, "first": 0, "phase": "battle", "seed": 1,
        "seat": [seat_doc(hand=["GS-A08", "GS-A13"], deck=["GS-A10"] * 8,
                          missions=[{"slot": "M1", "card": "GS-R01", "mine": ["GS-A01"], "theirs": ["GS-B01"]}]),
                 seat_doc(vp=3, hand=["GS-B05", "GS-B12"], deck=["GS-B11"] * 8)],
        "battle": {"seat": 0, "slot": "M1", "kind": "continue", "actor": 1, "steps": 0, "last_pass": False}})
    st.apply("deploy GS-B05")
    assert st.decision.kind == "counter"
    v = st.view(0)
    assert GAME.prompt(v, "en", st.log_view(0)) == (
        "P1 deployed シード Seed on M1: counter it with a 対 card from your hand, or pass (§8.4)")
    assert GAME.prompt(v, "ja", st.log_view(0)) == "P1がM1にシードを派遣: 手札の対で対抗するか、pass (§8.4)"
    assert T.option_gloss(GAME, v, "counter GS-A08", "en") == (
        "ツァイ Tsai: the character just deployed: atk -2, until the end of the battle.")
    evs = st.apply("counter GS-A08")
    en = [GAME.describe(e.view(1), "en") for e in evs]
    assert "P0 discards ツァイ Tsai to counter." in en
    assert "Counter (対): P0 answers シード Seed with ツァイ Tsai." in en
    assert "P1's シード Seed: atk -2 until the end of the battle (ツァイ Tsai)." in en


# ------------------------------------------------------------------------------------------- card text, results
def test_2_card_text_of_a_mission_a_facility_a_pair_and_a_mastermind() -> None:
    assert GAME.card_text("GS-R01", "en").splitlines() == [
        "GS-R01  タイムスリップ / Time Slip",
        "mission · clear: attack 8 or more",
        "VP 1/2 (1 if its placer clears it, 2 if the opponent does)",
        "No. Vol.2 #66",
    ]
    assert GAME.card_text("GS-R01", "ja").splitlines()[1:3] == [
        "ミッション・クリア条件: 攻撃8以上", "VP 1/2 (配置した側がクリアで1、相手がクリアで2)"]
    assert GAME.card_text("GS-A17", "en").splitlines()[1] == (
        "mission · clear: duel (一騎打ち) by atk: the higher card stays, a tie favours the placer")
    lib = GAME.card_text("GS-R02", "en").splitlines()
    assert lib[1:4] == ["facility · build 5 (its owner's con) · block 8 (the opponent's atk)", "once built:",
                        "▸Your hand limit +1."]
    assert GAME.card_text("GS-R02", "ja").splitlines()[1:4] == [
        "施設・建設5 (配置した側の建設力)・阻止8 (相手の攻撃力)", "建設後:", "▸自分の手札上限+1。"]
    pair = GAME.card_text("GS-A03", "en").splitlines()
    assert pair[:4] == ["GS-A03  ビクトール&フリック / Viktor & Flik", "character · commoner pair · 新同盟軍 · links AE",
                        "atk 8 · mil 3000 · con 1", "pair: counts as both ビクトール and フリック"]
    mm = GAME.card_text("GS-M01", "en").splitlines()
    assert mm[:5] == ["GS-M01  主人公 / Hero", "character · mastermind (総大将) · 新同盟軍", "rune 輝く盾の紋章",
                      "never in the deck, never deployed; its effects reach every mission",
                      "▸Your characters (leader): atk +1."]
    assert "▸自分のキャラクター(リーダー)の攻撃力+1。" in GAME.card_text("GS-M01", "ja").splitlines()


def test_10_card_text_puts_every_effect_and_keyword_in_words() -> None:
    flik = GAME.card_text("GS-A01", "en").splitlines()
    assert flik[1:4] == ["character · leader · 新同盟軍 · links AEI", "atk 4 · mil 1500 · con 1", "rune 雷の紋章"]
    assert ("▸Rune (a step; cost: discard 1 card): one enemy character (chosen) here: atk -2, while deployed."
            in flik)
    assert "▸If you also have フリック deployed here (協力, cooperation), this character: atk +2." in \
        GAME.card_text("GS-A02", "en").splitlines()
    assert "▸As a support: your opponent's total here: atk -2." in GAME.card_text("GS-B04", "en").splitlines()
    assert "▸サポート中: このミッションでの相手の合計攻撃力-2。" in GAME.card_text("GS-B04", "ja").splitlines()
    assert "▸Counter (対, from hand, after an enemy character is deployed): discard the character just deployed " \
           "(commoner)." in GAME.card_text("GS-B09", "en").splitlines()
    assert "▸When deployed: if you have built 紋章屋, you draw 1 card." in GAME.card_text("GS-A12", "en").splitlines()
    assert "▸When cleared: you draw 1 card." in GAME.card_text("GS-B16", "en").splitlines()
    assert "▸With 3 or more of your characters deployed here, this character: mil +1000." in \
        GAME.card_text("GS-B02", "en").splitlines()
    jowy = GAME.card_text("GS-B03", "en").splitlines()
    assert "rune 黒き刃の紋章 · keywords: betrayal (裏)" in jowy
    assert any(ln.startswith("▹Betrayal (裏): may be deployed while an opponent's card sharing a name") for ln in jowy)
    assert GAME.card_text("GS-X99", "en") == "unknown card 'GS-X99'"


@pytest.mark.parametrize(("result", "en", "ja"), [
    ("vp", "victory points", "勝利点(VP)到達"),
    ("deck out", "deck out", "山札切れ"),
    ("deck out (both)", "both decks out", "両者の山札切れ"),
    ("turn limit", "turn limit", "ターン上限"),
    ("player 1 conceded", "P1 conceded", "P1の投了"),
])
def test_9_result_text(result: str, en: str, ja: str) -> None:
    assert GAME.result_text(result, "en") == en
    assert GAME.result_text(result, "ja") == ja


def test_9_game_over_in_the_table_and_the_log() -> None:
    st = pos()
    evs = st.apply("concede")
    assert GAME.render(st.view(0), "en").splitlines()[-1] == "Game over: P0 wins (P1 conceded)"
    assert GAME.render(st.view(None), "ja").splitlines()[-1] == "ゲーム終了: P0の勝ち (P1の投了)"
    assert [GAME.describe(e.view(None), "en") for e in evs] == ["P1 concedes.", "Game over (P1 conceded): P0 wins"]


def test_7_6_duel_menu_shows_the_value_the_duel_compares_modifiers_included() -> None:
    # issue 18: the menu showed the printed stat. Seat 0's mastermind 主人公 gives its leaders atk +1:
    # フリック (a leader, printed atk 4) is compared at 5 — and the reveal says 5 too
    from .conftest import pos as duel_pos
    from .conftest import seat

    st = duel_pos(seat(hand=["GS-A17", "GS-A01", "GS-A10"], mastermind="GS-M01"), seat(hand=["GS-B11", "GS-B12"]))
    st.apply("play GS-A17")
    v = st.view(0)
    assert v["players"][0]["hand"] == ["GS-A01", "GS-A10"] and v["table"]["battle"]["duel_values"] == [5, 3]
    assert T.option_gloss(GAME, v, "duel GS-A01", "en") == "フリック Flik (atk 5, printed 4)"
    assert T.option_gloss(GAME, v, "duel GS-A01", "ja") == "フリック (攻撃力 5、記載値 4)"
    assert T.option_gloss(GAME, v, "duel GS-A10", "en") == "シロ Shiro (atk 3)"  # no modifier: one value
    menu = Session(GAME, st, lang="en").menu(0)
    assert ("duel GS-A01", "フリック Flik (atk 5, printed 4)") in [(o.text, o.gloss) for o in menu.items]
    # only the seat's own hand: the other seat and spectators see no values of it
    assert st.view(1)["table"]["battle"]["duel_values"] == [3, 4]  # ロレライ, ザジ: seat 1's own hand
    assert "duel_values" not in st.view(None)["table"]["battle"]
    st.apply("duel GS-A01")
    st.apply("duel GS-B11")
    reveal = next(e for e in st.log_view(0) if e["kind"] == "duel_values")
    assert reveal["values"] == [5, 3]
