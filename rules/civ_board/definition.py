"""Civilization: The Board Game as a game definition for the engine's machine: content, rules data,
compiled abilities, the part of the set-up that needs no decision, the view and the flow.

The set-up's decisions (where each capital and the first figures go) are the flow's first step
(flow.py); here the map is laid out by the player count's diagram, the home tiles turned as it says,
the piles shuffled and the standing forces dealt.
"""

from __future__ import annotations

import copy
from collections.abc import Generator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ...dsl.compiler import Compiler
from ...dsl.loader import Content, Entry, load_content
from ...dsl.rules_data import assemble, variant_stamp
from ...dsl.rules_data import variant_files as rules_variant_files
from ...dsl.schemas import check_position
from ...engine.abilities import CompiledEntry, Grant, Modifier, Trigger
from ...engine.decision import Decision
from ...engine.diagnostics import ContentError
from ...engine.hidden import view_of
from ...engine.rng import Rng, seed_state
from .board import board
from .bots.search_support import CivSearch
from .phases.flow import run_flow
from .state.runtime import Civ

RULES_DIR = Path(__file__).resolve().parent
GAME_ID = "civ_board"


def variant_files(content: Content | None = None) -> dict[str, Path]:
    return rules_variant_files(RULES_DIR, content)


def copies(e: Entry) -> list[str]:
    return [e.id] * int(e.data.get("copies", 1) or 1)


