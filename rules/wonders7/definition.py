"""7 Wonders as a game definition for the engine's machine: content, rules data, compiled abilities,
the set-up and the flow.

Every card's `effect` compiles to the card's source; a wonder board's own `effect` (if any) to the
board's, and each stage's to `<board>@<n>` (the loader checked them as the board's parts).
"""

from __future__ import annotations

import copy
from collections.abc import Generator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ...dsl.compiler import Compiler
from ...dsl.loader import Content, Entry, load_content
from ...dsl.rules_data import assemble_rules, variant_stamp
from ...dsl.rules_data import variant_files as rules_variant_files
from ...dsl.schemas import check_position
from ...engine.abilities import AbilityIndex, CompiledEntry, Grant, Trigger
from ...engine.decision import Decision
from ...engine.diagnostics import ContentError, PositionError, accepted, did_you_mean
from ...engine.hidden import view_of
from ...engine.rng import Rng, seed_state
from .flow import run_flow
from .runtime import Wonders, stage_source
from .search_support import WondersSearch

RULES_DIR = Path(__file__).resolve().parent
CARD_KIND, BOARD_KIND = "age_card", "wonder_board"


def variant_files(content: Content | None = None) -> dict[str, Path]:
    """Variant overlays: the game's own, then those a loaded pack ships in its `variants/` folder."""
    return rules_variant_files(RULES_DIR, content)


