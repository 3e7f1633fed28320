"""Events: what happened, with hidden parts redacted per viewer (ARCHITECTURE §3.4).

An event has public ``data`` and optional ``secret`` data that only the seats in ``seen_by`` may
see. ``event.view(seat)`` is what that seat may know; ``seat=None`` is a spectator.

>>> e = Event("draw", {"player": 0, "count": 1}, {"cards": ["SV-A02"]}, (0,))
>>> e.view(0)["cards"], "cards" in e.view(1), "cards" in e.view(None)
(['SV-A02'], False, False)
"""

from __future__ import annotations

from typing import Any


class Event:
    __slots__ = ("data", "hidden", "kind", "secret", "seen_by")

    def __init__(
        self,
        kind: str,
        data: dict[str, Any],
        secret: dict[str, Any] | None = None,
        seen_by: tuple[int, ...] = (),
        hidden: bool = False,
    ) -> None:
        self.kind = kind
        self.data = data
        self.secret = secret
        self.seen_by = seen_by
        #: the whole event (not only ``secret``) is for the seats in ``seen_by``: other seats'
        #: log views leave it out (see :meth:`visible_to`)
        self.hidden = hidden

    def visible_to(self, seat: int | None) -> bool:
        """Does this event appear in ``seat``'s log view at all?"""
        return not self.hidden or (seat is not None and seat in self.seen_by)

    def view(self, seat: int | None) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, **self.data}
        if self.secret and seat is not None and seat in self.seen_by:
            d.update(self.secret)
        return d

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "data": self.data}
        if self.secret or self.hidden:
            d["secret"] = self.secret
            d["seen_by"] = list(self.seen_by)
        if self.hidden:
            d["hidden"] = True
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(d["kind"], d["data"], d.get("secret"), tuple(d.get("seen_by", ())), bool(d.get("hidden", False)))

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.data!r})"
