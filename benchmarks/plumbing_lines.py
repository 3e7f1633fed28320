"""Lines of plumbing of a game package: what a game must write besides its rules and its cards
(docs/adding-a-game.md, *How much plumbing*).

    python benchmarks/plumbing_lines.py examples/goofspiel/src/fudaba_goofspiel
    python benchmarks/plumbing_lines.py src/fudaba/games/suikoden

Counts lines of code — no blank line, comment or docstring — of every ``.py`` file of the package,
and sorts them: **rules** (``rules.py`` or ``rules/``, and the Game's ``deck_problems``: the deck
construction rule), **cards** (``cards.py``, ``effects.py``: the card schema and vocabulary; the
TOML is data), **agent** (``agent.py`` or ``ai/``), and everything else — the descriptor, the Game
subclass, the state declaration and view, positions, text, testing hooks — **plumbing**.
"""

from __future__ import annotations

import argparse
import ast
import io
import tokenize
from pathlib import Path

RULE_FUNCTIONS = ("deck_problems",)


def count(path: Path) -> tuple[int, int]:
    """(lines of code, of which in a function of :data:`RULE_FUNCTIONS`) of one Python file."""
    src = path.read_text(encoding="utf-8")
    tree = ast.parse(src)
    docs: set[int] = set()
    rule: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                docs.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in RULE_FUNCTIONS:
            rule.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    skip = (tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER)
    code: set[int] = set()
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type not in skip:
            code.update(range(tok.start[0], tok.end[0] + 1))
    code -= docs
    return len(code), len(code & rule)


def part(rel: Path) -> str:
    top = rel.parts[0]
    if top in ("rules", "rules.py"):
        return "rules"
    if top in ("cards.py", "effects.py"):
        return "cards"
    if top in ("agent.py", "ai"):
        return "agent"
    return "plumbing"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("package", type=Path, help="the game package's folder")
    args = ap.parse_args()
    totals = {"plumbing": 0, "rules": 0, "cards": 0, "agent": 0}
    print(f"{'file':28} {'part':9} {'code':>5}")
    for p in sorted(args.package.rglob("*.py")):
        rel = p.relative_to(args.package)
        n, rule = count(p)
        kind = part(rel)
        totals[kind] += n - rule
        totals["rules"] += rule
        print(f"{rel!s:28} {kind:9} {n - rule:5}" + (f"   (+{rule} rules: deck_problems)" if rule else ""))
    print("  ".join(f"{k} {v}" for k, v in totals.items()))


if __name__ == "__main__":
    main()
