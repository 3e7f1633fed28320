"""A game being played: the state, its seats (people or agents), and what each seat is shown and
may type (issue 6 §2). The terminal (``fudaba play``) drives a :class:`Session` and prints its text
with Rich; a browser table can drive the same session.

Everything a seat is shown comes from its view and its log view, never from the state:

* :meth:`Session.new_lines` — the seat's log lines since it last looked (``None``: a spectator);
* :meth:`Session.table`, :meth:`Session.prompt`, :meth:`Session.menu` — the table, what the pending
  decision asks, and its options (numbered, or grouped without numbers when there are very many);
* :meth:`Session.handle` — the seat's typed input: a number (only where numbers are shown), an
  action in notation, or a command (``help``, ``info X``, ``log``, ``board``, ``legend``, ``list``,
  ``rules``, ``why ACTION``, ``concede``, ``quit``); every action is applied inside
  :attr:`Session.shield` (``fudaba play`` holds Ctrl-C back there);
* :meth:`Session.legend` — what the symbols of the game's table mean (shown once, and on ``legend``);
* :meth:`Session.play_agents` — agents move; each gets ``state.infoset(seat)`` (its view, its
  decision, samples for search — never the state, docs/agents.md).
"""

from __future__ import annotations

import contextlib
import importlib
import re
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from .actions import Action, Decision
from .errors import IllegalAction
from .text import card_name as card_name  # re-exported: front ends name cards with it
from .text import option_gloss as option_gloss  # re-exported: front ends gloss options with it

if TYPE_CHECKING:
    from .game import Game
    from .infoset import InfoSet
    from .record import Record
    from .state import State


class Agent(Protocol):
    """Anything that chooses an action from an information set (``fudaba.agents``)."""

    def act(self, infoset: InfoSet) -> Action: ...


class Line(NamedTuple):
    """One log line for a viewer; ``mine``: the event is about the viewer's own seat."""

    text: str
    mine: bool


class Option(NamedTuple):
    """One entry of a menu: its number (None when not numbered), notation and gloss (card names)."""

    number: int | None
    text: str
    gloss: str


class Menu(NamedTuple):
    """The options of a decision as shown: ``layout`` is ``lines`` (a few), ``columns`` (many) or
    ``grouped`` (very many: not numbered, ``note`` says how to number them)."""

    items: list[Option]
    layout: str
    note: str


class Reply(NamedTuple):
    """The answer to a seat's input. ``kind``: ``none`` (nothing typed), ``text`` (print it),
    ``refused`` (print it as a refusal), ``lines`` (log lines), ``menu`` (show ``menu(full=True)``),
    ``table`` (show the table), ``moved`` (an action was applied: the turn goes on), ``quit``."""

    kind: str
    text: str = ""
    lines: tuple[Line, ...] = ()


