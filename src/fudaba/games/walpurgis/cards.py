"""Walpurgis card records (spec §2): schema, matrix grammar and precomputed geometry.

Squares are numbered ``0..24``: index ``(row - 1) * 5 + column`` with rows 1..5 from seat 0's side
and columns a..e, so ``1a`` is 0, ``3c`` is 12 and ``5e`` is 24 (spec §1).

A matrix is parsed once into offsets ``(up, right)`` relative to ``@``; "up" points at the
opponent, so for seat 1 the matrix is rotated 180°. For every seat and square the card keeps the
on-field squares of each kind (condition squares become ``None`` when one falls off the field: it
can never be met) and two bit masks used by interception (§5.3 step 4).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...core.cards import CardPool, Where, build_cards, check_fields, load_card_dir, opt, req
from ...core.errors import CardDataError
from .effects import Effect, build_effect

COLS = "abcde"
SQ: tuple[str, ...] = tuple(f"{r}{c}" for r in range(1, 6) for c in COLS)
SQ_INDEX: dict[str, int] = {n: i for i, n in enumerate(SQ)}
KEYWORDS = ("速射", "サポート", "持続")
NORMAL_PREFIX = "通常弾"

FIELDS = (
    "id", "name", "name_en", "caster", "icons", "matrix", "keywords", "sub_matrix", "text", "text_en",
    "effects", "number", "illustrator",
)

Offsets = tuple[tuple[int, int], ...]


def square_index(name: str) -> int | None:
    """``"3c"`` -> 12; None when not a square name (case-insensitive)."""
    return SQ_INDEX.get(name.strip().lower())


def target_square(seat: int, sq: int, up: int, right: int) -> int | None:
    """The square at offset (up, right) from ``sq`` as seen by ``seat``; None when off the field."""
    r, c = divmod(sq, 5)
    if seat == 0:
        r, c = r + up, c + right
    else:
        r, c = r - up, c - right
    if 0 <= r < 5 and 0 <= c < 5:
        return r * 5 + c
    return None


class Matrix:
    """A parsed action matrix: offsets of condition (C), bullet (B) and destroy (X) squares."""

    __slots__ = ("bullet", "cond", "destroy", "rows", "text")

    def __init__(self, text: str, cond: Offsets, bullet: Offsets, destroy: Offsets, rows: tuple[str, ...]) -> None:
        self.text = text
        self.cond = cond
        self.bullet = bullet
        self.destroy = destroy
        self.rows = rows


def parse_matrix(text: str, field: str, where: Where, allowed: str = "CBX") -> Matrix:
    """Parse the matrix grammar of spec §2; errors name the field and the matrix line."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if not lines:
        raise where.err(field, "empty matrix: write rows of cells with exactly one '@'")
    grid = [ln.split() for ln in lines]
    width = len(grid[0])
    at: tuple[int, int] | None = None
    cond: list[tuple[int, int]] = []
    bullet: list[tuple[int, int]] = []
    destroy: list[tuple[int, int]] = []
    for i, row in enumerate(grid):
        if len(row) != width:
            raise where.err(field, f"matrix line {i + 1}: {len(row)} cells, but line 1 has {width} (rows must be equal)")
        for j, cell in enumerate(row):
            if cell == "@":
                if at is not None:
                    raise where.err(field, f"matrix line {i + 1}: a second '@' (exactly one is allowed)")
                at = (i, j)
            elif cell == ".":
                continue
            else:
                bad = [ch for ch in cell if ch not in allowed]
                if bad or len(set(cell)) != len(cell):
                    raise where.err(
                        field,
                        f"matrix line {i + 1}: cell {cell!r}: use '.', '@' or a combination of {', '.join(allowed)}",
                    )
    if at is None:
        raise where.err(field, "the matrix has no '@' (the card's own square)")
    i0, j0 = at
    for i, row in enumerate(grid):
        for j, cell in enumerate(row):
            off = (i0 - i, j - j0)
            if "C" in cell:
                cond.append(off)
            if "B" in cell:
                bullet.append(off)
            if "X" in cell:
                destroy.append(off)
    return Matrix(text, tuple(cond), tuple(bullet), tuple(destroy), tuple(" ".join(r) for r in grid))


