"""The report's sections as tables (shared with report_html.py) and ``report.md``: the same tables in
Markdown, for a forum post. Every rate is shown with its 95% interval and its sample size; every
section names the agent whose play it measures ("greedy-policy result")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

Table = tuple[str, list[str], list[list[str]]]  # caption, headers, rows


@dataclass
class Section:
    id: str
    title: str  # "English / 日本語"
    intro: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)  # figure keys (report_html draws them)
    code: list[str] = field(default_factory=list)  # preformatted blocks (TOML patches)


def pct(x: float | None) -> str:
    return "—" if x is None else f"{x * 100:.1f}%"


def signed(x: float | None) -> str:
    return "—" if x is None else f"{x * 100:+.1f} pt"


def ci(c: Sequence[float] | None, points: bool = False) -> str:
    if not c:
        return "—"
    if points:
        return f"[{c[0] * 100:+.1f}, {c[1] * 100:+.1f}]"
    return f"[{c[0] * 100:.1f}–{c[1] * 100:.1f}%]"


def short(rate: float | None, c: Sequence[float] | None, n: int) -> str:
    """``52.3% [48–56] n=200`` (the wide per-card table)."""
    if not n or rate is None or not c:
        return "— n=0"
    return f"{rate * 100:.1f}% [{c[0] * 100:.0f}–{c[1] * 100:.0f}] n={n}"


def rated(r: dict[str, Any]) -> str:
    """``52.3% [48.1–56.4%] n=200``."""
    if not r or not r.get("n"):
        return "— (n=0)"
    return f"{pct(r['rate'])} {ci(r['ci95'])} n={r['n']}"


def change_text(change: dict[str, list[int]]) -> str:
    """``cost: 1 → 4, atk: 10000 → 6000``."""
    return ", ".join(f"{f}: {a} → {b}" for f, (a, b) in change.items())


def policy(agent: str) -> str:
    return f"{agent}-policy result"


def card_name(c: dict[str, Any]) -> str:
    """``名探偵 (Great Detective)``: the Japanese name with the English beside it."""
    en = c.get("name_en") or ""
    return f"{c['name']} ({en})" if en and en != c["name"] else c["name"]


def deck_label(summary: dict[str, Any], key: str) -> str:
    for d in summary["config"]["decks"]:
        if d["key"] == key:
            return d["name"] if d["name"] == key else f"{d['name']} ({key})"
    return key


def study_section(s: dict[str, Any]) -> Section:
    c = s["config"]
    rows = [["game", f"{c['game']} {c['variant']}"], ["agents (both seats)", ", ".join(c["agents"])],
            ["decks", ", ".join(deck_label(s, d["key"]) for d in c["decks"])],
            ["games", f"{c['games']} per matchup and agent (each deal from both seats)"],
            ["seed", f"{c['seed']} (deal i: seed + i; confirmations from seed + {c['fresh_seed_offset']:,})"],
            ["rule parameters", ", ".join(f"{k}={v}" for k, v in c["params"].items())]]
    if c["added_cards"]:
        rows.append(["added cards (--cards)", ", ".join(c["added_cards"])])
    return Section("study", "Study / 調査", [
        "Every number is a result of the named agent playing both seats (e.g. a greedy-policy result): how well "
        "the agent plays a card is part of what is measured. Rates count a draw as half a win; [a–b%] is the "
        "95% interval, n the number of games."], [("configuration", ["", ""], rows)])


def seats_section(s: dict[str, Any]) -> Section:
    sec = Section("seats", "Seats and decks / 先攻・後攻とデッキ", figures=["matchups", "lengths"])
    keys = [d["key"] for d in s["config"]["decks"]]
    for agent, a in s["agents"].items():
        st = a["seats"]
        sec.tables.append((f"seats — {policy(agent)}, {a['games']} games", ["", "rate", "95% interval", "n"],
                           [[k, pct(st[x]["rate"]), ci(st[x]["ci95"]), str(st[x]["n"])] for k, x in
                            (("first player wins", "first_player"), ("seat 0 wins", "seat0"), ("draws", "draws"),
                             ("stopped by the turn limit", "turn_limit"))]))
        decks = [d for d in s["decks"] if d["agent"] == agent]
        sec.tables.append((f"decks — {policy(agent)}", ["deck", "win rate", "95% interval", "games"],
                           [[deck_label(s, d["name"]), pct(d["rate"]), ci(d["ci95"]), str(d["n"])] for d in decks]))
        m = {(x["deck"], x["opponent"]): x for x in s["matchups"] if x["agent"] == agent}
        sec.tables.append((f"matchups: the row deck's win rate against the column deck — {policy(agent)}",
                           ["deck \\ opponent", *keys],
                           [[r, *[rated(m[r, o]) if (r, o) in m else "" for o in keys]] for r in keys]))
        sec.tables.append((f"matchups by who went first — {policy(agent)}", ["deck", "opponent", "going first",
                                                                             "going second"],
                           [[x["deck"], x["opponent"], rated(x["going_first"]), rated(x["going_second"])]
                            for x in m.values()]))
        ln = a["lengths"]
        if ln["n"]:
            sec.tables.append((f"game length in turns — {policy(agent)}", ["n", "mean", "95% interval", "min", "q1",
                                                                            "median", "q3", "max"],
                               [[str(ln["n"]), f"{ln['mean']:.1f}", f"[{ln['ci95'][0]:.1f}–{ln['ci95'][1]:.1f}]"
                                 if ln["ci95"][0] == ln["ci95"][0] else "—", str(ln["min"]), f"{ln['q1']:g}",
                                 f"{ln['median']:g}", f"{ln['q3']:g}", str(ln["max"])]]))
        sec.tables.append((f"how games ended — {policy(agent)}", ["reason", "games", "share", "95% interval"],
                           [[r["reason"], str(r["games"]), pct(r["rate"]), ci(r["ci95"])] for r in a["reasons"]]))
    return sec


METRICS = (("gih", "GIH WR (in hand)"), ("oh", "OH WR (opening hand)"), ("gd", "GD WR (drawn later)"),
           ("gns", "GNS WR (never seen)"), ("played", "WR when played"))


def cards_section(s: dict[str, Any]) -> Section:
    sec = Section("cards", "Per card, per deck / カード別・デッキ別", [
        "17lands-style observational metrics: what happened in the games where the card was in the opening hand "
        "(OH), drawn later (GD), in hand at any point (GIH), never seen (GNS) or played. IWD = GIH WR − GNS WR "
        "(Newcombe interval). Play rate: share of the deck's games in which a copy was played; turn: the "
        "player's own turn of the first play. These are correlations, not causes: see the causal section."])
    for agent in s["agents"]:
        for d in s["config"]["decks"]:
            cards = sorted((c for c in s["cards"] if c["agent"] == agent and c["deck"] == d["key"]),
                           key=lambda c: c["card"])
            rows = []
            for c in cards:
                row = [c["card"], card_name(c), str(c["copies"])]
                row += [short(c[f"{k}_wr"], c[f"{k}_ci95"], c[f"{k}_n"]) for k, _ in METRICS]
                row += [f"{signed(c['iwd'])} {ci(c['iwd_ci95'], True)}",
                        f"{pct(c['play_rate'])} {ci(c['play_rate_ci95'])}",
                        "—" if c["turn_played"] is None else f"{c['turn_played']:.1f}"
                        + (f" [{c['turn_played_ci95'][0]:.1f}–{c['turn_played_ci95'][1]:.1f}]"
                           if c["turn_played_ci95"] else ""),
                        signed(c["causal_delta"])]
                rows.append(row)
            sec.tables.append((f"{deck_label(s, d['key'])} — {policy(agent)}, {cards[0]['games'] if cards else 0} "
                               "games", ["id", "card", "copies", *[m for _, m in METRICS], "IWD", "play rate",
                                         "turn played", "causal"], rows))
    return sec


def causal_section(s: dict[str, Any]) -> Section:
    sec = Section("causal", "Per card, causal / カードの因果効果", [
        "Each card's copies replaced by the game's neutral filler of the same cost, on the same deals (same "
        "seeds, seats, opponents and agent). Causal value = the deck's win rate with the card − with the "
        "filler, in percentage points, with Newcombe's paired 95% interval. ★ = outlier: the whole interval "
        "lies outside the target band."], figures=["causal"])
    for agent, a in s["agents"].items():
        lo, hi = a["band"]
        cards = [c for c in s["cards"] if c["agent"] == agent and c["causal_delta"] is not None]
        sec.tables.append((f"ranking — {policy(agent)}; target band [{lo * 100:+.1f}, {hi * 100:+.1f}] pt",
                           ["rank", "deck", "id", "card", "causal value", "95% interval", "paired games",
                            "pairs whose result differed", "outlier"],
                           [[str(i + 1), c["deck"], c["card"], card_name(c), signed(c["causal_delta"]),
                             ci(c["causal_ci95"], True), str(c["causal_n"]), str(c["causal_differ"]),
                             "★" if c["outlier"] else ""] for i, c in enumerate(cards)]))
        skipped = [[d, card, why] for d, cs in a["skipped"].items() for card, why in cs.items()]
        if skipped:
            sec.tables.append((f"cards not measured — {policy(agent)}", ["deck", "id", "why"], skipped))
    return sec


def curve_section(s: dict[str, Any], title: str) -> Section | None:
    cards = [c for c in s["cards"] if "reference" in c]
    if not cards:
        return None
    sec = Section("curve", title, ["Each character's printed cost, attack and defence against the reference "
                                   "curve, with its measured causal value beside it."], figures=["curve"])
    seen = set()
    rows = []
    for c in sorted(cards, key=lambda c: (c["reference"]["cost"], c["card"], c["agent"], c["deck"])):
        r = c["reference"]
        key = (c["agent"], c["deck"], c["card"])
        if key in seen:
            continue
        seen.add(key)
        rows.append([c["card"], card_name(c), c["deck"], c["agent"], str(r["cost"]), f"{r['atk']}/{r['def']}",
                     f"{r['curve_atk']}/{r['curve_def']}", f"{r['atk_vs_curve']:+d}/{r['def_vs_curve']:+d}",
                     str(r["effects"]), f"{signed(c['causal_delta'])} {ci(c['causal_ci95'], True)}"])
    sec.tables.append(("against the curve", ["id", "card", "deck", "agent", "cost", "atk/def", "curve", "± curve",
                                             "effects", "causal value"], rows))
    return sec


def sweep_section(s: dict[str, Any]) -> Section | None:
    if not s["sweeps"]:
        return None
    sec = Section("sweep", "Rules / ルールの感度", ["Each value of a parameter played on the same deals. Balance: "
                                                  "first-player edge |first − 50%| and deck spread (best deck − "
                                                  "worst deck)."], figures=["sweep"])
    def big(x: dict[str, Any]) -> str:
        b = x.get("largest_first_step")
        return f"→ {b['to']}: {signed(b['delta'])} {ci(b['ci95'], True)} n={b['n']}" if b else "—"

    sec.tables.append(("sensitivity: which parameter moves balance most per step", [
        "parameter", "agent", "values", "first-player edge: max move per step", "deck spread: max move per step",
        "length: max move per step (turns)", "largest step of the first player's win rate (paired)"],
        [[x["param"], x["agent"], ", ".join(x["values"]), signed(x["first_edge"]["max_per_step"]),
          signed(x["deck_spread"]["max_per_step"]), f"{x['length']['max_per_step']:.2f}", big(x)]
         for x in s["sensitivity"]]))
    rows = [[p["param"], p["value"], p["agent"], rated(p["first_player"]), rated(p["draws"]),
             f"{p['length']['mean']:.1f}" if p["length"]["mean"] is not None else "—",
             "; ".join(f"{d['deck']} {rated(d)}" for d in p["decks"])] for p in s["sweeps"]]
    sec.tables.append(("values", ["parameter", "value", "agent", "first player wins", "draws", "mean turns",
                                  "decks"], rows))
    return sec


def suggestions_section(s: dict[str, Any]) -> Section:
    sec = Section("suggestions", "Suggestions / 調整案", [
        "For each outlier (searched with the first agent): the fewest steps of one field that bring the "
        "card's causal value into the band, confirmed on fresh deals. For the most uneven deck pair: the "
        "card change (one field, 1, 2 or 4 steps) that brings the matchup nearest 50%, confirmed on fresh deals."])
    rows = []
    for x in s["suggestions"]:
        lo, hi = x["band"]
        rows.append([x["deck"], x["card"], change_text(x["change"]), f"{signed(x['before']['delta'])} "
                     f"{ci(x['before']['ci95'], True)}", f"{signed(x['search']['delta'])}",
                     f"{signed(x['after']['delta'])} {ci(x['after']['ci95'], True)} n={x['after']['n']}",
                     f"[{lo * 100:+.1f}, {hi * 100:+.1f}]", "yes" if x["confirmed"] else "no: run more games",
                     x["agent"]])
        sec.code.append(x["patch"])
    if rows:
        sec.tables.append(("cards", ["deck", "id", "change", "before (study deals)", "changed (study deals)",
                                     "after (fresh deals)", "band", "inside on fresh deals", "agent"], rows))
    prow = []
    for x in s["pair_suggestions"]:
        prow.append([x["strong"], x["deck"], x["card"], change_text(x["change"]), rated(x["before"]),
                     rated(x["after"]), x["agent"]])
        sec.code.append(x["patch"])
    if prow:
        sec.tables.append(("deck pair (the stronger deck's win rate)", ["stronger deck", "deck changed", "id",
                                                                        "change", "before", "after (fresh deals)",
                                                                        "agent"], prow))
    if not rows and not prow:
        sec.intro.append("No card is an outlier and no matchup's interval excludes 50%: nothing to suggest.")
    return sec


def unused_section(s: dict[str, Any]) -> Section:
    sec = Section("unused", "Never played, stalled games / 未使用カード・膠着")
    if len(s["agents"]) > 1:
        sec.tables.append(("cards no agent played", ["deck", "id", "card"],
                           [[c["deck"], c["card"], card_name(c)] for c in s["never_played_by_any_agent"]]))
    for agent, a in s["agents"].items():
        sec.tables.append((f"cards never played — {policy(agent)}", ["deck", "id", "card", "games"],
                           [[c["deck"], c["card"], card_name(c), str(c["games"])] for c in a["never_played"]]))
        sec.tables.append((f"games stopped by the turn limit (the AI stalled) — {policy(agent)}",
                           ["seed", "seat 0", "seat 1", "turns"],
                           [[str(g["seed"]), g["decks"][0], g["decks"][1], str(g["turns"])] for g in a["stalled"]]))
    return sec


#: each section's introduction in Japanese (after the English)
INTRO_JA = {
    "study": "各数値は、指定したエージェントが両方の席を受け持った対戦の結果です(例: greedy方策の結果)。カードの評価にはAIの使いこなしも含まれます。引き分けは0.5勝として数え、[a–b%] は95%信頼区間、n は対戦数です。",
    "seats": "先攻の勝率、各デッキの勝率、デッキ同士の相性表(先攻・後攻別も)、対戦の長さ、決着の理由。",
    "cards": "17lands式の観察指標: 初手にあった(OH)、後から引いた(GD)、手札に来た(GIH)、一度も見なかった(GNS)、使った対戦の勝率。IWD = GIH − GNS。相関であって因果ではありません(因果は次の節)。",
    "causal": "カードをすべて同コストの中立な代替カードに差し替え、同じ配り(同じシード・席・相手・エージェント)で対戦し直した差: カードありの勝率 − 代替カードの勝率(ポイント)。対応のある95%区間(Newcombe)付き。★ = 区間全体が目標帯の外(外れ値)。",
    "curve": "各キャラクターのコスト・攻撃力・防御力を基準カーブと比べ、測った因果効果を並べます。",
    "sweep": "パラメータの各値を同じ配りで対戦。バランスの指標: 先攻の偏り |先攻勝率 − 50%| とデッキ間の差(最強 − 最弱)。",
    "suggestions": "外れ値のカードごとに、因果効果を目標帯に戻す最小の変更(1項目ずつ、1単位ずつ)を探し、新しい配りで確かめた結果。最も偏ったデッキの組には、相性を50%に最も近づけるカードの変更。",
    "unused": "どの対戦でも使われなかったカードと、ターン上限で止まった対戦(AIの膠着)。",
}


def sections(summary: dict[str, Any], curve_title: str = "Reference curve / 基準カーブ") -> list[Section]:
    out = [study_section(summary), seats_section(summary), cards_section(summary), causal_section(summary)]
    curve = curve_section(summary, curve_title)
    if curve is not None:
        out.append(curve)
    sweep = sweep_section(summary)
    if sweep is not None:
        out.append(sweep)
    out += [suggestions_section(summary), unused_section(summary)]
    for sec in out:
        if sec.id in INTRO_JA:
            sec.intro.append(INTRO_JA[sec.id])
    return out


def _md_cell(x: str) -> str:
    return x.replace("|", "\\|").replace("\n", " ")


def markdown(summary: dict[str, Any], curve_title: str = "Reference curve / 基準カーブ") -> str:
    c = summary["config"]
    out = [f"# fudaba lab: {c['game']} — balance report / バランスレポート", ""]
    for sec in sections(summary, curve_title):
        out += [f"## {sec.title}", ""]
        for p in sec.intro:
            out += [p, ""]
        for caption, headers, rows in sec.tables:
            out += [f"**{caption}**", ""]
            if not rows:
                out += ["(none)", ""]
                continue
            out.append("| " + " | ".join(_md_cell(h) for h in headers) + " |")
            out.append("|" + "---|" * len(headers))
            out += ["| " + " | ".join(_md_cell(x) for x in r) + " |" for r in rows]
            out.append("")
        for block in sec.code:
            out += ["```toml", block, "```", ""]
    return "\n".join(out)
