"""What armies entering a square start, and what a battle's winner takes: huts, villages, enemy
figures (loot: trade, culture or a resource), enemy cities (a city destroyed and a tech, a culture
card or two resources taken; a capital is a military victory).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..board import board
from ..board.pieces import remove_figures
from ..cards.culture import discard_down, gain_great_person
from ..cards.research import learn
from ..state.economy import pyramid_row
from ..state.position_piles import take_marker
from ..state.victory import win
from .combat import battle, winner_losses

if TYPE_CHECKING:
    from ..state.runtime import Civ


def take_hut(rt: Civ, p: int, x: int, y: int) -> Generator:
    rt.state["markers"].pop(board.key(x, y), None)
    hut = take_marker(rt, "hut", x, y)
    rt.player(p)["huts"].append(hut)
    rt.log(f"{rt.name(p)} explores a hut at {board.label(x, y)} and keeps its marker")
    yield from rt.emit("hut_explored", p)


def attack_village(rt: Civ, p: int, figs: list[dict], x: int, y: int) -> Generator:
    """Returns True when the army took the village."""
    rt.log(f"{rt.name(p)} attacks the village at {board.label(x, y)}")
    armies = sum(1 for f in figs if f["kind"] == "army")
    won = (yield from battle(rt, p, None, armies, None, village=True)) == "attacker"
    if not won:
        remove_figures(rt, figs)
        rt.log(f"{rt.name(p)}'s figures die at the village")
        return False
    winner_losses(rt, "attacker", figs)
    rt.state["markers"].pop(board.key(x, y), None)
    village = take_marker(rt, "village", x, y)
    reward = rt.d.content.entries[village].data["reward"]
    if reward == "great_person":
        yield from gain_great_person(rt, p)
    else:
        rt.player(p)["huts"].append(village)
        rt.log(f"{rt.name(p)} takes the village's marker")
    yield from rt.emit("village_conquered", p)
    return True


def loot_options(rt: Civ, winner: int, loser: int, city: bool) -> tuple[list[str], list[str]]:
    pl = rt.player(loser)
    opts, labels = [], []
    if city:
        for t in pl["techs"]:
            if t not in rt.player(winner)["techs"] and pyramid_row(rt, winner, rt.d.level(t)):
                opts.append(f"tech:{t}")
                labels.append(f"learn {rt.entry_name(t)}")
        if pl["hand"]:
            opts.append("culture_card")
            labels.append("steal a culture event card (unseen)")
    else:
        if pl["trade"]:
            opts.append("trade")
            labels.append(f"take up to {rt.params['loot_trade']} trade")
        if pl["culture"]:
            opts.append("culture")
            labels.append(f"take up to {rt.params['loot_culture']} culture")
    if any(pl["resources"].values()) or pl["huts"]:
        opts.append("resources")
        labels.append("take resources" if city else "take a resource")
    return (opts or ["nothing"]), (labels or ["nothing to take"])


def take_resources(rt: Civ, winner: int, loser: int, n: int) -> Generator:
    """The winner takes up to n resources, one at a time, choosing each: a token of a resource the loser
    holds, or a facedown hut or village marker (unseen: one of them at random). The first is taken; after it
    the winner may stop ("up to")."""
    src, dst = rt.player(loser), rt.player(winner)
    for i in range(n):
        kinds = [r for r in sorted(src["resources"]) if src["resources"][r] > 0]
        options = [*kinds, *(["marker"] if src["huts"] else [])]
        if not options:
            return
        labels = [f"{'an' if r[0] in 'aeiou' else 'a'} {r} token ({rt.name(loser)} holds {src['resources'][r]})"
                  for r in kinds]
        labels += [f"a facedown hut or village marker, unseen ({rt.name(loser)} holds {len(src['huts'])})"] \
            if src["huts"] else []
        if i:
            options, labels = ["stop", *options], ["take no more", *labels]
        count = f" ({i + 1} of up to {n})" if n > 1 else ""
        choice = yield from rt.ask(winner, "loot_resource", f"{rt.name(winner)}: which resource do you take from "
                                   f"{rt.name(loser)}?{count}", options, labels)
        if choice == "stop":
            return
        if choice == "marker":
            dst["huts"].append(src["huts"].pop(rt.rng().below(len(src["huts"]))))
            rt.log(f"{rt.name(winner)} takes a facedown marker from {rt.name(loser)}")
            continue
        src["resources"][choice] -= 1
        dst["resources"][choice] = dst["resources"].get(choice, 0) + 1
        rt.log(f"{rt.name(winner)} takes a {choice} token from {rt.name(loser)}")


def loot(rt: Civ, winner: int, loser: int, city: bool) -> Generator:
    opts, labels = loot_options(rt, winner, loser, city)
    choice = yield from rt.ask(winner, "loot", f"{rt.name(winner)}: what to take from {rt.name(loser)}", opts, labels)
    src, dst = rt.player(loser), rt.player(winner)
    if choice in ("trade", "culture"):
        n = min(src[choice], int(rt.params[f"loot_{choice}"]))
        src[choice] -= n
        dst[choice] = min(rt.trade_cap(winner), dst[choice] + n) if choice == "trade" else dst[choice] + n
        rt.log(f"{rt.name(winner)} takes {n} {choice} from {rt.name(loser)}")
    elif choice == "resources":
        yield from take_resources(rt, winner, loser, int(rt.params["loot_city_resources"]) if city else 1)
    elif choice == "culture_card":
        card = src["hand"].pop(rt.rng().below(len(src["hand"])))
        dst["hand"].append(card)
        rt.log(f"{rt.name(winner)} steals a culture event card from {rt.name(loser)}")
        yield from discard_down(rt, winner)
    elif choice.startswith("tech:"):
        yield from learn(rt, winner, choice.removeprefix("tech:"))


def attack_square(rt: Civ, p: int, figs: list[dict], x: int, y: int) -> Generator:
    """p's moving figures enter a square with enemy figures: scouts alone die, armies fight.
    Returns True when p holds the square afterwards."""
    enemies = rt.enemies_at(x, y, p)
    q = enemies[0]["owner"]
    if all(f["kind"] == "scout" for f in enemies):
        remove_figures(rt, enemies)
        rt.log(f"{rt.name(p)} kills {rt.name(q)}'s scout{'s' * (len(enemies) > 1)} at {board.label(x, y)}")
        yield from loot(rt, p, q, False)
        return True
    rt.log(f"{rt.name(p)} attacks {rt.name(q)}'s army at {board.label(x, y)}")
    rt.state["battle_square"] = [x, y]
    armies = sum(1 for f in figs if f["kind"] == "army")
    won = (yield from battle(rt, p, q, armies, None)) == "attacker"
    rt.state["battle_square"] = None
    winners, losers, w, lo = (figs, enemies, p, q) if won else (enemies, figs, q, p)
    winner_losses(rt, "attacker" if won else "defender", winners)
    remove_figures(rt, losers)
    yield from loot(rt, w, lo, False)
    return won


def attack_city(rt: Civ, p: int, figs: list[dict], city: dict) -> Generator:
    q = city["owner"]
    rt.log(f"{rt.name(p)} attacks {rt.name(q)}'s {'capital' if city['capital'] else 'city'} at {board.label(city['x'], city['y'])}")
    armies = sum(1 for f in figs if f["kind"] == "army")
    won = (yield from battle(rt, p, q, armies, city)) == "attacker"
    if not won:
        remove_figures(rt, figs)
        yield from loot(rt, q, p, False)
        return False
    winner_losses(rt, "attacker", figs)
    if city["capital"]:
        win(rt, [p], "military")
        return True
    destroy_city(rt, city)
    yield from rt.emit("city_conquered", p)
    yield from loot(rt, p, q, True)
    return True


def destroy_city(rt: Civ, city: dict) -> None:
    """The city marker goes back to its owner; buildings return to the market, wonders and great people
    in its outskirts leave the game."""
    rt.state["cities_built"].remove(city)
    for x, y in board.around(city["x"], city["y"]):
        item = rt.state["items"].get(board.key(x, y))
        if item is not None and item["owner"] == city["owner"]:
            del rt.state["items"][board.key(x, y)]
    rt.log(f"{rt.name(city['owner'])}'s city at {board.label(city['x'], city['y'])} is destroyed")
