"""§5 the turn [TF]: turn start, draw, before attack (supports, the first bet), after attack, end;
§7 the turn limit and the stalemate (specs/maken.md §5, §7)."""

from __future__ import annotations

from typing import Any

from ....core.actions import Action
from ....core.errors import Refusal
from ..actions import DRAWS, END, SKIP
from ..effects import draw, run_trigger
from ..state import MakenState
from .attack import do_bet
from .common import bet_options, set_options
from .decision import MakenKind, bet_refusal, set_refusal


# ====================================================================== §5 step 1: turn start
def turn_start(st: MakenState, ctx: Any) -> None:
    """§5 step 1; §7 ``turn_limit`` ends the game as a draw."""
    if st.turn > int(st.game.params["turn_limit"]):
        st.end_game(None, "turn limit")
        return
    st.phase = "draw"
    st.attacked = False
    st.emit("turn", turn=st.turn, player=st.active)
    st.push_seq("turn_effects", "draw_phase", "before_attack")


def turn_effects(st: MakenState, ctx: Any) -> None:
    """§5 step 1: the ``turn_start`` effects of the TP's character and supports, in the order set."""
    p = st.active
    for sid in (st.char[p], *st.supports[p]):
        c = st.cards.get(sid)
        if c is not None and c.effects:
            run_trigger(st, p, c, "turn_start")


# ====================================================================== §5 step 2: draw
def draw_count(st: MakenState) -> int:
    """§5 step 2: the most the TP may draw now — its draw limit, the stamina, and ``first_turn_draw``
    on the game's very first turn."""
    p = st.active
    n = min(st.draw_limit(p), len(st.deck[p]))
    if st.turn == 1:
        n = min(n, int(st.game.params["first_turn_draw"]))
    return n


class Draw(MakenKind):
    """§5 step 2: the TP declares N (1 ≤ N ≤ the draw limit and the stamina), then draws N."""

    name = "draw"
    verbs = ("draw",)
    title = ("draw", "ドロー")
    label = ("draw", "ドロー")
    short_prompt = "draw phase: how many cards to draw"
    ask = ("Draw (§5 step 2): declare how many cards to draw (1–{n})", "ドロー (§5 ステップ2): 何枚引くか宣言 (1〜{n}枚)")

    def options(self, st: MakenState, player: int, ctx: Any) -> list[Action]:
        return list(DRAWS[1:draw_count(st) + 1])

    def refuse(self, st: MakenState, player: int, ctx: Any, action: Action) -> Refusal:
        n = draw_count(st)
        return Refusal(f"declare a number from 1 to {n} (your draw limit, your stamina, §5 step 2)",
                       f"1から{n}までの枚数を宣言してください (ドロー上限とスタミナ札の枚数、§5 step 2)")

    def answer(self, st: MakenState, a: Action, ctx: Any) -> None:
        draw(st, st.active, int(a.args[0]))

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        return self.say(lang, n=len(view["decision"]["options"]))


DRAW = Draw()


def draw_phase(st: MakenState, ctx: Any) -> None:
    """§5 step 2: the TP draws; with an empty stamina there is no draw."""
    p = st.active
    if draw_count(st) <= 0:
        st.emit("no_draw", player=p)
        return
    st.ask(DRAW, p)


# ====================================================================== §5 step 3: before attack
def before_options(st: MakenState) -> list[Action]:
    """§5 step 3: set supports, the first bet (§6.1); ``skip`` only with no legal first bet, or
    always with ``attack_optional``."""
    p = st.active
    out = set_options(st, p)
    bets = bet_options(st, p, "fb")
    out += bets
    if not bets or st.game.params["attack_optional"]:
        out.append(SKIP)
    return out


def do_set(st: MakenState, p: int, cid: str) -> None:
    """§5 step 3/5: a support from hand to the supports (free), then its ``on_set`` effects."""
    st.hand[p].remove(cid)
    st.supports[p].append(cid)
    st.emit("set", player=p, card=cid)
    run_trigger(st, p, st.cards[cid], "on_set")


