"""The game machine: a state, a running procedure that stops at decisions, and `apply`.

A game's rules are a generator (`definition.flow(game)`) that yields a Decision whenever someone
must choose and receives the chosen option. The machine keeps the state, the pending decision and
the list of applied actions. Saving writes the set-up and the actions; loading replays them, so a
game saved in the middle of a decision continues exactly where it stopped. An illegal action is
refused before anything changes; should a rule fail half-way, the game is rebuilt by replay, so a
failed `apply` never leaves a half-changed state.
"""

from __future__ import annotations

import copy
import gc
import hashlib
import json
import pickle
from collections.abc import Callable, Generator
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from .. import __version__
from .decision import Decision, IllegalAction
from .provenance import STREAM, STREAMS, fingerprint, stream_name, version_line

SAVE_FORMAT = 2
# the JSON Schema of a save (format, game, config, actions), shipped with the content schemas
SAVE_SCHEMA = Path(__file__).resolve().parent.parent / "content" / "schema" / "save.schema.json"


def _from_format_1(save: dict) -> dict:
    """Format 1 did not record the random stream nor the content: `stream: null` makes Game.load find the
    stream that replays the whole save (or refuse it), never trust the first actions."""
    return {**save, "format": 2, "stream": None}


# upgrades of older save layouts: MIGRATIONS[n] turns a format-n save into a format-(n+1) one.
MIGRATIONS: dict[int, Callable[[dict], dict]] = {1: _from_format_1}


class SaveError(IllegalAction):
    """A save that cannot be loaded: not a save, a format this version does not read, or an action
    that the game refuses on replay. The message says which and where."""


