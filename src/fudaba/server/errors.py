"""The HTTP API's refusals (docs/server.md, *HTTP*): every bad request gets a 4xx and a JSON body
``{error, error_en, error_ja, …}`` — ``error`` in the request's language (its ``lang``, else its
``Accept-Language``, else English), and both languages always, so a page can show the one it uses.

``BadRequest.of(key, status, **values)`` takes its words from :data:`MESSAGES`; an engine refusal
(a ``FudabaError``: a bad parameter, variant or deck) is wrapped by :func:`engine_error`, its
English text kept in both languages behind a Japanese head.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from starlette.responses import JSONResponse

LANGS = ("ja", "en")

#: key -> (English, Japanese), formatted with the values the refusal gives
MESSAGES: dict[str, tuple[str, str]] = {
    "not_json": ("the body must be JSON", "本文は JSON で送ってください"),
    "not_object": ("the body must be a JSON object", "本文は JSON のオブジェクトで送ってください"),
    "too_deep": ("the body is nested too deeply", "本文の入れ子が深すぎます"),
    "too_large": ("request too large: at most {max} bytes", "リクエストが大きすぎます (最大{max}バイト)"),
    "content_type": ("send the body as JSON: Content-Type must be application/json",
                     "本文は JSON で送ってください (Content-Type: application/json)"),
    "origin": ("this origin may not use the server: {origin}", "このオリジンからは利用できません: {origin}"),
    "body_timeout": ("the body did not arrive within {seconds:g} s", "本文が{seconds:g}秒以内に届きませんでした"),
    "rooms_rate": ("too many new rooms: at most {limit} a minute from one address; try again in {wait} s",
                   "新しい部屋が多すぎます (1つのアドレスから1分に{limit}部屋まで)。{wait}秒後にもう一度どうぞ"),
    "rooms_client": ("too many open games: at most {limit} from one address; finish or concede one first",
                     "進行中の対戦が多すぎます (1つのアドレスから{limit}部屋まで)。どれかを終えるか投了してください"),
    "rooms_total": ("the server is full: {limit} games are in play; try again later",
                    "サーバーが満員です (進行中の対戦 {limit})。しばらくしてからどうぞ"),
    "requests_rate": ("too many requests: at most {limit} a minute from one address; try again in {wait} s",
                      "リクエストが多すぎます (1つのアドレスから1分に{limit}件まで)。{wait}秒後にもう一度どうぞ"),
    "game": ("'game' must be one of {games}", "'game' は次のどれかです: {games}"),
    "no_game": ("no game {name!r}; games: {games}", "ゲーム {name!r} はありません (ゲーム: {games})"),
    "variant": ("'variant' must be a variant name", "'variant' はバリアント名 (文字列) です"),
    "no_variant": ("no variant {variant!r}; variants: {variants}", "バリアント {variant!r} はありません。バリアント: {variants}"),
    "text": ("'text' must be the deck list (text)", "'text' はデッキリスト (文字列) です"),
    "params": ("'params' must be a table of parameters", "'params' はパラメータの表 (オブジェクト) です"),
    "param_json": ("parameter {key}: expected JSON, e.g. {example}", "パラメータ {key}: JSON で指定してください (例 {example})"),
    "opponent": ("'opponent' must be friend or an AI level: {levels}",
                 "'opponent' は friend か AI の強さです: {levels}"),
    "seat": ("'seat' must be 0 or 1", "'seat' は 0 か 1 です"),
    "seed": ("'seed' must be a whole number from 0 to {max}", "'seed' は 0 から {max} までの整数です"),
    "name": ("'name' must be text of at most {max} characters", "'name' は{max}文字以内の文字列です"),
    "decks": ("'decks' must be a list of two decks ({{\"starter\": name}} or {{\"text\": deck list}})",
              "'decks' は2つのデッキのリストです ({{\"starter\": 名前}} か {{\"text\": デッキリスト}})"),
    "deck_form": ("deck of seat {seat}: give {{\"starter\": name}} or {{\"text\": deck list}}",
                  "席{seat}のデッキ: {{\"starter\": 名前}} か {{\"text\": デッキリスト}} で指定してください"),
    "no_starter": ("deck of seat {seat}: no starter deck {name!r}; starter decks: {names}",
                   "席{seat}のデッキ: 構築済みデッキ {name!r} はありません (構築済みデッキ: {names})"),
    "deck_problems": ("deck of seat {seat}: {n} problem(s)", "席{seat}のデッキ: 問題が{n}件あります"),
    "starter_rules": ("the starter decks do not meet these rules ({why}): give both decks as deck lists",
                      "この設定では構築済みデッキが使えません ({why})。両方のデッキをリストで指定してください"),
    "tokens": ("'tokens' must map room ids to seat tokens (at most {max})",
               "'tokens' は部屋IDから席のトークンへの表です (最大{max}件)"),
    "lang": ("'lang' must be 'ja' or 'en'", "'lang' は 'ja' か 'en' です"),
    "section": ("'section' must be a rules section such as 5.3", "'section' は 5.3 のような規則の節です"),
    "no_section": ("rules {section}: no such section", "規則 {section}: その節はありません"),
    "no_rules": ("this game has no rules summary", "このゲームには規則の要約がありません"),
    "no_room": ("no such room", "その部屋はありません"),
    "not_finished": ("the game is not finished: a replay is for finished games",
                     "対戦がまだ終わっていません: リプレイは終わった対戦だけです"),
    "record_token": ("the record is for the players: send your seat's token (?token= or X-Fudaba-Token)",
                     "記録は対局者だけがダウンロードできます: 席のトークンを付けてください (?token= か X-Fudaba-Token)"),
    "record_not_over": ("the game is not finished: its record is given when it is over",
                        "対戦がまだ終わっていません: 記録は終局後にダウンロードできます"),
    "bad_token": ("bad token: this token holds no seat of this room", "トークンが違います: この部屋の席のものではありません"),
    "step": ("'step' must be a whole number from 0 to {steps}", "'step' は 0 から {steps} までの整数です"),
    "engine": ("{text}", "入力に誤りがあります: {text}"),
    "head_timeout": ("the request did not arrive within {seconds:g} s", "リクエストが{seconds:g}秒以内に届きませんでした"),
    "head_large": ("the request head is larger than {max} bytes", "リクエストのヘッダーが大きすぎます (最大{max}バイト)"),
    "connections": ("too many connections from one address: at most {limit}",
                    "1つのアドレスからの接続が多すぎます (最大{limit})"),
    "not_found": ("not found: {path}", "見つかりません: {path}"),
    "method": ("method {method} is not allowed here", "ここでは {method} は使えません"),
}


def lang_of(headers: Mapping[str, str], given: object = None) -> str:
    """The language of a request: ``given`` (its ``lang``) when it is 'ja' or 'en', else the first
    of them its ``Accept-Language`` names, else English."""
    if isinstance(given, str) and given in LANGS:
        return given
    for part in headers.get("accept-language", "")[:200].split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGS:
            return tag
    return "en"


class BadRequest(Exception):
    """A refused request: ``status`` and the reason in both languages (``extra``: more keys of the
    body, e.g. a deck's ``problems``; ``headers``: e.g. ``Retry-After``)."""

    def __init__(self, en: str, status: int = 400, ja: str | None = None, headers: Mapping[str, str] | None = None,
                 **extra: Any) -> None:
        super().__init__(en)
        self.error = en
        self.error_ja = ja if ja is not None else en
        self.status = status
        self.headers = dict(headers or {})
        self.extra = extra

    @classmethod
    def of(cls, key: str, status: int = 400, /, headers: Mapping[str, str] | None = None,
           extra: Mapping[str, Any] | None = None, **values: Any) -> BadRequest:
        en, ja = MESSAGES[key]
        return cls(en.format(**values), status, ja.format(**values), headers, **dict(extra or {}))

    def body(self, lang: str) -> dict[str, Any]:
        return {"error": self.error_ja if lang == "ja" else self.error, "error_en": self.error,
                "error_ja": self.error_ja, **self.extra}

    def response(self, lang: str = "en") -> JSONResponse:
        return JSONResponse(self.body(lang), status_code=self.status, headers=self.headers or None)


def engine_error(e: Exception, status: int = 400, **extra: Any) -> BadRequest:
    """An engine refusal (``FudabaError``) as a 4xx: its text, cut to a readable length."""
    text = str(e)
    if len(text) > 500:
        text = text[:500] + "…"
    return BadRequest.of("engine", status, extra=extra, text=text)


__all__ = ["LANGS", "MESSAGES", "BadRequest", "engine_error", "lang_of"]
