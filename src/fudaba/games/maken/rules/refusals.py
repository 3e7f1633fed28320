"""Why an action is refused, naming the rule (the spec's section, the rulebook's section letter and
its footnote 注n), in English and Japanese side by side (:class:`~fudaba.core.errors.Refusal`).
The legality questions themselves are in ``common.py``, shared with the option builders."""

from __future__ import annotations

from ....core.actions import Action
from ....core.errors import Refusal
from ..actions import KIND_VERBS, read_bet
from ..state import SPACES, MakenState
from .common import bet_problem, gc_problem, guard_problem, guard_types, maintain_problem, set_problem
from .turn import draw_count

_r = Refusal

#: decision kinds in the rulebook's words
_KIND_JA = {
    "mulligan": "マリガン",
    "draw": "ドロー",
    "before_attack": "ターン中(アタック前)",
    "action": "アクション",
    "cover": "ガードに使うカード",
    "bonus": "ボーナスベット",
    "after_attack": "ターン中(アタック後)",
}

#: ... and in English
_KIND_EN = {
    "mulligan": "mulligan",
    "draw": "draw",
    "before_attack": "before the attack",
    "action": "action",
    "cover": "a guard card",
    "bonus": "bonus bet",
    "after_attack": "after the attack",
}

_MODE = {"even": "even", "forcing": "forcing"}
#: the verbs of an action by the situation (§6.2 table)
_SIT_VERBS = {"even": ("bet", "guard", "call"), "forcing": ("bet", "call"), "guarding": ("maintain", "gc", "drop")}
_SIT_JA = {"even": "拮抗", "forcing": "ガードさせている", "guarding": "ガードしている"}
_SIT_EN = {"even": "even", "forcing": "forcing a guard", "guarding": "guarding"}
#: verbs written alone (§11)
_BARE = frozenset({"keep", "mulligan", "skip", "call", "gc", "drop", "pass", "end"})


def explain(st: MakenState, a: Action, lang: str = "en") -> str:
    """Why ``a`` is not legal now (``lang`` "ja": in Japanese, with the same references)."""
    return _explain(st, a).text(lang)


def _explain(st: MakenState, a: Action) -> Refusal:
    d = st.decision
    if d is None:
        return _r("no decision is pending", "選択を待っている場面ではありません")
    kind = d.kind
    verbs = KIND_VERBS.get(kind, ())
    vs = ", ".join(verbs)
    v = a.verb
    p = d.player
    if v not in verbs:
        sit = st.sit[p] if kind == "action" else ""
        if sit in _SIT_VERBS:  # the §6.2 table: what this situation allows
            vs = ", ".join(_SIT_VERBS[sit])
            return _r(f"this decision (action, {_SIT_EN[sit]}) takes {vs} (§6.2, §11)",
                      f"この場面(アクション、{_SIT_JA[sit]})で使えるのは {vs} です (§6.2, §11)")
        return _r(f"this decision ({_KIND_EN.get(kind, kind)}) takes {vs} (§11)",
                  f"この場面({_KIND_JA.get(kind, kind)})で使えるのは {vs} です (§11)")
    if kind == "draw":
        n = draw_count(st)
        return _r(f"declare a number from 1 to {n} (your draw limit, your stamina, §5 step 2)",
                  f"1から{n}までの枚数を宣言してください (ドロー上限とスタミナ札の枚数、§5 step 2)")
    if v == "set":
        if len(a.args) != 1:
            return _r("write set ID (§11)", "set ID と書いてください (§11)")
        return set_problem(st, p, a.args[0]) or _fallback(kind, a)
    if v == "skip":
        if any(o.verb == "skip" for o in d.options):
            return _fallback(kind, a)
        return _r("you have a legal first bet: the attack is not optional (attack_optional = false) (§5 step 3)",
                  "FBできるカードがあります: アタックは省略できません (ルールのパラメータ attack_optional が false、§5 ステップ3)")
    if v == "bet":
        if kind == "action" and st.sit[p] == "guarding":
            return _r("while guarding you cannot attack: only a GC gets you out (§6.2, 注8)",
                      "ガードしている間は攻撃できません: 抜け出せるのはGCだけです (§6.2, 注8)")
        got = read_bet(a)
        if got is None:
            return _r("write bet ID, bet ID x2 OPTION or bet ID x3 OPTION OPTION (options in the order speed, reach, "
                      "attack, guard; two different ones for a triple) (§11, §6.6)",
                      "bet ID、bet ID x2 選択肢、bet ID x3 選択肢 選択肢 と書いてください (選択肢は speed, reach, attack, "
                      "guard の順、トリプルは異なる2つ) (§11, §6.6)")
        mode = "fb" if kind == "before_attack" else "bonus" if kind == "bonus" else _MODE[st.sit[p] or "even"]
        why = bet_problem(st, p, *got, mode)
        return why or _fallback(kind, a)
    if v == "guard":
        if st.sit[p] == "guarding":
            return _r("you are guarding already: maintain, GC or drop (§6.2)",
                      "既にガードしています: ガード維持・GC・drop のどれかです (§6.2)")
        if st.sit[p] == "forcing":
            return _r("while forcing a guard you attack or call (§6.2)",
                      "ガードさせている間は攻撃かコールです (§6.2)")
        if len(a.args) != 1 or a.args[0] not in SPACES:
            return _r("write guard stand, guard crouch or guard air (§11)",
                      "guard stand / guard crouch / guard air と書いてください (§11)")
        return _type_from_dust(st, p, a.args[0]) or guard_problem(st, p, a.args[0]) or _fallback(kind, a)
    if v == "call":
        if st.sit[p] == "guarding":
            return _r("you cannot call while guarding (§6.2.5, 注13)",
                      "ガードしている時は自分からコールできません (§6.2.5, 注13)")
        return _fallback(kind, a)
    if v == "maintain":
        if len(a.args) > 1 or (a.args and a.args[0] not in SPACES):
            return _r("write maintain, or maintain stand / maintain crouch after a flush (§11)",
                      "maintain、またはガード流しの後は maintain stand / maintain crouch と書いてください (§11)")
        return _no_type_left(st, p) or maintain_problem(st, p, a.args[0] if a.args else None) or _fallback(kind, a)
    if v == "gc":
        return gc_problem(st, p) or _fallback(kind, a)
    if v == "drop":
        if st.sit[p] != "guarding":
            return _r("you drop a guard only while guarding (§6.2.3)", "drop はガードしている時だけです (§6.2.3)")
        return _fallback(kind, a)
    if v == "cover":
        if len(a.args) != 1:
            return _r("write cover ID: one card from your hand at a time (§11, §6.2.2)",
                      "cover ID と書いてください: 手札のカードを1枚ずつ (§11, §6.2.2)")
        cid = a.args[0]
        if cid not in st.hand[p]:
            return _r(f"{cid} is not in your hand: cover with a card from your hand, face down (§6.2.2, B-2)",
                      f"{cid} は手札にありません: 手札のカードを裏向きにベットしてください (§6.2.2, B-2)")
        return _fallback(kind, a)
    return _fallback(kind, a)