@dataclass
class WondersDefinition:
    content: Content
    rules: dict
    variants: list[str] = field(default_factory=list)
    game_id: str = "wonders7"

    def __post_init__(self) -> None:
        self.params: dict = self.rules["params"]
        compiler = Compiler(self.content.vocab)
        entries: dict[str, CompiledEntry] = {}
        for e in self.content.entries.values():
            if e.effect is not None:
                entries[e.id] = compiler.entry(e.id, e.effect)
            for key, part in e.parts.items():
                n = int(key.rsplit(".", 1)[1]) + 1
                entries[stage_source(e.id, n)] = compiler.entry(stage_source(e.id, n), part)
        self.compiled = entries
        self.index = AbilityIndex(entries)
        self.cards: list[Entry] = self.content.of_kind(CARD_KIND)
        self.boards: dict[str, Entry] = {e.id: e for e in self.content.of_kind(BOARD_KIND)}
        self._grants: dict[tuple[str, str], list[Grant]] = {}
        self._triggers: dict[tuple[str, str], list[Trigger]] = {}
        for sid, ce in entries.items():
            for ab in ce.abilities:
                if isinstance(ab, Grant):
                    self._grants.setdefault((sid, ab.name), []).append(ab)
                elif isinstance(ab, Trigger):
                    self._triggers.setdefault((sid, ab.hook), []).append(ab)

    def grants_of(self, source: str, name: str) -> list[Grant]:
        return self._grants.get((source, name), [])

    def triggers_of(self, source: str, hook: str) -> list[Trigger]:
        return self._triggers.get((source, hook), [])

    def colour(self, card: str) -> str | None:
        e = self.content.entries.get(card)
        return e.data.get("colour") if e is not None else None

    def stages(self, board: str) -> list[dict]:
        e = self.boards.get(board)
        return list(e.data.get("stages") or []) if e is not None else []

    # ---- the machine's protocol
    def new_state(self, config: dict) -> dict:
        if "checkpoint" in config:  # a fork or the service resumes a state saved at a pick (see resumable)
            state = config["checkpoint"] if config.get("checkpoint_fresh") else copy.deepcopy(config["checkpoint"])
            state["resume"] = True
            state["start_age"] = state["age"]
            return state
        n = int(config.get("players", 3))
        lo, hi = self.rules["players"]["min"], self.rules["players"]["max"]
        if not lo <= n <= hi:
            raise ValueError(f"7 Wonders is for {lo} to {hi} players, not {n}")
        state: dict = {"rng": seed_state(int(config.get("seed", 0)), config.get("stream")), "age": 0, "turn": 0, "turns": 0,
                       "phase": "play", "decks": {}, "guild_pool": [], "discard": []}
        names = list(config.get("names") or [])
        boards = self.deal_boards(state, n, config.get("boards"))
        start = int(self.params.get("starting_coins", 3))
        state["players"] = [{"name": names[p] if p < len(names) else f"Player {p + 1}", "board": boards[p],
                             "coins": start, "built": [], "stages": 0, "stage_cards": [], "hand": [],
                             "pick": None, "military": [], "free_used": None} for p in range(n)]
        if "position" in config:
            check_position(config["position"] or {}, Path(__file__).with_name("scenario.schema.json"))
            self.place(state, config["position"] or {})
        return state

    def place(self, state: dict, position: dict) -> None:
        """A scenario's starting position: the age to start in, the discard pile and, per player, any of
        board, coins, built, stages, hand, military, name and free_used (the board's free build already used
        this age). Hands given are played as dealt (no deal that age). Unknown boards or cards are one
        PositionError naming where each is and what is accepted."""
        known = self.content.entries
        cards = [e.id for e in known.values() if e.id not in self.boards]
        probs: list[tuple[tuple, str]] = []
        state["discard"] = list(position.get("discard") or [])
        for i, spec in enumerate(position.get("players") or []):
            if i >= len(state["players"]):
                probs.append((("players", i), f"the position names {i + 1} players; the game has "
                                              f"{len(state['players'])}"))
                continue
            pl = state["players"][i]
            for key in ("board", "coins", "built", "stages", "hand", "military", "name"):
                if key in spec:
                    pl[key] = copy.deepcopy(spec[key])
            if spec.get("free_used"):
                pl["free_used"] = int(position.get("age", 1))
            if pl["board"] not in self.boards:
                probs.append((("players", i, "board"), f"{pl['board']!r} is not a wonder board of the loaded "
                                                       f"packs; {accepted(list(self.boards))}"))
            for key in ("built", "hand"):
                probs += [(("players", i, key, j), f"{c!r} is not a card of the loaded packs; "
                           f"{(did_you_mean(str(c), cards) + ' ') if did_you_mean(str(c), cards) else ''}"
                           f"{accepted(cards)}") for j, c in enumerate(pl[key]) if c not in known]
            pl["stage_cards"] = [None] * int(pl["stages"])
        probs += [(("discard", j), f"{c!r} is not a card of the loaded packs; {accepted(cards)}")
                  for j, c in enumerate(state["discard"]) if c not in known]
        if probs:
            raise PositionError(probs)
        state["start_age"] = int(position.get("age", 1))
        state["hands_given"] = any(pl["hand"] for pl in state["players"])

    def deal_boards(self, state: dict, n: int, chosen: list[str] | None = None) -> list[str]:
        """One city per player at random (or the boards the set-up names), on the side the rules say."""
        if chosen:
            unknown = [b for b in chosen if b not in self.boards]
            if unknown or len(chosen) != n:
                raise ValueError(f"the set-up's boards must be {n} known wonder boards (unknown: {unknown})")
            return list(chosen)
        cities: dict[str, dict[str, str]] = {}
        for bid, e in self.boards.items():
            cities.setdefault(e.name, {})[str(e.data.get("side", "a"))] = bid
        names = sorted(cities)
        if len(names) < n:
            raise ValueError(f"{n} players need {n} wonder boards; the packs hold {len(names)}")
        rng = Rng(state)
        rng.shuffle(names)
        side = str(self.params.get("board_side", "a"))
        out = []
        for name in names[:n]:
            sides = cities[name]
            want = ("a", "b")[rng.below(2)] if side == "random" else side
            out.append(sides.get(want) or next(iter(sorted(sides.values()))))
        return out

    def resumable(self, game) -> bool:
        """The flow can restart from the state alone at a pick of a regular turn: the picks made so far
        this turn are in the state, and the flow asks the players who have not picked yet."""
        st = game.state
        return game.pending.kind == "pick" and 1 <= st["turn"] <= st["turns"] and st.get("phase") == "play"

    def search_support(self) -> WondersSearch:
        """What the search bot needs of this game (engine/search.py): guesses, evaluation, policies."""
        got = self.__dict__.get("_search")
        if got is None:
            got = self.__dict__["_search"] = WondersSearch(self)
        return got

    def view(self, game, player: int | None) -> dict:
        return view_of(game.state, player, self.rules.get("hidden"))

    def flow(self, game) -> Generator[Decision, str, None]:
        rt = Wonders(self, game)
        game.rt = rt
        yield from run_flow(rt, self.rules["flow"])


@cache
def _definition(packs: tuple[str, ...], variants: tuple[str, ...], stamp: tuple = ()) -> WondersDefinition:
    content = load_content(list(packs), "wonders7")
    if content.errors:
        raise ContentError(content.errors)
    rules = assemble_rules(RULES_DIR, content, variants)
    return WondersDefinition(content, rules, list(variants))


def definition(packs=("base",), variants=()) -> WondersDefinition:
    """The (cached) definition for a set of packs (bundled ids or folders) and variants."""
    return _definition(tuple(str(p) for p in packs), tuple(variants), variant_stamp(variants))
