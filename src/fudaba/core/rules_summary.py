"""Rules summaries shipped inside each game package (issue 6 §3): ``rules`` / ``rules 5.3``.

A game's ``games/<name>/rules.toml`` holds the game's titles (``title_en``, ``title_ja``) and
``[[section]]`` tables:

* ``id`` — the spec's section number (``"5.3"``); a section ``5.3`` is a subsection of ``5``;
* ``rulebook`` — optional: the rulebook's own numbers the section covers, all of them (``["8.3",
  "8.3.1", …, "8.4"]``; lists and headings show only those whose parent is not listed), or the
  headings it corresponds to when the rulebook has no numbers;
* ``title_en``, ``title_ja``, ``en``, ``ja`` — the title and the text in each language;
* ``[section.variants."v1.01"]`` — optional ``en``/``ja``: how the section differs in a variant;
* ``terminal_en``, ``terminal_ja`` — optional (both or neither): a last paragraph for the terminal
  only (``fudaba play``'s commands), left out of the text for a page (``commands`` False).

The texts are written as short paragraphs: a blank line separates paragraphs, a line starting with
a list marker (``-``, ``1.``, ``①``) starts an item, any other line continues the one before (or
starts a paragraph when it is indented less than the item's text). Joined lines get a space in
English and none in Japanese (except between two narrow characters and before ``(``).
:func:`rules_text` lays them out again for the terminal, ``width`` display columns wide
(full-width characters count two; Japanese breaks between characters, never before 、。ー).

A reference is looked up by the spec's number first (``5.3``, ``§5.3``, ``§5.3 step 4``: what
follows the number is ignored), then by the rulebook's (``8.1``, which the spec does not have);
``rulebook 8.1`` asks for the rulebook's number explicitly, for numbers both documents use (``2``
is a spec section and a rulebook chapter). A section title (or a part of one) is accepted too.

>>> wrap_paragraphs("- one two three four\\n  five", 12)
['- one two', '  three four', '  five']
>>> wrap_paragraphs("連鎖が終了した時点で、全てのマスが陣で埋まっていればゲーム終了。", 20, "ja")
['連鎖が終了した時点', 'で、全てのマスが陣で', '埋まっていればゲーム', '終了。']
"""

from __future__ import annotations

import re
import sys
import tomllib
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .columns import display_width
from .errors import FudabaError

#: display columns of the summary text (a 60-column terminal)
WIDTH = 60

_LANGS = ("en", "ja")


@dataclass(frozen=True)
class Section:
    """One section of a rules summary (see the module docstring)."""

    id: str
    rulebook: tuple[str, ...]
    title: dict[str, str]
    text: dict[str, str]
    variants: dict[str, dict[str, str]] = field(default_factory=dict)
    #: the terminal-only paragraph by language ({} when none)
    terminal: dict[str, str] = field(default_factory=dict)

    @property
    def depth(self) -> int:
        return self.id.count(".")

    def shown_rulebook(self) -> list[str]:
        """The rulebook numbers worth showing: those whose parent number is not listed too
        (``7`` for ``7, 7.1, 7.2.1``), then the headings."""
        listed = set(self.rulebook)
        return [r for r in self.rulebook
                if not _NUMBER.fullmatch(r) or r.rpartition(".")[0] not in listed]


@dataclass(frozen=True)
class Summary:
    """A game's whole rules summary."""

    title: dict[str, str]
    sections: tuple[Section, ...]
    source: str
    #: what the game's own rules document is called (``rulebook_en`` / ``rulebook_ja``)
    rulebook: dict[str, str] = field(default_factory=lambda: {"en": "rulebook", "ja": "ルールブック"})

    @property
    def numbered(self) -> bool:
        """Whether the rulebook has section numbers to look up."""
        return any(_NUMBER.fullmatch(r) for s in self.sections for r in s.rulebook)

    def by_id(self, sid: str) -> Section | None:
        return next((s for s in self.sections if s.id == sid), None)

    def by_rulebook(self, number: str) -> Section | None:
        """The section listing the rulebook's ``number`` (numbers are matched exactly: a rules file
        lists the rulebook's whole outline), or whose rulebook heading contains ``number`` (headings
        such as ``◆勝利・敗北条件◆``, when exactly one section has it)."""
        if _NUMBER.fullmatch(number):
            return next((s for s in self.sections if number in s.rulebook), None)
        key = _fold(number)
        hits = [s for s in self.sections if any(key and key in _fold(rb) for rb in s.rulebook)]
        return hits[0] if len(hits) == 1 else None

    def children(self, sec: Section) -> list[Section]:
        return [s for s in self.sections if s.id.startswith(sec.id + ".")]


