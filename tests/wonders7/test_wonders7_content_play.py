"""The 7 Wonders pack's costs, chains and copies, played: every link of `chain_from` makes its card free in
the rules, every card's and every wonder stage's printed cost is exactly what its owner's own production
must cover, and the decks the rules deal from the `players` numbers hold 7 cards a player.

The positions are built from the pack's YAML (the facts under test) and run through the same scenario
runner as the files under content/wonders7/base/tests/, so a cost or chain the rules read differently
from what the card says fails here with the card's name.
"""

from __future__ import annotations

import pytest
from ruamel.yaml import YAML
from rulewright.engine.machine import Game
from rulewright.rules.wonders7.phases.deal import deck_for
from rulewright.rules.wonders7.state.definition import definition
from rulewright.tools.modding.scenarios import run_scenario
from where import ROOT

PACK = ROOT / "content" / "wonders7" / "base"
# The board each city gets, by the resource it must not produce for free; any board makes one resource.
BOARD_OF = {"ore": "rhodes_a", "glass": "alexandria_a", "papyrus": "ephesus_a", "clay": "babylon_a",
            "wood": "olympia_a", "loom": "halicarnassus_a", "stone": "gizah_a"}
# Own production for a cost: a double producer of age II and single producers of age I, no name twice.
SINGLE = {"wood": "lumber_yard", "stone": "stone_pit", "clay": "clay_pool", "ore": "ore_vein",
          "glass": "glassworks", "loom": "loom", "papyrus": "press"}
DOUBLE = {"wood": "sawmill", "stone": "quarry", "clay": "brickyard", "ore": "foundry"}


def _cards() -> list[dict]:
    yaml = YAML(typ="safe")
    out = []
    for name in ("age1.yaml", "age2.yaml", "age3.yaml", "guilds.yaml"):
        out += yaml.load((PACK / name).read_text(encoding="utf-8"))["entries"]
    return out


CARDS = _cards()
FILLER = "altar"


def _board_for(cost: dict) -> tuple[str, dict]:
    """A board producing none of the cost's resources, and the cost left to the cards; for a cost naming all
    seven (the Palace), Giza's board, whose stone then pays one unit of it."""
    free = [b for r, b in BOARD_OF.items() if r not in cost]
    if free:
        return free[0], cost
    return BOARD_OF["stone"], {**cost, "stone": cost["stone"] - 1}


def _producers(cost: dict) -> list[str]:
    built = []
    for r, n in _board_for(cost)[1].items():
        if r == "coin" or not n:
            continue
        assert n <= 3, "no printed cost asks more than 3 of one resource"
        if n >= 2:
            built.append(DOUBLE[r])
        if n % 2:
            built.append(SINGLE[r])
    return built


def _spec(name: str, card: dict, built: list[str], coins: int, actions: list[str], expect: list[dict]) -> dict:
    """A 3-player age III position where only player 0's own production and coins can pay (nobody may buy)."""
    others = [{"board": b, "coins": 0, "hand": [FILLER, "theater"]} for b in ("gizah_b", "olympia_b")]
    return {"name": name, "game": "wonders7", "players": 3, "covers": [card["id"]],
            "position": {"age": 3, "players": [
                {"board": _board_for(card["cost"])[0], "coins": coins, "built": built,
                 "hand": [card["id"], FILLER if card["id"] != FILLER else "theater"]}, *others]},
            "actions": actions, "expect": expect}


def _run(spec: dict) -> None:
    result = run_scenario(spec, path=f"<{spec['name']}>")
    assert result.passed, "\n".join(result.messages)


CHAINS = [(c, src) for c in CARDS for src in c["chain_from"]]


@pytest.mark.parametrize(("card", "src"), CHAINS, ids=[f"{src}->{c['id']}" for c, src in CHAINS])
def test_chain_builds_free(card: dict, src: str) -> None:
    """Owning the earlier card, a city with no coins and none of the resources builds this one (with no coins
    it cannot buy from its neighbours either), and without it cannot."""
    build = f"build:{card['id']}"
    _run(_spec(f"{src} chains to {card['id']}", card, [src], 0, [build, f"sell:{FILLER}", f"sell:{FILLER}"],
               [{"path": "players.0.built", "contains": card["id"]}]))
    _run(_spec(f"{card['id']} without {src}", card, [], 0, [], [{"options_exclude": [build]}]))


