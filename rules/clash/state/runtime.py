"""The Clash of Cultures runtime: the facade every rule reads and changes a running game through.

One `Clash` object lives beside each running game. This module owns state access, the board as
revealed, hooks (running triggers) and decisions, and the card language's verbs that need no more;
two mixins own the rest: what abilities are in force and what they say (in_force.py), and resources,
payments and drawing (resources.py). Rules written higher up (procedures, functions, objectives) are
found by name in the registry (registry.py), never imported from here.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ....engine.abilities import Ctx
from ....engine.board import Board
from ....engine.decision import RunawayEffect, ask, choose_one, confirm
from ....engine.rng import Rng
from ....engine.steady import Steady
from ..names import BARBARIAN
from ..registry import FUNCTIONS, PROCEDURES, SERVICES
from .between import Between
from .changes import GATED_HOOKS, Changes
from .in_force import InForce
from .kept import Kept
from .measures import tally_hook
from .resources import Resources
from .triggers import run_triggers

if TYPE_CHECKING:
    from ....engine.machine import Game
    from .definition import ClashDefinition

MAX_TRIGGER_DEPTH = 24


class Clash(InForce, Resources, Changes, Kept, Between):
    def __init__(self, defn: ClashDefinition, game: Game):
        self.defn = defn
        self.game = game
        self.params = defn.params
        self.index = defn.index
        self._discounts = "open_discount" in defn.index.modifiers  # some content gives one (state/prices.py)
        self._board: Board | None = None
        self._board_of: dict | None = None  # the state's board the cached one was worked out from
        # memos of pure answers whose keys hold all they depend on: shared by every game of the definition
        # (a fork starts with them warm, and nothing is copied)
        self._sources_cache: dict[tuple, tuple[list[str], frozenset[str]]] = defn.pure_memo("sources")
        self._subs_cache: dict[tuple, dict[str, list[str]]] = defn.pure_memo("substitutes")
        self._actions_cache: dict[tuple, list] = defn.pure_memo("special_actions")
        self._in_force_cache: dict[tuple, tuple] = defn.pure_memo("in_force")
        self._payable_cache: dict[tuple, bool] = defn.pure_memo("payable")
        self._frozen: dict[int, tuple] = defn.pure_memo("frozen_substitutes")
        self._steady = Steady()  # in_force.steady(): the memo of the current steady stretch
        self._depth = 0
        self._trigger_chain: list[str] = []
        self.round_sources: dict[int, list[str]] = {}  # combat cards in force for one round
        self.cards_played: dict[int, list[str]] = {}  # statistics for simulations (rebuilt by replay)
        # hook -> player -> firings, for end_measures.py (idem); an inner dict is replaced, never changed, so a
        # fork shares them (carry_over copies the outer dict only)
        self.fired: dict[str, dict[int, int]] = {}
        # what -> player -> content ids, for simulate's coverage; replaced on change like `fired`
        self.used: dict[str, dict[int, tuple[str, ...]]] = {}
        self._objective_hooks = defn.objective_hooks
        self.gain_tally = [0, 0]  # gains asked and got (resources.py: the log says when a payment bought nothing)
        self.watch = getattr(defn, "watch", None)  # a study's counted moments (engine/watch.py), or None
        # while a move asks where to: (origin, unit ids) of the group moving (bots read it; not state: the
        # action list rebuilds it, like `battle`)
        self.moving: tuple[str, list[str]] | None = None

    # ---- state access --------------------------------------------------------------------------
    @property
    def state(self) -> dict:
        """The running game's state (rules read and change it only through this runtime and the machine)."""
        return self.game.state

    @property
    def rng(self) -> Rng:
        """The seeded random stream kept in the state: every die and shuffle draws from it, so games replay
        exactly."""
        return Rng(self.state)

    def player(self, i: int) -> dict:
        """A player's part of the state (resources, advances, hand, ...)."""
        return self.game.state["players"][i]  # the hottest accessor: no detour through `state`

    @property
    def n(self) -> int:
        """The number of players."""
        return len(self.state["players"])

    def name(self, i: int) -> str:
        """A side's name for logs and seats: a player's, "Barbarians", or the content's name of another side
        (pirates)."""
        if i == BARBARIAN:
            return "Barbarians"
        if i < 0 or i >= self.n:  # another side owned by no player (PIRATES): named by its content
            return SERVICES["side_name"](self)
        return self.player(i)["name"]

    def note(self, what: str, p: int) -> None:
        """Count one happening for p (a hook fired, an event card drawn) for the end-of-game measures."""
        per_player = self.fired.get(what, {})
        self.fired[what] = {**per_player, p: per_player.get(p, 0) + 1}

    def note_used(self, what: str, p: int, entry: str) -> None:
        """Record that p used a content entry (`wonder_built`, `event_card_drawn`): simulate's coverage reads
        these instead of the log's wording (tools/coverage.py)."""
        per_player = self.used.get(what, {})
        self.used[what] = {**per_player, p: (*per_player.get(p, ()), entry)}

    def says(self, i: int, verb: str) -> str:
        """A side's name with a verb that agrees: 'Player 1 rolls', 'Barbarians roll' (a side of no player)."""
        return f"{self.name(i)} {verb if i < 0 or i >= self.n else verb + 's'}"

    def log(self, text: str) -> None:
        """Append a line to the game's log (public: nothing hidden from a player is written there)."""
        self.game.log.append(text)

    def players_in_turn_order(self) -> list[int]:
        """The players from this round's first player on: the order triggers and status steps run in."""
        return self.turn_order()

    def turn_order(self) -> list[int]:
        """The players in turn order, starting with the round's first player."""
        f = self.state["first"]
        return [(f + k) % self.n for k in range(self.n)]

    def cities_of(self, p: int) -> list[str]:
        """The spaces of p's cities."""
        return list(self.cities_by_owner().get(p, ()))  # kept current (state/kept.py)

    def city(self, space: str) -> dict | None:
        """The city at `space` (its owner, pieces, mood, wonders), or None."""
        return self.state["cities"].get(space)

    def city_size(self, space: str) -> int:
        """A city's size: its pieces (settlement included)."""
        c = self.state["cities"][space]
        return len(c["pieces"])

    def units_at(self, space: str, owner: int | None = None, utype: str | None = None) -> list[str]:
        """The units on `space`, optionally only `owner`'s and only of type `utype`."""
        here = self.units_by_space().get(space, ())  # kept current by the changes (state/kept.py)
        if owner is None and utype is None:
            return list(here)
        units = self.state["units"]
        return [u for u in here if (owner is None or units[u]["owner"] == owner)
                and (utype is None or units[u]["type"] == utype)]

    def units_of(self, p: int, utype: str | None = None) -> list[str]:
        """p's units, optionally only of type `utype`."""
        mine = self.units_by_owner().get(p, ())  # kept current by the changes (state/kept.py)
        if utype is None:
            return list(mine)
        units = self.state["units"]
        return [u for u in mine if units[u]["type"] == utype]

    def role(self, name: str) -> str:
        """The unit type that plays a role the rules name (e.g. the unit type that settles), from the
        vocabulary."""
        return self.defn.roles[name]

    def is_role(self, utype: str, role: str) -> bool:
        """Does unit type `utype` play `role`?"""
        return self.defn.roles.get(role) == utype

    # ---- the board -----------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        """The board as revealed so far, kept (state/kept.py): a region turned face up or a start region
        exchanged calls board_changed, and a state whose board is another object gets its own."""
        b = self.game.state["board"]
        if self._board_of is b:
            return self._board  # type: ignore[return-value]
        key = (self.n, tuple(t if r else None for t, r in zip(b["tiles"], b["revealed"], strict=True)),
               tuple(b["rots"]))
        self._board = self.defn.board_for(key, self.region_terrains)
        self._board_of = b
        return self._board

    def board_changed(self) -> None:
        """A region was turned face up (or a start region exchanged): the board is worked out again."""
        self._board_of = None

    def region_terrains(self, tile: str) -> list[str]:
        """The terrains of a map region, space by space (the definition's map data)."""
        return self.defn.region_terrains(tile)

    def terrain(self, space: str) -> str | None:
        """The terrain of a space as revealed (None while its region lies face down)."""
        return self.board.space(space).terrain

    def is_water(self, space: str) -> bool:
        """Is the space sea?"""
        return self.terrain(space) == "sea"

    def is_land(self, space: str) -> bool:
        """Is the space revealed land (not sea, not face down)?"""
        t = self.terrain(space)
        return t is not None and t != "sea"

    def distance(self, a: str, b: str) -> int | None:
        """Steps between two spaces on the board as revealed (None when no path is known)."""
        return self.board.distance(a, b)

    # ---- hooks ----------------------------------------------------------------------------------
    def emit(self, hook: str, p: int, **payload: Any) -> Generator:
        """Run the triggers on `hook`: the acting player's first, then the others in turn order (each player's
        in the order he chooses when several fire at once: state/triggers.py)."""
        triggers = self.index.triggers.get(hook)
        payload.setdefault("player", p)
        if self.watch is not None:
            self.watch.fired(self, hook, p, payload)
            if hook in GATED_HOOKS and hook not in self.defn.listened_hooks:
                return payload  # heard only by the study's watch: the game goes on as it would unwatched
        self.note(hook, p)
        if p >= 0:
            tally_hook(self, p, hook, payload.get("opponent"))  # for times_this_turn(hook[, opponent])
        if hook in self._objective_hooks:
            yield from SERVICES["check_objectives"](self, p, "immediate", hook, payload)
        if not triggers:
            return payload
        order = [p] + [q for q in self.turn_order() if q != p] if p >= 0 else self.turn_order()
        self._depth += 1
        try:
            if self._depth > MAX_TRIGGER_DEPTH:
                # the chain holds the triggers still running, outermost first: the loop's entries
                loop = list(dict.fromkeys(self._trigger_chain))
                names = ", ".join(f"{self.source_name(s)} ({s})" for s in loop) or "the rules"
                raise RunawayEffect(f"runaway effect stopped: triggers set each other off more than "
                                    f"{MAX_TRIGGER_DEPTH} times deep (last on '{hook}'); the loop runs through "
                                    f"{names}", loop)
            for owner in order:
                self.peek("triggers", hook, owner)
                yield from run_triggers(self, owner, p, triggers, payload)
        finally:
            self._depth -= 1
            if self._depth == 0:
                self._trigger_chain.clear()
        return payload

    # ---- decisions ------------------------------------------------------------------------------
    def ask(self, p: int, kind: str, prompt: str, options: list[str], labels: list[str] | None = None,
            refused: dict[str, str] | None = None) -> Generator:
        """Stop for a decision; returns the chosen option (engine.decision.ask)."""
        return (yield from ask(p, kind, prompt, options, labels, refused))

    # ---- the card language's runtime --------------------------------------------------------------
    def attr(self, ctx: Ctx, obj: Any, name: str) -> Any:
        """An attribute of an object in card text: a city's owner, size, mood or space (None for anything
        else)."""
        if isinstance(obj, str) and obj in self.state["cities"]:
            c = self.state["cities"][obj]
            if name == "owner":
                return c["owner"]
            if name == "size":
                return len(c["pieces"])
            if name == "mood":
                return c["mood"]
            if name == "space":
                return obj
        return None

    def has(self, ctx: Ctx, container: Any, item: Any) -> bool:
        """The card language's `in`: a city holds a piece or wonder, a list holds an item."""
        if isinstance(container, str) and container in self.state["cities"]:
            c = self.state["cities"][container]
            return item in c["pieces"] or item in c["wonders"]
        if isinstance(container, (list, tuple, set)):
            return item in container
        return False

    def call(self, ctx: Ctx, name: str, args: list) -> Any:
        """Evaluate a card-language function written in the rules (registry FUNCTIONS) for the card's
        owner."""
        return FUNCTIONS[name](self, ctx, *args)

    def do(self, ctx: Ctx, name: str, args: list) -> Generator:
        """Run a rule procedure named in card text (registry PROCEDURES) for the card's owner; returns its
        result (`do P(...) as NAME`)."""
        return (yield from PROCEDURES[name](self, ctx.me, *args, ctx=ctx))

    def cancel(self, ctx: Ctx) -> None:
        """Cancel the event a trigger answers (the rule that emitted it reads ctx.vars["cancelled"])."""
        ctx.vars["cancelled"] = True

    def grant_until_end_of_turn(self, ctx: Ctx, name: str, args: list) -> None:
        """A permission (`grant name(args)`) for the card's owner until the end of the turn."""
        self.player(ctx.me)["temp"].append([name, list(args), ctx.source])

    def grant_until_end_of(self, ctx: Ctx, period: str, name: str, args: list) -> None:
        """A permission lasting the round (its status phase too): kept at turn starts while the round lasts."""
        self.player(ctx.me)["temp"].append([name, list(args), ctx.source, f"{period}{self.state['round']}"])

    def choose(self, ctx: Ctx, labels: list[str], prompt: str) -> Generator:
        """Ask the card's owner to choose one of `labels` (its index is returned), prompted with the source's
        name."""
        return (yield from choose_one(ctx.me, f"{self.source_name(ctx.source)}: {prompt}", labels))

    def confirm(self, ctx: Ctx, prompt: str) -> Generator:
        """Ask the card's owner a yes-or-no question; returns True for yes."""
        return (yield from confirm(ctx.me, prompt))

