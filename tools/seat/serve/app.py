"""The web app of `rulewright serve` (Starlette): the pages, the JSON API, the board and the event stream.

API (what the page uses and tests drive):
  POST /api/games                      {"game", "players", "seed", "packs", "variants", "seats"} -> {"id", "seats", ...}
  GET  /api/games/{id}?token=T         {"view", "pending", "log", "revision", "step", ...}: what seat T may know
  POST /api/games/{id}/actions         {"token": T, "choice": option, "revision": r}: applied once; 400 illegal,
                                       403 bad token, 409 not now or a stale revision (with the current
                                       "revision"); answers {"ok", "revision", "step"}
  POST /api/games/{id}/undo            {"token": T, "revision": r}: take back T's last decision (r optional:
                                       only if the game is still at r); 409 says why it may not
  GET  /api/games/{id}/board.svg?token=T  the drawing as seat T sees it, its revision in the X-Revision header
  GET  /api/games/{id}/events?token=T  server-sent events: `update` with the game's revision, nothing else
A revision is never reused (hub.py): after an undo the step comes back, the revision does not, so a retry of a
decision since taken back is refused.
Every refusal and failure is JSON {"error": message} (404, 405 and a crash too) and changes nothing.
Event streams take a place of their own (clients.py: per client and in all, a lifetime), never a request
slot. Bodies are limited to MAX_BODY bytes and read through engine/jsonsafe (depth and size bounded). Engine
work runs in worker threads, each game under its own lock, bots in the background (tools/seat/serve/runner.py);
the limits and the Host check are in tools/seat/serve/guard.py.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ....engine import games
from ....engine.jsonsafe import BadJSON, loads
from ..seat import board_svg, game_name, seat_state
from .clients import Clients, Refused, StreamTicket
from .designs import Designs
from .guard import AllowedHosts, Busy, Limits, allowed_hosts
from .hub import (
    ApiError,
    Hub,
    fits,
    known_games,
    known_packs,
    known_variants,
    playable_kinds,
    player_range,
    variant_info,
)
from .pages import game_page, index_page
from .store import Store, StoreError

log = logging.getLogger("rulewright.serve")

MAX_BODY = 16 * 1024
KEEPALIVE = 15.0
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # seat links carry their token: never send them elsewhere
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
                               "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
}


class Json(JSONResponse):
    """JSON written as ASCII: a message that quotes a lone surrogate sent by a client still encodes."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


def _error(err: ApiError) -> JSONResponse:
    return Json({"error": err.message, **err.extra}, status_code=err.status, headers=HEADERS | err.headers)


async def read_json(request: Request, timeout: float = 10.0) -> Any:
    """The request's JSON body, refused when too large (413), too slow (408), not JSON (400) or not declared
    as JSON (415)."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError(415, "send the body as JSON (Content-Type: application/json)")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise ApiError(413, f"the body is larger than {MAX_BODY} bytes")
    body = bytearray()

    async def read() -> None:
        async for chunk in request.stream():
            body.extend(chunk)
            if len(body) > MAX_BODY:
                raise ApiError(413, f"the body is larger than {MAX_BODY} bytes")

    try:
        await asyncio.wait_for(read(), timeout)
    except TimeoutError:
        raise ApiError(408, f"the body did not arrive within {timeout:g} s") from None
    try:
        return loads(bytes(body))
    except BadJSON as err:
        raise ApiError(400, f"the body is not valid JSON: {err}") from None


def game_options(game: str, designs: Designs | None = None) -> dict:
    """What the set-up page offers for one game: its players, packs, seat kinds, and the variants with the
    pack each needs (the designer's own from the server's --pack-dir and --variant-dir folders too)."""
    designs = designs or Designs()
    base = known_variants(["base"], game)
    variants = [{"id": v, "pack": None, **variant_info(game, ["base"], designs.private("variants", v, game,
                                                                                         fits(game)), designs)}
                for v in base + designs.variants(game, fits(game))]
    packs = known_packs(game) + designs.packs(game)
    for pack in packs:
        if pack != "base":  # a designer's pack is read at the server's path, offered by its shown name
            real = designs.private("packs", pack, game)
            variants += [{"id": v, "pack": pack, **variant_info(game, ["base", real], v, designs)}
                         for v in known_variants(["base", real], game) if v not in base]
    lo, hi = player_range(game)
    name = (getattr(games.find(game).definition(["base"], []), "rules", None) or {}).get("name", game)
    return {"id": game, "name": name, "players": [lo, hi], "packs": packs, "kinds": playable_kinds(game),
            "variants": variants}


def setup_options(designs: Designs | None = None) -> dict:
    """The set-up page's choices: every game's, the default game's also at the top level, and the folders
    of the designer's own packs and variants the server reads."""
    every = [game_options(g, designs) for g in known_games()]
    return {**{k: v for k, v in every[0].items() if k in ("packs", "kinds", "variants")}, "games": every,
            "folders": (designs or Designs()).folders()}


