"""What keeps `rulewright serve` answering under abuse: the limits, the Host check and the HTTP protocol.

- `Limits`: games kept, games created per minute, games waiting for their bots, a bot's time per
  decision, requests in progress (`Busy`, a JSON 503), event streams, connections (in all and per
  client), new connections per client and second, timeouts. `Hub`, the app and `stoppable_server` read
  them; tests pass small ones.
- `AllowedHosts`: Starlette's TrustedHostMiddleware (a page on another site that resolves its own name to
  127.0.0.1, DNS rebinding, cannot drive the API), answering a refused Host with JSON like every refusal.
- `Clients` (clients.py): what each client (an IP address) holds: open connections, new connections in
  the last moments (a token bucket), event streams. A client beyond its share is refused, so one client
  cannot take what the others need: a slowloris that reopens every dropped connection holds at most its
  own connections, and 300 event streams from one client are 16 and a refusal each.
- Event streams have their own cap and lifetime (`Clients.stream`, app.py) and never count as requests in
  progress: open streams cannot make `Busy` refuse the seats' requests.
- `GuardedH11`: uvicorn's h11 protocol with a header timeout (a client that never finishes its request
  line and headers is dropped), a hard cap on open connections, and the per-client cap and rate (closed
  at once beyond them), so slow or idle clients cannot hold the server's sockets and file descriptors.

A client is an address as the server sees it: behind a reverse proxy every client is the proxy's, so the
proxy must keep its own per-client limits (docs/hardening.md).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import h11
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from .clients import Clients

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1", "[::1]")


@dataclass(frozen=True)
class Limits:
    max_games: int = 2000  # games in the games file; beyond it, creating one is refused (503)
    creates_per_minute: int = 60  # beyond it, 429 with Retry-After
    max_bot_games: int = 16  # games waiting for their bots; beyond it, a game with bots is refused (503)
    bot_decision_s: float = 2.0  # a search bot stops searching after this long (and picks its best so far)
    bot_slice_s: float = 0.25  # bots of one game move for this long, then the next game's bots get a turn
    max_requests: int = 256  # requests in progress (event streams not counted); beyond it, 503
    hard_connections: int = 512  # open connections: beyond this many, a new one is closed at once
    header_timeout_s: float = 10.0  # a request's line and headers must arrive within this
    body_timeout_s: float = 10.0  # and its body within this (408)
    keep_alive_s: float = 5.0  # an idle connection is closed after this
    max_streams: int = 256  # event streams open at once, all clients together; beyond it, 503
    streams_per_client: int = 16  # event streams of one client (a page holds one); beyond it, 429
    stream_lifetime_s: float = 600.0  # a stream ends after this (the page's EventSource opens a new one)
    connections_per_client: int = 64  # open connections of one client; beyond it, a new one is closed at once
    new_connections_per_s: float = 40.0  # new connections of one client per second, on average ...
    new_connections_burst: int = 160  # ... with this many at once; beyond them, a new one is closed at once


class AllowedHosts(TrustedHostMiddleware):
    """TrustedHostMiddleware whose refusal is `{"error": ...}` (400) instead of plain text."""

    def __init__(self, app: ASGIApp, allowed_hosts: list[str]):
        async def passed(scope: Scope, receive: Receive, send: Send) -> None:
            scope["rulewright.host_ok"] = True
            await app(scope, receive, send)

        super().__init__(passed, allowed_hosts=allowed_hosts, www_redirect=False)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await super().__call__(scope, receive, send)
            return
        replaced = False

        async def as_json(message: Message) -> None:
            nonlocal replaced
            if scope.get("rulewright.host_ok"):
                await send(message)
            elif not replaced:  # the middleware's own plain-text refusal: answer in JSON instead
                replaced = True
                body = json.dumps({"error": "this server does not answer to that Host name (allowed: "
                                            f"{', '.join(self.allowed_hosts)}; serve --allow-host adds one)"}).encode()
                await send({"type": "http.response.start", "status": 400,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})

        await super().__call__(scope, receive, as_json)


def is_stream(scope: Scope) -> bool:
    """Is this request an event stream (`GET /api/games/{id}/events`)? Streams are counted by `Clients`."""
    return scope.get("method") == "GET" and str(scope.get("path", "")).endswith("/events")


class Busy:
    """At most `limit` requests in progress (event streams not counted: they have their own cap); the next
    ones get a JSON 503 with Retry-After."""

    def __init__(self, app: ASGIApp, limit: int):
        self.app = app
        self.limit = limit
        self.active = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or is_stream(scope):
            await self.app(scope, receive, send)
            return
        if self.active >= self.limit:
            body = json.dumps({"error": f"the server is busy ({self.limit} requests at once): try again"}).encode()
            await send({"type": "http.response.start", "status": 503,
                        "headers": [(b"content-type", b"application/json"), (b"retry-after", b"5"),
                                    (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        self.active += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.active -= 1


def allowed_hosts(host: str, extra: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The Host names answered: the loopback names, the address listened on (unless a wildcard), `extra`."""
    names = list(LOOPBACK_NAMES)
    if host not in ("0.0.0.0", "::", ""):
        names.append(f"[{host}]" if ":" in host and not host.startswith("[") else host)
    return list(dict.fromkeys(n.lower() for n in [*names, *extra]))


def guarded_protocol(limits: Limits, clients: Clients | None = None) -> type[H11Protocol]:
    """uvicorn's h11 protocol with `limits`' header timeout and connection caps (in all, and per client as
    `clients` counts them)."""
    clients = clients or Clients(limits)

    class GuardedH11(H11Protocol):
        _header_timer = None
        _client: str | None = None

        def connection_made(self, transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            peer = transport.get_extra_info("peername")
            client = str(peer[0]) if isinstance(peer, tuple) and peer else ""
            if len(self.connections) > limits.hard_connections or not clients.connect(client):
                transport.close()
                return
            self._client = client
            self._arm()

        def _arm(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            self._header_timer = self.loop.call_later(limits.header_timeout_s, self._headers_late)

        def _headers_late(self) -> None:
            self._header_timer = None
            busy = self.cycle is not None and not self.cycle.response_complete
            if self.conn.their_state is h11.IDLE and not busy and not self.transport.is_closing():
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is not h11.IDLE and self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
                self._header_timer = None
            if self._client is not None:
                clients.disconnect(self._client)
                self._client = None
            super().connection_lost(exc)

    return GuardedH11