def _place(offs: Offsets, seat: int, sq: int) -> tuple[int, ...]:
    out = []
    for up, right in offs:
        t = target_square(seat, sq, up, right)
        if t is not None:
            out.append(t)
    return tuple(out)


def _mask(sqs: tuple[int, ...]) -> int:
    m = 0
    for s in sqs:
        m |= 1 << s
    return m


class WCard:
    """One Walpurgis card definition (immutable, shared by every state)."""

    __slots__ = (
        "bounce",
        "bullet",
        "caster",
        "cmask",
        "cond",
        "destroy",
        "destroy_own",
        "effects",
        "face_up_bullets",
        "foot",
        "icons",
        "id",
        "illustrator",
        "is_normal",
        "keywords",
        "main",
        "min_others",
        "name",
        "name_en",
        "no_face_down",
        "number",
        "on_opponent",
        "persist",
        "rapid",
        "raw",
        "sub",
        "sub_bullet",
        "sub_destroy",
        "support",
        "text",
        "text_en",
        "timed",
        "tmask",
    )

    def __init__(
        self,
        raw: dict[str, Any],
        id: str,
        name: str,
        name_en: str,
        caster: str,
        icons: tuple[str, ...],
        main: Matrix,
        keywords: tuple[str, ...],
        sub: Matrix | None,
        text: str,
        text_en: str,
        effects: tuple[Effect, ...],
        number: str,
        illustrator: str,
    ) -> None:
        self.raw = raw
        self.id = id
        self.name = name
        self.name_en = name_en
        self.caster = caster
        self.icons = frozenset(icons)
        self.main = main
        self.keywords = keywords
        self.sub = sub
        self.text = text
        self.text_en = text_en
        self.effects = effects
        self.number = number
        self.illustrator = illustrator
        self.is_normal = name.startswith(NORMAL_PREFIX)
        self.rapid = "速射" in keywords
        self.support = "サポート" in keywords
        self.persist = "持続" in keywords
        ops = {e.op for e in effects}
        self.face_up_bullets = "bullets_face_up" in ops
        self.on_opponent = "place_on_opponent" in ops
        self.destroy_own = "destroy_own" in ops
        self.bounce = "bounce" in ops
        self.no_face_down = "no_face_down" in ops
        self.min_others = max((e.n for e in effects if e.op == "min_other_formations"), default=0)
        self.timed: dict[str, tuple[Effect, ...]] = {
            t: tuple(e for e in effects if e.timing == t) for t in ("B", "D", "A", "chain_end", "turn_end")
        }
        # geometry per seat and square
        self.cond: list[list[tuple[int, ...] | None]] = [[], []]
        self.bullet: list[list[tuple[int, ...]]] = [[], []]
        self.destroy: list[list[tuple[int, ...]]] = [[], []]  # main and sub destroy squares
        self.sub_bullet: list[list[tuple[int, ...]]] = [[], []]
        self.sub_destroy: list[list[tuple[int, ...]]] = [[], []]
        self.foot: list[list[int]] = [[], []]  # C|B|X squares (main and sub): what may intercept
        self.tmask: list[list[int]] = [[], []]  # C|X squares: what an interceptor may hit
        self.cmask: list[list[int]] = [[], []]  # condition squares as a mask; -1 when one is off the field
        for seat in (0, 1):
            for sq in range(25):
                cs = _place(main.cond, seat, sq)
                self.cond[seat].append(cs if len(cs) == len(main.cond) else None)
                self.cmask[seat].append(_mask(cs) if len(cs) == len(main.cond) else -1)
                b = _place(main.bullet, seat, sq)
                sb = _place(sub.bullet, seat, sq) if sub else ()
                sd = _place(sub.destroy, seat, sq) if sub else ()
                d = tuple(sorted(set(_place(main.destroy, seat, sq)) | set(sd)))
                self.bullet[seat].append(b)
                self.sub_bullet[seat].append(sb)
                self.sub_destroy[seat].append(sd)
                self.destroy[seat].append(d)
                self.foot[seat].append(_mask(cs) | _mask(b) | _mask(d) | _mask(sb))
                self.tmask[seat].append(_mask(cs) | _mask(d))

    def __repr__(self) -> str:
        return f"<WCard {self.id} {self.name}>"


