"""Clash of Cultures as a game definition: content + rules data + the flow, ready for the machine."""

from __future__ import annotations

import copy
import re
from collections.abc import Generator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ....dsl.compiler import Compiler
from ....dsl.loader import Content, Entry, load_content
from ....dsl.parser import parse_effect
from ....dsl.rules_data import assemble, variant_stamp
from ....dsl.rules_data import variant_files as rules_variant_files
from ....engine.abilities import AbilityIndex, CompiledEntry
from ....engine.board import Board, Space
from ....engine.decision import Decision
from ....engine.diagnostics import ContentError
from ....engine.hexgrid import space_id
from ..board.map import Layout, build_layout, initial_board, place_region, region_terrains
from ..names import HAND_KIND, RULES_SOURCE, combat_source, start_tile
from ..registry import SERVICES
from .runtime import Clash
from .scenario import scenario_state
from .setup import new_state as setup_state
from .view import view as player_view

__all__ = ["HAND_KIND", "RULES_SOURCE", "ClashDefinition", "combat_source", "definition", "start_tile",
           "variant_files"]

RULES_DIR = Path(__file__).resolve().parent.parent  # rules/clash: game.yaml, variants/


def mentions(content: Content, word: str) -> bool:
    """Does any effect of the loaded content (either half of an action card) name `word`?"""
    said = re.compile(rf"\b{word}\b")
    for e in content.entries.values():
        combat = e.data.get("combat")
        for text in (e.data.get("effect"), combat.get("effect") if isinstance(combat, dict) else None):
            if isinstance(text, str) and said.search(text):
                return True
    return False


def counted_hooks(content: Content) -> frozenset[str]:
    """Hooks an effect counts with times_this_turn(hook): emitted even when no trigger listens to them."""
    out: set[str] = set()
    for e in content.entries.values():
        combat = e.data.get("combat")
        for text in (e.data.get("effect"), combat.get("effect") if isinstance(combat, dict) else None):
            if isinstance(text, str) and "times_this_turn" in text:
                out.update(_COUNTED.findall(text))
    return frozenset(out)


_COUNTED = re.compile(r"times_this_turn\(\s*([a-z_][a-z0-9_]*)")


def variant_files(content: Content | None = None) -> dict[str, Path]:
    """Variant overlays: the game's own, then those a loaded pack ships in its `variants/` folder."""
    return rules_variant_files(RULES_DIR, content)


