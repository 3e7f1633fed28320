"""The browser play table (issue 11; docs/server.md): ``create_app(db_path)`` is the Starlette app,
``fudaba serve`` runs it with uvicorn. Needs the ``web`` extra (Starlette, uvicorn)."""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
