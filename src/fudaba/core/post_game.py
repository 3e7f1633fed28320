"""One player's side of a game played by post (issue 22 item 3): the private file, the blocks of the
thread, this side's state, and the blocks it posts. The protocol is described in
:mod:`fudaba.core.post` and docs/post.md.

The private file (JSON, written with permissions 0600) holds this side's secret, its deck and books,
the text of every block of the thread so far, and the moves made since this side last posted. Every
state is rebuilt from it: nothing else is needed to go on after a restart.

Two states are rebuilt from the thread:

* the **shadow** — both sides' hidden cards as placeholders, the revealed ones put back: what anyone
  reading the thread can compute. Each block's ``state`` is the hash of its public view.
* the **truth** — this side's real cards and the opponent's placeholders: what this side plays on.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .errors import FudabaError, IllegalAction
from .post import (
    Block,
    Entry,
    PostError,
    PostRules,
    align,
    commitment,
    digest,
    first_player,
    follow,
    hidden,
    new_nonce,
    new_secret,
    parse_thread,
    placeholders_in,
    rules_of,
    shuffled,
    slot_of,
    substitute,
    view_hash,
)

if TYPE_CHECKING:
    from .decks import Deck
    from .game import Game
    from .state import State

FILE_VERSION = 1

#: the human line of the two opening blocks
SETUP = {
    "en": {"new": "{name} opens a game of {game} by post. To play: fudaba post --join --file yours.json, and paste "
                  "this block.",
           "join": "{name} joins {other}'s game. Both decks are committed: the game starts with the next block.",
           "first": "P{p} goes first (drawn from P0's secret and P1's nonce: checked at the end)."},
    "ja": {"new": "{name} が {game} の書き込み対戦を始めます。参加: fudaba post --join --file 自分用.json を実行し、"
                  "このブロックを貼り付けてください。",
           "join": "{name} が {other} の対戦に参加しました。両者のデッキは確定 (コミット) 済み。次のブロックから対戦開始です。",
           "first": "先攻は P{p} (P0 の秘密と P1 のノンスから決定。終了後に検証されます)。"},
}


def with_autos(chosen: Entry, st: State, n_log: int) -> list[Entry]:
    """``chosen`` and the decisions the engine answered by itself after it (its ``auto`` events since
    the log held ``n_log`` events), in order: what the other copies replay."""
    out = [chosen]
    for ev in st.log[n_log:]:
        if ev.kind == "auto":
            action = ev.data.get("action") or (ev.secret or {}).get("action")
            out.append(Entry(int(ev.data["player"]), str(ev.data.get("decision")), str(action)))
    return out


def _counts(zones: Mapping[str, list[str]]) -> str:
    return " ".join(f"{z}={len(v)}" for z, v in sorted(zones.items()))


def _read_counts(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in text.split():
        z, _, n = item.partition("=")
        if len(z) != 1 or not z.isupper() or not n.isdigit() or int(n) > 10_000:
            raise PostError(f"cards {text!r:.60}: not 'D=40 K=3'")
        out[z] = int(n)
    return out


class PostGame:
    """This side of one game played by post (see the module's doc)."""

    def __init__(self, path: Path, doc: dict[str, Any]) -> None:
        from .registry import load_game

        self.path = Path(path)
        self.doc = doc
        try:
            self.game: Game = load_game(doc["game"], doc["variant"], **doc["params"])
            self.seat: int = int(doc["seat"])
            self.blocks: list[Block] = [b for text in doc["blocks"] for b in parse_thread(text)]
            self.draft: list[Entry] = [Entry.read(t) for t in doc.get("draft", [])]
        except (KeyError, TypeError, ValueError) as e:
            raise PostError(f"{self.path}: not a fudaba post file ({e})") from None
        self.rules: PostRules = rules_of(self.game)
        self._truth: State | None = None

    # ------------------------------------------------------------------ the file
    @classmethod
    def open(cls, path: Path) -> PostGame:
        try:
            doc = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as e:
            raise PostError(f"{path}: cannot read the game file ({e.strerror})") from None
        except ValueError:
            raise PostError(f"{path}: not a fudaba post file (not JSON)") from None
        if not isinstance(doc, dict) or doc.get("version") != FILE_VERSION:
            raise PostError(f"{path}: not a fudaba post file (version {FILE_VERSION})")
        return cls(path, doc)

    def save(self) -> None:
        self.doc["blocks"] = [b.text(self.title(b)) for b in self.blocks]
        self.doc["draft"] = [e.text() for e in self.draft]
        tmp = self.path.with_name(self.path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(json.dumps(self.doc, ensure_ascii=False, indent=1) + "\n")
        tmp.replace(self.path)

    @staticmethod
    def _new_doc(game: Game, seat: int, name: str, deck: Deck, lang: str) -> dict[str, Any]:
        zones = rules_of(game).zones(game, deck)
        return {"version": FILE_VERSION, "game": game.name, "variant": game.variant, "params": dict(game.params),
                "seat": seat, "name": name, "lang": lang, "secret": new_secret(), "zones": zones, "blocks": [],
                "draft": []}

    @classmethod
    def new(cls, game: Game, deck: Deck, name: str, path: Path, lang: str = "en") -> PostGame:
        """A new game, this side seat 0; its first block (:meth:`last_post`) opens the thread."""
        if Path(path).exists():
            raise PostError(f"{path}: the file exists already (a game in progress?); give another --file")
        me = cls(path, cls._new_doc(game, 0, name, deck, lang))
        zones = me.doc["zones"]
        defaults = type(game)(game.variant).params
        changed = {k: v for k, v in me.doc["params"].items() if defaults.get(k) != v}
        b = Block({"seq": ["0"], "from": ["0"], "name": [name], "params": [json.dumps(changed, sort_keys=True)],
                   "commit": [commitment(me.doc["secret"], zones)], "cards": [_counts(zones)], "nonce": [new_nonce()]})
        b.fields = {"game": [f"{digest('game', b.one('commit'), b.one('nonce'), n=12)} {game.name} {game.variant}"],
                    **b.fields}
        b.board = SETUP[lang if lang in SETUP else "en"]["new"].format(name=name, game=game.title(lang))
        me._add(b)
        me.save()
        return me

    @classmethod
    def join(cls, thread: str, deck_for: Any, name: str, path: Path, lang: str = "en") -> PostGame:
        """Join the game opened by the first block of ``thread`` as seat 1; ``deck_for(game)`` gives
        this side's deck."""
        from .registry import load_game

        if Path(path).exists():
            raise PostError(f"{path}: the file exists already (a game in progress?); give another --file")
        blocks = parse_thread(thread)
        first = next((b for b in blocks if b.seq == 0), None)
        if first is None:
            raise PostError("no opening block (#0) in the text: paste the block that opened the game")
        _, gname, variant = [*first.one("game").split(" "), "", ""][:3]
        try:
            params = json.loads(first.one("params") or "{}")
            game = load_game(gname, variant or None, **params)
        except (ValueError, FudabaError) as e:
            raise PostError(f"block #0: its game cannot be set up ({e})") from None
        me = cls(path, cls._new_doc(game, 1, name, deck_for(game), lang))
        me.blocks = [first]
        zones = me.doc["zones"]
        b = Block({"game": [first.one("game")], "seq": ["1"], "from": ["1"], "name": [name],
                   "commit": [commitment(me.doc["secret"], zones)], "cards": [_counts(zones)], "nonce": [new_nonce()]})
        b.board = SETUP[lang if lang in SETUP else "en"]["join"].format(name=name, other=first.one("name"))
        me._add(b)
        me.save()
        return me

    def _add(self, b: Block) -> None:
        if self.blocks:
            b.fields["prev"] = [self.blocks[-1].hash]
        b.hash = b.compute_hash()
        self.blocks.append(b)
        self._truth = None

    def title(self, b: Block) -> str:
        other = 1 - b.seat
        return f"{self.game.name} #{b.seq} P{b.seat}→P{other}"

    def last_post(self) -> str:
        """The text of the last block this side posted (to post it again)."""
        mine = [b for b in self.blocks if b.seat == self.seat]
        if not mine:
            raise PostError("this side has posted nothing yet")
        return mine[-1].text(self.title(mine[-1]))

    # ------------------------------------------------------------------ the deal
    def _block(self, seq: int) -> Block | None:
        return self.blocks[seq] if seq < len(self.blocks) else None

    @property
    def started(self) -> bool:
        """Whether this side can deal: both have committed, and seat 1 has seat 0's second nonce."""
        return len(self.blocks) >= 3 or (self.seat == 0 and len(self.blocks) == 2)

    def first(self) -> int:
        b2 = self._block(2)
        if b2 is not None:
            return int(b2.one("first"))
        if self.seat != 0 or not self.started:
            raise PostError("the game has not started: the first player is said by block #2")
        return first_player(self.doc["secret"], self.blocks[1].one("nonce"))

    def _their_nonce(self, seat: int) -> str:
        """The nonce that shuffles ``seat``'s deck: posted by the other seat after ``seat`` committed."""
        b = self._block(1 if seat == 0 else 2)
        if b is None or not b.one("nonce"):
            raise PostError("the game has not started yet")
        return b.one("nonce")

    def dealt(self, seat: int, secret: str, zones: Mapping[str, list[str]]) -> dict[str, list[str]]:
        """``seat``'s zones at the start: its deck shuffled by its secret and the other's nonce."""
        z = {k: list(v) for k, v in zones.items()}
        z["D"] = shuffled(z["D"], secret, self._their_nonce(seat))
        return self.rules.deal(self.game, z)

    def _placeholder_zones(self, seat: int) -> dict[str, list[str]]:
        counts = _read_counts(self.blocks[seat].one("cards"))
        dummy = self.rules.deal(self.game, {z: ["?"] * n for z, n in counts.items()})
        return hidden(seat, {z: len(v) for z, v in dummy.items()})

    def reveals(self, upto: int | None = None) -> dict[str, str]:
        out: dict[str, str] = {}
        for b in self.blocks[:upto]:
            out.update(b.reveals())
        return out

    def _state(self, seats: list[dict[str, list[str]]]) -> State:
        doc = self.rules.position(self.game, seats, self.first())
        blanks = sorted({c for z in seats for cards in z.values() for c in cards if slot_of(c)})
        if blanks:
            doc["cards"] = [self.rules.blank(self.game, slot_of(c).split(".")[1][0], c) for c in blanks]  # type: ignore[union-attr]
        return self.game.load_position(doc)

    def _entries(self, upto: int | None = None) -> list[Entry]:
        return [e for b in self.blocks[:upto] for e in b.moves()]

    def shadow(self, extra: Mapping[str, str] | None = None, upto: int | None = None) -> State:
        """What anyone can compute from the thread (blocks before ``upto``), with ``extra`` reveals."""
        rev = {**self.reveals(upto), **(extra or {})}
        seats = [substitute(self._placeholder_zones(p), p, rev) for p in (0, 1)]
        st = self._state(seats)
        follow(st, self._entries(upto))
        return st

    def _truth_at(self, upto: int | None = None, extra: Mapping[str, str] | None = None) -> State:
        rev = {**self.reveals(upto), **(extra or {})}
        me = self.seat
        seats = [self.dealt(me, self.doc["secret"], self.doc["zones"]) if p == me
                 else substitute(self._placeholder_zones(p), p, rev) for p in (0, 1)]
        st = self._state(seats)
        follow(st, self._entries(upto))
        return st

    def truth(self) -> State:
        """This side's state now (its moves since its last post included)."""
        if self._truth is None:
            st = self._truth_at()
            follow(st, self.draft, len(self._entries()))
            self._truth = st
        return self._truth

    # ------------------------------------------------------------------ whose turn
    def to_post(self) -> bool:
        """Whether this side posts next: the game has reached this side's decision, or it is over
        and this side has not shown its secret yet."""
        if not self.started:
            return False
        if len(self.blocks) == 2:  # seat 0 deals: block #2 says who is first (and holds its moves if it is)
            return self.first() != 0 or self.draft_done()
        st = self.truth()
        if st.over:
            return not any(b.seat == self.seat and b.one("secret") for b in self.blocks)
        return self.draft_done() or st.current_player == self.seat

    def draft_done(self) -> bool:
        """This side has moved and the decision has passed to the opponent (or the game ended, or a
        move waits for the opponent's hidden card)."""
        st = self.truth()
        pending = self.doc.get("pending_out") is not None
        return bool(self.draft or pending) and (st.over or st.current_player != self.seat or pending)

    def my_decision(self) -> bool:
        if not self.started:
            return False
        st = self.truth()
        return (not st.over and st.current_player == self.seat
                and self.doc.get("pending_out") is None)

    # ------------------------------------------------------------------ this side's moves
    def apply(self, text: str) -> list[Entry]:
        """Play one of this side's moves (notation) on its state. A move whose outcome depends on the
        opponent's hidden cards (attacking a face-down book) is not played here: it waits, posted as
        *pending*, for the opponent to play it with the real cards. Returns the decisions answered."""
        if not self.my_decision():
            raise PostError("it is not this side's decision now")
        st = self.truth()
        before, n_log = st.clone(), len(st.log)
        d = st.decision
        assert d is not None
        st.apply(text)  # IllegalAction (the rule's own reason) when refused; the state unchanged
        chosen = Entry(self.seat, d.kind, st.history[-1])
        if self._leaks(st, n_log):
            self._truth = before
            self.doc["pending_out"] = chosen.text()
            self.save()
            return [chosen]
        done = with_autos(chosen, st, n_log)
        self.draft += done
        self.save()
        return done

    def _leaks(self, st: State, n_log: int) -> bool:
        """Whether the opponent's hidden cards (placeholders here) became public: the move's outcome
        depends on them."""
        other = 1 - self.seat
        return bool(placeholders_in(st.view(None), other) or placeholders_in([ev.data for ev in st.log[n_log:]], other))

    # ------------------------------------------------------------------ posting
    def post(self) -> str:
        """This side's next block (appended to the thread and saved): its moves, the cards they made
        public, the pending move if any, and the hash of the public view after them."""
        if not self.to_post():
            raise PostError("it is not this side's turn to post")
        fields: dict[str, list[str]] = {"game": [self.blocks[0].one("game")], "seq": [str(len(self.blocks))],
                                        "from": [str(self.seat)]}
        if len(self.blocks) == 2:
            fields["first"] = [str(self.first())]
            fields["nonce"] = [self.doc.setdefault("nonce2", new_nonce())]
        entries = list(self.draft)
        reveals = self._reveals_for(entries)
        fields["move"] = [e.text() for e in entries]
        if self.doc.get("pending_out"):
            fields["pending"] = [self.doc["pending_out"]]
        if reveals:  # a few a line: a forum keeps short lines whole
            items = [f"{k}={v}" for k, v in sorted(reveals.items())]
            fields["reveal"] = [" ".join(items[i:i + 4]) for i in range(0, len(items), 4)]
        b = Block(fields)
        seen = len(self.shadow().log_view(None)) if len(self.blocks) > 2 else 0
        self.blocks.append(b)  # (for the shadow: its moves and reveals)
        try:
            shadow = self.shadow()
        finally:
            self.blocks.pop()
        if shadow.over:
            b.fields["secret"] = [self.doc["secret"]]
            b.fields["deck"] = [json.dumps(self.doc["zones"], sort_keys=True, ensure_ascii=False)]
        b.fields["state"] = [view_hash(shadow)]
        b.fields = {k: b.fields[k] for k in ("game", "seq", "from", "first", "nonce", "move", "pending", "reveal",
                                             "secret", "deck", "state") if k in b.fields}
        b.board = self.board_text(shadow, seen)
        if len(self.blocks) == 2:
            lang = self.doc.get("lang", "en")
            b.board = SETUP[lang if lang in SETUP else "en"]["first"].format(p=self.first()) + "\n" + b.board
        self._add(b)
        self.draft = []
        self.doc.pop("pending_out", None)
        self.save()
        return b.text(self.title(b))

    def board_text(self, st: State, since: int = 0) -> str:
        """The human part of a block: what happened in words, as everyone saw it, and the table."""
        lang = self.doc.get("lang", "en")
        lines = [text for ev in st.log_view(None, since=since) if (text := self.game.describe(ev, lang))]
        view = st.view(None)
        dec = view.get("decision")
        if isinstance(dec, dict):  # the table without the options (a spectator has none anyway)
            view = {**view, "decision": {k: v for k, v in dec.items() if k != "options"}}
        return "\n".join([*lines, "", self.game.render(view, lang)])

    def _reveals_for(self, entries: list[Entry]) -> dict[str, str]:
        """The placeholders of this side that ``entries`` make public, and their cards: found by
        replaying them on the shadow next to this side's state — a card a move names is found at its
        place in the hand; a card that shows up on the table, by laying the two public views side by
        side at the end."""
        base = len(self.blocks)
        rev: dict[str, str] = {}
        truth = self._truth_at(base)
        shadow = self.shadow(rev, base)
        t_cur = s_cur = None
        for i, e in enumerate(entries):
            d = truth.decision
            at_same = d is not None and d.player == e.seat and d.kind == e.kind
            for _ in range(8):
                s2 = shadow.clone()
                try:
                    c2 = follow(s2, [e], cursor=s_cur)
                    break
                except PostError:
                    new = self._shown_now(shadow, truth, e, at_same, rev)
                    if not new:
                        raise
                    rev.update(new)
                    shadow, s_cur = self._shadow_after(rev, base, entries[:i])
            shadow, s_cur = s2, c2
            t_cur = follow(truth, [e], cursor=t_cur)
        for _ in range(8):
            found: dict[str, str] = {}
            same = align(shadow.view(None), truth.view(None), found)
            if same and not found:
                return rev
            if not found:
                raise PostError("these moves show something that cannot be told in a post")
            rev.update({slot_of(k) or k: v for k, v in found.items()})
            shadow = self._shadow_after(rev, base, entries)[0]
        raise PostError("these moves show something that cannot be told in a post")  # pragma: no cover

    def _shadow_after(self, rev: Mapping[str, str], base: int, entries: list[Entry]) -> tuple[State, int]:
        """The shadow at ``base`` with ``rev`` shown, after ``entries``; and the cursor to go on from."""
        st = self.shadow(rev, base)
        return st, follow(st, entries)

    def _shown_now(self, shadow: State, truth: State, e: Entry, at_same: bool, rev: Mapping[str, str]) -> dict[str, str]:
        """Cards of this side the shadow must know to follow ``e``: first those already on the table
        in this side's state (an opened book, whose effect may move more cards), then the one ``e``
        names from the hand (found at its place there, which is right once the table agrees)."""
        found: dict[str, str] = {}
        align(shadow.view(None), truth.view(None), found)
        new = {slot: v for k, v in found.items()
               if (slot := slot_of(k)) is not None and slot.startswith(f"P{self.seat}.") and rev.get(slot) != v}
        if new or not at_same:
            return new
        return {k: v for k, v in self._hand_reveal(shadow, truth, e).items() if rev.get(k) != v}

    def _hand_reveal(self, shadow: State, truth: State, e: Entry) -> dict[str, str]:
        """The placeholder in the shadow's hand at the place of the card the move names."""
        h_true = truth.view(e.seat)["players"][e.seat].get("hand", [])
        h_shadow = shadow.view(e.seat)["players"][e.seat].get("hand", [])
        out = {}
        for arg in e.action.split()[1:]:
            if arg in h_true:
                k = h_true.index(arg)
                slot = slot_of(h_shadow[k]) if k < len(h_shadow) else None
                if slot is not None:
                    out[slot] = arg
        return out

    # ------------------------------------------------------------------ reading the thread
    def receive(self, text: str) -> list[Block]:
        """The opponent's new blocks in ``text`` (a pasted block or the whole thread): each is checked
        (its hash, the chain, its moves replayed on both states, its position's hash) and kept.
        Blocks this side has already are compared with its copies. Returns the new blocks."""
        blocks = [b for b in parse_thread(text) if b.game_id == self.blocks[0].game_id]
        if not blocks:
            raise PostError(f"no block of this game ({self.blocks[0].game_id}) in the text")
        new = []
        for b in blocks:
            if b.seq < len(self.blocks):
                if b.hash != self.blocks[b.seq].hash:
                    raise PostError(f"block #{b.seq} differs from the copy received before: history was changed")
                continue
            if b.seq > len(self.blocks):
                raise PostError(f"block #{len(self.blocks)} is missing: paste the thread from block "
                                f"#{len(self.blocks)} on")
            self._accept(b)
            new.append(b)
        self.save()
        return new

    def _accept(self, b: Block) -> None:
        if b.seat == self.seat:
            raise PostError(f"block #{b.seq} says it is this side's own (P{self.seat}), but this side did not post it")
        if b.one("prev") != self.blocks[-1].hash:
            raise PostError(f"block #{b.seq}: it does not follow block #{b.seq - 1} (its 'prev' differs)")
        if self.draft or self.doc.get("pending_out"):
            raise PostError(f"block #{b.seq}: this side has moves not yet posted")
        self.blocks.append(b)
        self._truth = None
        try:
            if b.seq >= 2:
                self._check_moves(b)
        except (PostError, FudabaError):
            self.blocks.pop()
            self._truth = None
            raise
        self.draft = []
        pend = b.pending()
        if pend is not None:
            st = self.truth()
            n_log = len(st.log)
            follow(st, [pend], len(self._entries()))
            self.draft = with_autos(pend, st, n_log)

    def _check_moves(self, b: Block) -> None:
        for slot, card in b.reveals().items():
            if not slot.startswith(f"P{b.seat}."):
                raise PostError(f"block #{b.seq}: it reveals {slot}, a card of the other player")
            if card not in self.game.cards:
                raise PostError(f"block #{b.seq}: reveal {slot}={card}: no such card")
        try:
            shadow = self.shadow()
        except (PostError, IllegalAction) as e:
            raise PostError(f"block #{b.seq}: {e}") from None
        if view_hash(shadow) != b.one("state"):
            raise PostError(f"block #{b.seq}: its moves do not give the position it posts (state {b.one('state')})")
        self.truth()  # this side's own cards: every move must be legal with them too

    # ------------------------------------------------------------------ the end
    def secrets(self) -> dict[int, tuple[str, dict[str, list[str]]]]:
        """The secrets and decks both sides have shown (after the game)."""
        out: dict[int, tuple[str, dict[str, list[str]]]] = {}
        for b in self.blocks:
            if b.one("secret"):
                try:
                    zones = json.loads(b.one("deck"))
                except ValueError:
                    raise PostError(f"block #{b.seq}: its deck is not readable") from None
                out[b.seat] = (b.one("secret"), {str(k): [str(c) for c in v] for k, v in zones.items()})
        return out

    def verify(self) -> str:
        """With both secrets shown: check each commitment, the first player, every reveal against the
        real deal, and replay the whole game with every card known. Returns what was checked;
        PostError names the first thing that does not hold."""
        shown = self.secrets()
        if set(shown) != {0, 1}:
            raise PostError("both players must show their secret first (after the game)")
        deals = []
        for p in (0, 1):
            secret, zones = shown[p]
            if commitment(secret, zones) != self.blocks[p].one("commit"):
                raise PostError(f"P{p}'s secret and deck do not match its commitment in block #{p}: not the "
                                f"deck it committed to")
            deals.append(self.dealt(p, secret, zones))
        if first_player(shown[0][0], self.blocks[1].one("nonce")) != self.first():
            raise PostError("block #2 named the wrong first player")
        for slot, card in self.reveals().items():
            seat, _, at = slot[1:].partition(".")
            zone = deals[int(seat)].get(at[0], [])
            k = int(at[1:]) - 1
            if not 0 <= k < len(zone) or zone[k] != card:
                raise PostError(f"reveal {slot}={card}: the card dealt there was "
                                f"{zone[k] if 0 <= k < len(zone) else 'none'}")
        st = self._state(deals)
        follow(st, self._entries())
        shadow = self.shadow()
        if (st.over, st.winner, st.result) != (shadow.over, shadow.winner, shadow.result):
            raise PostError("the game with every card known does not end as the thread says")
        return (f"checked: both commitments, the first player, {len(self.reveals())} cards shown and "
                f"{len(self._entries())} moves replayed with every card known — the thread is the game "
                f"that was dealt")
