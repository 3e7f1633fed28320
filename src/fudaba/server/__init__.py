"""The browser play table (issue 11; docs/server.md): ``create_app(db_path)`` is the Starlette app,
``fudaba serve`` runs it with uvicorn. Needs the ``web`` extra (Starlette, uvicorn); ``limits``
(the server's limits and their defaults) does not, so that ``fudaba serve --help`` can show them."""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