class BeforeAttack(MakenKind):
    """§5 step 3: the TP sets supports, then makes the first bet (§6.1), which starts the attack
    phase — or skips it. The options come from the hand: private."""

    name = "before_attack"
    private = True
    verbs = ("bet", "set", "skip")
    title = ("before the attack", "ターン中(アタック前)")
    label = ("before the attack", "アタック前")
    short_prompt = "before the attack: set supports, then make the first bet"
    ask = ("Before the attack (§5 step 3): set supports, then make the first bet (§6.1){skip}",
           "アタック前 (§5 ステップ3): 補助カードをセットし、FBする (§6.1){skip}")
    may_skip = (" — skip when no first bet is possible", " — FBできなければ skip")
    #: the gloss of ``skip``: with ``attack_optional``, and without (no legal first bet)
    skip_optional = ("no attack phase this turn (attack_optional)", "このターンはアタックしない (attack_optional)")
    skip_forced = ("no legal first bet: no attack phase this turn", "FBできるカードがない: このターンはアタックなし")

    def options(self, st: MakenState, player: int, ctx: Any) -> list[Action]:
        return before_options(st)

    def refuse(self, st: MakenState, player: int, ctx: Any, action: Action) -> Refusal | None:
        if action.verb == "set":
            return set_refusal(st, player, action)
        if action.verb == "bet":
            return bet_refusal(st, player, action, "fb")
        if SKIP in before_options(st):  # skip written with more words
            return None
        return Refusal("you have a legal first bet: the attack is not optional (attack_optional = false) (§5 step 3)",
                       "FBできるカードがあります: アタックは省略できません (ルールのパラメータ attack_optional が false、§5 ステップ3)")

    def answer(self, st: MakenState, a: Action, ctx: Any) -> None:
        p = st.active
        if a.verb == "set":
            do_set(st, p, a.args[0])
            st.push("before_attack")
        elif a is SKIP:
            st.emit("skip", player=p)
            st.push("after_attack")
        else:  # §6.1 the first bet starts the attack phase: both even, the non-TP acts
            st.phase = "attack"
            st.attacked = True
            st.sit = ["even", "even"]
            st.after_fb = True
            do_bet(st, p, a, "fb")
            st.push("action", (1 - p,))

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        skip = self.say(lang, self.may_skip) if "skip" in view["decision"]["options"] else ""
        return self.say(lang, skip=skip)

    def gloss(self, game: Any, action: Action, view: dict[str, Any], lang: str) -> str:
        from ..text.prompts import bet_gloss, card_gloss  # words are loaded when asked for (issue 19 §4)
        if action.verb == "bet":
            return bet_gloss(game, view, action.args, "fb", lang)
        if action.verb == "set":
            return card_gloss(game, "set", action.args[0], lang)
        return self.say(lang, self.skip_optional if game.params["attack_optional"] else self.skip_forced)


BEFORE_ATTACK = BeforeAttack()


def before_attack(st: MakenState, ctx: Any) -> None:
    st.phase = "before_attack"
    st.ask(BEFORE_ATTACK, st.active)


# ====================================================================== §5 step 5: after attack
def after_options(st: MakenState) -> list[Action]:
    return [*set_options(st, st.active), END]


class AfterAttack(MakenKind):
    """§5 step 5: the TP sets supports, or ends the turn. The options come from the hand: private."""

    name = "after_attack"
    private = True
    verbs = ("end", "set")
    title = ("after the attack", "ターン中(アタック後)")
    label = ("after the attack", "アタック後")
    short_prompt = "after the attack: set supports, or end the turn"
    ask = ("After the attack (§5 step 5): set supports, or end the turn",
           "アタック後 (§5 ステップ5): 補助カードをセットするか、ターン終了 (end)")

    def options(self, st: MakenState, player: int, ctx: Any) -> list[Action]:
        return after_options(st)

    def refuse(self, st: MakenState, player: int, ctx: Any, action: Action) -> Refusal | None:
        return set_refusal(st, player, action) if action.verb == "set" else None

    def answer(self, st: MakenState, a: Action, ctx: Any) -> None:
        if a is END:
            st.push("turn_end")
            return
        do_set(st, st.active, a.args[0])
        st.push("after_attack")

    def ask_text(self, game: Any, view: dict[str, Any], lang: str, log: list[dict[str, Any]] | None) -> str:
        return self.say(lang)

    def gloss(self, game: Any, action: Action, view: dict[str, Any], lang: str) -> str:
        from ..text.prompts import card_gloss
        return card_gloss(game, "set", action.args[0], lang) if action.verb == "set" else ""


AFTER_ATTACK = AfterAttack()


def after_attack(st: MakenState, ctx: Any) -> None:
    st.phase = "after_attack"
    st.ask(AFTER_ATTACK, st.active)


# ====================================================================== §5 step 6: end
def turn_end(st: MakenState, ctx: Any) -> None:
    """§5 step 6: the other player becomes the TP. §7 stalemate: both stamina piles empty and two
    turns in a row ended without an attack phase — a draw."""
    st.idle = 0 if st.attacked else st.idle + 1
    st.emit("turn_end", player=st.active)
    if st.idle >= 2 and not st.deck[0] and not st.deck[1]:
        st.end_game(None, "stalemate")
        return
    st.active = 1 - st.active
    st.turn += 1
    st.push("turn_start")