#: numbered in one column up to this many options, in columns up to ``COLUMNS_MAX``, grouped above
LINES_MAX = 12
COLUMNS_MAX = 40

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "many": "({n} actions: type one in notation, or 'list' to number them all)",
        "nonum": "no numbers are shown for these {n} actions (they are grouped): type the action in notation "
                 "(a card's name may replace its id), or 'list' to number them all",
        "nolist": "no numbered list is shown for this decision: type the action in notation, or 'list' to "
                  "number its {n} options",
        "range": "choose 1–{n}",
        "unseen": "not a card or place you can see",
        "info": "info X: X is a card id or name, a place or a public pile ({places}); "
                "'info X --source' adds where a card's data comes from",
        "no_source": "source: nothing recorded (no value of this card is marked invented)",
        "rules_none": "rules {section}: no such section — type 'rules' for the list of sections",
        "rules_missing": "this game has no rules summary",
        "why": "why ACTION: type an action in notation to hear why it is not offered (e.g. 'why {example}')",
        "why_legal": "{action}: legal now — it is one of the options",
        "handover": "P{p} — hand the keyboard to this player",
        "ready": "P{p}: press Enter when you are at the keyboard (the other player looks away)",
        "won": "You won!",
        "lost": "You lost.",
        "draw": "Draw.",
        "wins": "P{p} wins",
        "result": "Result",
        "turn": "turn",
        "help": (
            "Type a number from the list (when numbers are shown), or the action in notation, e.g. {examples}.\n"
            "A card's name may replace its id, spaces and all{named}; an option copied whole, with its card "
            "names, is accepted too.\n"
            "Commands: 'list' numbers every option; 'info X' shows a card, a place or a public pile ({places}; "
            "x = the opponent's); 'log' the whole log; 'board' the table again{legend}; 'rules' the rules summary "
            "('rules 5.3' one section, 'rules rulebook 8.1' by the rulebook's number); 'why ACTION' why an "
            "action is not offered; 'concede' gives up; 'quit' leaves."
        ),
        "named": ", e.g. '{text}'",
        "legend_help": " ('legend': what its symbols mean)",
        "no_legend": "this game's table has no symbols to explain",
    },
    "ja": {
        "many": "(全{n}通り: 記法で入力するか、'list' で番号付きの一覧を表示)",
        "nonum": "この{n}通りの行動はまとめて表示しているので番号がありません: 記法で入力するか "
                 "(IDの代わりにカード名も使えます)、'list' で番号付きの一覧を表示してください",
        "nolist": "この選択には番号付きの一覧が表示されていません: 記法で入力するか、'list' で{n}通りの選択肢に番号を付けて表示してください",
        "range": "1–{n} の番号を選んでください",
        "unseen": "見えるカードや場所ではありません",
        "info": "info X: X はカードIDか名前、場所、公開の山 ({places})。"
                "'info X --source' でカードデータの出典も表示",
        "no_source": "出典: 記録なし (このカードに創作と記された値はありません)",
        "rules_none": "rules {section}: その節はありません — 'rules' で節の一覧を表示します",
        "rules_missing": "このゲームにはルールの要約がありません",
        "why": "why 行動: 記法で行動を入力すると、それが選べない理由を表示します (例: 'why {example}')",
        "why_legal": "{action}: 今できます (選択肢の1つです)",
        "handover": "P{p} — このプレイヤーに交代してください",
        "ready": "P{p}: 席に着いたら Enter を押してください (相手は画面を見ないでください)",
        "won": "あなたの勝ちです!",
        "lost": "あなたの負けです。",
        "draw": "引き分けです。",
        "wins": "P{p}の勝ち",
        "result": "結果",
        "turn": "ターン",
        "help": (
            "一覧の番号 (番号が表示されているとき) か、記法で入力してください。例: {examples}\n"
            "IDの代わりにカード名も使えます (空白を含む名前も){named}。表示された選択肢をカード名ごと貼り付けても構いません。\n"
            "コマンド: 'list' 全選択肢に番号を付けて表示, 'info X' カード・場所・公開の山 ({places}; xは相手) の詳細, "
            "'log' ログ全体, 'board' 盤面{legend}, 'rules' ルールの要約 ('rules 5.3' で1節, 'rules rulebook 8.1' "
            "でルールブックの番号), 'why 行動' その行動が選べない理由, 'concede' 投了, 'quit' 終了"
        ),
        "named": "。例: '{text}'",
        "legend_help": " ('legend' で記号の意味)",
        "no_legend": "このゲームの盤面には説明の要る記号はありません",
    },
}

_NUMBER = re.compile(r"[-+]?\d+")
_NUMBERED_PASTE = re.compile(r"\d+\.\s+(\S.*)")


def phrases(lang: str) -> dict[str, str]:
    return PHRASES.get(lang, PHRASES["en"])


def grouped(options: Sequence[Action]) -> list[str]:
    """Compress actions that differ only in their second argument (a square or slot):
    ``place W-MR-05 {1b 1c 2a} down``."""
    groups: dict[tuple[str, ...], list[str]] = {}
    order: list[tuple[str, ...]] = []
    for a in options:
        if len(a.args) >= 2:
            key = (a.verb, a.args[0], "*", *a.args[2:])
            var = a.args[1]
        else:
            key = (a.verb, *a.args)
            var = ""
        if key not in groups:
            groups[key] = []
            order.append(key)
        if var:
            groups[key].append(var)
    out = []
    for key in order:
        vals = groups[key]
        if vals:
            out.append(" ".join(t if t != "*" else "{" + " ".join(vals) + "}" for t in key))
        else:
            out.append(" ".join(key))
    return out


