"""Why an action is refused (ARCHITECTURE §3.7): each refusal names its rule, in English and Japanese.

``deploy GS-A05: no link — M1 needs one of A,E,I (§6.1)`` — the core prefixes the action's text.
"""

from __future__ import annotations

from ...core.actions import Action
from ...core.errors import Refusal
from .actions import (
    can_link,
    casualty_candidates,
    casualty_mode,
    counter_effects,
    dep_place,
    mission_place,
    parse_dep,
    parse_mission,
    rune_effects,
)
from .effects import barred, conflicts, letters, link_mask, matches, names_in_play
from .state import SuikodenState

_r = Refusal
VERBS = "return, done, discard, play, continue, deploy, redeploy, rune, target, counter, lose, garrison, duel, pass"
#: the verbs each decision kind answers with
KIND_VERBS = {
    "mulligan": ("return", "done"),
    "main": ("discard", "play", "continue", "pass"),
    "discard": ("discard", "done"),
    "step": ("deploy", "redeploy", "rune", "pass"),
    "cost": ("discard",),
    "target": ("target",),
    "counter": ("counter", "pass"),
    "casualties": ("lose", "done"),
    "garrison": ("garrison",),
    "duel": ("duel",),
    "replenish": ("discard",),
}
KIND_TEXT = {
    "mulligan": ("the mulligan: 'return CARD' or 'done' (§4)", "マリガン: 「return カード」か「done」 (§4)"),
    "main": ("the main phase: discard, play, continue or pass (§5)", "メインフェイズ: discard / play / continue / pass (§5)"),
    "discard": ("further discards: 'discard CARD' or 'done' (§5)", "追加の破棄: 「discard カード」か「done」 (§5)"),
    "step": ("the deploy/pass step: deploy, redeploy, rune or pass (§7.1)",
             "派遣・パスステップ: deploy / redeploy / rune / pass (§7.1)"),
    "cost": ("the rune's cost: 'discard CARD' (§8.3)", "紋章のコスト: 「discard カード」 (§8.3)"),
    "target": ("an effect's target: 'target PLACE' (§10)", "効果の対象: 「target 場所」 (§10)"),
    "counter": ("the counter window: 'counter CARD' or 'pass' (§8.4)", "対のタイミング: 「counter カード」か「pass」 (§8.4)"),
    "casualties": ("troops casualties: 'lose PLACE' or 'done' (§7.3)", "兵力戦の損害: 「lose 場所」か「done」 (§7.3)"),
    "garrison": ("the garrison step: 'garrison PLACE' (§7.5)", "駐留ステップ: 「garrison 場所」 (§7.5)"),
    "duel": ("the duel: pick a card face down, 'duel CARD' (§7.6)", "一騎打ち: 裏向きで1枚「duel カード」 (§7.6)"),
    "replenish": ("replenish: discard down to the hand limit, 'discard CARD' (§5)",
                  "補充フェイズ: 手札上限まで「discard カード」 (§5)"),
}


def explain_in(st: SuikodenState, a: Action, lang: str) -> str:
    return reason(st, a).text(lang)


