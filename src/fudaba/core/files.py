"""A user's text files — deck lists, card TOML, posts, positions, records — from bytes to text, in the
encodings Japanese users have (ARCHITECTURE §4: every reader of a user's file goes through here).

* UTF-8, with or without a byte order mark (the BOM is dropped, so line 1 reads like any other);
* UTF-16 or UTF-32 with a BOM (Windows Notepad's "Unicode");
* Shift-JIS as Windows writes it (CP932, NEC and IBM extensions included), when the bytes are not
  UTF-8 and read as CP932 strictly, with no control character or private-use character in them.

A file read in another encoding than UTF-8 is said so with a :class:`FileEncodingNotice` warning
(``fudaba`` prints it as one line: "read deck.txt as Shift-JIS (CP932)"). Anything else is refused
with one line naming the file, the line and the byte offset — never a ``UnicodeDecodeError``.

>>> decode_text("2 W-RM-01\\n".encode("utf-8-sig"), "deck.txt")
('2 W-RM-01\\n', 'UTF-8')
>>> decode_text("通常弾(霊夢)".encode("cp932"), "deck.txt")
('通常弾(霊夢)', 'Shift-JIS (CP932)')
>>> decode_text(b"2 x\\n\\x85\\x40", "deck.txt")
Traceback (most recent call last):
...
fudaba.core.errors.FudabaError: deck.txt: cannot read the file as text: line 2, byte offset 4 (0x85) is neither UTF-8 nor Shift-JIS (CP932); save it as UTF-8 (UTF-8 で保存してください)
"""

from __future__ import annotations

import codecs
import os
import re
import warnings
from collections.abc import Callable
from pathlib import Path

from .errors import FudabaError

UTF8 = "UTF-8"
SJIS = "Shift-JIS (CP932)"

#: byte order marks, longest first (the UTF-32 LE mark begins with the UTF-16 LE one)
_BOMS = (
    (codecs.BOM_UTF8, "utf-8", UTF8),
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32 (LE, with BOM)"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32 (BE, with BOM)"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16 (LE, with BOM)"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16 (BE, with BOM)"),
)
#: what no Shift-JIS text holds: control characters other than tab, line ends, form feed and ^Z
#: (an old end-of-file mark), and what CP932 reads as private-use characters (its user-defined area
#: and the bytes 0x80, 0xA0, 0xFD–0xFF) — such bytes are some other encoding, or no text
_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0e-\x19\x1b-\x1f\x7f-\x9f\ue000-\uf8ff]")
_HINT = "save it as UTF-8 (UTF-8 で保存してください)"


class FileEncodingNotice(UserWarning):
    """A user's file was read in another encoding than UTF-8 (Shift-JIS, UTF-16, …): the message
    says which (``fudaba`` prints it as one line; a program may filter it with :mod:`warnings`)."""


def _where(data: bytes, offset: int) -> str:
    line = data.count(b"\n", 0, offset) + 1
    return f"line {line}, byte offset {offset}"


def decode_text(data: bytes, name: str, error: Callable[[str], Exception] = FudabaError) -> tuple[str, str]:
    """``data`` (the bytes of the file ``name``) as text, and the encoding it was read in (see the
    module's list). Raises ``error(message)`` — a :class:`FudabaError` unless given — naming
    ``name``, the line and byte offset of the first byte that is not text."""
    for bom, codec, label in _BOMS:
        if data.startswith(bom):
            try:
                text = data[len(bom):].decode(codec)
            except UnicodeDecodeError as e:
                at = _where(data, len(bom) + e.start)
                raise error(f"{name}: cannot read the file as text: it starts with a {label.split(' ')[0]} byte "
                            f"order mark, but {at} is not {label.split(' ')[0]} ({e.reason}); {_HINT}") from None
            return _checked(text, data, name, label, error), label
    try:
        return _checked(data.decode("utf-8"), data, name, UTF8, error), UTF8
    except UnicodeDecodeError as e:
        bad = e.start
    try:
        text = data.decode("cp932")
    except UnicodeDecodeError:
        text = ""
    if text and not _NOT_TEXT.search(text):
        return text, SJIS
    raise error(f"{name}: cannot read the file as text: {_where(data, bad)} (0x{data[bad]:02X}) is neither "
                f"UTF-8 nor {SJIS}; {_HINT}")


def _checked(text: str, data: bytes, name: str, label: str, error: Callable[[str], Exception]) -> str:
    """``text`` unless it holds a NUL character, which no text file has (UTF-16 read without its BOM,
    or a file that is no text at all)."""
    at = text.find("\0")
    if at < 0:
        return text
    where = _where(data, data.find(b"\0")) if label == UTF8 else f"line {text.count(chr(10), 0, at) + 1}"
    raise error(f"{name}: cannot read the file as text: {where} is a NUL character ({label}): not a text "
                f"file, or UTF-16 without a byte order mark; {_HINT}")


def read_text(path: str | os.PathLike[str], error: Callable[[str], Exception] = FudabaError) -> str:
    """The text of a user's file ``path`` (see :func:`decode_text`); a file that is not UTF-8 is
    said so with a :class:`FileEncodingNotice`. Raises ``error(message)`` for a file that cannot
    be read (naming it and why) or is no text."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as e:
        raise error(f"{p}: cannot read: {e.strerror or e}") from None
    text, encoding = decode_text(data, str(p), error)
    if encoding != UTF8:
        warnings.warn(f"read {p} as {encoding} — {encoding} として読みました", FileEncodingNotice,
                      stacklevel=2)
    return text


def strip_bom(text: str) -> str:
    """``text`` without a leading U+FEFF (text read from a UTF-8 file with its byte order mark kept)."""
    return text[1:] if text.startswith("\ufeff") else text
