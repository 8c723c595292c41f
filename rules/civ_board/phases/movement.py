"""Movement: in player order, each player moves figures one at a time (or a group that began the phase
together) up to the travel speed, orthogonally, a square at a time. A step may instead discover an
adjacent facedown tile (its arrow turned away from the figure's tile; huts and villages marked).

Water needs `cross_water` (to pass) or `end_in_water` (to stop); a facedown tile cannot be entered; a
figure passes through its own city centre but cannot stop there; the stacking limit holds on every
square. Scouts never enter huts, villages or enemy city centres, nor enemy figures unless an army of
the group escorts them (they die with it). An army entering a
hut or village explores it, one entering enemy figures or an enemy city centre attacks: its move ends.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ....engine.steady import stretched
from ..board import board
from ..board.pieces import reveal_tile, stack_limit
from ..cards.abilities import offer_actions
from ..cards.culture import offer_cards, offer_interrupts
from ..combat.conquest import attack_city, attack_square, attack_village, take_hut
from ..state.victory import over

if TYPE_CHECKING:
    from ..state.runtime import Civ


def travel_speed(rt: Civ, p: int) -> int:
    return rt.quantity("travel_speed", p, rt.highest("travel_speed", p, int(rt.params["base_travel_speed"])))


def can_stop(rt: Civ, p: int, figs: list[dict], x: int, y: int) -> bool:
    sq = rt.square(x, y)
    if sq is None or (sq["terrain"] == "water" and not rt.granted("end_in_water", p)):
        return False
    city = rt.city_at(x, y)
    ids = {f["id"] for f in figs}
    here = [f for f in rt.figures_at(x, y, p) if f["id"] not in ids]
    return city is None and len(here) + len(figs) <= stack_limit(rt, p)


def enterable(rt: Civ, p: int, figs: list[dict], x: int, y: int) -> bool:
    """May the group step onto (x, y) (a stop there may still be illegal)?"""
    sq = rt.square(x, y)
    if sq is None:
        return False
    if sq["terrain"] == "water" and not (rt.granted("cross_water", p) or rt.granted("end_in_water", p)):
        return False
    scouts = any(f["kind"] == "scout" for f in figs)
    armies = any(f["kind"] == "army" for f in figs)
    city = rt.city_at(x, y)
    if (city is not None and city["owner"] != p) or board.key(x, y) in rt.state["markers"]:
        return armies and not scouts      # scouts never enter an enemy city centre, a hut or a village
    if rt.enemies_at(x, y, p):
        return armies                     # scouts escorted by an army share its fate
    ids = {f["id"] for f in figs}
    return len([f for f in rt.figures_at(x, y, p) if f["id"] not in ids]) + len(figs) <= stack_limit(rt, p)


def can_finish(rt: Civ, p: int, figs: list[dict], x: int, y: int, left: int) -> bool:
    """Can the group still end its move legally from (x, y) with `left` steps?"""
    frontier, seen = [(x, y)], {(x, y)}
    for _ in range(left + 1):
        nxt = []
        for cx, cy in frontier:
            if can_stop(rt, p, figs, cx, cy) or _hostile(rt, p, cx, cy):
                return True
            for _, nx, ny in board.orthogonal(cx, cy):
                if (nx, ny) not in seen and enterable(rt, p, figs, nx, ny):
                    seen.add((nx, ny))
                    nxt.append((nx, ny))
        frontier = nxt
    return False


def _hostile(rt: Civ, p: int, x: int, y: int) -> bool:
    city = rt.city_at(x, y)
    return bool(rt.enemies_at(x, y, p)) or board.key(x, y) in rt.state["markers"] or (city is not None and city["owner"] != p)


@stretched
def step_options(rt: Civ, p: int, figs: list[dict], left: int) -> list[str]:
    x, y = figs[0]["x"], figs[0]["y"]
    out = ["stop"] if can_stop(rt, p, figs, x, y) else []
    if left <= 0:
        return out
    for d, nx, ny in board.orthogonal(x, y):
        if board.facedown(rt.state, nx, ny) and rt.state["tile_pool"]:
            out.append(f"explore:{d}")
        elif enterable(rt, p, figs, nx, ny) and (_hostile(rt, p, nx, ny) or can_finish(rt, p, figs, nx, ny, left - 1)):
            out.append(d)
    return out


def move_group(rt: Civ, p: int, figs: list[dict]) -> Generator:
    left = travel_speed(rt, p)
    rt.state["moving"] = [f["id"] for f in figs]
    while not over(rt):
        yield from offer_interrupts(rt, p)     # before each step a card may interrupt the move (kill figures)
        alive = {f["id"] for f in rt.state["figures"]}
        figs = [f for f in figs if f["id"] in alive]
        opts = step_options(rt, p, figs, left) if figs else []
        if not opts:
            return
        x, y = figs[0]["x"], figs[0]["y"]
        choice = yield from rt.ask(p, "step", f"{rt.name(p)}: move the {_names(figs)} at {board.label(x, y)} ({left} left)",
                                   opts, [_step_words(o) for o in opts])
        if choice == "stop":
            return
        left -= 1
        if choice.startswith("explore:"):
            dx, dy = board.STEPS[choice.removeprefix("explore:")]
            here, there = board.tile_of(x, y), board.tile_of(x + dx, y + dy)
            tid = reveal_tile(rt, *there, board.facing_away(here, there))
            rt.log(f"{rt.name(p)} discovers a new map tile ({rt.entry_name(tid)})")
            continue
        dx, dy = board.STEPS[choice]
        nx, ny = x + dx, y + dy
        if _hostile(rt, p, nx, ny):
            yield from enter_hostile(rt, p, figs, nx, ny)
            return
        for f in figs:
            f["x"], f["y"] = nx, ny


WORDS = {"n": "north", "e": "east", "s": "south", "w": "west"}


def _step_words(option: str) -> str:
    if option == "stop":
        return "stop here"
    if option.startswith("explore:"):
        return f"discover the tile to the {WORDS[option.removeprefix('explore:')]}"
    return f"one square {WORDS[option]}"


def enter_hostile(rt: Civ, p: int, figs: list[dict], x: int, y: int) -> Generator:
    """An army's move ends where it meets enemies, an enemy city, a hut or a village."""
    city, marker = rt.city_at(x, y), rt.state["markers"].get(board.key(x, y))
    if city is not None and city["owner"] != p:
        held = yield from attack_city(rt, p, figs, city)
    elif rt.enemies_at(x, y, p):
        held = yield from attack_square(rt, p, figs, x, y)
    elif marker == "village":
        held = yield from attack_village(rt, p, figs, x, y)
    else:
        yield from take_hut(rt, p, x, y)
        held = True
    if held:
        alive = {f["id"] for f in rt.state["figures"]}
        for f in figs:
            if f["id"] in alive:
                f["x"], f["y"] = x, y


