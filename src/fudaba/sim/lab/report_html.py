"""``report.html``: the report's sections (report_md.py) as one self-contained page — styles inline,
figures drawn with matplotlib and embedded as PNG data, nothing fetched from the network — so it can
be opened from disk, mailed or posted as it is. matplotlib is imported only here (the ``lab`` extra).
"""

from __future__ import annotations

import base64
import html
import io
from typing import Any

from .report_md import Section, deck_label, policy, sections

CSS = """
body{font-family:"Noto Sans CJK JP","Noto Sans JP",system-ui,sans-serif;margin:0;color:#1c1c1c;background:#fafafa}
header{background:#23395d;color:#fff;padding:14px 24px}header h1{margin:0;font-size:22px}
header p{margin:4px 0 0;font-size:13px;opacity:.85}
nav{padding:8px 24px;background:#e8edf4;font-size:13px}nav a{margin-right:14px;color:#23395d}
section{padding:6px 24px 18px;border-bottom:1px solid #ddd}h2{font-size:19px;color:#23395d}
.intro{font-size:13px;max-width:70em;color:#333}.wrap{overflow-x:auto;margin:6px 0 14px}
table{border-collapse:collapse;font-size:12px;background:#fff}caption{text-align:left;font-weight:600;white-space:nowrap;
padding:4px 0;font-size:13px}th,td{border:1px solid #d5d9e0;padding:3px 6px;white-space:nowrap;text-align:left}
th{background:#eef1f6;position:sticky;top:0}td.num{text-align:right}td.long{white-space:normal;min-width:30em}tr.outlier td{background:#fff1d6}img{max-width:100%;border:1px solid #ddd;margin:6px 0}
pre{background:#f3f3f3;padding:8px;font-size:12px;display:inline-block;margin:4px 12px 4px 0}
"""


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    import matplotlib.pyplot as plt

    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode()


def _plt() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def fig_matchups(s: dict[str, Any], agent: str) -> str | None:
    keys = [d["key"] for d in s["config"]["decks"]]
    m = {(x["deck"], x["opponent"]): x for x in s["matchups"] if x["agent"] == agent}
    if not m:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(1.4 + 1.3 * len(keys), 1.0 + 0.8 * len(keys)))
    grid = [[m[(a, b)]["rate"] if (a, b) in m else float("nan") for b in keys] for a in keys]
    im = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    for i, a in enumerate(keys):
        for j, b in enumerate(keys):
            if (a, b) in m:
                x = m[(a, b)]
                ax.text(j, i, f"{x['rate'] * 100:.0f}%\n[{x['ci95'][0] * 100:.0f}–{x['ci95'][1] * 100:.0f}]\nn={x['n']}",
                        ha="center", va="center", fontsize=8,
                        color="white" if abs(x["rate"] - 0.5) > 0.3 else "black")  # readable on dark cells
    ax.set_xticks(range(len(keys)), keys, rotation=30, ha="right")
    ax.set_yticks(range(len(keys)), keys)
    ax.set_xlabel("opponent")
    ax.set_title(f"row deck's win rate ({policy(agent)})", fontsize=10)
    fig.colorbar(im, ax=ax, shrink=0.7)
    return _png(fig)


def fig_lengths(s: dict[str, Any], agent: str) -> str | None:
    hist = s["agents"][agent]["lengths"].get("histogram")
    if not hist:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(7, 2.6))
    ax.bar([t for t, _ in hist], [n for _, n in hist], color="#4a6fa5")
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title(f"game length ({policy(agent)}, {sum(n for _, n in hist)} games)", fontsize=10)
    return _png(fig)


def fig_causal(s: dict[str, Any], agent: str) -> str | None:
    cards = [c for c in s["cards"] if c["agent"] == agent and c["causal_delta"] is not None][:40]
    if not cards:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 0.8 + 0.24 * len(cards)))
    lo, hi = s["agents"][agent]["band"]
    ax.axvspan(lo * 100, hi * 100, color="#dfe8d8", label="target band")
    ys = list(range(len(cards)))[::-1]
    for y, c in zip(ys, cards, strict=True):
        d, (a, b) = c["causal_delta"] * 100, c["causal_ci95"]
        ax.errorbar(d, y, xerr=[[d - a * 100], [b * 100 - d]], fmt="o", color="#c0392b" if c["outlier"] else "#23395d",
                    capsize=2, ms=4)
    ax.set_yticks(ys, [f"{c['deck']}: {c['card']} {c['name_en'] or ''}" for c in cards], fontsize=8)
    ax.axvline(0, color="#888", lw=0.8)
    ax.set_xlabel("causal value: deck win rate with the card − with the filler (percentage points, 95% interval)")
    ax.set_title(f"per-card causal values ({policy(agent)}); red: outliers", fontsize=10)
    ax.legend(loc="lower right", fontsize=8)
    return _png(fig)