def _type_from_dust(st: MakenState, p: int, t: str) -> Refusal | None:
    """§6.2.2 [decision]: with an empty field (not right after the FB) the guard type follows the dust
    top's posture (注7), and with no posture there it is chosen, stand or crouch."""
    if (st.after_fb and p != st.active) or st.top(p) is not None:
        return None
    u = st.top(1 - p)
    if u is None or len(st.hand[p]) < st.unit_stats(1 - p, u)[4]:
        return None
    types = guard_types(st, p)
    if t in types:
        return None
    if len(types) == 1:
        return _r(f"your field is empty: your guard type is {types[0]}, the posture of your dust top (§6.2.2, B-2, 注7)",
                  f"アタックフィールドが空です: ガード方法はダストの一番上のカードの姿勢に対応した{_SPACE_JA[types[0]]}です "
                  "(§6.2.2, B-2, 注7)")
    return _r("your field is empty and your dust top has no posture: the guard is stand or crouch, chosen (§6.2.2)",
              "アタックフィールドが空で、ダストの一番上に姿勢がありません: 立ちガードか屈みガードを選びます (§6.2.2)")


_SPACE_JA = {"stand": "立ちガード", "crouch": "屈みガード", "air": "空中ガード"}


def _no_type_left(st: MakenState, p: int) -> Refusal | None:
    """注9: a top card unguardable both standing and crouching flushes any guard it is unguardable for,
    and leaves no type to choose anew: the guard cannot be maintained (the opponent's GB)."""
    if st.sit[p] != "guarding":
        return None
    u = st.top(1 - p)
    if u is None:
        return None
    c = st.cards[u[0]]
    if st.gspace[p] in c.unguardable and "stand" in c.unguardable and "crouch" in c.unguardable:
        return _r(f"{c.name} is unguardable standing and crouching: it flushes your {st.gspace[p]} guard and leaves "
                  "no guard to choose anew, so it cannot be maintained — GC or drop (§6.2.3, B-3, 注9)",
                  f"{c.name}は立ちガード不可かつ屈みガード不可です: ガード流しの後に選べるガードがないので維持できません。"
                  "GCか drop です (§6.2.3, B-3, 注9)")
    return None


def _fallback(kind: str, a: Action) -> Refusal:
    """What is left: a verb written alone given more words, or an action no rule above explains."""
    if a.verb in _BARE and a.args:
        v = a.verb
        return _r(f"{v} takes nothing after it: write {v} alone (§11)", f"{v} の後には何も書きません: {v} とだけ書いてください (§11)")
    return _r(f"not one of the legal actions of this decision ({_KIND_EN.get(kind, kind)}) (§11)",
              f"この場面({_KIND_JA.get(kind, kind)})の合法手ではありません (§11)")