_NUMBER = re.compile(r"\d+(?:\.\d+)*")
_SECTION_FIELDS = {"id", "rulebook", "title_en", "title_ja", "en", "ja", "variants", "terminal_en", "terminal_ja"}
_CACHE: dict[str, Summary | None] = {}


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).lower().strip()


def summary_path(game: Any) -> Path:
    """Where a game's summary lives: ``rules.toml`` beside the module defining its Game class."""
    mod = sys.modules.get(type(game).__module__)
    where = getattr(mod, "__file__", None) or "."
    return Path(where).resolve().parent / "rules.toml"


def load_summary(path: Path) -> Summary | None:
    """The summary in ``path`` (None when there is no such file); FudabaError naming the file, the
    section and the field when it is malformed. Loaded once per path."""
    key = str(path)
    if key in _CACHE:
        return _CACHE[key]
    if not path.is_file():
        _CACHE[key] = None
        return None
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as e:
        raise FudabaError(f"{path}: cannot read the rules summary: {e}") from None
    out = parse_summary(doc, str(path))
    _CACHE[key] = out
    return out


def parse_summary(doc: dict[str, Any], source: str) -> Summary:
    """Validate a summary document (FudabaError naming ``source``, the section and the field)."""

    def err(where: str, msg: str) -> FudabaError:
        return FudabaError(f"{source}: {where}: {msg}")

    title = {lang: doc.get(f"title_{lang}") for lang in _LANGS}
    for lang, t in title.items():
        if not isinstance(t, str) or not t.strip():
            raise err("top", f"title_{lang} must be a non-empty string")
    raw = doc.get("section")
    if not isinstance(raw, list) or not raw:
        raise err("top", "no [[section]] tables")
    sections: list[Section] = []
    seen: set[str] = set()
    for i, t in enumerate(raw, 1):
        if not isinstance(t, dict):
            raise err(f"section {i}", "not a table")
        sid = t.get("id")
        where = f"section {i} (id {sid!r})"
        if not isinstance(sid, str) or not _NUMBER.fullmatch(sid):
            raise err(where, "id must be a section number such as \"5.3\"")
        if sid in seen:
            raise err(where, "the id is used twice")
        seen.add(sid)
        extra = set(t) - _SECTION_FIELDS
        if extra:
            raise err(where, f"unknown field(s) {', '.join(sorted(extra))}")
        parent = sid.rpartition(".")[0]
        if parent and parent not in seen:
            raise err(where, f"its parent section {parent} must come before it")
        rb = t.get("rulebook", [])
        if not isinstance(rb, list) or not all(isinstance(x, str) and x.strip() for x in rb):
            raise err(where, "rulebook must be a list of strings")
        texts: dict[str, str] = {}
        titles: dict[str, str] = {}
        for lang in _LANGS:
            for name, into in ((f"title_{lang}", titles), (lang, texts)):
                v = t.get(name)
                if not isinstance(v, str) or not v.strip():
                    raise err(where, f"{name} must be a non-empty string")
                into[lang] = v.strip()
        variants: dict[str, dict[str, str]] = {}
        vr = t.get("variants", {})
        if not isinstance(vr, dict):
            raise err(where, "variants must be a table of variant tables")
        for vname, vt in vr.items():
            if not isinstance(vt, dict) or set(vt) != set(_LANGS) or not all(
                    isinstance(vt[lang], str) and vt[lang].strip() for lang in _LANGS):
                raise err(where, f"variants.{vname} must have exactly en and ja (non-empty strings)")
            variants[str(vname)] = {lang: str(vt[lang]).strip() for lang in _LANGS}
        terminal = {lang: t[f"terminal_{lang}"] for lang in _LANGS if f"terminal_{lang}" in t}
        if terminal and (set(terminal) != set(_LANGS) or not all(isinstance(v, str) and v.strip()
                                                                  for v in terminal.values())):
            raise err(where, "terminal_en and terminal_ja go together (non-empty strings)")
        sections.append(Section(sid, tuple(x.strip() for x in rb), titles, texts, variants,
                                {k: str(v).strip() for k, v in terminal.items()}))
    rulebook = {"en": "rulebook", "ja": "ルールブック"}
    for lang in _LANGS:
        v = doc.get(f"rulebook_{lang}", rulebook[lang])
        if not isinstance(v, str) or not v.strip():
            raise err("top", f"rulebook_{lang} must be a non-empty string")
        rulebook[lang] = v.strip()
    extra = set(doc) - {"title_en", "title_ja", "rulebook_en", "rulebook_ja", "section"}
    if extra:
        raise err("top", f"unknown key(s) {', '.join(sorted(extra))}")
    return Summary({k: str(v).strip() for k, v in title.items()}, tuple(sections), source, rulebook)