def reason(st: SuikodenState, a: Action) -> Refusal:
    d = st.decision
    if d is None:
        return _r("no decision is pending", "応答を待っている選択はありません")
    verb = a.verb
    kind = d.kind
    if verb not in {v for vs in KIND_VERBS.values() for v in vs}:
        return _r(f"unknown action {verb!r}; actions are {VERBS} (§13)",
                  f"「{verb}」という行動はありません。行動は {VERBS} です (§13)")
    if verb not in KIND_VERBS.get(kind, ()):
        en, ja = KIND_TEXT.get(kind, (kind, kind))
        return _r(f"it is {en}; {verb!r} is not an answer to it", f"今は{ja}。「{verb}」では答えられません")
    p = d.player
    hand = st.hand[p]
    args = a.args
    C = st.C
    if verb in ("return", "discard", "play", "deploy", "counter", "duel") and args:
        cid = args[0]
        if cid not in C:
            return _r(f"{cid} is not a card of this game (§13: cards in hand by id)",
                      f"{cid} はこのゲームのカードではありません (§13: 手札のカードはIDで指定)")
        if cid not in hand:
            return _r(f"{cid} {C[cid].name} is not in your hand (§13)", f"{cid} {C[cid].name} は手札にありません (§13)")
    if verb == "return":
        return _r(f"you have returned {len(st.returned[p])}, the most the mulligan allows "
                  f"(mulligan_max {st.game.params['mulligan_max']}, §4)",
                  f"マリガンで戻せるのは {st.game.params['mulligan_max']} 枚までです (§4)")
    if verb == "play":
        return _why_play(st, p, args)
    if verb == "continue":
        return _why_continue(st, p, args)
    if verb == "deploy":
        if not args:
            return _r("deploy needs a card in your hand: deploy CARD (§7.1)", "deploy には手札のカードが必要です (§7.1)")
        return _why_deploy(st, p, args[0])
    if verb == "redeploy":
        return _why_redeploy(st, p)
    if verb == "rune":
        return _why_rune(st, p, args)
    if verb == "pass":
        if kind == "step" and st.bkind == "continue" and st.bsteps == 0:
            return _r("you chose to continue this mission: you act first and may not pass on that step (§5, §7.1)",
                      "継続ミッションの最初のステップではパスできません (§5, §7.1)")
        if kind == "main":
            return _r("pass is only for a main phase with nothing else to do: discard, play or continue (§5)",
                      "メインフェイズのパスは他に何もできないときだけです。discard / play / continue (§5)")
    if verb == "counter" and args:
        c = C[args[0]]
        if "counter" not in c.keywords:
            return _r(f"{c.id} {c.name} has no 対 (counter) ability (§8.4)", f"{c.id} {c.name} は「対」を持っていません (§8.4)")
        trig = d.ctx[1]
        if not any(matches(C[trig], c.effects[i].filter) for i in counter_effects(c)):
            return _r(f"{c.name}'s counter does not accept {C[trig].name} (its filter, §8.4)",
                      f"{c.name} の対は {C[trig].name} を対象にできません (§8.4)")
    if verb in ("lose", "done") and kind == "casualties":
        return _why_casualty(st, p, d.ctx, a)
    if verb == "garrison":
        f = parse_dep(st, p, args[0]) if args else None
        if f is None or f[2] != p:
            return _r("the garrison is one of your own characters on this mission, e.g. garrison M1.1 (§7.5)",
                      "駐留キャラクターはこのミッションの自分のキャラクターから選びます (例: garrison M1.1) (§7.5)")
        if C[st.mission(f[0], f[1]).cols[f[2]][f[3]][0]].pair:
            return _r("a pair (ペア) card cannot be the garrison (§7.5)", "ペアのキャラクターは駐留キャラクターにできません (§7.5)")
    if verb == "target":
        return _r("choose one of the opponent's characters on this battle's mission, e.g. target M1.x1 (§10)",
                  "このバトルのミッションにいる相手のキャラクターを選んでください (例: target M1.x1) (§10)")
    if verb == "done" and kind == "discard":
        return _r("not now (§5)", "今はできません (§5)")
    return _r("not a legal action now (§13)", "今は行えない行動です (§13)")


def _why_play(st: SuikodenState, p: int, args: tuple[str, ...]) -> Refusal:
    C = st.C
    if not args:
        return _r("play needs a mission or facility in your hand: play CARD [SUPPORT] (§5)",
                  "play には手札のミッションか施設が必要です (§5)")
    c = C[args[0]]
    if c.type not in ("mission", "facility"):
        return _r(f"{c.name} is a character: only a mission or facility starts a new mission (§5)",
                  f"{c.name} はキャラクターです。新規ミッションにできるのはミッションか施設だけです (§5)")
    if all(m is not None for m in st.missions[p]):
        return _r(f"your {st.K} mission slots are full (mission_slots, §5)",
                  f"ミッション置き場 {st.K} か所がすべて埋まっています (§5)")
    if len(args) > 1:
        s = args[1]
        if s not in C or s not in st.hand[p]:
            return _r(f"{s} is not in your hand (§8.1)", f"{s} は手札にありません (§8.1)")
        sc = C[s]
        if c.clear == "duel":
            return _r("a duel mission takes no support (§8.1)", "一騎打ちのミッションにはサポートを出せません (§8.1)")
        if "support" not in sc.keywords:
            return _r(f"{sc.name} has no サポート keyword (§8.1)", f"{sc.name} はサポートの特性を持っていません (§8.1)")
        if s == args[0] or st.hand[p].count(s) < 1:
            return _r("the support is another card of your hand (§8.1)", "サポートは手札の別のカードです (§8.1)")
        cs = conflicts(names_in_play(st), sc)
        if cs:
            return _unique(st, sc, cs)
    return _r("not a legal action now (§5)", "今は行えない行動です (§5)")