@dataclass
class CivDefinition:
    content: Content
    rules: dict
    variants: list[str] = field(default_factory=list)
    game_id: str = GAME_ID

    def __post_init__(self) -> None:
        self.params: dict = self.rules["params"]
        compiler = Compiler(self.content.vocab)
        self.compiled: dict[str, CompiledEntry] = {
            e.id: compiler.entry(e.id, e.effect) for e in self.content.entries.values() if e.effect is not None}
        self._abilities: dict[tuple[type, str, str], list] = {}
        for sid, ce in self.compiled.items():
            for ab in ce.abilities:
                name = ab.name if isinstance(ab, Grant) else ab.quantity if isinstance(ab, Modifier) \
                    else ab.hook if isinstance(ab, Trigger) else None
                if name is not None:
                    self._abilities.setdefault((type(ab), sid, name), []).append(ab)
        kind = self.content.of_kind
        self.techs = {e.id: e for e in kind("civ_tech")}
        self.tech_ids = sorted(self.techs, key=lambda t: (self.level(t), t))
        self.civs = {e.id: e for e in kind("civ_civilization")}
        self.tiles = {e.id: e for e in kind("civ_map_tile")}
        self.buildings = {e.id: e for e in kind("civ_building")}
        self.wonders = {e.id: e for e in kind("civ_wonder")}
        self.units = {e.id: e for e in kind("civ_unit_card")}
        self.upgrades_of: dict[str, list[str]] = {}
        for b in self.buildings.values():
            if b.data.get("upgrade_of"):
                self.upgrades_of.setdefault(b.data["upgrade_of"], []).append(b.id)
        self._rows: dict[tuple[str, int], list[list[str]]] = {}
        self.resources: list[str] = list(self.content.vocab.enums.get("resource") or [])
        track = kind("civ_culture_track")
        self.track: list[dict] = list(track[0].data["spaces"]) if track else []

    # ---- abilities of a source
    def grants_of(self, source: str, name: str) -> list[Grant]:
        return self._abilities.get((Grant, source, name), [])

    def modifiers_of(self, source: str, name: str) -> list[Modifier]:
        return self._abilities.get((Modifier, source, name), [])

    def triggers_of(self, source: str, hook: str) -> list[Trigger]:
        return self._abilities.get((Trigger, source, hook), [])

    def level(self, tech: str) -> int:
        return int(self.techs[tech].data["level"])

    def tile_rows(self, tile: str, rot: int) -> list[list[str]]:
        got = self._rows.get((tile, rot))
        if got is None:
            got = self._rows[(tile, rot)] = board.rotated(self.tiles[tile].data["squares"], rot)
        return got

    def layout(self, n: int) -> Entry:
        for e in self.content.of_kind("civ_layout"):
            if int(e.data["players"]) == n:
                return e
        raise ValueError(f"the packs hold no map layout for {n} players")

    # ---- the machine's protocol
    def new_state(self, config: dict) -> dict:
        if "checkpoint" in config:  # a fork or the service restarts from a state saved at a research pick
            state = config["checkpoint"] if config.get("checkpoint_fresh") else copy.deepcopy(config["checkpoint"])
            state["resume"] = True
            state["resume_phase"] = state.get("phase")   # the flow's set-up step overwrites `phase`
            return state
        lo, hi = self.rules["players"]["min"], self.rules["players"]["max"]
        n = int(config.get("players", lo))
        if not lo <= n <= hi:
            raise ValueError(f"Civilization is for {lo} to {hi} players, not {n}")
        st: dict = {"rng": seed_state(int(config.get("seed", 0)), config.get("stream")), "turn": 0, "phase": "setup", "first": 0,
                    "figures": [], "cities_built": [], "items": {}, "markers": {}, "obsolete": [], "winner": [],
                    "victory": None, "next_id": 1}
        rng = Rng(st)
        position = config.get("position")
        if position is not None:
            check_position(position, RULES_DIR / "scenario.schema.json")
            st["position"] = position
        civs = list(config.get("civs") or (position or {}).get("civs") or [])
        if not civs:
            pool = sorted(self.civs)
            rng.shuffle(pool)
            civs = pool[:n]
        if len(civs) != n or any(c not in self.civs for c in civs):
            raise ValueError(f"the set-up needs {n} known civilisations, not {civs}")
        names = list(config.get("names") or [])
        st["players"] = [self._new_player(civs[p], names[p] if p < len(names) else f"Player {p + 1}")
                         for p in range(n)]
        self._lay_map(st, civs, rng)
        self._piles(st, rng, n)
        st["first"] = rng.below(n)
        return st

    def _new_player(self, civ: str, name: str) -> dict:
        data = self.civs[civ].data
        return {"name": name, "civ": civ, "government": data.get("start_government") or self.params["start_government"],
                "gov_new": [], "anarchy_since": None, "techs": [data["start_tech"]],
                "pyramid": {"1": [data["start_tech"]]}, "trade": 0, "culture": 0, "track": 0, "hand": [],
                "resources": {}, "huts": [], "forces": [], "battle_hand": [], "pick": None, "reserve": [],
                "coin_tokens": {}, "armies": int(self.params["armies"]) + int((data.get("setup") or {}).get("extra_army", 0)),
                "scouts": int(self.params["scouts"])}

    def _lay_map(self, st: dict, civs: list[str], rng: Rng) -> None:
        rows, cols, cells = board.layout_cells(self.layout(len(civs)).data["grid"])
        tiles: list[list] = [[None] * cols for _ in range(rows)]
        hidden = 0
        homes = {self.civs[c].data["home_tile"]: c for c in civs}
        for tr, tc, spec in cells:
            if spec == "N":
                tiles[tr][tc] = {"hidden": True}
                hidden += 1
            elif spec.startswith("H"):
                seat, _, facing = spec[1:].partition(":")
                civ = civs[int(seat) - 1] if int(seat) <= len(civs) else None
                home = next(t for t, c in homes.items() if c == civ)
                tiles[tr][tc] = {"id": home, "rot": board.DIRS[facing]}
        neutral = sorted(t for t, e in self.tiles.items() if not e.data.get("home"))
        rng.shuffle(neutral)
        if len(neutral) < hidden:
            raise ValueError(f"the layout needs {hidden} neutral tiles; the packs hold {len(neutral)}")
        st["map"] = {"rows": rows, "cols": cols, "tiles": tiles}
        st["tile_pool"] = neutral[:hidden]

    def _piles(self, st: dict, rng: Rng, n: int) -> None:
        kind = self.content.of_kind

        def pile(k: str) -> list[str]:
            out = [c for e in kind(k) for c in copies(e)]
            rng.shuffle(out)
            return out
        st["hut_pool"], st["village_pool"] = pile("civ_hut"), pile("civ_village")
        st["great_people_pile"] = pile("civ_great_person")
        decks: dict[str, list[str]] = {}
        for e in kind("civ_unit_card"):
            decks.setdefault(e.data["type"], []).extend(copies(e))
        for d in decks.values():
            rng.shuffle(d)
        st["unit_decks"], st["unit_returned"] = decks, {t: [] for t in decks}
        levels: dict[str, list[str]] = {}
        for e in kind("civ_culture_card"):
            levels.setdefault(str(e.data["level"]), []).extend(copies(e))
        for d in levels.values():
            rng.shuffle(d)
        st["culture_decks"], st["culture_discards"] = levels, {k: [] for k in levels}
        eras = {era: sorted(w for w, e in self.wonders.items() if e.data["era"] == era)
                for era in self.params["wonder_eras"]}
        for ws in eras.values():
            rng.shuffle(ws)
        first, *later = list(self.params["wonder_eras"])
        st["wonder_market"] = eras[first]
        st["wonder_deck"] = [w for era in later for w in eras[era]]
        st["resource_market"] = {r: n for r in self.params["market_resources"]}

    def resumable(self, game) -> bool:
        """The flow can restart from the state alone at a research pick: the picks made so far this turn
        are in the state (`picked`), and the restarted flow asks the players who have not picked; and at a
        player's turn to offer a trade (the negotiation's progress is in the state, `negotiation`)."""
        return game.pending.kind in ("research", "trade_offer") and game.state.get("phase") == \
            {"research": "research", "trade_offer": "trade"}[game.pending.kind] and not game.state.get("resume")

    def search_support(self) -> CivSearch:
        """What the search bot needs of this game (engine/search.py)."""
        got = self.__dict__.get("_search")
        if got is None:
            got = self.__dict__["_search"] = CivSearch(self)
        return got

    def view(self, game, player: int | None) -> dict:
        return view_of(game.state, player, self.rules.get("hidden"))

    def flow(self, game) -> Generator[Decision, str, None]:
        rt = Civ(self, game)
        game.rt = rt
        yield from run_flow(rt, self.rules["flow"])


@cache
def _definition(packs: tuple[str, ...], variants: tuple[str, ...], stamp: tuple = ()) -> CivDefinition:
    content = load_content(list(packs), GAME_ID)
    if content.errors:
        raise ContentError(content.errors)
    content, rules = assemble(RULES_DIR, content, variants)  # a variant may change content entries too
    return CivDefinition(content, rules, list(variants))


def definition(packs=("base",), variants=()) -> CivDefinition:
    """The (cached) definition for a set of packs (bundled ids or folders) and variants."""
    return _definition(tuple(str(p) for p in packs), tuple(variants), variant_stamp(variants))
