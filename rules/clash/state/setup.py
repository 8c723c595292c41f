"""Game set-up (rulebook page 3): board, seating, resources, starting advances, units, cards, first player."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....engine.hexgrid import space_id
from ....engine.rng import Rng, seed_state
from .stacked import stack_board_and_decks

if TYPE_CHECKING:
    from .definition import ClashDefinition

RESOURCES = ["food", "wood", "ore", "idea", "gold"]
TOKENS = ["mood", "culture"]
DECK_KINDS = {"action_card": "action_card", "objective_card": "objective_card", "event_card": "event_card"}


def new_player(name: str, defn: ClashDefinition) -> dict:
    res = {k: 0 for k in RESOURCES + TOKENS}
    res.update(defn.params.get("starting_resources", {}))
    res.update({c: int(spec.get("start", 0)) for c, spec in defn.counters.items()})  # game.yaml `counters:`
    return {
        "name": name,
        "res": res,
        "culture_level": 0,
        "happiness_level": 0,
        "advances": [],
        "gained": {},
        "hand": {"action_card": [], "objective_card": []},
        "completed": [],
        "event_vp": 0.0,
        "used": {},
        "temp": [],
        "turn": {},
        "reserved_wonder": None,
        "in_play": [],   # cards kept in front of the player (event_effects.keep_in_play)
        "civilization": None,      # the Civilizations expansion (rules/clash/civilizations/civilizations.py)
        "leader": None,            # the leader card in force while its figure lives
        "leaders_left": [],        # unused leader cards (hidden)
        "captured_leaders": [],    # enemy leaders killed in battle, 2 VP each
        "discarded_leaders": [],
    }


def deck_cards(defn: ClashDefinition, kind: str) -> list[str]:
    """A deck holds one id per physical card: `copies: n` entries appear n times."""
    cards: list[str] = []
    for e in defn.content.of_kind(kind):
        copies = e.data.get("copies", 1)
        cards.extend([e.id] * (copies if isinstance(copies, int) else 1))
    return cards


def new_state(defn: ClashDefinition, config: dict) -> dict:
    lo, hi = defn.rules["players"]["min"], defn.rules["players"]["max"]
    players = int(config.get("players", lo))
    if not lo <= players <= hi:
        raise ValueError(f"Clash of Cultures is for {lo} to {hi} players, not {players}")
    state: dict = {"rng": seed_state(int(config.get("seed", 0)), config.get("stream"))}
    rng = Rng(state)
    names = list(config.get("names") or [f"Player {i + 1}" for i in range(players)])[:players]
    while len(names) < players:
        names.append(f"Player {len(names) + 1}")
    if players in defn.params["shuffled_seats"]:
        rng.shuffle(names)  # rulebook: in 4-player games determine randomly who sits where

    layout = defn.layout(players)
    regions = [r["id"] for r in defn.map_data["regions"]]
    rng.shuffle(regions)
    tiles: list[str | None] = []
    revealed: list[bool] = []
    rots: list[int] = []
    k = 0
    for slot in layout.slots:
        if slot.home is not None:
            tiles.append(slot.start)
            revealed.append(True)
        else:
            tiles.append(regions[k])
            k += 1
            revealed.append(False)
        rots.append(slot.rot)

    state.update({
        "round": 0, "turn": 0, "turn_no": 0, "phase": "setup", "first": 0, "current": 0, "actions_left": 0,
        "players": [new_player(n, defn) for n in names],
        "cities": {}, "units": {}, "next_id": 1,
        "board": {"tiles": tiles, "revealed": revealed, "rots": rots, "exhausted": []},
        "decks": {}, "discard": {}, "wonders": {"deck": [], "revealed": [], "built": {}},
        "winner": None, "log_round": 0,
    })
    for kind in DECK_KINDS:
        cards = deck_cards(defn, kind)
        rng.shuffle(cards)
        state["decks"][kind] = cards
        state["discard"][kind] = []
    wonders = sorted(defn.wonders)
    rng.shuffle(wonders)
    state["wonders"]["deck"] = wonders
    if config.get("setup"):  # a scenario's chosen orders (stacked.py)
        stack_board_and_decks(state, config["setup"], [i for i, s in enumerate(layout.slots) if s.home is None])

    for seat, p in enumerate(state["players"]):
        p["advances"] = list(defn.params.get("starting_advances", []))
        home = space_id(layout.city_hex(seat, defn.map_data))
        add_city(state, defn, seat, home, defn.params.get("starting_city_mood", "neutral"))
        for unit in defn.params.get("starting_units", []):
            add_unit(state, seat, unit, home)
        for deck, n in defn.params.get("hand_start", {}).items():
            for _ in range(n):
                card = draw_card(state, deck)
                if card is not None:
                    p["hand"][deck].append(card)
    state["first"] = rng.below(players)
    if (config.get("setup") or {}).get("first") is not None:
        state["first"] = int(config["setup"]["first"]) % players
    state["current"] = state["first"]
    return state


def add_city(state: dict, defn: ClashDefinition, owner: int, space: str, mood: str = "neutral") -> dict:
    city = {"owner": owner, "pieces": {defn.foundation: owner}, "mood": mood, "act": 0, "wonders": [],
            "port": None}
    state["cities"][space] = city
    return city


def add_unit(state: dict, owner: int, utype: str, space: str, ship: str | None = None) -> str:
    uid = str(state["next_id"])
    state["next_id"] += 1
    state["units"][uid] = {"owner": owner, "type": utype, "space": space, "ship": ship, "moved": 0,
                           "stop": 0, "battled": 0}
    return uid


def draw_card(state: dict, deck: str) -> str | None:
    """Draw the top card; an empty deck is reshuffled from its discard pile first."""
    cards = state["decks"].get(deck, [])
    if not cards and state["discard"].get(deck):
        cards.extend(state["discard"][deck])
        state["discard"][deck] = []
        Rng(state).shuffle(cards)
    if not cards:
        return None
    return cards.pop()
