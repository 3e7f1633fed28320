"""Issue 7 §7 "a house you can read": imports point one way.

Read from the source with ``ast`` (nothing is imported): a module depends on every module of its
package it imports, at module level or inside a function (a lazy import is still a dependency);
imports under ``if TYPE_CHECKING:`` are for typing only and do not count. There must be no import
cycle inside ``fudaba.core`` nor inside any game package under ``fudaba/games`` (found on disk, so
a new game is covered the day it is added), and a game's ``state`` module must not import its
rules, actions, positions or game: the rules use the state, never the reverse.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
GAMES = SRC / "fudaba" / "games"
GAME_PACKAGES = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())
#: what a game's state module may never import (the modules that import the state)
STATE_MUST_NOT_IMPORT = ("rules", "actions", "position", "game")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _type_checking_only(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def imported_names(tree: ast.AST, package: str) -> set[str]:
    """Every dotted name an import statement in ``tree`` names (``from .a import b``: ``pkg.a`` and
    ``pkg.a.b``, since ``b`` may be a module), outside ``if TYPE_CHECKING:`` blocks."""
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        for ch in ast.iter_child_nodes(node):
            if isinstance(ch, ast.If) and _type_checking_only(ch):
                for sub in ch.orelse:
                    visit(sub)
                continue
            if isinstance(ch, ast.ImportFrom):
                if ch.level:
                    base = package.split(".")
                    base = base[: len(base) - (ch.level - 1)]
                    target = ".".join(base + ([ch.module] if ch.module else []))
                else:
                    target = ch.module or ""
                out.add(target)
                out.update(f"{target}.{a.name}" for a in ch.names)
            elif isinstance(ch, ast.Import):
                out.update(a.name for a in ch.names)
            visit(ch)

    visit(tree)
    return out


def dependency_graph(scope: Path) -> dict[str, set[str]]:
    """Module → the modules of ``scope`` (a package folder, sub-packages included) it imports."""
    sources = {module_name(p): p for p in sorted(scope.rglob("*.py"))}
    graph: dict[str, set[str]] = {}
    for mod, path in sources.items():
        package = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
        names = imported_names(ast.parse(path.read_text(encoding="utf-8")), package)
        graph[mod] = {n for n in names if n in sources and n != mod}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle of ``graph`` as ``[a, b, …, a]``, or None."""
    colour: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def dfs(m: str) -> list[str] | None:
        colour[m] = 1
        path.append(m)
        for d in sorted(graph[m]):
            if colour.get(d) == 1:
                return [*path[path.index(d):], d]
            if d not in colour:
                found = dfs(d)
                if found:
                    return found
        path.pop()
        colour[m] = 2
        return None

    for m in sorted(graph):
        if m not in colour:
            found = dfs(m)
            if found:
                return found
    return None


def test_7_the_game_packages_are_found_on_disk() -> None:
    assert {"maken", "sarasvati", "suikoden", "walpurgis"} <= set(GAME_PACKAGES)


@pytest.mark.parametrize("scope", ["core", *(f"games/{g}" for g in GAME_PACKAGES)])
def test_7_no_import_cycle_inside_a_package(scope: str) -> None:
    graph = dependency_graph(SRC / "fudaba" / scope)
    assert len(graph) > 3  # the scan found the package's modules (it cannot pass empty)
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("game", GAME_PACKAGES)
def test_7_a_game_state_never_imports_its_rules(game: str) -> None:
    graph = dependency_graph(GAMES / game)
    state = f"fudaba.games.{game}.state"
    assert state in graph
    banned = {f"fudaba.games.{game}.{m}" for m in STATE_MUST_NOT_IMPORT}
    bad = sorted(d for d in graph[state] if d in banned or any(d.startswith(b + ".") for b in banned))
    assert bad == [], f"{state} imports {bad}: the rules use the state, never the reverse"


def test_7_the_scan_counts_lazy_imports_and_skips_type_checking() -> None:
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from .game import G\n"
        "def f():\n    from .rules import r\n    from . import position\n"
    )
    got = imported_names(tree, "fudaba.games.x")
    assert {"fudaba.games.x.rules", "fudaba.games.x.rules.r", "fudaba.games.x.position"} <= got
    assert not any(n.startswith("fudaba.games.x.game") for n in got)
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


# ---------------------------------------------------------------------- issue 19 §4: imports point one way
FUDABA = SRC / "fudaba"
#: the play loop and the people's text of the core: the engine never imports them
PRESENTATION = ("fudaba.core.session", "fudaba.core.text")
ENGINE = sorted(module_name(p) for p in (FUDABA / "core").glob("*.py")
                if module_name(p) not in PRESENTATION and p.name != "__init__.py")


def test_19_4_no_import_cycle_anywhere_in_fudaba() -> None:
    """One graph of every module under ``src/fudaba``, function-level imports counted: no cycle."""
    graph = dependency_graph(FUDABA)
    assert len(graph) > 100
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("mod", ENGINE)
def test_19_4_the_engine_never_imports_the_play_loop_or_text(mod: str) -> None:
    graph = dependency_graph(FUDABA)
    bad = sorted(d for d in graph[mod] if d in PRESENTATION or ".text" in d.removeprefix("fudaba.core"))
    assert bad == [], f"{mod} imports {bad}"


def _code_words(path: Path) -> list[tuple[int, str]]:
    """The string constants (not docstrings) and names of a Python file, with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    out: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            out.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            out.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            out.append((node.lineno, node.attr))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out.extend((node.lineno, a.name) for a in node.names)
            if isinstance(node, ast.ImportFrom) and node.module:
                out.append((node.lineno, node.module))
    return out


def _web_code(path: Path) -> str:
    """A JS/CSS/HTML file without its comments."""
    import re

    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    return re.sub(r"(^|[^:])//[^\n]*", r"\1", text)


def test_19_1_no_module_outside_a_game_package_names_a_game() -> None:
    """Only ``games/<name>/`` names a particular game: the registry, agents, CLI, server, lobby and
    tables read descriptors (Python code and the browser client, comments and docstrings aside)."""
    import re

    names = re.compile(r"\b(" + "|".join(GAME_PACKAGES) + r")\b", re.I)
    found = []
    for p in sorted(FUDABA.rglob("*")):
        rel = p.relative_to(FUDABA)
        if not p.is_file() or (rel.parts[0] == "games" and len(rel.parts) > 2):
            continue
        if p.suffix == ".py":
            found += [f"{rel}:{n}: {w!r:.60}" for n, w in _code_words(p) if names.search(w)]
        elif p.suffix in (".js", ".css", ".html"):
            found += [f"{rel}: {m.group(0)}" for m in names.finditer(_web_code(p))]
    assert found == [], "names a game outside its package:\n" + "\n".join(found)
