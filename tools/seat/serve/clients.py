"""What each client of `rulewright serve` holds, so that no one client takes what the others need.

A client is an address as the server sees it (IPv4 or IPv6). For each, `Clients` counts the open
connections (capped: `Limits.connections_per_client`), the new connections of the last moments (a token
bucket: `new_connections_per_s` on average, `new_connections_burst` at once) and the open event streams
(capped per client and in all: `streams_per_client`, `max_streams`). The protocol (guard.py) asks
`connect` for every new connection and closes it at once when refused; the event-stream route (app.py)
takes a `stream` ticket before it answers, or refuses with 429 (this client has its share) or 503 (all
streams are taken). A ticket gives its place back once: when the stream ends, or when the response is
dropped without ever running (it is then garbage, and a finaliser gives the place back).

Everything runs on the server's event loop, but the counts are guarded by a lock all the same (tests and
the threads that stop the server read them).
"""

from __future__ import annotations

import threading
import time
import weakref
from collections import Counter
from typing import Any

MAX_KNOWN = 10_000  # clients remembered for their rate; idle ones beyond this are forgotten


class Refused(Exception):
    """A stream refused: the HTTP status (429 or 503) and what to say."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class StreamTicket:
    """One client's place among the open event streams, given back exactly once."""

    def __init__(self, clients: Clients, client: str):
        self.client = client
        self._give_back = weakref.finalize(self, clients._end_stream, client)

    def release(self) -> None:
        self._give_back()


class Clients:
    def __init__(self, limits: Any):
        self.limits = limits
        self._lock = threading.Lock()
        self.connections: Counter[str] = Counter()
        self.streams: Counter[str] = Counter()
        self._bucket: dict[str, tuple[float, float]] = {}  # client -> (tokens, when)
        self.refused = 0  # connections closed at once for a client's cap or rate (for the soak's figures)

    # ---- connections (guard.py's protocol) --------------------------------------------------------------
    def connect(self, client: str) -> bool:
        """May `client` open one more connection now? Counted when it may (give it back with `disconnect`)."""
        lim, now = self.limits, time.monotonic()
        with self._lock:
            tokens, when = self._bucket.get(client, (float(lim.new_connections_burst), now))
            tokens = min(float(lim.new_connections_burst), tokens + (now - when) * lim.new_connections_per_s)
            if tokens < 1.0 or self.connections[client] >= lim.connections_per_client:
                self._bucket[client] = (tokens, now)
                self.refused += 1
                return False
            self._bucket[client] = (tokens - 1.0, now)
            self.connections[client] += 1
            if len(self._bucket) > MAX_KNOWN:
                self._forget(now)
            return True

    def disconnect(self, client: str) -> None:
        with self._lock:
            self.connections[client] -= 1
            if self.connections[client] <= 0:
                del self.connections[client]

    def _forget(self, now: float) -> None:
        """Forget clients with no connection whose bucket has filled up again (caller holds the lock)."""
        lim = self.limits
        for client, (tokens, when) in list(self._bucket.items()):
            full = tokens + (now - when) * lim.new_connections_per_s >= lim.new_connections_burst
            if full and client not in self.connections:
                del self._bucket[client]

    # ---- event streams (app.py) -------------------------------------------------------------------------
    def stream(self, client: str) -> StreamTicket:
        """A place for one more event stream of `client`, or Refused (429: its share is taken; 503: all are)."""
        lim = self.limits
        with self._lock:
            if self.streams[client] >= lim.streams_per_client:
                raise Refused(429, f"this address already has {lim.streams_per_client} event streams open: close "
                                   "one (each page needs one)")
            if sum(self.streams.values()) >= lim.max_streams:
                raise Refused(503, f"the server has {lim.max_streams} event streams open: try again in a minute")
            self.streams[client] += 1
        return StreamTicket(self, client)

    def _end_stream(self, client: str) -> None:
        with self._lock:
            self.streams[client] -= 1
            if self.streams[client] <= 0:
                del self.streams[client]
