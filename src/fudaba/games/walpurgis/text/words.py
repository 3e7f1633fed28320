"""Walpurgis words for people, in ``ja`` and ``en``: card names and states, result reasons, a
card's full text (``card_text``) and its printed facts (``card_facts``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import Matrix, WCard, card_name
from ..state import JA_WORDS, WORD_INDEX

if TYPE_CHECKING:
    from ..game import WalpurgisGame


def _name(game: WalpurgisGame, cid: Any, lang: str) -> str:
    """A card's name for people (``?`` for no such card): ``cards.card_name``."""
    return card_name(game.cards, cid, lang)


#: the card states (§1) for people; the notation words (``bullet_up``) stay in actions only
EN_WORDS = ("face-down bullet", "face-up bullet", "active formation", "dormant formation",
            "face-up formation", "activating formation")


def _state(word: Any, lang: str) -> str:
    w = str(word)
    if w not in WORD_INDEX:
        return w
    return (JA_WORDS if lang == "ja" else EN_WORDS)[WORD_INDEX[w]]


#: states whose face nobody but the owner sees (§1): a pick of one is never named in a public line
_FACE_DOWN = frozenset({"bullet", "active", "dormant"})


def _label_text(game: WalpurgisGame, label: Any, lang: str, named: bool = True) -> str:
    """A card label of the notation (``up:W-RM-05``, ``bullet``) for people: ``表向きの陣 通常弾(霊夢)``
    / ``face-up formation Normal Shot (Reimu)``; a face-down card is named only when ``named``."""
    word, _, cid = str(label).partition(":")
    text = _state(word, lang)
    if cid and (named or word not in _FACE_DOWN):
        text += f" {_name(game, cid, lang)}" if lang != "ja" else f"の{_name(game, cid, lang)}"
    return text



_PHASE_JA = {"setup": "準備", "initial": "初期配置", "prepare": "準備フェイズ", "main": "通常フェイズ",
             "end": "終了フェイズ", "over": "終了"}

_RESULT_JA = {"board full": "場がすべて陣で埋まった", "deck out": "山札切れ", "turn limit": "ターン上限",
              "no 通常弾 to place": "通常弾を配置できない",
              "no progress": "進展なし (同じ局面の繰り返し)"}


def result_text(result: str, lang: str = "en") -> str:
    """The game's result reason for people (``ja``: in Japanese)."""
    if lang != "ja":
        return result
    if result.startswith("player ") and result.endswith(" conceded"):
        return f"P{result.split()[1]}の投了"
    return _RESULT_JA.get(result, result)



_KEYWORD_EN = {"速射": "rapid fire", "持続": "sustain", "サポート": "support"}


def _grid(m: Matrix) -> list[str]:
    cells = [row.split() for row in m.rows]
    width = max(len(c) for row in cells for c in row)
    return ["  ".join(c.ljust(width) for c in row) for row in cells]


def card_text(game: WalpurgisGame, card_id: str, lang: str = "en") -> str:
    """A card with its matrix drawn as a grid (C condition, B bullet, X destroy, @ the card)."""
    c: WCard | None = game.cards.find(card_id)
    if c is None:
        return f"unknown card {card_id!r}"
    ja = lang == "ja"
    out = [f"{c.id}  {c.name}" + (f" / {c.name_en}" if c.name_en else "")]
    out.append(("術者: " if ja else "caster: ") + (c.caster or "—") + ("   アイコン: " if ja else "   icons: ")
               + (("、" if ja else ", ").join(sorted(c.icons)) or "—"))
    if c.keywords:
        out.append(("キーワード: " if ja else "keywords: ") + ("、" if ja else ", ").join(
            k if ja else f"{k} ({_KEYWORD_EN[k]})" if k in _KEYWORD_EN else k for k in c.keywords))
    out.append("アクションマトリクス (上 = 相手側):" if ja else "action matrix (up = towards the opponent):")
    out.extend("  " + ln for ln in _grid(c.main))
    if c.sub is not None:
        out.append("サブアクションマトリクス (速射):" if ja else "sub action matrix (速射):")
        out.extend("  " + ln for ln in _grid(c.sub))
    out.append("C 発動条件マス  B 弾幕対象マス  X 破壊対象マス  @ このカード" if ja else
               "C condition, B bullet target, X destroy target, @ this card")
    txt = c.text if ja or not c.text_en else c.text_en
    if txt:
        out.append(txt)
    for e in c.effects:
        out.append("  - " + e.describe(lang))
    if c.number:
        out.append(f"No. {c.number}")
    return "\n".join(out)



def card_facts(game: WalpurgisGame, card_id: str) -> dict[str, Any]:
    """A card's printed facts as data (spec §2), for a page that draws the card: its matrices as the
    card data holds them (rows top to bottom, the top row towards the opponent, cells separated by
    one space; ``sub_matrix`` "" without 速射), caster, icons, keywords and whether it is a 通常弾."""
    c: WCard | None = game.cards.find(card_id)
    if c is None:
        return {}
    return {"matrix": "\n".join(c.main.rows), "sub_matrix": "\n".join(c.sub.rows) if c.sub is not None else "",
            "caster": c.caster, "icons": sorted(c.icons), "keywords": list(c.keywords), "normal_shot": c.is_normal}

