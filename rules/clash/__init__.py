"""Clash of Cultures (2012): the game's vocabulary, flow, basic actions and rule primitives.

Importing this package imports every module of the game (each registers the procedures, functions,
flow steps and rule services it writes with state/registry.py), then registers the game with the
engine's game registry (engine/games.py) and its bot with the bot registry; tools, the API and the
service find it there by its id, `clash`.
"""

import importlib
import pkgutil
import re

from ...engine.bots import register
from ...engine.games import GameModule
from ...engine.games import register as register_game
from ...engine.hexgrid import readable
from .board.map import place_region, region_terrains
from .bots.bots import GreedyBot
from .end_measures import CLASH_MEASURES
from .phases.scoring import final_scores
from .seat import option_spaces, option_text, option_warning, seat_panel
from .state.definition import definition, variant_files
from .state.labels import board_labels
from .state.scenario import space_of
from .state.view import visible_log

GAME_ID = "clash"

# The layers of this package, lowest first (docs/architecture.md): a module imports only its own layer or
# lower ones; a call that must go up is looked up by name in registry.py (tests/test_layers.py).
LAYERS = (
    ("names", "registry"), "board", "state", "civilizations", "actions", "combat", "cards", "phases",
    ("bots", "content_checks", "dead_triggers", "end_measures", "seat", "reach_lint"),
)


def _import_all() -> None:
    """Import every module below this package, in name order, so that each registers what it writes."""
    for info in pkgutil.walk_packages(__path__, f"{__name__}."):
        importlib.import_module(info.name)


def scores(game) -> dict:
    """The final score table of a running game."""
    return final_scores(game.rt)


def player_summary(game, i: int) -> dict:
    """What `play --json` says of a player besides the points: cities, advances, civilisation."""
    pl = game.state["players"][i]
    out = {"cities": len(game.rt.cities_of(i)), "advances": list(pl["advances"])}
    if pl.get("civilization"):
        out.update({"civilization": pl["civilization"], "leader": pl.get("leader"),
                    "special_advances": game.rt.special_advances(i)})
    return out


_LABEL = re.compile(r"^[A-Z]\d+$")


def scenario_label(text: str) -> str:
    """A board label ("D2") a scenario author writes for a space id; anything else as it is."""
    return space_of(text) if _LABEL.match(text) else text


_import_all()
register("greedy", GreedyBot)
# what the generic tools need of this game (engine/games.py, the descriptor)
GAME = register_game(GameModule(
    GAME_ID, definition, scores, CLASH_MEASURES, variant_files=variant_files,
    progress=lambda game: game.state["round"], player_summary=player_summary,
    score_columns=("city_pieces", "advances", "wonders", "objectives", "events"),
    seat_panel=seat_panel, option_text=option_text, option_warning=option_warning, option_spaces=option_spaces,
    standing_kinds=("raze", "confirm"), visible_log=visible_log,
    scenario_label=scenario_label, scenario_show=readable, board_labels=board_labels,
    board_geometry={"place_region": place_region, "region_terrains": region_terrains}))