# ------------------------------------------------------------------------------------- lookup
_RULEBOOK_WORDS = ("rulebook", "rule book", "rules draft", "ルールブック", "ルール案")


def find_section(summary: Summary, ref: str) -> tuple[Section | None, str | None]:
    """The section a reference names, and the rulebook number it was found by (None when found by
    the spec's number or a title)."""
    text = _fold(ref).lstrip("§ ").strip()
    for word in _RULEBOOK_WORDS:
        if text.startswith(word):
            rest = text[len(word):].strip(" :§")
            m = _NUMBER.match(rest)
            number = m.group(0) if m else rest
            return summary.by_rulebook(number), number
    m = _NUMBER.match(text)
    if m:
        number = m.group(0)
        sec = summary.by_id(number)
        if sec is not None:
            return sec, None
        # not a spec section: the rulebook's number (8.1, 7.2.1), when the rulebook has it
        rb = summary.by_rulebook(number)
        return (rb, number) if rb is not None else (None, None)
    if not text:
        return None, None
    hits = [s for s in summary.sections if any(text in _fold(s.title[lang]) for lang in _LANGS)]
    exact = [s for s in hits if any(text == _fold(s.title[lang]) for lang in _LANGS)]
    if len(exact) == 1:
        return exact[0], None
    return (hits[0], None) if len(hits) == 1 else (None, None)


# ------------------------------------------------------------------------------------- layout
_LIST_MARK = re.compile(r"^(\s*)((?:[-*•]|\d+[.)]|[①-⑳]|\([a-z0-9]\))\s+)")
#: characters that may not start a line (Japanese line-breaking rules), and may not end one
_NO_START = set("、。，．,.)）」』】〕〉》・：:;；!?！？ーぁぃぅぇぉっゃゅょァィゥェォッャュョ%％'’")
_NO_END = set("(（「『【〔〈《")


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _join(a: str, b: str, lang: str) -> str:
    """Two source lines of one paragraph as one. English: with a space (none between two Japanese
    characters); Japanese: directly, with a space only between two narrow characters or before an
    opening parenthesis."""
    if not a:
        return b
    wa, wb = _wide(a[-1]), _wide(b[0])
    if lang == "ja":
        return a + (" " if (not wa and not wb) or b[0] == "(" else "") + b
    return a + ("" if wa and wb else " ") + b


def _tokens(text: str, lang: str = "ja") -> list[tuple[bool, str]]:
    """``(space before, token)``: a run of narrow non-space characters is one token; in Japanese
    every full-width character is one (a line may break between any two), in English a run of them
    is one word (a Japanese name or term in English text stays whole). Line-breaking rules glue
    closing marks to the token before and opening marks to the token after."""
    out: list[tuple[bool, str]] = []
    space = False
    cur = ""
    for ch in text:
        if ch == " ":
            if cur:
                out.append((space, cur))
                cur = ""
            space = True
            continue
        if cur and (_wide(ch) != _wide(cur[-1]) or (lang == "ja" and _wide(ch))):
            out.append((space, cur))
            cur, space = "", False
        cur += ch
    if cur:
        out.append((space, cur))
    glued: list[tuple[bool, str]] = []
    for sp, tok in out:
        if glued and not sp and (tok[0] in _NO_START or glued[-1][1][-1] in _NO_END):
            glued[-1] = (glued[-1][0], glued[-1][1] + tok)
        else:
            glued.append((sp, tok))
    return glued


