"""The server on a free local port in a background thread: for tests, screenshots and embedding.

    with BackgroundServer(db_path) as server:
        httpx.get(server.url + "/")
"""

from __future__ import annotations

import socket
import threading
import time
from pathlib import Path
from types import TracebackType


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


class BackgroundServer:
    """uvicorn serving `create_app(db)` on 127.0.0.1 until the block ends (`designs`: the folders of packs and
    variants it may read besides the bundled ones, as `serve --variant-dir`)."""

    def __init__(self, db: Path | str, host: str = "127.0.0.1", port: int | None = None, limits=None, designs=None):
        from . import stoppable_server
        from .app import create_app
        from .guard import allowed_hosts

        self.app = create_app(db, limits, allowed_hosts(host), designs)
        self.host = host
        self.port = port or free_port(host)
        self.server = stoppable_server(self.app, host, self.port)
        self.thread = threading.Thread(target=self.server.run, name="rulewright-serve", daemon=True)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def __enter__(self) -> BackgroundServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start on {self.url}")
            time.sleep(0.02)
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None) -> None:
        self.app.state.hub.close_streams()
        self.app.state.hub.bots.wait_idle(5)
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.app.state.hub.store.close()