def _unique(st: SuikodenState, c: object, cs: list[tuple[int, str, str]]) -> Refusal:
    C = st.C
    seat, kind, cid = cs[0]
    name = C[cid].name
    where = {"mastermind": ("a mastermind", "総大将"), "deployed": ("deployed", "派遣中"),
             "support": ("a support", "サポート"), "garrison": ("a garrison", "駐留中")}[kind]
    nm = getattr(c, "name", "")
    return _r(f"{name} ({where[0]}, seat {seat}) is in play: {nm} shares a name and characters are unique across "
              f"both sides (§6.2)",
              f"{name} ({where[1]}・席{seat}) が場にいるため、同名の {nm} は出せません (両軍でユニーク、§6.2)")


def _why_continue(st: SuikodenState, p: int, args: tuple[str, ...]) -> Refusal:
    ok = parse_mission(st, p, args[0]) if args else None
    if ok is None:
        return _r("continue names an unresolved mission or facility: M1, xM1… (§5)",
                  "continue には未解決のミッションか施設を指定します: M1, xM1… (§5)")
    o, k = ok
    c = st.C[st.mission(o, k).card]
    if c.clear == "duel":
        return _r("a duel resolves at once and is never left unresolved (§7.6)", "一騎打ちは即座に解決されます (§7.6)")
    return _r(f"you have no deploy, redeploy or rune on {mission_place(o, k, p)}: the first step of a continued "
              f"mission may not be a pass (§5, §7.1)",
              f"{mission_place(o, k, p)} で派遣・再配置・紋章のどれもできません。継続ミッションの最初のステップは"
              f"パスできません (§5, §7.1)")


def _why_deploy(st: SuikodenState, p: int, cid: str) -> Refusal:
    C = st.C
    c = C[cid]
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    place = mission_place(o, k, p)
    if c.type != "character":
        return _r(f"{c.name} is a {c.type}, not a character (§7.1)", f"{c.name} はキャラクターではありません (§7.1)")
    mask = link_mask(st, m.cols[p])
    if not can_link(mask, c):
        if not mask:
            return _r(f"no link — you have no character on {place} yet: only a leader (リーダー) opens the link (§6.1)",
                      f"リンクがありません — {place} に自分のキャラクターがいないため、リーダーしか派遣できません (§6.1)")
        want = ",".join(letters(mask))
        return _r(f"no link — {place} needs one of {want} (§6.1)",
                  f"リンクがありません — {place} には {want} のいずれかが必要です (§6.1)")
    bar = barred(st, o, m, p, c)
    if bar:
        return _r(f"{C[bar].name} bars {c.name} from being deployed here (cannot_deploy, §10)",
                  f"{C[bar].name} の効果で {c.name} はここに派遣できません (§10)")
    cs = conflicts(names_in_play(st), c)
    if cs:
        if "betrayal" in c.keywords:
            own = [x for x in cs if x[0] == p or x[1] == "mastermind"]
            if own:
                return _r(f"裏 (betrayal) discards only the opponent's non-mastermind cards; {C[own[0][2]].name} "
                          f"is {'a mastermind' if own[0][1] == 'mastermind' else 'yours'} (§6.3)",
                          f"裏で破棄できるのは相手の総大将以外のカードだけです: {C[own[0][2]].name} (§6.3)")
        return _unique(st, c, cs)
    return _r("not a legal action now (§7.1)", "今は行えない行動です (§7.1)")