PAID = [c for c in CARDS if c["cost"]]


@pytest.mark.parametrize("card", PAID, ids=[c["id"] for c in PAID])
def test_cost_is_exactly_what_own_production_covers(card: dict) -> None:
    """Exactly the printed cost in own production (and coins) builds the card; one unit less does not (the
    only coins the city has are those of the cost, so it cannot buy what it lacks)."""
    cost = card["cost"]
    build = f"build:{card['id']}"
    built = _producers(cost)
    coins = int(cost.get("coin", 0))
    _run(_spec(f"{card['id']} paid by own production", card, built, coins,
               [build, f"sell:{FILLER}", f"sell:{FILLER}"],
               [{"path": "players.0.built", "contains": card["id"]}]))
    if coins:
        short = (built, coins - 1)
    else:  # take away the producer of the first resource (its double, or its single when only one is needed)
        rest = _board_for(cost)[1]
        first = next(r for r in rest if r != "coin" and rest[r])
        drop = DOUBLE[first] if rest[first] >= 2 else SINGLE[first]
        short = ([b for b in built if b != drop], coins)
    _run(_spec(f"{card['id']} one unit short", card, short[0], short[1], [], [{"options_exclude": [build]}]))


def _boards() -> list[dict]:
    return YAML(typ="safe").load((PACK / "wonders.yaml").read_text(encoding="utf-8"))["entries"]


STAGES = [(b, k) for b in _boards() for k in range(1, len(b["stages"]) + 1)]


@pytest.mark.parametrize(("board", "k"), STAGES, ids=[f"{b['id']}@{k}" for b, k in STAGES])
def test_stage_cost_is_exactly_what_own_production_covers(board: dict, k: int) -> None:
    """With the stages before it built, the board's own resource and cards making exactly the rest of the
    printed cost, stage k is offered to a city with no coins; one unit less and it is not."""
    cost = dict(board["stages"][k - 1]["cost"])
    if cost.get(board["resource"]):
        cost[board["resource"]] -= 1
    built = _producers(cost)

    def spec(cards: list[str], expect: dict) -> dict:
        others = [{"board": b, "coins": 0, "hand": [FILLER, "theater"]} for b in ("gizah_b", "olympia_b")]
        return {"name": f"{board['id']} stage {k}", "game": "wonders7", "players": 3,
                "covers": [f"{board['id']}@{k}"],
                "position": {"age": 3, "players": [
                    {"board": board["id"], "coins": 0, "stages": k - 1, "built": cards, "hand": [FILLER, "theater"]},
                    *others]},
                "actions": [], "expect": [expect]}

    _run(spec(built, {"options_include": [f"stage:{FILLER}"]}))
    rest = {r: n for r, n in cost.items() if n}
    if rest:  # a stage of the board's resource alone (none so far) would have nothing to take away
        first = next(iter(rest))
        drop = DOUBLE[first] if rest[first] >= 2 else SINGLE[first]
        _run(spec([c for c in built if c != drop], {"options_exclude": [f"stage:{FILLER}"]}))


@pytest.mark.parametrize("players", range(3, 8))
def test_the_rules_deal_the_pack_seven_cards_a_player(players: int) -> None:
    """The rules build each age's deck from the `players` numbers: 7 cards per player, players + 2 guilds."""
    game = Game(definition(), {"players": players, "seed": players})
    guilds = {c["id"] for c in CARDS if c["colour"] == "purple"}
    for age in (1, 2, 3):
        deck = deck_for(game.rt, age)
        assert len(deck) == 7 * players, age
        assert sum(1 for c in deck if c in guilds) == (players + 2 if age == 3 else 0)
        for card in CARDS:
            if card["age"] == age and card["id"] not in guilds:
                assert deck.count(card["id"]) == sum(1 for p in card["players"] if p <= players), card["id"]
