"""`rulewright serve`: play in the browser, against bots or each other (Starlette + uvicorn, games in SQLite).

Modules: store.py (SQLite), hub.py (live games, seats), runner.py (bots, in the background), guard.py
(limits, Host check, timeouts), app.py (routes and API), pages.py and script.py (the HTML, CSS and
script, all inline). Starlette and uvicorn are imported only when the
command runs, so the rest of the command line starts as fast as before.
"""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path

import typer


def serve(host: str = typer.Option("127.0.0.1", "--host", help="address to listen on (default: this machine only)"),
          port: int = typer.Option(8000, "--port", min=1, max=65535, help="port to listen on"),
          db: Path | None = typer.Option(None, "--db", help="the games file (SQLite); default: "
                                         "$XDG_DATA_HOME/rulewright/games.sqlite3"),
          pack_dir: list[Path] = typer.Option([], "--pack-dir", help="a folder of your own packs (or one pack) "
                                              "the set-up page offers; repeatable. No other path is read"),
          variant_dir: list[Path] = typer.Option([], "--variant-dir", help="a folder of your own variant files "
                                                 "(*.yaml) the set-up page offers; repeatable"),
          allow_host: list[str] = typer.Option([], "--allow-host", metavar="NAME", help="a Host name to answer besides the "
                                               "loopback names and --host (repeat it; e.g. behind a proxy)"),
          ) -> None:
    """Serve a web page to play in the browser (Clash of Cultures, 7 Wonders): seat links for people, bots on the others."""
    from .designs import Designs
    from .store import StoreError, default_db

    try:
        import uvicorn  # noqa: F401 - present? (stoppable_server uses it)

        from .app import create_app
    except ImportError as err:
        typer.echo(f"error: serve needs starlette and uvicorn ({err}): pip install starlette uvicorn", err=True)
        raise typer.Exit(2) from None
    from .guard import allowed_hosts

    path = db or default_db()
    missing = [str(d) for d in [*pack_dir, *variant_dir] if not d.is_dir()]
    if missing:
        typer.echo(f"error: no folder {missing[0]!r} (--pack-dir and --variant-dir name folders)", err=True)
        raise typer.Exit(2)
    designs = Designs(tuple(pack_dir), tuple(variant_dir))
    try:
        app = create_app(path, hosts=allowed_hosts(host, allow_host), designs=designs)
    except StoreError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(1) from None
    problem = _cannot_bind(host, port)
    if problem:
        typer.echo(f"error: cannot listen on {host}:{port}: {problem}", err=True)
        raise typer.Exit(1)
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
                            lifespan="off", http=guarded_protocol(limits), timeout_keep_alive=limits.keep_alive_s,
                            limit_concurrency=limits.hard_connections + limits.max_requests,  # Busy answers first
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
