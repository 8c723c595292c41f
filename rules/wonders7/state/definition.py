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

from ....dsl.compiler import Compiler
from ....dsl.loader import Content, Entry, load_content
from ....dsl.rules_data import assemble, variant_stamp
from ....dsl.rules_data import variant_files as rules_variant_files
from ....engine.abilities import AbilityIndex, CompiledEntry, Grant, Modifier, Trigger
from ....engine.decision import Decision
from ....engine.diagnostics import ContentError
from ....engine.hidden import view_of
from ..names import BOARD_KIND, CARD_KIND, GAME_ID, RULES_DIR, stage_source
from ..registry import SERVICES
from .position import place
from .runtime import Wonders
from .setup import new_state


def variant_files(content: Content | None = None) -> dict[str, Path]:
    """Variant overlays: the game's own, then those a loaded pack ships in its `variants/` folder."""
    return rules_variant_files(RULES_DIR, content)


@dataclass
class WondersDefinition:
    content: Content
    rules: dict
    variants: list[str] = field(default_factory=list)
    game_id: str = GAME_ID

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
        self._modifiers: dict[tuple[str, str], list[Modifier]] = {}
        self.any_hooks: set[str] = set()  # hooks some `on any` trigger answers (every player's moment)
        for sid, ce in entries.items():
            for ab in ce.abilities:
                if isinstance(ab, Grant):
                    self._grants.setdefault((sid, ab.name), []).append(ab)
                elif isinstance(ab, Trigger):
                    self._triggers.setdefault((sid, ab.hook), []).append(ab)
                    if ab.any_player:
                        self.any_hooks.add(ab.hook)
                elif isinstance(ab, Modifier):
                    self._modifiers.setdefault((sid, ab.quantity), []).append(ab)
        self.modified = frozenset(q for _, q in self._modifiers)  # quantities some ability changes

    def grants_of(self, source: str, name: str) -> list[Grant]:
        return self._grants.get((source, name), [])

    def triggers_of(self, source: str, hook: str) -> list[Trigger]:
        return self._triggers.get((source, hook), [])

    def modifiers_of(self, source: str, quantity: str) -> list[Modifier]:
        return self._modifiers.get((source, quantity), [])

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
        state = new_state(self, config)
        if "position" in config:
            place(self, state, config["position"] or {})
        return state

    def resumable(self, game) -> bool:
        """The flow can restart from the state alone at a pick of a regular turn: the picks made so far
        this turn are in the state, and the flow asks the players who have not picked yet."""
        st = game.state
        return game.pending.kind == "pick" and 1 <= st["turn"] <= st["turns"] and st.get("phase") == "play"

    def search_support(self):
        """What the search bot needs of this game (engine/search.py): guesses, evaluation, policies."""
        got = self.__dict__.get("_search")
        if got is None:  # bots/search_support.py, above this layer
            got = self.__dict__["_search"] = SERVICES["search_support"](self)
        return got

    def view(self, game, player: int | None) -> dict:
        return view_of(game.state, player, self.rules.get("hidden"))

    def flow(self, game) -> Generator[Decision, str, None]:
        rt = Wonders(self, game)
        game.rt = rt
        yield from SERVICES["run_flow"](rt, self.rules["flow"])  # phases/flow.py, above this layer


@cache
def _definition(packs: tuple[str, ...], variants: tuple[str, ...], stamp: tuple = ()) -> WondersDefinition:
    content = load_content(list(packs), GAME_ID)
    if content.errors:
        raise ContentError(content.errors)
    content, rules = assemble(RULES_DIR, content, variants)  # a variant may change content entries too
    return WondersDefinition(content, rules, list(variants))


def definition(packs=("base",), variants=()) -> WondersDefinition:
    """The (cached) definition for a set of packs (bundled ids or folders) and variants."""
    return _definition(tuple(str(p) for p in packs), tuple(variants), variant_stamp(variants))