def fig_curve(s: dict[str, Any], agent: str) -> str | None:
    cards = {c["card"]: c for c in s["cards"] if c["agent"] == agent and "reference" in c}
    if not cards:
        return None
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8, 4))
    costs = sorted({c["reference"]["cost"] for c in cards.values()} | set(range(1, 8)))
    ref = {c["reference"]["cost"]: (c["reference"]["curve_atk"], c["reference"]["curve_def"]) for c in cards.values()}
    xs = [x for x in costs if x in ref]
    ax.plot(xs, [ref[x][0] for x in xs], "-", color="#c0392b", label="curve atk")
    ax.plot(xs, [ref[x][1] for x in xs], "--", color="#2c7fb8", label="curve def")
    for c in cards.values():
        r = c["reference"]
        ax.scatter([r["cost"]], [r["atk"]], color="#c0392b", s=18)
        ax.scatter([r["cost"]], [r["def"]], color="#2c7fb8", s=18, marker="s")
        if not (r["atk_vs_curve"] or r["def_vs_curve"] or c["outlier"]):
            continue  # on the curve: no label (the table has it)
        label = c["card"] + ("" if c["causal_delta"] is None else f" {c['causal_delta'] * 100:+.0f}pt")
        ax.annotate(label, (r["cost"], r["atk"]), fontsize=7, xytext=(3, 3), textcoords="offset points")
    ax.set_xlabel("cost")
    ax.set_ylabel("atk (circles) / def (squares)")
    ax.set_title(f"characters against the vanilla curve, with causal values ({policy(agent)})", fontsize=10)
    ax.legend(fontsize=8)
    return _png(fig)


def fig_sweep(s: dict[str, Any], agent: str) -> list[str]:
    out = []
    params = list(dict.fromkeys(p["param"] for p in s["sweeps"] if p["agent"] == agent))
    for key in params:
        pts = [p for p in s["sweeps"] if p["agent"] == agent and p["param"] == key]
        plt = _plt()
        fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 3.2))
        xs = list(range(len(pts)))
        series = [("first player", [p["first_player"] for p in pts])]
        for d in pts[0]["decks"]:
            series.append((d["deck"], [next(x for x in p["decks"] if x["deck"] == d["deck"]) for p in pts]))
        for name, rs in series:
            ys = [r["rate"] * 100 for r in rs]
            ax.plot(xs, ys, marker="o", label=name)
            ax.fill_between(xs, [r["ci95"][0] * 100 for r in rs], [r["ci95"][1] * 100 for r in rs], alpha=0.15)
        ax.axhline(50, color="#888", lw=0.8)
        ax.set_xticks(xs, [p["value"] for p in pts])
        ax.set_xlabel(key)
        ax.set_ylabel("win rate % (95% band)")
        ax.legend(fontsize=7)
        means = [p["length"]["mean"] for p in pts]
        ax2.plot(xs, means, marker="o", color="#23395d")
        ax2.fill_between(xs, [p["length"]["ci95"][0] for p in pts], [p["length"]["ci95"][1] for p in pts], alpha=0.2)
        ax2.set_xticks(xs, [p["value"] for p in pts])
        ax2.set_xlabel(key)
        ax2.set_ylabel("mean game length (turns)")
        fig.suptitle(f"sweep of {key} ({policy(agent)})", fontsize=10)
        out.append(_png(fig))
    return out


def figures(s: dict[str, Any], key: str) -> list[str]:
    """The PNGs (base64) of one figure key, one per agent."""
    out: list[str] = []
    for agent in s["agents"]:
        if key == "sweep":
            out += fig_sweep(s, agent)
            continue
        fn = {"matchups": fig_matchups, "lengths": fig_lengths, "causal": fig_causal, "curve": fig_curve}[key]
        got = fn(s, agent)
        if got:
            out.append(got)
    return out


def _cls(cell: str) -> str:
    """Numbers right-aligned, long text wrapped."""
    if len(cell) > 80:
        return ' class="long"'
    return ' class="num"' if cell[:1] in "0123456789+-−—" else ""


def _table(caption: str, headers: list[str], rows: list[list[str]]) -> str:
    e = html.escape
    head = "".join(f"<th>{e(h)}</th>" for h in headers)
    body = []
    for r in rows:
        cls = ' class="outlier"' if r and r[-1] == "★" else ""
        body.append(f"<tr{cls}>" + "".join(f"<td{_cls(x)}>{e(x)}</td>" for x in r) + "</tr>")
    if not rows:
        body.append(f'<tr><td colspan="{len(headers)}">(none)</td></tr>')
    return f'<div class="wrap"><table><caption>{e(caption)}</caption><thead><tr>{head}</tr></thead><tbody>' \
           + "".join(body) + "</tbody></table></div>"


def _section(s: dict[str, Any], sec: Section) -> str:
    e = html.escape
    parts = [f'<section id="{sec.id}"><h2>{e(sec.title)}</h2>']
    parts += [f'<p class="intro">{e(p)}</p>' for p in sec.intro]
    for key in sec.figures:
        parts += [f'<img alt="{e(key)}" src="data:image/png;base64,{png}">' for png in figures(s, key)]
    parts += [_table(*t) for t in sec.tables]
    parts += [f"<pre>{e(c)}</pre>" for c in sec.code]
    parts.append("</section>")
    return "\n".join(parts)


def page(summary: dict[str, Any], curve_title: str = "Reference curve / 基準カーブ", timing: str = "") -> str:
    """The whole report as one HTML document."""
    c = summary["config"]
    secs = sections(summary, curve_title)
    nav = "".join(f'<a href="#{s.id}">{html.escape(s.title)}</a>' for s in secs)
    decks = ", ".join(deck_label(summary, d["key"]) for d in c["decks"])
    sub = (f"{c['game']} {c['variant']} · agents: {', '.join(c['agents'])} · decks: {decks} · {c['games']} games per "
           f"matchup · seed {c['seed']}" + (f" · {timing}" if timing else ""))
    body = "\n".join(_section(summary, s) for s in secs)
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>fudaba lab: {html.escape(c["game"])}'
            f"</title><style>{CSS}</style></head><body><header><h1>fudaba lab — {html.escape(c['game'])}: balance "
            f"report / バランスレポート</h1><p>{html.escape(sub)}</p></header><nav>{nav}</nav>{body}</body></html>")