@cache
def _save_validator():
    import jsonschema

    schema = json.loads(SAVE_SCHEMA.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def validate_save(save: Any) -> dict:
    """Check a save against content/schema/save.schema.json; returns it (upgraded to SAVE_FORMAT).

    Raises SaveError naming what is wrong: the format (newer or older than this version reads),
    or up to five schema errors, each with its place in the file (e.g. `actions/12/choice`).
    """
    if not isinstance(save, dict):
        raise SaveError(f"not a save: a save is a JSON object with format, game, config and actions, "
                        f"got {type(save).__name__}")
    if "format" not in save:
        raise SaveError("not a save: no 'format' field (saves written by rulewright have one; "
                        f"this version reads format {SAVE_FORMAT})")
    fmt = save["format"]
    if type(fmt) is int and fmt != SAVE_FORMAT:
        if fmt > SAVE_FORMAT:
            raise SaveError(f"this save is format {fmt}, written by a newer rulewright; this version reads "
                            f"format {SAVE_FORMAT}: update rulewright to load it")
        while fmt < SAVE_FORMAT and fmt in MIGRATIONS:
            save = MIGRATIONS[fmt](save)
            fmt += 1
        if fmt != SAVE_FORMAT:
            raise SaveError(f"this save is format {fmt}, older than any this version reads (format "
                            f"{SAVE_FORMAT}; no upgrade from format {fmt} is known)")
    errors = sorted(_save_validator().iter_errors(save), key=lambda e: [str(x) for x in e.absolute_path])
    if errors:
        shown = "; ".join(f"{'/'.join(map(str, e.absolute_path)) or 'the save'}: "
                          f"{e.message if len(e.message) <= 120 else e.message[:117] + '...'}" for e in errors[:5])
        more = f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
        raise SaveError(f"not a valid save (content/schema/save.schema.json): {shown}{more}")
    return save


def _short(value: Any, width: int = 60) -> str:
    """repr() cut to a readable length (a refused action may hold a huge string)."""
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


# ids of the definitions whose objects have been moved out of the cycle collector's reach (see _settle)
_SETTLED: set[int] = set()
# a process plays with a few definitions; one that makes many (mutation tests) stops freezing after these,
# so that the definitions it drops are still collected
SETTLE_AT_MOST = 8


def _settle(definition: Any) -> None:
    """Move everything alive when a definition plays its first game (its compiled content and the
    modules, objects that live as long as the process) out of the cycle collector's generations
    (gc.freeze; a collection first found nothing to free and took 50 ms). A fork unpickles a whole state, enough new
    objects to start collections; a full one then walked the content too, and made the slowest forks
    20-60 times slower than the rest."""
    if id(definition) not in _SETTLED and len(_SETTLED) < SETTLE_AT_MOST:
        _SETTLED.add(id(definition))
        gc.freeze()


class Definition(Protocol):
    """What a game's rules provide to the machine (a game's `definition(packs, variants)` returns one)."""

    game_id: str

    def new_state(self, config: dict) -> dict:
        """The state at the start, from the set-up `config` (players, seed, packs, variants, and optionally
        `position` or `checkpoint`): plain JSON data, since saves, forks and the service copy it."""

    def flow(self, game: Game) -> Generator[Decision, str, None]:
        """The rules, run as a generator over `game.state`: it yields each Decision and receives the option
        chosen; returning ends the game. It must depend on the state and the choices alone (determinism)."""

    def view(self, game: Game, player: int | None) -> dict:
        """A copy of the state as `player` may see it (None: a spectator), hidden information removed; what is
        hidden is the game's to declare (engine/hidden.py reads `hidden:` of its game.yaml)."""

    def resumable(self, game: Game) -> bool:
        """Can the flow restart from the state alone at the pending decision? Checkpoints (the service) and
        fork snapshots are taken only there; a decision asked deep inside a rule procedure is not."""


class Game:
    def __init__(self, definition: Definition, config: dict, checkpoints: bool = False, forkable: bool = False,
                 parent: Game | None = None):
        self.definition = definition
        _settle(definition)
        # while a fork starts: the game it is forked from (the definition may reuse its caches)
        self.fork_parent = parent
        self.config = dict(config)
        self.actions: list[dict] = []
        self.log: list[str] = []
        self.notes: list[str] = []  # what a load found worth telling (an older random stream ...)
        self.state: dict = definition.new_state(self.config)
        self.pending: Decision | None = None
        self.over = False
        # the stateless service path: keep the last resumable state and the actions applied since
        self.checkpoints = checkpoints
        self.checkpoint: str | None = None
        self.since: list[dict] = []
        self.checkpoints_taken = 0
        # forking (see fork()): the state at the last resumable decision, pickled, and the actions before it
        self.forkable = forkable
        self._snap: bytes | None = None
        self._snap_at = 0
        self._sealed = False
        self._applying = False  # True while an action is being applied (resume_point counts it)
        # menus remembered since the last snapshot (see remembered()); a fork replaying its parent's actions
        # reads the parent's instead of working them out again
        self._memos: list[tuple[Any, Any]] = []
        self._memo_i = 0
        self._known: list[tuple[Any, Any]] | None = (list(parent._memos) if parent is not None and parent._memos_ok
                                                      else None)
        self._recording = forkable or parent is not None
        self._memos_ok = True  # False while the memos do not start at the snapshot (a service game's first fork)
        self._asked: tuple[Any, Any] | None = None  # the memo asked on the way to the pending decision (_resume)
        # how to start this game again for a rebuild after a failed rule (engine/service.py sets it for a
        # game restored from a checkpoint); None: from the set-up in `config`
        self.restart: Callable[[], Game] | None = None
        self._flow = definition.flow(self)
        self._resume(None)
        self.fork_parent = None

    # ---- running ----------------------------------------------------------------------------
    def _resume(self, choice: str | None) -> None:
        before = len(self._memos)
        self._applying = choice is not None
        try:
            self.pending = self._flow.send(choice) if choice is not None else next(self._flow)
        except StopIteration:
            self.pending = None
            self.over = True
        # the menu asked on the way to the pending decision (a fork restarting at it asks it first)
        self._asked = self._memos[-1] if len(self._memos) > before else None
        if self.forkable and self.pending is not None and self.definition.resumable(self):
            self._forks_start_here(len(self.actions) + (choice is not None))  # apply() appends the action after
        if self.checkpoints and self.pending is not None and self.definition.resumable(self):
            self.checkpoint = json.dumps(self.state, separators=(",", ":"))
            self.since = []
            self.checkpoints_taken += 1

    def resume_point(self, marker: dict) -> None:
        """Called by the rules' flow where it could restart from the state plus `marker` (a few keys that
        say where, e.g. which step of a phase) before anything of that step is done: a fork then replays
        only the actions since, not those since the last resumable decision. The live state is not changed."""
        if not self.forkable:
            return
        self._snap = pickle.dumps({**self.state, **marker}, pickle.HIGHEST_PROTOCOL)
        self._snap_at = len(self.actions) + self._applying  # apply() appends the action being applied after
        self._memos = []  # a fork restarts here: it works out every menu after this point itself
        self._memos_ok = True

    def legal_actions(self) -> list[dict]:
        """The actions `apply` accepts now, one per option of the pending decision ([] once the game is over)."""
        if self.pending is None:
            return []
        p = self.pending.player
        return [{"player": p, "choice": o} for o in self.pending.options]

    def apply(self, action: dict) -> None:
        """Apply one action: {"player": index, "choice": option}. Raises IllegalAction, changing nothing."""
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a mapping with 'player' and 'choice', got {type(action).__name__}")
        if self.pending is None:
            raise IllegalAction("the game is over: no action can be applied")
        player, choice = action.get("player"), action.get("choice")
        if type(player) is not int:  # not True, 1.0 or "1": a save must hold exactly what was chosen
            raise IllegalAction(f"an action's 'player' is a player index (an integer), got {_short(player)}")
        if player != self.pending.player:
            raise IllegalAction(f"it is player {self.pending.player}'s decision ({self.pending.prompt}), "
                                f"not player {player}'s")
        if isinstance(choice, str) and choice in self.pending.refused:
            raise IllegalAction(f"{_short(choice)} cannot be taken now: {self.pending.refused[choice]}")
        if not isinstance(choice, str) or choice not in self.pending.options:
            shown = ", ".join(self.pending.options[:8]) + (" ..." if len(self.pending.options) > 8 else "")
            why = self._why_not(choice)
            raise IllegalAction(f"{_short(choice)} is not a legal choice for '{self.pending.prompt}'"
                                f"{': ' + why if why else ''}; legal: {shown}")
        clean = {"player": player, "choice": choice}
        taken = self.checkpoints_taken
        try:
            self._resume(choice)
        except Exception:
            # a rule failed half-way: rebuild the exact previous state, then report
            self._rebuild(self.actions)
            raise
        self.actions.append(clean)
        if self.checkpoints and self.checkpoints_taken == taken:
            self.since.append(clean)

    def _why_not(self, choice: Any) -> str | None:
        """The rules' reason an option is not offered, where the game can say (its definition's optional
        `why_not(game, decision, choice)`, e.g. which condition of a card's action failed); asked only for
        a refused choice, so a menu costs nothing more. A reason that cannot be worked out is left out."""
        why_not = getattr(self.definition, "why_not", None)
        if why_not is None or not isinstance(choice, str):
            return None
        try:
            return why_not(self, self.pending, choice)
        except Exception:  # the refusal stands whatever the explanation does
            return None

    def _rebuild(self, actions: list[dict]) -> None:
        fresh = self.restart() if self.restart is not None else Game(self.definition, self.config, self.checkpoints, self.forkable)
        for a in actions:
            fresh.apply(a)
        self.become(fresh)

    def become(self, other: Game) -> None:
        """Turn this object into `other` (a rebuilt or forked copy of this game), in place, for whoever holds
        this object (a play loop, a seat); `other` must not be used afterwards. The rules' runtime, which a
        definition keeps on `game.rt` and its running flow reads, is pointed at this object, so the flow's
        own calls (resume points, remembered menus) reach the game that plays on."""
        self.__dict__.update(other.__dict__)
        rt = self.__dict__.get("rt")
        if rt is not None and getattr(rt, "game", None) is other:
            rt.game = self

    def remembered(self, key: Any, compute: Callable[[], Any]) -> Any:
        """`compute()`, a menu of options worked out from the state alone (no change to it), remembered.

        A fork restarts the rules' flow at the parent's last snapshot and replays the parent's actions
        since; on that replay the flow asks for the very menus the parent worked out, in the same order,
        so the fork takes them from the parent (same `key`, same place in the sequence) instead of working
        them out again. The first menu that differs in key, or comes after the replay, is computed."""
        known, i = self._known, self._memo_i
        self._memo_i = i + 1
        if known is not None and i < len(known) and known[i][0] == key:
            value = known[i][1]
        else:
            self._known = None
            value = compute()
        if self._recording:
            self._memos.append((key, value))
        return value

    # ---- forking -----------------------------------------------------------------------------
    def fork(self) -> Game:
        """An independent copy of this game, pending decision included, to play on (search, analysis).

        A generator cannot be copied, so a fork restarts the rules' flow from the state at the last
        decision the flow can resume from (kept pickled while the game is `forkable`) and replays the
        few actions applied since. The first fork of a game that was not forkable replays it once from
        the start and makes it forkable. The fork keeps the actions and the log; it takes no service
        checkpoints.
        """
        if self._sealed:
            raise RuntimeError("this game's state was changed outside its rules (a sampled guess of hidden "
                               "information): it cannot be forked")
        if self._snap is None and not self.forkable:
            if self.checkpoints and self.checkpoint is not None:  # a service game: resume its checkpoint
                self._snap = pickle.dumps(json.loads(self.checkpoint), pickle.HIGHEST_PROTOCOL)
                self._snap_at = len(self.actions) - len(self.since)
                self._memos, self._memos_ok = [], False
            else:
                fresh = Game(self.definition, self.config, False, True)
                for a in self.actions:
                    fresh.apply(a)
                self._snap, self._snap_at, self._memos = fresh._snap, fresh._snap_at, fresh._memos
            self.forkable = True
            self._recording = True
        config = dict(self.config)
        if self._snap is None:  # no resumable decision reached yet: start afresh and replay
            g = Game(self.definition, config, False, True)
            start = 0
        else:
            config["checkpoint"] = pickle.loads(self._snap)
            config["checkpoint_fresh"] = True  # a private copy: no need to copy it again
            g = Game(self.definition, config, False, False, parent=self)
            g.forkable = True
            g._snap, g._snap_at = self._snap, self._snap_at
            start = self._snap_at
        for a in self.actions[start:]:
            g.apply(a)
        g._known = None  # past the replay: the fork's own menus from here on
        g.config = pickle.loads(pickle.dumps(self.config, pickle.HIGHEST_PROTOCOL))  # a deep copy, faster
        g.actions = list(self.actions)  # the action mappings are never changed once applied: shared
        g.log = list(self.log)
        carry = getattr(self.definition, "carry_over", None)
        if carry is not None:
            carry(self, g)
        return g

    def snapshot_here(self) -> bool:
        """Make the state as it is now, at the pending decision, the one forks start from, when the flow can
        resume there: for a fork whose state was changed outside the rules (a sampled guess of hidden
        information, engine/search.py), so that copies of it are forks (no replay, no second guess) instead
        of sealed. The restarted flow takes the pending decision's menu from this game (`remembered`), so a
        fork offers the very options this game offers. False (nothing done) where the flow cannot resume."""
        if self._sealed or self.pending is None or not self.definition.resumable(self):
            return False
        self._forks_start_here(len(self.actions))
        self.forkable = self._recording = True
        return True

    def _forks_start_here(self, at: int) -> None:
        """Forks restart from the state as it is now, `at` actions into the game, at the pending decision:
        the only menu they work out before it is the one asked on the way here."""
        self._snap = pickle.dumps(self.state, pickle.HIGHEST_PROTOCOL)
        self._snap_at = at
        self._memos = [self._asked] if self._asked is not None else []
        self._memos_ok = True

    def seal(self) -> None:
        """Mark a fork whose state was changed outside the rules (hidden information resampled for a
        search): it plays on, but it can no longer be forked."""
        self._sealed = True
        self._snap = None
        self.forkable = False

    # ---- saving -----------------------------------------------------------------------------
    def save(self) -> dict:
        """The game as a save (content/schema/save.schema.json): the set-up and every action, so that a load
        replays it to the very same state, and what made it (version, random stream, content fingerprint) so
        that a later version knows whether it can; the same seed and actions give the same save, byte for
        byte."""
        config = {k: v for k, v in self.config.items() if k != "stream"}
        packs = config.get("packs") or []
        return {"format": SAVE_FORMAT, "game": self.definition.game_id, "written_by": __version__,
                "stream": self.config.get("stream", STREAM),
                "content": fingerprint(self.definition.game_id, [str(p) for p in packs]),
                "config": copy.deepcopy(config), "actions": [dict(a) for a in self.actions]}

    @classmethod
    def load(cls, definition: Definition, save: dict, upto: int | None = None, forkable: bool = False) -> Game:
        """Replay a save (validated against its schema first). Raises SaveError saying why it cannot.

        A save of this stream and content replays as it is. Otherwise (another stream, other content or
        rules, or a format-1 save that recorded neither) the whole save is replayed first, on the stream it
        names or, when it names none, on each stream this version has, newest first; a save that replays on
        none is refused before anything is shown, naming the versions, so `upto` never shows another game.
        `forkable`: the game keeps what fork() needs from the start (as the constructor's)."""
        save = validate_save(save)
        if save["game"] != definition.game_id:
            raise SaveError(f"this save is for game {save['game']!r}, not {definition.game_id!r}")
        stream = save.get("stream")
        if stream is not None and stream not in STREAMS:
            raise SaveError(f"this save was dealt by {stream_name(stream)}; {version_line()} has streams "
                            f"{', '.join(map(str, sorted(STREAMS)))}: update rulewright to load it")
        packs = [str(p) for p in save["config"].get("packs") or []]
        if stream is not None and save.get("content") == fingerprint(definition.game_id, packs):
            return cls._replay(definition, save, stream, upto, forkable)
        tried: list[str] = []
        for candidate in [stream] if stream is not None else sorted(STREAMS, reverse=True):
            try:
                whole = cls._replay(definition, save, candidate, None, forkable)
            except SaveError as err:
                tried.append(f"on {stream_name(candidate)}: {err}")
                continue
            game = whole if upto is None or upto >= len(save["actions"]) else cls._replay(
                definition, save, candidate, upto, forkable)
            if candidate != STREAM:
                game.notes.append(f"this save was dealt by {stream_name(candidate)}; it replays on it")
            return game
        written = f"rulewright {save['written_by']}" if save.get("written_by") else "an older rulewright"
        raise SaveError(f"this save (written by {written}, {stream_name(stream)}) does not replay with "
                        f"{version_line()} (rules, content or stream differ): " + "; ".join(tried))

    @classmethod
    def _replay(cls, definition: Definition, save: dict, stream: int, upto: int | None,
                forkable: bool = False) -> Game:
        config = dict(save["config"])
        if stream != STREAM:
            config["stream"] = stream
        try:
            game = cls(definition, config, forkable=forkable)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as err:  # e.g. a garbage position
            raise SaveError(f"the save's set-up (config) cannot start a game: {err}") from None
        for i, a in enumerate(save["actions"][:upto]):
            try:
                game.apply(a)
            except IllegalAction as err:
                raise SaveError(f"action {i} of the save ({_short(a, 80)}) cannot be replayed: {err}") from None
        return game

    def state_hash(self) -> str:
        """A digest of the state and the pending decision: equal hashes, equal games (tests of determinism,
        replay and forks compare them)."""
        blob = json.dumps({"state": self.state, "pending": self.pending.to_json() if self.pending else None},
                          sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()

    def snapshot(self) -> dict[str, Any]:
        """A deep copy of the whole state, hidden information included (for tools, never for a seat)."""
        return copy.deepcopy(self.state)

    def view(self, player: int | None) -> dict:
        """The state as `player` may see it (hidden information removed); None is a spectator."""
        return self.definition.view(self, player)
