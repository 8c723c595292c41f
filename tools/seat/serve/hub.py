"""The live games of the server: create, look up a seat by its token, apply a seat's choice exactly once.

Each game is kept in memory once loaded (a save is replayed from the store on first use, so a restarted
server continues every game) and guarded by its own lock. After every change the save is written to the
store before anyone is told, and watchers (the pages' event streams) are woken with the game's new step
number only: what changed is fetched by each seat with its own token, so an event carries no secret.

Every change of a game (a decision by anyone, an undo) gives it a new revision number, never reused, and
the revision each kept decision was applied at is remembered (stored with the save). A choice names the
revision it answers (the `revision` of the state the seat saw): a retry of a choice already applied gets
the same answer and changes nothing; any other stale revision, a retry of a decision since taken back
included, is refused (409) with the current one. The step (the number of decisions) cannot tell these
apart: after an undo it comes back. People's decisions go through the game's undo trail
(engine/undo.py), so an undo costs about what showing the game costs. Bots move in the background
(runner.py). Refusals say only what the asking seat may know: whose turn it is, never what another seat
is deciding.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import Any

from ....api import new_game
from ....dsl.loader import bundled_packs, load_content
from ....dsl.overlay_secrecy import variant_touches
from ....dsl.rules_data import read_variant, variant_stamp
from ....dsl.variant_report import summary
from ....engine import games
from ....engine.bots import bot_error
from ....engine.decision import IllegalAction
from ....engine.diagnostics import ContentError
from ....engine.rng import fresh_seed
from ....engine.undo import Trail, undo, undo_check
from ...common.variant_guard import reports as variant_reports
from ..seat import HUMAN, names, seat_kinds
from .designs import Designs
from .guard import Limits
from .runner import BotRunner
from .store import Record, Store, StoreError
from .tables import ApiError, Table, playable, trail_of

log = logging.getLogger("rulewright.serve")

MAX_LIVE = 64  # games kept in memory; the others wait in the store and are replayed when asked for
MAX_SEED = 2**63 - 1
FIELDS = ("game", "players", "seed", "packs", "variants", "seats")


def _int(spec: dict, key: str, low: int, high: int, default: int | None) -> int:
    value = spec.get(key, default)
    if type(value) is not int or not low <= value <= high:
        raise ApiError(400, f"'{key}' must be an integer from {low} to {high}, not {value!r}")
    return value


def _names(spec: dict, key: str, known: list[str], limit: int, designs: Designs | None = None) -> list[str]:
    value = spec.get(key, [])
    if not isinstance(value, list) or len(value) > limit or not all(isinstance(v, str) for v in value):
        raise ApiError(400, f"'{key}' must be a list of at most {limit} names")
    unknown = [v for v in value if v not in known]
    if unknown:
        raise ApiError(400, designs.refusal(key, unknown[0], known) if designs else
                       f"unknown {key[:-1]} {unknown[0]!r} (known: {', '.join(known)})")
    return list(dict.fromkeys(value))


def known_games() -> list[str]:
    """The games a browser seat can play: the installed ones that do not refuse seats, the default game
    first (the set-up page preselects the first, as the command line means the default when none is named)."""
    default = games.default_game()
    return [g for g in sorted(games.installed(), key=lambda g: g != default) if games.find(g).terminal_seats]


def player_range(game: str) -> tuple[int, int]:
    lo, hi = games.find(game).players
    return int(lo), int(hi)


def known_packs(game: str | None = None) -> list[str]:

    return list(bundled_packs(game or games.default_game()))


def known_variants(packs: list[str], game: str | None = None) -> list[str]:
    refs, game = tuple(packs or ["base"]), game or games.default_game()
    mine = any("/" in p for p in refs)  # a designer's pack folder: its variants/ is looked at again each time
    return list(_variants.__wrapped__(refs, game) if mine else _variants(refs, game))


@functools.cache
def _variants(packs: tuple[str, ...], game: str) -> tuple[str, ...]:
    """The variants of these packs, but none that touches secrecy (a pack folder's own could)."""
    files = games.find(game).variant_files(load_content(list(packs), game))
    return tuple(v for v, path in files.items() if not _touches(path))


def _touches(path: Any) -> bool:
    try:
        return variant_touches(read_variant(path))
    except ValueError:  # unreadable: offered, and creating the game says what is wrong
        return False


def playable_kinds(game: str) -> list[str]:
    """Who may sit at `game`: a person, or a bot that can play it."""
    return [k for k in seat_kinds(game) if k == HUMAN or not bot_error(k, game)]


def variant_info(game: str, packs: list[str], ref: str, designs: Designs | None = None) -> dict:
    """What the set-up page says of a variant (tools/common/variant_guard.py): its `name:`, what it changes,
    its warnings (what it removes from the base rules, lint's), whether it changes nothing, or the error that
    keeps it from applying to `game` with `packs`; the server's paths written as the names the page shows.
    Worked out again when its file changes."""
    designs = designs or Designs()
    info = dict(_variant_info(game, tuple(packs), ref, variant_stamp([ref])))
    for key in ("name", "summary", "error"):
        if key in info:
            info[key] = designs.public(info[key])
    if "warnings" in info:
        info["warnings"] = [designs.public(w) for w in info["warnings"]]
    return info


@functools.lru_cache(maxsize=512)
def _variant_info(game: str, packs: tuple[str, ...], ref: str, _stamp: tuple) -> tuple:
    try:
        rep = variant_reports(game, list(packs), [ref])[-1]
    except (ValueError, ContentError) as err:
        return (("name", ref), ("error", str(err)[:300]))
    warnings = [f"it removes from the base rules: {'; '.join(rep.removes)}"] if rep.removes else []
    warnings += [f"{d.code}: {d.message}" for d in rep.warnings]
    if rep.noop:
        warnings.append("it changes nothing in the rules: it cannot be played")
    return (("name", rep.name), ("summary", summary(rep.changes)), ("warnings", tuple(warnings)), ("noop", rep.noop))


def fits(game: str) -> Callable[[str], bool]:
    """Does a variant file that names no game apply to `game`'s rules without an error?"""
    return lambda path: "error" not in variant_info(game, ["base"], path)


def playable_variant(game: str, packs: list[str], ref: str, designs: Designs) -> None:
    """Refuse (ApiError 400) a variant that cannot apply, or that changes nothing (the variant guard)."""
    info = variant_info(game, packs, ref, designs)
    if "error" in info:
        raise ApiError(400, f"cannot set up this game: {info['error']}")
    if info.get("noop"):
        raise ApiError(400, f"variant {info['name']!r} ({designs.public(ref)}) changes nothing in the rules of "
                            f"{game}: a game with it is the base game (`rulewright variant diff` shows what its "
                            "keys do)")


def check_spec(spec: Any, designs: Designs | None = None) -> dict:
    """A new game's settings from the request body, validated (ApiError 400 says what is wrong); `designs`:
    the folders of packs and variants this server may also read."""
    designs = designs or Designs()
    if not isinstance(spec, dict):
        raise ApiError(400, "the body must be a JSON object such as {\"players\": 2, \"seats\": [\"human\", \"greedy\"]}")
    extra = [k for k in spec if k not in FIELDS]
    if extra:
        raise ApiError(400, f"unknown field {extra[0]!r} (fields: {', '.join(FIELDS)})")
    game = spec.get("game", games.default_game())
    if game not in known_games():
        raise ApiError(400, f"unknown game {game!r} (games: {', '.join(known_games())})")
    lo, hi = player_range(game)
    seats_given = spec.get("seats")
    default_players = len(seats_given) if isinstance(seats_given, list) and seats_given else lo
    players = _int(spec, "players", lo, hi, default_players)
    seed = _int(spec, "seed", 0, MAX_SEED, None) if "seed" in spec else fresh_seed()
    packs = _names(spec, "packs", known_packs(game) + designs.packs(game), 8, designs)
    if "base" not in packs:
        packs.insert(0, "base")
    # a designer's own pack or variant is named as the page shows it: the game reads the server's path
    packs = [designs.private("packs", p, game, set()) for p in packs]
    variants = _names(spec, "variants", known_variants(packs, game) + designs.variants(game, fits(game)), 8,
                      designs)
    variants = [designs.private("variants", v, game, fits(game)) for v in variants]
    for v in variants:
        playable_variant(game, packs, v, designs)
    kinds = playable_kinds(game)
    seats = spec.get("seats", [HUMAN] * players)
    if not isinstance(seats, list) or len(seats) != players or not all(isinstance(s, str) for s in seats):
        raise ApiError(400, f"'seats' must list one of {', '.join(kinds)} for each of the {players} players")
    bad = [s for s in seats if s not in kinds]
    if bad:
        raise ApiError(400, f"unknown seat kind {bad[0]!r} (known: {', '.join(kinds)})")
    return {"game": game, "players": players, "seed": seed, "packs": packs, "variants": variants, "seats": seats}


class Hub:
    """All games of one server, backed by one store, within `limits`."""

    def __init__(self, store: Store, designs: Designs | None = None, limits: Limits | None = None):
        self.store = store
        self.designs = designs or Designs()
        self.limits = limits or Limits()
        self.tables: OrderedDict[str, Table] = OrderedDict()  # the live games, least recently used first
        self._lock = threading.Lock()
        self.closing = False
        self._watchers: dict[str, set[tuple[asyncio.AbstractEventLoop, asyncio.Event]]] = {}
        self._created: deque[float] = deque()  # when the games of the last minute were created
        self.bots = BotRunner(self)

    # ---- games ------------------------------------------------------------------------------------
    def _admit(self, seats: list[str]) -> None:
        """Refuse a new game beyond the limits: games per minute (429), games kept, bots busy (503)."""
        now = time.monotonic()
        with self._lock:
            while self._created and now - self._created[0] > 60:
                self._created.popleft()
            if len(self._created) >= self.limits.creates_per_minute:
                wait = int(60 - (now - self._created[0])) + 1 if self._created else 60
                raise ApiError(429, f"too many new games: at most {self.limits.creates_per_minute} a minute; "
                                    f"try again in {wait} s", headers={"Retry-After": str(wait)})
            if self.store.count() >= self.limits.max_games:
                raise ApiError(503, f"this server keeps at most {self.limits.max_games} games and is full",
                               headers={"Retry-After": "3600"})
            if any(k != HUMAN for k in seats) and self.bots.queued() >= self.limits.max_bot_games:
                raise ApiError(503, "the bots are busy with other games: try again in a minute",
                               headers={"Retry-After": "60"})
            self._created.append(now)

    def create(self, spec: Any) -> dict:

        s = check_spec(spec, self.designs)
        self._admit(s["seats"])
        try:
            game = new_game(players=s["players"], seed=s["seed"], packs=s["packs"], variants=s["variants"],
                            game_id=s["game"], forkable=True)
        except (ValueError, ContentError, IllegalAction) as err:
            raise ApiError(400, f"cannot set up this game: {err}") from None
        game.config["bots"] = list(s["seats"])
        if HUMAN in s["seats"]:  # a person sits here: the rules may offer shortcuts (a whole collection at once)
            game.config["seat_shortcuts"] = True
        Trail().attach(game)
        table = Table(secrets.token_urlsafe(9), game, list(s["seats"]),
                      [secrets.token_urlsafe(24) for _ in s["seats"]], secrets.token_urlsafe(24))
        with table.lock:
            self.store.insert(Record(table.id, [{"kind": k, "token": t} for k, t in
                                                zip(table.kinds, table.tokens, strict=True)],
                                     table.spectator, game.save(), table.revisions()))
            with self._lock:
                self._keep(table)
        self.bots.schedule(table)  # the bots move in the background: the answer comes at once
        # links only for people's seats: a bot's seat (its hand) is never shown to anyone
        return {"id": table.id, "game": s["game"],
                "seats": [{"player": i, "name": n, "kind": k} | ({"token": t, "url": f"/games/{table.id}?token={t}"}
                                                                 if k == HUMAN else {})
                          for i, (n, k, t) in enumerate(zip(names(game), table.kinds, table.tokens, strict=True))],
                "spectator": {"token": table.spectator, "url": f"/games/{table.id}?token={table.spectator}"}}

    def table(self, game_id: Any, schedule: bool = True) -> Table:
        """The game with this id, loaded from the store if needed; ApiError 404 when there is none."""
        if not isinstance(game_id, str) or not 0 < len(game_id) <= 64:
            raise ApiError(404, "no such game")
        with self._lock:
            table = self.tables.get(game_id)
            if table is not None:
                self.tables.move_to_end(game_id)
                return table
            rec = self.store.get(game_id)
            if rec is None:
                raise ApiError(404, "no such game here (games: /)")
            table = self._load(rec)
            self._keep(table)
        if schedule:
            self.bots.schedule(table)  # a bot whose turn came just before a stop moves now
        return table

    def _keep(self, table: Table) -> None:
        """Hold a game in memory, letting the least recently used idle ones go (caller holds the hub lock)."""
        self.tables[table.id] = table
        for old_id in list(self.tables)[: max(0, len(self.tables) - MAX_LIVE)]:
            old = self.tables[old_id]
            if old.lock.acquire(blocking=False):  # a game in use stays
                try:
                    del self.tables[old_id]
                finally:
                    old.lock.release()

    def _load(self, rec: Record) -> Table:

        kinds = [s["kind"] for s in rec.seats]
        try:
            game = playable(rec.save, kinds)
        except Exception as err:  # a damaged save: whatever it raises, the seat hears which file, not why
            log.warning("rulewright serve: game %s in %s cannot be loaded: %s: %s", rec.id, self.store.path,
                        type(err).__name__, err)
            raise StoreError(f"game {rec.id} in the games file {self.store.path} is damaged: its save cannot "
                             "be replayed (the server's log says why)", 500) from None
        if len(rec.seats) != len(game.state["players"]):
            raise StoreError(f"game {rec.id} in the games file {self.store.path} is damaged: its seats do not "
                             "match its players", 500)
        table = Table(rec.id, game, kinds, [s["token"] for s in rec.seats], rec.spectator)
        n = len(game.actions)
        revision, applied = rec.revisions.get("revision"), rec.revisions.get("applied")
        if (type(revision) is int and isinstance(applied, list) and len(applied) == n
                and all(type(r) is int for r in applied) and applied == sorted(set(applied))
                and (not applied or applied[-1] < revision)):
            table.revision, table.applied = revision, applied
        else:  # a games file of an earlier version: one revision per decision
            table.revision, table.applied = n, list(range(n))
        return table

    def act(self, game_id: Any, token: Any, choice: Any, revision: Any) -> tuple[int, int]:
        """Apply a seat's choice at `revision` exactly once; the revision and step after it. Refusals change
        nothing."""
        table = self.table(game_id)
        with table.lock:
            if self.tables.get(table.id) is not table:  # let go from memory meanwhile: act on the stored game
                return self.act(game_id, token, choice, revision)
            seat = table.seat_of(token)
            game = table.game
            if seat is None:
                raise ApiError(403, "a spectator watches: this link cannot choose")
            now, step = table.revision, len(game.actions)
            where = {"revision": now, "step": step}
            if type(revision) is not int or revision < 0:
                raise ApiError(400, "'revision' must be the revision of the state your choice answers (a whole "
                                    "number)", where)
            if revision < now:
                i = table.applied_at(revision)
                if i is not None and game.actions[i] == {"player": seat, "choice": choice}:
                    return revision + 1, i + 1  # a retry of a choice applied: the same answer, nothing changes
                raise ApiError(409, f"revision {revision} is past: the game is at revision {now} (fetch the state "
                                    "again)", where)
            if revision > now:
                raise ApiError(409, f"the game is at revision {now}, not {revision} (fetch the state again)", where)
            d = game.pending
            if d is None:
                raise ApiError(409, "the game is over: no more choices", where)
            if d.player != seat:
                raise ApiError(409, f"it is {names(game)[d.player]}'s turn, not yours: wait for your turn", where)
            if not isinstance(choice, str) or choice not in d.options:
                shown = ", ".join(d.options[:12]) + (" ..." if len(d.options) > 12 else "")
                raise ApiError(400, f"{_shown(choice)} is not an option of '{d.prompt}' (options: {shown})")
            try:
                trail_of(game).apply(game, {"player": seat, "choice": choice})  # judged and kept for undo
            except IllegalAction as err:
                raise ApiError(400, str(err)) from None
            self.commit(table, step)
            answer = table.revision, len(table.game.actions)
        self.bots.schedule(table)
        return answer

    def undo(self, game_id: Any, token: Any, revision: Any = None) -> tuple[int, int]:
        """Take back the seat's last decision (engine/undo.py decides whether it may be); the new revision and
        step. With `revision`, only if the game is still at it (a resent undo takes back nothing more). A
        refusal (409) says why and changes nothing."""
        table = self.table(game_id)
        with table.lock:
            if self.tables.get(table.id) is not table:  # let go from memory meanwhile: undo on the stored game
                return self.undo(game_id, token, revision)
            seat = table.seat_of(token)
            if seat is None:
                raise ApiError(403, "a spectator watches: this link cannot undo")
            where = {"revision": table.revision, "step": len(table.game.actions)}
            if revision is not None and (type(revision) is not int or revision != table.revision):
                raise ApiError(409, f"cannot undo: the game is at revision {table.revision}, not {revision!r} "
                                    "(fetch the state again)", where)
            check = undo_check(table.game, seat)
            if check.steps == 0:
                raise ApiError(409, f"cannot undo: {check.reason}", where)
            actions, revision, applied = [dict(a) for a in table.game.actions], table.revision, list(table.applied)
            undo(table.game, seat)
            table.applied.pop()
            table.revision += 1
            try:
                self.store.update(table.id, table.game.save(), table.revisions())
            except Exception:  # what is not stored did not happen
                table.revision, table.applied = revision, applied
                table.game = playable(table.game.save() | {"actions": actions}, table.kinds)
                raise
            self.notify(table.id)
            return table.revision, len(table.game.actions)

    def commit(self, table: Table, start: int) -> None:
        """Store the game's new actions (each given the next revision), then wake its watchers (caller holds
        the table's lock). What cannot be stored did not happen: the game goes back to its stored state."""
        game = table.game
        added = len(game.actions) - start
        revision, applied = table.revision, list(table.applied)
        table.applied += range(table.revision, table.revision + added)
        table.revision += added
        try:
            self.store.update(table.id, game.save(), table.revisions())
        except Exception:
            table.revision, table.applied = revision, applied
            table.game = playable(game.save() | {"actions": game.actions[:start]}, table.kinds)
            raise
        self.notify(table.id)

    # ---- watchers (event streams) -------------------------------------------------------------------
    def watch(self, game_id: str) -> asyncio.Event:
        ev = asyncio.Event()
        with self._lock:
            self._watchers.setdefault(game_id, set()).add((asyncio.get_running_loop(), ev))
        return ev

    def unwatch(self, game_id: str, ev: asyncio.Event) -> None:
        with self._lock:
            for item in list(self._watchers.get(game_id, ())):
                if item[1] is ev:
                    self._watchers[game_id].discard(item)

    def notify(self, game_id: str) -> None:
        with self._lock:
            watchers = list(self._watchers.get(game_id, ()))
        for loop, ev in watchers:
            if not loop.is_closed():
                loop.call_soon_threadsafe(ev.set)

    def close_streams(self) -> None:
        """End every event stream (the server is stopping); safe to call from a signal handler (no lock)."""
        self.closing = True
        for watchers in list(self._watchers.values()):
            for loop, ev in list(watchers):
                if not loop.is_closed():
                    loop.call_soon_threadsafe(ev.set)

    def revision(self, game_id: str) -> int:
        """The game's revision: what the event streams announce (it changes at every change, undo included)."""
        return self.table(game_id).revision


def _shown(value: Any, width: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 3] + "..."