def card_name(cards: CardPool[WCard], cid: Any, lang: str) -> str:
    """A card's name for people: its Japanese name (``ja``), else its English one when it has one;
    ``?`` for no such card."""
    c = cards.find(str(cid)) if cid else None
    if c is None:
        return "?"
    return c.name if lang == "ja" or not c.name_en else c.name_en


def build_card(raw: dict[str, Any], where: Where) -> WCard:
    """Validate one ``[[card]]`` table (spec §2); every broken field is reported (``where.part``)."""
    p = where.part
    p(check_fields, raw, FIELDS, where, default=None)
    cid = p(_card_id, raw, where, default="")
    name = p(_name, raw, where, default="")
    name_en = p(opt, raw, "name_en", str, "", where, default="")
    caster = p(opt, raw, "caster", str, "", where, default="")
    icons: tuple[str, ...] = p(_icons, raw, where, default=())
    main = p(lambda: parse_matrix(req(raw, "matrix", str, where), "matrix", where), default=None)
    keywords = p(_keywords, raw, where, default=None)
    sub = p(_sub_matrix, raw, keywords, where, default=None) if keywords is not None else None
    text = p(opt, raw, "text", str, "", where, default="")
    text_en = p(opt, raw, "text_en", str, "", where, default="")
    effs: list[Any] = p(opt, raw, "effects", list, [], where, default=[])
    effects = tuple(e for i, x in enumerate(effs) if (e := p(build_effect, x, i, where, default=None)) is not None)
    number = p(opt, raw, "number", str, "", where, default="")
    illustrator = p(opt, raw, "illustrator", str, "", where, default="")
    where.done()
    assert main is not None and keywords is not None
    return WCard(
        raw, cid, name, name_en, caster, icons, main, keywords, sub, text, text_en, effects, number, illustrator,
    )


def _card_id(raw: dict[str, Any], where: Where) -> str:
    cid: str = req(raw, "id", str, where)
    if not cid or cid != "".join(cid.split()) or ":" in cid:
        # §9: an id is one token of notation (``place W-RM-03 2d up``, ``keep 3c up:W-RM-05``)
        raise where.err("id", f"{cid!r}: a card id is one word, without spaces or ':' (it is typed in notation)")
    return cid


def _name(raw: dict[str, Any], where: Where) -> str:
    name: str = req(raw, "name", str, where)
    if not name.strip():
        raise where.err("name", "empty")
    return name


def _icons(raw: dict[str, Any], where: Where) -> tuple[str, ...]:
    icons = opt(raw, "icons", list, [], where)
    for i, ic in enumerate(icons):
        if not isinstance(ic, str) or not ic:
            raise where.err(f"icons[{i}]", f"expected a character name, got {ic!r}")
    return tuple(icons)


def _keywords(raw: dict[str, Any], where: Where) -> tuple[str, ...]:
    keywords = opt(raw, "keywords", list, [], where)
    bad = [str(where.err(f"keywords[{i}]", f"unknown keyword {k!r}; keywords are {list(KEYWORDS)}"))
           for i, k in enumerate(keywords) if k not in KEYWORDS]
    if bad:
        raise CardDataError.of(bad)
    return tuple(keywords)


def _sub_matrix(raw: dict[str, Any], keywords: tuple[str, ...], where: Where) -> Matrix | None:
    """The sub matrix of a 速射 card (§2), None for the others."""
    sub_text = opt(raw, "sub_matrix", str, "", where)
    if sub_text.strip():
        if "速射" not in keywords:
            raise where.err("sub_matrix", "a sub matrix is used only by the keyword 速射; add it or drop the matrix")
        return parse_matrix(sub_text, "sub_matrix", where, allowed="BX")
    if "速射" in keywords:
        raise where.err("sub_matrix", "the keyword 速射 needs a sub matrix")
    return None


CARD_DIR = Path(__file__).parent / "cards"
_POOL: CardPool[WCard] | None = None


def base_pool() -> CardPool[WCard]:
    """The sample card pool (loaded once)."""
    global _POOL
    if _POOL is None:
        _POOL = CardPool(load_card_dir(CARD_DIR, build_card))
    return _POOL


def build_extra(raws: list[Any], source: str) -> list[WCard]:
    """Cards defined inline (a position's ``[[cards]]``)."""
    return build_cards(raws, build_card, source)