def _wrap_line(text: str, width: int, first: str, rest: str, lang: str = "ja") -> list[str]:
    """One paragraph laid out at ``width``: ``first`` starts the first line, ``rest`` the others."""
    lines: list[str] = []
    cur = first
    empty = True
    for sp, tok in _tokens(text, lang):
        piece = (" " if sp and not empty else "") + tok
        if not empty and display_width(cur + piece) > width:
            lines.append(cur.rstrip())
            cur, empty = rest, True
            piece = tok
        while empty and display_width(cur + piece) > width and len(piece) > 1:  # a word longer than a line
            cut = 1
            while display_width(cur + piece[: cut + 1]) <= width:
                cut += 1
            lines.append(cur + piece[:cut])
            cur, piece = rest, piece[cut:]
        cur += piece
        empty = False
    lines.append(cur.rstrip())
    return lines


def wrap_paragraphs(text: str, width: int = WIDTH, lang: str = "en") -> list[str]:
    """Source text (paragraphs, list items, continuation lines) laid out at ``width`` columns.

    A line indented less than the hanging indent of the item before it starts a new paragraph at
    its own indentation (text under a list, or after it without a blank line)."""
    items: list[tuple[str, str, str]] = []  # (first-line prefix, hanging indent, text); "" text: blank
    for raw in text.splitlines():
        line = raw.rstrip()
        if not line.strip():
            if items and items[-1][2]:
                items.append(("", "", ""))
            continue
        m = _LIST_MARK.match(line)
        indent = line[: len(line) - len(line.lstrip())]
        if m:
            prefix = m.group(1) + m.group(2)
            items.append((prefix, " " * display_width(prefix), line[len(prefix):].strip()))
        elif items and items[-1][2] and len(indent) >= len(items[-1][1]):
            p, h, t = items[-1]
            items[-1] = (p, h, _join(t, line.strip(), lang))
        else:
            items.append((indent, indent, line.strip()))
    out: list[str] = []
    for prefix, hang, body in items:
        out.extend(_wrap_line(body, width, prefix, hang, lang) if body else [""])
    while out and not out[-1]:
        out.pop()
    return out


# ------------------------------------------------------------------------------------- text
_WORDS = {
    "en": {
        "summary": "rules summary",
        "differs": "* differs in {v}: see §{vsec}, or fudaba rules {game} N --variant {v}",
        "marked": "* differs in {v}: the section says how",
        "how": "rules N shows a section (rules 5.3, rules §5.3).",
        "how_rb": "rules rulebook N finds one by the rulebook's own number.",
        "note_rb": "(§{sid} of this summary. The rulebook's {n} is §{other} here: rules rulebook {n})",
        "found_rb": "(the {rb}'s {n} is part of this section)",
        "differs_here": "{v} differs here: §{vsec}, or fudaba rules {game} {sid} --variant {v}.",
        # the same for a reader who cannot type commands (the browser table: § references are links)
        "differs_page": "* differs in {v}: see §{vsec}",
        "note_rb_page": "(§{sid} of this summary. The rulebook's {n} is §{other} here.)",
        "differs_here_page": "{v} differs here: see §{vsec}.",
    },
    "ja": {
        "summary": "ルール要約",
        "differs": "* {v}では異なる: §{vsec} または fudaba rules {game} 番号 --variant {v}",
        "marked": "* {v}では異なる: 各節に違いを記載",
        "how": "rules 番号 で各節を表示 (rules 5.3、rules §5.3)。",
        "how_rb": "ルールブックの番号で探すときは rules rulebook 番号。",
        "note_rb": "(要約の§{sid}です。ルールブックの{n}はこの要約の§{other}: rules rulebook {n})",
        "found_rb": "({rb}の{n}はこの節に含まれます)",
        "differs_here": "{v}ではこの節の内容が異なります: §{vsec} または fudaba rules {game} {sid} --variant {v}",
        "differs_page": "* {v}では異なる: §{vsec} を参照",
        "note_rb_page": "(要約の§{sid}です。ルールブックの{n}はこの要約の§{other}です)",
        "differs_here_page": "{v}ではこの節の内容が異なります: §{vsec} を参照",
    },
}


def _numbers(sec: Section) -> list[str]:
    return [r for r in sec.shown_rulebook() if _NUMBER.fullmatch(r)]


def _variant_section(s: Summary, variant: str) -> str:
    """The section about a variant (its English title names it), for pointers; "" when none."""
    return next((x.id for x in s.sections if variant in x.title["en"]), "")


def _differs(game: Any, sec: Section) -> list[str]:
    """The variants (other than the game's first) in which ``sec`` differs."""
    return [v for v in game.VARIANTS[1:] if v in sec.variants]


def _word(lang: str, key: str, commands: bool) -> str:
    """The sentence ``key``; without ``commands``, its form that names no command (``*_page``)."""
    w = _WORDS[lang]
    return w[key] if commands else w.get(key + "_page", w[key])