def _why_redeploy(st: SuikodenState, p: int) -> Refusal:
    o, k = st.bseat, st.bslot
    m = st.mission(o, k)
    if o != p or not m.support:
        return _r("you have no support on this mission to redeploy (§8.1)", "このミッションに自分のサポートがいません (§8.1)")
    c = st.C[m.support]
    mask = link_mask(st, m.cols[p])
    if not mask and c.cls != "leader":
        return _r(f"{c.name} is not a leader and your column here is empty (§6.1, §8.1)",
                  f"{c.name} はリーダーではなく、自分の派遣キャラクターがいません (§6.1, §8.1)")
    if not can_link(mask, c):
        return _r(f"no link — {c.name} shares no letter with {letters(mask)} (redeploy_needs_link, §8.1)",
                  f"リンクがありません — {c.name} は {letters(mask)} と一致しません (§8.1)")
    bar = barred(st, o, m, p, c)
    if bar:
        return _r(f"{st.C[bar].name} bars {c.name} (cannot_deploy, §10)", f"{st.C[bar].name} の効果で派遣できません (§10)")
    return _r("not a legal action now (§8.1)", "今は行えない行動です (§8.1)")


def _why_rune(st: SuikodenState, p: int, args: tuple[str, ...]) -> Refusal:
    f = parse_dep(st, p, args[0]) if args else None
    o, k = st.bseat, st.bslot
    if f is None or f[0] != o or f[1] != k or f[2] != p:
        return _r("rune names one of your characters deployed on this battle's mission, e.g. rune M1.1 (§8.3)",
                  "rune にはこのミッションに派遣した自分のキャラクターを指定します (例: rune M1.1) (§8.3)")
    m = st.mission(o, k)
    d = m.cols[p][f[3]]
    c = st.C[d[0]]
    if not rune_effects(c):
        return _r(f"{c.name} has no rune ability (§8.3)", f"{c.name} は紋章の能力を持っていません (§8.3)")
    if d[2]:
        return _r(f"{c.name} has used its rune in this battle: once per character per battle (§8.3)",
                  f"{c.name} はこのバトルで紋章を使用済みです (1バトルに1回、§8.3)")
    cost = max(c.effects[i].cost_discard for i in rune_effects(c))
    if len(st.hand[p]) < cost:
        return _r(f"the rune costs {cost} card(s) from your hand; you hold {len(st.hand[p])} (§8.3)",
                  f"紋章のコストは手札 {cost} 枚です (手札 {len(st.hand[p])} 枚、§8.3)")
    return _r("the rune needs a target: no enemy character on this mission (§8.3)",
              "紋章の対象がいません: このミッションに相手のキャラクターがいません (§8.3)")


def _why_casualty(st: SuikodenState, p: int, ctx: tuple[int, int, int, tuple[str, ...]], a: Action) -> Refusal:
    need = ctx[2]
    sel = list(ctx[3]) if len(ctx) > 3 else []
    cands = casualty_candidates(st, p)
    mode = casualty_mode(st, cands, need)
    have = sum(st.C[c].mil for c in sel)
    rule = {"exact": f"exactly {need} printed mil (troops_exact)",
            "minimal": f"at least {need} printed mil, with no card to spare",
            "all": "every character with printed mil (together they fall short)"}[mode]
    rule_ja = {"exact": f"記載兵力ちょうど {need}", "minimal": f"記載兵力 {need} 以上で余分なカードなし",
               "all": "記載兵力を持つ全キャラクター (合計しても足りない)"}[mode]
    if a.verb == "done":
        return _r(f"your losses add up to {have}; you must lose {rule} (§7.3)",
                  f"損害は {have} です。{rule_ja} を失う必要があります (§7.3)")
    f = parse_dep(st, p, a.args[0]) if a.args else None
    if f is None or f[2] != p:
        return _r("lose names one of your characters on this mission, e.g. lose M1.2 (§7.3)",
                  "lose にはこのミッションの自分のキャラクターを指定します (例: lose M1.2) (§7.3)")
    cid = st.mission(f[0], f[1]).cols[p][f[3]][0]
    if st.C[cid].mil <= 0:
        return _r(f"{st.C[cid].name} has no printed mil: never a casualty (§7.3)",
                  f"{st.C[cid].name} は記載兵力がないため損害になりません (§7.3)")
    if cid in sel:
        return _r(f"{st.C[cid].name} is already among your losses (§7.3)", f"{st.C[cid].name} はすでに損害に含まれています (§7.3)")
    return _r(f"with it no set of losses is {rule} (§7.3)", f"それを含めると {rule_ja} になりません (§7.3)")


__all__ = ["dep_place", "explain_in", "reason"]