@dataclass
class ClashDefinition:
    content: Content
    rules: dict
    variants: list[str] = field(default_factory=list)
    game_id: str = "clash"

    def __post_init__(self) -> None:
        self.params: dict = self.rules["params"]
        # per-player counters the rules data declares (game.yaml `counters:`, a pack's `rules:`): name -> spec
        self.counters: dict[str, dict] = {k: dict(v or {}) for k, v in (self.rules.get("counters") or {}).items()}
        compiler = Compiler(self.content.vocab)
        entries: dict[str, CompiledEntry] = {}
        for e in self.content.entries.values():
            if e.effect is not None:
                entries[e.id] = compiler.entry(e.id, e.effect)
            if e.combat_effect is not None:
                entries[combat_source(e.id)] = compiler.entry(combat_source(e.id), e.combat_effect)
        effect, errs = parse_effect(self.rules.get("rules_effect", ""), str(RULES_DIR / "game.yaml"))
        if errs or effect is None:
            raise ContentError(errs)
        entries[RULES_SOURCE] = compiler.entry(RULES_SOURCE, effect)
        self.compiled = entries
        self.index = AbilityIndex(entries)
        self.map_data: dict = self.content.documents.get("map") or {}
        self.advances: dict[str, Entry] = {e.id: e for e in self.content.of_kind("advance")}
        self.categories: dict[str, Entry] = {e.id: e for e in self.content.of_kind("category")}
        self.wonders: dict[str, Entry] = {e.id: e for e in self.content.of_kind("wonder")}
        self.pieces: dict[str, Entry] = {e.id: e for e in self.content.of_kind("city_piece")}
        self.units: dict[str, Entry] = {e.id: e for e in self.content.of_kind("unit")}
        self.civilizations: dict[str, Entry] = {e.id: e for e in self.content.of_kind("civilization")}
        self.special_advances: dict[str, Entry] = {e.id: e for e in self.content.of_kind("special_advance")}
        self.leaders: dict[str, Entry] = {e.id: e for e in self.content.of_kind("leader")}
        # a civilisation's special advances, each with the basic advance (or government category) granting it
        self.specials_of: dict[str, list[tuple[str, str]]] = {}
        for sid, e in self.special_advances.items():
            self.specials_of.setdefault(e.data["civilization"], []).append((sid, e.data["granted_by"]))
        self.leaders_of: dict[str, list[str]] = {}
        for lid, e in self.leaders.items():
            self.leaders_of.setdefault(e.data["civilization"], []).append(lid)
        self.actions: list[dict] = list(self.rules.get("actions", []))
        # entries whose abilities apply to every player (their `me` is whoever is concerned)
        cards = [e.id for e in self.content.entries.values() if e.kind == "event_card"]
        self.global_sources = [RULES_SOURCE] + [i for i in list(self.pieces) + list(self.units) + cards
                                                if i in entries]
        # sources nobody owns (the standing rules, city pieces, units): in their `forbid`, `me` is the player
        # acting. An event card is owned by its holder while in play, so its `me` is each player in turn
        # (the card's condition names the holder with `in_play(self)`), as on every other card.
        self.ownerless = frozenset([RULES_SOURCE] + [i for i in list(self.pieces) + list(self.units) if i in entries])
        self.foundation = next((p for p, e in self.pieces.items() if e.data.get("role") == "foundation"), None)
        self.roles = {e.data.get("role"): u for u, e in self.units.items() if e.data.get("role")}
        # army units fight on land (infantry and whatever else a pack marks `army: true`); ships at sea
        self.army_types = frozenset(u for u, e in self.units.items()
                                    if e.data.get("role") == "army" or e.data.get("army"))
        self.ship_types = frozenset(u for u, e in self.units.items() if e.data.get("water"))
        self.category_of = {a: e.data["category"] for a, e in self.advances.items()}
        self.government_categories = {c for c, e in self.categories.items() if e.data.get("government")}
        self.top_advance = {c: e.data["advances"][0] for c, e in self.categories.items()}
        self.objective_hooks = {ob.hook for obs in self.index.objectives.values() for ob in obs if ob.hook}
        # hooks something listens to: the state-change hooks (state/changes.py) are emitted only for these
        self.listened_hooks = frozenset(self.index.triggers) | frozenset(self.objective_hooks) | counted_hooks(self.content)
        # units keep the space they first left this turn only when an effect asks came_from() (board/neighbours.py)
        self.tracks_origins = mentions(self.content, "came_from")
        self._layouts: dict[int, Layout] = {}
        self._pure_memos: dict[str, dict] = {}
        self._boards: dict[tuple, Board] = {}
        self._terrains = {r["id"]: region_terrains(r)
                          for r in self.map_data.get("regions", []) + self.map_data.get("starting_regions", [])}
        for cid, civ in self.civilizations.items():  # alternate starting regions
            if civ.data.get("start_region"):
                self._terrains[start_tile(cid)] = region_terrains(civ.data["start_region"])

    def pure_memo(self, name: str) -> dict:
        """A memo of pure answers (keys that hold all an answer depends on) shared by all games of this
        definition: forks and playouts start with it warm. The runtime bounds its size."""
        return self._pure_memos.setdefault(name, {})

    def limit(self, entry_id: str, default: int = 99) -> int:
        """A component limit: the entry's `limit`, unless the rules data (`params.limits`) changes it. Every
        unit and city piece declares one (its schema requires it); `default` answers for any other id."""
        override = self.params.get("limits", {}).get(entry_id)
        if override is not None:
            return int(override)
        e = self.content.entries.get(entry_id)
        return int(e.data.get("limit", default)) if e is not None else default

    def region_terrains(self, tile: str) -> list[str]:
        return self._terrains[tile]

    def board_for(self, key: tuple, terrains=None) -> Board:
        """The board for (players, face-up tiles per slot, rotations), built once and shared: boards are
        immutable, and a game's board changes only when a region is revealed."""
        got = self._boards.get(key)
        if got is None:
            players, tiles, rots = key
            layout = self.layout(players)
            base = self._boards.get((players,))
            if base is None:
                base = self._boards[(players,)] = initial_board(self.map_data, layout)
            # face-up regular regions, and start regions a civilisation replaced by its alternate one
            changed = [Space(space_id(h), h, t, i, True)
                       for i, slot in enumerate(layout.slots)
                       if tiles[i] is not None and (slot.home is None or tiles[i] != slot.start)
                       for h, t in place_region(slot.anchor, rots[i], self._terrains[tiles[i]]).items()]
            got = base.with_spaces(changed) if changed else base
            if len(self._boards) > 2048:
                self._boards.clear()
            self._boards[key] = got
        return got

    def layout(self, players: int) -> Layout:
        if players not in self._layouts:
            self._layouts[players] = build_layout(self.map_data, players)
        return self._layouts[players]

    # ---- the machine's protocol
    def new_state(self, config: dict) -> dict:
        if "checkpoint" in config:
            state = config["checkpoint"] if config.get("checkpoint_fresh") else copy.deepcopy(config["checkpoint"])
            state["resume"] = True
            state["resume_turn"] = True
            return state
        if "position" in config:
            return scenario_state(self, config)
        return setup_state(self, config)

    def resumable(self, game) -> bool:
        """The flow can restart from the state alone when it waits for a player's next action."""
        return game.pending.kind == "action" and game.state.get("phase") == "turn"

    def carry_over(self, source, fork) -> None:
        """What a fork keeps of the runtime beside the state: the statistics of cards played and the
        last battle (its battle_ended triggers may still read it)."""
        fork.rt.cards_played = {p: list(v) for p, v in source.rt.cards_played.items()}
        fork.rt.fired = dict(source.rt.fired)  # its inner dicts are replaced, never changed (Clash.note)
        fork.rt.used = dict(source.rt.used)  # idem (Clash.note_used)
        last = getattr(source.rt, "last_battle", None)
        if last is not None:
            fork.rt.last_battle = last

    def search_support(self):
        """What the search bot needs of this game (engine/search.py): guesses, evaluation, policies."""
        got = self.__dict__.get("_search")
        if got is None:  # bots/search_support.py, above this layer
            got = self.__dict__["_search"] = SERVICES["search_support"](self)
        return got

    def check_state(self, game) -> list[str]:
        """What is wrong with a state resumed from outside (engine/service.py); empty when all is well."""
        return SERVICES["check_state"](game)  # phases/state_check.py, above this layer

    def view(self, game, player: int | None) -> dict:
        return player_view(game, player, self.rules.get("hidden"))

    def why_not(self, game, decision: Decision, choice: str) -> str | None:
        """Why an option the pending decision does not offer is not offered (cards/refusals.py, above this
        layer); asked only when someone tried to take it."""
        return SERVICES["why_not"](game.rt, decision, choice)

    def flow(self, game) -> Generator[Decision, str, None]:
        rt = Clash(self, game)
        game.rt = rt
        yield from SERVICES["run_flow"](rt, self.rules["flow"])  # the flow lives in phases/, above this layer


@cache
def _definition(packs: tuple[str, ...], variants: tuple[str, ...], stamp: tuple = ()) -> ClashDefinition:
    content = load_content(list(packs), "clash")
    if content.errors:
        raise ContentError(content.errors)
    content, rules = assemble(RULES_DIR, content, variants)  # a variant may change content entries too
    return ClashDefinition(content, rules, list(variants))


def definition(packs: list[str] | tuple[str, ...] = ("base",), variants: list[str] | tuple[str, ...] = ()) -> ClashDefinition:
    """The (cached) definition for a set of packs and variants."""
    return _definition(tuple(packs), tuple(variants), variant_stamp(variants))