def _listing(game: Any, s: Summary, lang: str, width: int, commands: bool = True) -> str:
    w = _WORDS[lang]
    variant = game.variant
    head = f"{s.title[lang]} — {w['summary']}" + (f" ({variant})" if len(game.VARIANTS) > 1 else "")
    out = wrap_paragraphs(head, width, lang)
    marked: list[str] = []
    for sec in s.sections:
        diff = _differs(game, sec)
        shown = diff if variant == game.VARIANTS[0] else [v for v in diff if v == variant]
        mark = " *" if shown else ""
        marked += [v for v in shown if v not in marked]
        rb = _numbers(sec)
        prefix = "  " * (1 + sec.depth) + f"{'§' + sec.id:<5} "
        body = sec.title[lang] + mark + (f" ({s.rulebook[lang]}: {', '.join(rb)})" if rb else "")
        out.extend(_wrap_line(body, width, prefix, " " * len(prefix), lang))
    for v in marked:
        key = "marked" if v == variant else "differs"
        out.extend(wrap_paragraphs(_word(lang, key, commands).format(v=v, vsec=_variant_section(s, v), game=game.name),
                                   width, lang))
    if commands:
        out.extend(wrap_paragraphs(w["how"] + (" " + w["how_rb"] if s.numbered else ""), width, lang))
    return "\n".join(out)


def _section(game: Any, s: Summary, sec: Section, lang: str, width: int, note: str | None,
             commands: bool = True) -> list[str]:
    rb = ", ".join(sec.shown_rulebook())
    out = wrap_paragraphs(f"§{sec.id} {sec.title[lang]}" + (f" ({s.rulebook[lang]}: {rb})" if rb else ""), width,
                          lang)
    if note:
        out.extend(wrap_paragraphs(note, width, lang))
    out.extend(wrap_paragraphs(sec.text[lang], width, lang))
    if commands and sec.terminal:
        out.extend(wrap_paragraphs(sec.terminal[lang], width, lang))
    if game.variant in sec.variants and game.variant != game.VARIANTS[0]:
        out.append("")
        out.extend(wrap_paragraphs(sec.variants[game.variant][lang], width, lang))
    elif game.variant == game.VARIANTS[0]:
        for v in _differs(game, sec):
            out.append("")
            out.extend(wrap_paragraphs(_word(lang, "differs_here", commands).format(
                v=v, vsec=_variant_section(s, v), game=game.name, sid=sec.id), width, lang))
    return out


def rules_text(game: Any, section: str | None, lang: str, width: int = WIDTH, commands: bool = True) -> str | None:
    """The list of a game's sections (``section`` None or empty) or one section's text, laid out at
    ``width`` columns, in Japanese (``lang`` "ja") or English; None when the game ships no summary
    or no section matches. A section with subsections prints them too. In a variant other than
    the game's first a section adds how that variant differs; in the first, it says where to read it.
    ``commands`` False: for a reader who cannot type (the browser table), no sentence names a
    command (``rules 5.3``, ``fudaba rules …``); references stay as ``§N``."""
    lang = "ja" if lang == "ja" else "en"
    s = load_summary(summary_path(game))
    if s is None:
        return None
    if section is None or not str(section).strip() or _fold(str(section)) in ("all", "list", "一覧"):
        return _listing(game, s, lang, width, commands)
    sec, via = find_section(s, str(section))
    if sec is None:
        return None
    w = _WORDS[lang]
    note = None
    if via is not None and _NUMBER.fullmatch(via) and via not in sec.shown_rulebook():  # 7.2.1: under 7
        note = w["found_rb"].format(n=via, rb=s.rulebook[lang])
    elif not _fold(str(section)).startswith("§"):  # "§2" is the spec's for sure; a bare "2" may not be
        m = _NUMBER.match(_fold(str(section)))
        n = m.group(0) if m else ""
        other = next((x for x in s.sections if n in x.rulebook), None) if n else None
        if other is not None and other is not sec:  # a number both documents use: say how to ask for the rulebook's
            note = _word(lang, "note_rb", commands).format(sid=sec.id, n=n, other=other.id)
    out = _section(game, s, sec, lang, width, note, commands)
    for child in s.children(sec):
        out.append("")
        out.extend(_section(game, s, child, lang, width, None, commands))
    return "\n".join(out)
