"""The app ``bench/server.py`` serves: the server's own, with room for every bench player.

``uvicorn --factory server_app:create_app --app-dir bench`` builds it in each worker process.
The bench's players all come from 127.0.0.1, so the guest limit (new players per address per
hour) is raised to ``$TWENTYONE_BENCH_GUESTS``; everything else is the server's default.
"""

from __future__ import annotations

import os

from fastapi import FastAPI

from twentyone.server.app import create_app as server_app
from twentyone.server.settings import ServerSettings


def create_app() -> FastAPI:
    """The web app on ``$TWENTYONE_DB`` with the bench's guest limit."""
    guests = int(os.environ.get("TWENTYONE_BENCH_GUESTS", "1000"))
    return server_app(settings=ServerSettings(guests_per_client=guests))
