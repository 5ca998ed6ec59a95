"""`referee serve`: the app under gunicorn, a production WSGI server."""

from __future__ import annotations

import os
from typing import Any

from gunicorn.app.base import BaseApplication

from api.storage import Store


class _Server(BaseApplication):  # type: ignore[misc]
    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self) -> Any:
        from api import create_app
        return create_app()


def run(host: str, port: int, database: str | None, workers: int) -> int:
    if database:
        os.environ["REFEREE_DATABASE_URL"] = database
    url = os.environ.get("REFEREE_DATABASE_URL", "sqlite:///referee.db")
    Store(url).migrate()  # once, before the workers start
    shown = "[::1]" if host == "::1" else host
    print(f"referee listening on http://{shown}:{port} (database {url.split('@')[-1]}, {workers} workers)",
          flush=True)
    _Server({"bind": f"{host}:{port}", "workers": max(1, workers), "accesslog": None,
             "graceful_timeout": 5, "timeout": 60}).run()
    return 0