def create_app(db: Path | str, limits: Limits | None = None, hosts: list[str] | None = None,
               designs: Designs | None = None) -> Starlette:
    """The app over the games file `db` (created if missing; StoreError when it cannot be used), within
    `limits`, answering only requests whose Host is one of `hosts` (default: the loopback names); `designs`:
    the folders of packs and variants it may read besides the bundled ones (`serve --pack-dir/--variant-dir`)."""
    limits = limits or Limits()
    hub = Hub(Store(db), designs, limits)
    clients = Clients(limits)  # what each client holds: connections (the protocol's) and event streams

    def guard(handler):
        async def wrapped(request: Request) -> Response:
            try:
                return await handler(request)
            except ApiError as err:  # a message names files as the client may read them
                return _error(ApiError(err.status, hub.designs.public(err.message), err.extra, err.headers))
            except StoreError as err:
                return _error(ApiError(err.status, hub.designs.public(str(err))))
            except Exception:  # a bug: said as JSON, the details only in the server's log
                log.exception("rulewright serve: %s %s failed", request.method, request.url.path)
                return _error(ApiError(500, "the server failed on this request (its log says why); nothing "
                                            "was changed"))
        wrapped.__name__ = handler.__name__
        return wrapped

    def seat_from(request: Request) -> tuple[Any, int | None]:
        table = hub.table(request.path_params["id"])
        return table, table.seat_of(request.query_params.get("token"))

    @guard
    async def index(request: Request) -> Response:
        options = await run_in_threadpool(setup_options, hub.designs)
        return HTMLResponse(index_page(options), headers=HEADERS)

    @guard
    async def page(request: Request) -> Response:
        table, seat = await run_in_threadpool(seat_from, request)
        return HTMLResponse(game_page(table.id, seat, game_name(table.game)), headers=HEADERS)

    @guard
    async def create(request: Request) -> Response:
        spec = await read_json(request, limits.body_timeout_s)
        return Json(await run_in_threadpool(hub.create, spec), status_code=201, headers=HEADERS)

    def state_of(request: Request) -> dict:
        table, seat = seat_from(request)
        with table.lock:
            out = seat_state(table.game, seat, table.kinds)
            out["problem"] = table.failure
            out["revision"] = table.revision
        setup = out.get("setup")
        if isinstance(setup, dict):  # a designer's packs and variants by the names the page shows
            setup["packs"] = [hub.designs.public(p) for p in setup.get("packs", [])]
            setup["variants"] = [hub.designs.public(v) for v in setup.get("variants", [])]
        if isinstance(out["problem"], str):
            out["problem"] = hub.designs.public(out["problem"])
        return out

    @guard
    async def state(request: Request) -> Response:
        return Json(await run_in_threadpool(state_of, request), headers=HEADERS)

    def svg_of(request: Request) -> tuple[str, int]:
        table, seat = seat_from(request)
        with table.lock:
            return board_svg(table.game, seat), table.revision

    @guard
    async def board(request: Request) -> Response:
        # the revision drawn: the page fetches the state and the drawing side by side, and a bot may act
        # between the two; it draws them only when they show the same revision
        text, revision = await run_in_threadpool(svg_of, request)
        return Response(text, media_type="image/svg+xml", headers={**HEADERS, "X-Revision": str(revision)})

    @guard
    async def act(request: Request) -> Response:
        body = await read_json(request, limits.body_timeout_s)
        if isinstance(body, dict) and "step" in body and "revision" not in body:
            raise ApiError(400, "send the 'revision' of the state your choice answers, not its 'step' (a step "
                                "comes back after an undo; a revision never does)")
        if not isinstance(body, dict) or set(body) - {"token", "choice", "revision"}:
            raise ApiError(400, "the body must be {\"token\": ..., \"choice\": ..., \"revision\": ...}")
        if "choice" not in body:
            raise ApiError(400, "the body has no 'choice': send one of the pending decision's options")
        revision, step = await run_in_threadpool(hub.act, request.path_params["id"], body.get("token"),
                                                 body["choice"], body.get("revision"))
        return Json({"ok": True, "revision": revision, "step": step}, headers=HEADERS)

    @guard
    async def take_back(request: Request) -> Response:
        body = await read_json(request, limits.body_timeout_s)
        if not isinstance(body, dict) or "token" not in body or set(body) - {"token", "revision"}:
            raise ApiError(400, "the body must be {\"token\": ..., \"revision\": ...} (revision optional)")
        revision, step = await run_in_threadpool(hub.undo, request.path_params["id"], body["token"],
                                                 body.get("revision"))
        return Json({"ok": True, "revision": revision, "step": step}, headers=HEADERS)

    @guard
    async def events(request: Request) -> Response:
        try:  # a place among the streams first (per client and in all; never a request slot), so that even
            # requests with a bad token cannot pass the requests in progress by the dozen
            ticket = clients.stream(request.client.host if request.client else "")
        except Refused as no:
            raise ApiError(no.status, no.message, headers={"Retry-After": "30"}) from None
        try:
            await run_in_threadpool(seat_from, request)  # the stream needs a valid token too
        except BaseException:
            ticket.release()
            raise
        game_id = request.path_params["id"]
        return StreamingResponse(_stream(hub, game_id, request, ticket, limits.stream_lifetime_s),
                                 media_type="text/event-stream", headers=HEADERS | {"X-Accel-Buffering": "no"})

    routes = [
        Route("/", index),
        Route("/games/{id}", page),
        Route("/api/games", create, methods=["POST"]),
        Route("/api/games/{id}", state),
        Route("/api/games/{id}/actions", act, methods=["POST"]),
        Route("/api/games/{id}/undo", take_back, methods=["POST"]),
        Route("/api/games/{id}/board.svg", board),
        Route("/api/games/{id}/events", events),
    ]
    async def http_error(request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        words = {404: "no such page", 405: "this address does not take that method"}
        return _error(ApiError(status, words.get(status, "refused")))

    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error},
                    middleware=[Middleware(Busy, limit=limits.max_requests),
                                Middleware(AllowedHosts, allowed_hosts=hosts or allowed_hosts("127.0.0.1"))])
    app.state.hub = hub
    app.state.limits = limits
    app.state.clients = clients
    return app


async def _stream(hub: Hub, game_id: str, request: Request, ticket: StreamTicket,
                  lifetime: float) -> AsyncIterator[str]:
    """`update` events carrying only the game's revision; a comment now and then keeps the line open.

    The stream ends when the server stops or after `lifetime` seconds (the page's EventSource then opens
    a new one by itself); its place among the streams is given back then (`ticket`)."""
    ev = hub.watch(game_id)
    last = -1
    until = time.monotonic() + lifetime
    try:
        yield "retry: 2000\n\n"
        while not hub.closing and not await request.is_disconnected():
            ev.clear()
            revision = await run_in_threadpool(hub.revision, game_id)
            if revision != last:
                last = revision
                yield f"event: update\ndata: {json.dumps({'revision': revision})}\n\n"
            left = until - time.monotonic()
            if left <= 0:
                break
            try:
                await asyncio.wait_for(ev.wait(), min(KEEPALIVE, left))
            except TimeoutError:
                yield ": keep-alive\n\n"
    finally:
        hub.unwatch(game_id, ev)
        ticket.release()
