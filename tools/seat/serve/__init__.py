"""`rulewright serve`: play in the browser, against bots or each other (Starlette + uvicorn, games in SQLite).

Modules: store.py (SQLite), hub.py (live games, seats), tables.py (one game: seats, revisions, loading),
runner.py (bots, in the background), clients.py (what each client holds), guard.py
(limits, Host check, timeouts), app.py (routes and API), pages.py and script.py (the HTML, CSS and
script, all inline). Starlette and uvicorn are imported only when the
command runs, so the rest of the command line starts as fast as before.
"""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path
from typing import Annotated

import typer

from ...common.errors import fail
from .designs import Designs
from .store import StoreError, default_db


def serve(
    host: Annotated[str, typer.Option("--host", help="address to listen on (default: this machine only)")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="port to listen on")] = 8000,
    db: Annotated[Path | None, typer.Option("--db", help="the games file (SQLite); default: "
                                         "$XDG_DATA_HOME/rulewright/games.sqlite3")] = None,
    pack_dir: Annotated[list[Path] | None, typer.Option("--pack-dir", help="a folder of your own packs (or one pack) "
                                              "the set-up page offers; repeatable. No other path is read")] = None,
    variant_dir: Annotated[list[Path] | None, typer.Option("--variant-dir", help="a folder of your own variant files "
                                                 "(*.yaml) the set-up page offers; repeatable")] = None,
    allow_host: Annotated[list[str] | None, typer.Option("--allow-host", metavar="NAME", help="a Host name to answer besides the "
                                               "loopback names and --host (repeat it; e.g. behind a proxy)")] = None,
) -> None:
    """Serve a web page to play in the browser (Clash of Cultures, 7 Wonders, Civilization): seat links for people, bots on the others."""
    pack_dir, variant_dir, allow_host = pack_dir or [], variant_dir or [], allow_host or []
    try:
        import uvicorn  # noqa: F401 - present? (stoppable_server uses it)

        from .app import create_app
    except ImportError as err:
        fail(f"serve needs starlette and uvicorn ({err}): pip install starlette uvicorn", 2)
    from .guard import allowed_hosts

    path = db or default_db()
    missing = [str(d) for d in [*pack_dir, *variant_dir] if not d.is_dir()]
    if missing:
        fail(f"no folder {missing[0]!r} (--pack-dir and --variant-dir name folders)", 2)
    designs = Designs(tuple(pack_dir), tuple(variant_dir))
    try:
        app = create_app(path, hosts=allowed_hosts(host, allow_host), designs=designs)
    except StoreError as err:
        fail(f"{err}", 1)
    problem = _cannot_bind(host, port)
    if problem:
        fail(f"cannot listen on {host}:{port}: {problem}", 1)
    if not _loopback(host):
        typer.echo(f"warning: listening on {host}: anyone who can reach it can create games and, with a link, "
                   "play a seat; links travel unencrypted over plain HTTP", err=True)
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"rulewright: open http://{shown}:{port}/ to set up a game (games kept in {path}); Ctrl-C stops")
    stoppable_server(app, host, port).run()


def stoppable_server(app, host: str, port: int):
    """A uvicorn server that ends the open event streams first when told to stop, so it stops at once."""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:
            app.state.hub.close_streams()
            super().handle_exit(sig, frame)

    from .guard import guarded_protocol

    limits = app.state.limits
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2,
                            lifespan="off", http=guarded_protocol(limits, app.state.clients),
                            timeout_keep_alive=limits.keep_alive_s,
                            # Busy and the stream cap answer first
                            limit_concurrency=limits.hard_connections + limits.max_requests + limits.max_streams,
                            h11_max_incomplete_event_size=16 * 1024)
    return Server(config)


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _cannot_bind(host: str, port: int) -> str:
    """Why the address cannot be listened on ('' when it can): a clear message instead of uvicorn's exit."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as err:
        return f"unknown address ({err})"
    family, kind, proto, _, addr = infos[0]
    with socket.socket(family, kind, proto) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(addr)
        except OSError as err:
            return err.strerror or str(err)
    return ""


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