class Session:
    """One game in play. ``seats[p]`` is None for a person at this table, else an :class:`Agent`
    (it gets ``state.infoset(seat)``, never the state)."""

    def __init__(self, game: Game, state: State, seats: Sequence[Agent | None] = (None, None),
                 lang: str = "en") -> None:
        if len(seats) != 2:
            raise ValueError("a session has two seats")
        self.game = game
        self.state = state
        self.seats = list(seats)
        self.lang = lang if lang in PHRASES else "en"
        self._cursor: dict[int | None, int] = {0: 0, 1: 0, None: 0}
        #: per seat: the decision whose options were last shown numbered, and those options
        self._numbered: dict[int, tuple[Decision, list[Action]]] = {}
        #: per seat: the decision whose options were last shown grouped, without numbers
        self._grouped: dict[int, Decision] = {}
        #: what every action is applied inside (a front end's guard: ``fudaba play`` holds Ctrl-C
        #: back there, so that an interrupted game is never half-way through an action)
        self.shield: Callable[[], contextlib.AbstractContextManager[object]] = contextlib.nullcontext

    # ------------------------------------------------------------------ turns
    @property
    def over(self) -> bool:
        return self.state.over

    def to_move(self) -> int | None:
        """The seat whose decision is pending (None when the game is over)."""
        return self.state.current_player

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] is None

    def play_agents(self) -> None:
        """Agents answer their decisions until a person is to move or the game ends."""
        st = self.state
        while not st.over:
            d = st.decision
            assert d is not None
            agent = self.seats[d.player]
            if agent is None:
                return
            # an information set, never the state
            action = agent.act(st.infoset(d.player, bool(getattr(agent, "reads_decision_only", False))))
            with self.shield():
                st.apply(action)

    # ------------------------------------------------------------------ what a viewer is shown
    def _line(self, ev: dict[str, Any], viewer: int | None) -> Line | None:
        text = self.game.describe(ev, self.lang)
        if not text:
            return None
        return Line(text, viewer is not None and ev.get("player") == viewer)

    def new_lines(self, viewer: int | None) -> list[Line]:
        """The viewer's log lines since it last asked (``None``: a spectator)."""
        start = self._cursor.get(viewer, 0)
        evs = self.state.log_view(viewer, since=start)  # the cursor counts the viewer's own events only
        self._cursor[viewer] = start + len(evs)
        return [ln for ev in evs if (ln := self._line(ev, viewer)) is not None]

    def log_lines(self, viewer: int | None) -> list[Line]:
        """The viewer's whole log."""
        return [ln for ev in self.state.log_view(viewer) if (ln := self._line(ev, viewer)) is not None]

    def table(self, viewer: int | None) -> str:
        """The table as the viewer sees it (the options of its decision are listed by :meth:`menu`)."""
        view = self.state.view(viewer)
        dec = view.get("decision")
        if isinstance(dec, dict) and "options" in dec:
            view = {**view, "decision": {k: v for k, v in dec.items() if k != "options"}}
        return self.game.render(view, self.lang)

    def title(self) -> str:
        ph = phrases(self.lang)
        return f"{self.game.name} — {ph['turn']}{'' if self.lang == 'ja' else ' '}{self.state.turn}"

    def prompt(self, seat: int) -> str:
        """What the seat's pending decision asks, in words."""
        st = self.state
        d = st.decision
        if d is None or d.player != seat:
            return ""
        return self.game.prompt(st.view(seat), self.lang, st.log_view(seat)) or d.prompt

    def gloss(self, seat: int, action: Action) -> str:
        return option_gloss(self.game, action, self.lang, self.state.view(seat))

    def menu(self, seat: int, full: bool = False, compact: bool = False) -> Menu:
        """The options of the seat's decision as shown (numbers, when shown, are then accepted);
        ``full``: numbered, however many; ``compact``: grouped without numbers, however few (a
        front end short of room)."""
        st = self.state
        d = st.decision
        if d is None or d.player != seat:
            return Menu([], "lines", "")
        view = st.view(seat)
        opts = list(d.options)
        glosses = [option_gloss(self.game, a, self.lang, view) for a in opts]
        if (len(opts) <= COLUMNS_MAX and not compact) or full:
            self._numbered[seat] = (d, opts)
            items = [Option(i, a.text, gl) for i, (a, gl) in enumerate(zip(opts, glosses, strict=True), 1)]
            return Menu(items, "lines" if len(opts) <= LINES_MAX else "columns", "")
        self._numbered.pop(seat, None)
        self._grouped[seat] = d
        named = {a.args[0]: gl for a, gl in zip(opts, glosses, strict=True) if a.args and gl}
        items = []
        for line in grouped(opts):
            parts = line.split(" ")
            items.append(Option(None, line, named.get(parts[1], "") if len(parts) > 1 else ""))
        return Menu(items, "grouped", phrases(self.lang)["many"].format(n=len(opts)))

    def legend(self) -> str:
        """What the symbols of the game's table mean ("" when the table needs no legend): the text
        module's ``legend(game, lang)``. A front end shows it once and on ``legend``."""
        name = self.game.text_module()
        mod = importlib.import_module(name) if name else None
        fn = getattr(mod, "legend", None)
        return str(fn(self.game, self.lang)) if fn is not None else ""

    def info(self, seat: int | None, token: str) -> str:
        """``info TOKEN``: a card, or a place or pile the viewer sees. ``info TOKEN --source`` adds,
        for a card, where its data comes from (``Game.card_source``: what the engine invented), which
        the card's text itself never shows."""
        words = token.split()
        source = "--source" in words
        if source:
            token = " ".join(w for w in words if w != "--source")
        ph = phrases(self.lang)
        text = self.game.inspect(self.state.view(seat), token, self.lang) if token and len(token) <= 200 else None
        if not text:
            shown = token if len(token) <= 80 else token[:79] + "…"  # a reply never repeats a whole long input
            return f"{shown}: {ph['unseen']}" if token else ph["info"].format(places=self.info_places())
        if source:
            c = self.game.cards.find(token)
            if c is not None:
                text += "\n" + (self.game.card_source(c.id, self.lang) or ph["no_source"])
        return text

    def info_places(self) -> str:
        return self.game.INFO_PLACES or "…"

    def help(self, seat: int) -> str:
        """Help for the seat's decision, with examples from its own options (so, from its game)."""
        ph = phrases(self.lang)
        d = self.state.decision
        opts = list(d.options) if d is not None and d.player == seat else []
        examples: list[str] = []
        verbs: set[str] = set()
        for a in sorted(opts, key=lambda a: -len(a.args)):
            if a.verb not in verbs and len(examples) < 3:
                verbs.add(a.verb)
                examples.append(f"'{a.text}'")
        named = ""
        for a in opts:
            ids = [x for x in a.args if x in self.game.cards]
            if ids:
                text = " ".join(card_name(self.game, x, self.lang) if x in ids else x for x in a.args)
                named = ph["named"].format(text=f"{a.verb} {text}")
                break
        legend = ph["legend_help"] if self.legend() else ""
        return ph["help"].format(examples=", ".join(examples) or "'pass'", named=named, places=self.info_places(),
                                 legend=legend)

    def handover(self, seat: int) -> tuple[str, str]:
        """The hot-seat hand-over: a heading and the line asking ``seat`` to press Enter."""
        ph = phrases(self.lang)
        return ph["handover"].format(p=seat), ph["ready"].format(p=seat)

    def result(self, seat: int | None) -> str:
        """The result line for ``seat`` (None: for both players at one terminal)."""
        ph = phrases(self.lang)
        st = self.state
        if seat is None:
            verdict = ph["draw"] if st.winner is None else ph["wins"].format(p=st.winner)
        else:
            verdict = ph["draw"] if st.winner is None else (ph["won"] if st.winner == seat else ph["lost"])
        why = self.game.result_text(st.result, self.lang)
        if self.lang == "ja":
            return f"{ph['result']}: {verdict}({why}、ターン{st.turn})"
        return f"{ph['result']}: {verdict} ({why}, turn {st.turn})"

    def record(self) -> Record:
        """The game's record, with the language and who played in ``meta``."""
        rec = self.state.record()
        rec.meta = {**rec.meta, "lang": self.lang,
                    "agents": [getattr(s, "name", "agent") if s is not None else "human" for s in self.seats]}
        return rec

    # ------------------------------------------------------------------ what a seat types
    def handle(self, seat: int, raw: str) -> Reply:
        """Answer one line typed by ``seat`` (whose decision is pending)."""
        ph = phrases(self.lang)
        st = self.state
        raw = raw.strip()
        if not raw:
            return Reply("none")
        low = raw.lower()
        cmd, _, rest = raw.partition(" ")
        cmd, rest = cmd.lower(), rest.strip()
        if low in ("?", "help", "h"):
            return Reply("text", self.help(seat))
        if low in ("quit", "exit", "q"):
            return Reply("quit")
        if low == "log":
            return Reply("lines", lines=tuple(self.log_lines(seat)))
        if low == "list":
            return Reply("menu")
        if low == "board":
            return Reply("table")
        if low in ("legend", "凡例"):
            return Reply("text", self.legend() or ph["no_legend"])
        if cmd in ("info", "card"):
            return Reply("text", self.info(seat, rest) if rest else ph["info"].format(places=self.info_places()))
        if cmd == "rules":
            return Reply("text", self.rules(rest))
        if cmd == "why":
            return Reply("text", self.why(seat, rest))
        if cmd == "concede":  # only ever for yourself, whatever seat is typed
            try:
                with self.shield():
                    st.concede(seat)
            except IllegalAction as e:
                return Reply("refused", e.text(self.lang))
            return Reply("moved")
        d = st.decision
        if d is None or d.player != seat:
            return Reply("refused", self._not_yours())
        num = unicodedata.normalize("NFKC", raw)
        if _NUMBER.fullmatch(num):
            shown = self._numbered.get(seat)
            if shown is None or shown[0] is not d:
                key = "nonum" if self._grouped.get(seat) is d else "nolist"
                return Reply("refused", ph[key].format(n=len(d.options)))
            n = int(num) if len(num) <= 9 else 0  # a number of thousands of digits is out of range too
            if not 1 <= n <= len(shown[1]):
                return Reply("refused", ph["range"].format(n=len(shown[1])))
            with self.shield():
                st.apply(shown[1][n - 1])
            return Reply("moved")
        pasted = _NUMBERED_PASTE.fullmatch(raw)  # "  3. place …" copied with its number
        try:
            with self.shield():
                st.apply(pasted.group(1) if pasted else raw)
        except IllegalAction as e:
            return Reply("refused", e.text(self.lang))
        return Reply("moved")

    def _not_yours(self) -> str:
        return "it is not your decision" if self.lang != "ja" else "あなたの選択ではありません"

    def rules(self, section: str) -> str:
        """``rules``, ``rules 5.3``, ``rules rulebook 8.1``: the game's rules summary."""
        ph = phrases(self.lang)
        sec = section.strip() or None
        text = self.game.rules_text(sec, self.lang) if sec is None or len(sec) <= 200 else None
        if text is None:
            shown = sec if sec is None or len(sec) <= 80 else sec[:79] + "…"  # never the whole long input
            return ph["rules_none"].format(section=shown) if sec else ph["rules_missing"]
        return text

    def why(self, seat: int, notation: str) -> str:
        """``why ACTION``: whether the action is legal now, else the refusal ``apply`` would give (the
        state is not changed)."""
        ph = phrases(self.lang)
        st = self.state
        d = st.decision
        if not notation:
            example = d.options[0].text if d is not None and d.player == seat else "pass"
            return ph["why"].format(example=example)
        if d is not None and d.player != seat:
            return self._not_yours()
        try:
            a = st.parse(notation)
        except IllegalAction as e:
            return e.text(self.lang)
        return ph["why_legal"].format(action=a.text)