PLURAL = {"army": "armies", "scout": "scouts"}


def _names(figs: list[dict]) -> str:
    """'1 army, 2 scouts'."""
    kinds = [f["kind"] for f in figs]
    return ", ".join(f"{kinds.count(k)} {PLURAL.get(k, k + 's') if kinds.count(k) > 1 else k}" for k in dict.fromkeys(kinds))


def movement(rt: Civ) -> Generator:
    if "resume_from" not in rt.state:   # (a fork restarted at a player's turn has done these)
        rt.log("4. Movement")
        yield from offer_cards(rt)
        yield from offer_actions(rt)
    for p in rt.player_turns():
        moved: set[int] = set()
        starts = {f["id"]: (f["x"], f["y"]) for f in rt.state["figures"] if f["owner"] == p}
        while not over(rt):
            mine = [f for f in rt.state["figures"] if f["owner"] == p and f["id"] not in moved
                    and (f["x"], f["y"]) == starts.get(f["id"])]
            if not mine:
                break
            opts, labels = ["done"], ["end movement"]
            for f in mine:
                opts.append(f"fig:{f['id']}")
                labels.append(f"move the {f['kind']} at {board.label(f['x'], f['y'])}")
            squares = {}
            for f in mine:
                squares.setdefault((f["x"], f["y"]), []).append(f)
            for (x, y), group in sorted(squares.items()):
                if len(group) > 1:
                    opts.append(f"group:{x},{y}")
                    labels.append(f"move the {_names(group)} at {board.label(x, y)} together")
            choice = yield from rt.ask(p, "move", f"Turn {rt.state['turn']}: {rt.name(p)}, movement", opts, labels)
            if choice == "done":
                break
            kind, _, arg = choice.partition(":")
            figs = [f for f in mine if f["id"] == int(arg)] if kind == "fig" else squares[board.unkey(arg)]
            moved |= {f["id"] for f in figs}
            yield from move_group(rt, p, figs)
