"""Set-ups the seat's tests share, whichever game they play (Clash, 7 Wonders and Civilization alike): the terminal
seat run as a real process, the browser seat's JSON API in-process, a background server and a
headless browser. One copy here instead of one per test file."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browser import chromium

with warnings.catch_warnings():  # Starlette's test client warns about its transport on some versions
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from rulewright.tools.seat.serve.app import create_app


@pytest.fixture()
def play_cli() -> Callable[..., subprocess.CompletedProcess]:
    """`rulewright play ARGS` as a person runs it: its own process, stdin scripted, data kept under cwd."""
    def run(args: list[str], stdin: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess:
        env = {**os.environ, "XDG_DATA_HOME": str(cwd / "data"), "COLUMNS": "100"}
        return subprocess.run([sys.executable, "-m", "rulewright.tools.cli", "play", *args], input=stdin,
                              capture_output=True, text=True, cwd=cwd, env=env, timeout=timeout)
    return run


@pytest.fixture()
def then_ctrl_c() -> Callable[[list[str]], Callable[[str], str]]:
    """A terminal seat's `read_line` that types these answers, then the person presses Ctrl-C."""
    def reader(answers: list[str]) -> Callable[[str], str]:
        left = iter(answers)

        def read(prompt: str) -> str:
            try:
                return next(left)
            except StopIteration:
                raise KeyboardInterrupt from None
        return read
    return reader


@pytest.fixture()
def serve_client(request) -> Callable[..., TestClient]:
    """A test client of the browser seat's app on a games file: `serve_client(db, base=..., **app_options)`.
    A test module that wants server errors as 500 answers (not raised) says `SERVER_EXCEPTIONS = False`."""
    raise_them = getattr(request.module, "SERVER_EXCEPTIONS", True)

    def client(db: Path, base: str = "http://127.0.0.1", raise_server_exceptions: bool | None = None,
               **kw) -> TestClient:
        raise_here = raise_them if raise_server_exceptions is None else raise_server_exceptions
        return TestClient(create_app(db, **kw), base_url=base, raise_server_exceptions=raise_here)
    return client


@pytest.fixture()
def create_table(request) -> Callable[..., dict]:
    """`POST /api/games` (201 asserted): the new game's JSON with its seat links. The body is the test
    module's `TABLE` (its game, players, seed and seats) with what the test changes: `create_table(c, seed=3)`."""
    table = getattr(request.module, "TABLE", {})

    def create(c: TestClient, **spec) -> dict:
        r = c.post("/api/games", json={**table, **spec})
        assert r.status_code == 201, r.text
        return r.json()
    return create


@pytest.fixture()
def seat_state() -> Callable[[TestClient, dict, str], dict]:
    """`GET /api/games/ID` for a seat's link (200 asserted): what that seat is shown."""
    def state(c: TestClient, g: dict, token: str) -> dict:
        r = c.get(f"/api/games/{g['id']}", params={"token": token})
        assert r.status_code == 200, r.text
        return r.json()
    return state


@pytest.fixture()
def server(tmp_path: Path) -> Iterator:
    """A real `rulewright serve` in a background thread on a free loopback port."""
    from rulewright.tools.seat.serve.background import (
        BackgroundServer,  # uvicorn: only for the tests using it
    )

    with BackgroundServer(tmp_path / "games.sqlite3") as srv:
        yield srv


@pytest.fixture(scope="module")
def driver(tmp_path_factory) -> Iterator:
    """Headless Chromium with its own profile (tests/browser.py), shared by a module's browser tests."""
    yield from chromium(tmp_path_factory.mktemp("chromium-profile"))
