"""The game's flow (rules/civ_board/game.yaml `flow:`): the set-up's decisions, then turns of five
phases (start of turn, trade, city management, movement, research) until someone wins, and the end.

`repeat_turns:` runs its body turn after turn until a victory (or the `max_turns` bound, which ends a
stalled game without a winner and says so). The economic victory is checked after every phase.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..board import board
from ..board.pieces import draw_unit, home_tile_at, mark_tile, place_city, place_figure, placeable, put_item
from ..cards import city_gifts, rivals, tech_gifts  # noqa: F401 (they register procedures of cards)
from ..cards.abilities import offer_actions
from ..cards.culture import offer_cards, person_by_capital
from ..cards.research import research_phase
from ..registry import STEPS, step
from ..state.economy import coins, collect_trade
from ..state.position import apply_position
from ..state.victory import check_economic, over, settle_turn
from . import map_events  # noqa: F401 (it registers procedures of cards)
from .manage import city_management, item_squares
from .movement import movement
from .negotiation import negotiate
from .start import start_of_turn

if TYPE_CHECKING:
    from ..state.runtime import Civ


def run_flow(rt: Civ, nodes: list[dict]) -> Generator:
    for node in nodes:
        if "do" in node:
            restarting = node["do"] == "setup" and bool(rt.state.get("resume"))   # passed at once, nothing done
            rt.state["phase"] = node["do"]
            if rt.state["turn"] > 0 and not restarting:   # a fork can restart here, the whole phase to run
                rt.game.resume_point({"resume": True, "phase_start": True})
            yield from STEPS[node["do"]](rt)
            if rt.state["turn"] > 0 and not restarting:
                check_economic(rt)
        elif "repeat_turns" in node:
            start = rt.state.pop("start_phase", None)   # a scenario starts turn 1 at a later phase ...
            resumed = bool(rt.state.get("resume"))
            if resumed:                                 # ... and a restarted flow at the phase it left
                start = rt.state.pop("resume_phase", "research")   # (research, or trade: negotiation.py)
                if rt.state.pop("phase_start", False):  # restarted at the start of a phase: it runs whole
                    rt.state.pop("resume")
            steps = [inner["do"] for inner in node["repeat_turns"]]
            skip = steps.index(start) if start in steps else 0
            if skip and not resumed:
                rt.state["turn"] = 1
                rt.log(f"=== Turn 1: first player {rt.name(rt.state['first'])} (from {start.replace('_', ' ')}) ===")
            # a turn under way (a scenario's or a restarted flow's, skip > 0) is played out even when it is the last
            while not over(rt) and (skip or rt.state["turn"] < int(rt.params["max_turns"])):
                for inner in node["repeat_turns"][skip:]:
                    if over(rt):
                        break
                    yield from run_flow(rt, [inner])
                skip = 0
                settle_turn(rt)


@step("setup")
def setup(rt: Civ) -> Generator:
    """Capitals on a centre square of each home tile, an army and a scout beside them (and Russia's extra
    army), civilisation bonuses, America's great person by its capital once everyone is set up, and the
    first trade of each capital's outskirts."""
    if rt.state.get("resume"):
        return
    rt.log(f"--- Civilization, {rt.n} players ---")
    position = rt.state.pop("position", None)

    def ask(p: int, kind: str, prompt: str, options: list[str]) -> Generator:
        """A set-up decision; under a scenario's position its first option, unasked."""
        if position is not None:
            return options[0]
        return (yield from rt.ask(p, kind, prompt, options, [board.label(*board.unkey(o)) for o in options]))
    m = rt.state["map"]
    for tr in range(m["rows"]):
        for tc in range(m["cols"]):
            if m["tiles"][tr][tc] and not m["tiles"][tr][tc].get("hidden"):
                mark_tile(rt, tr, tc)
    persons: list[int] = []
    for p in rt.order():
        pl = rt.player(p)
        civ = rt.d.civs[pl["civ"]]
        bonus = civ.data.get("setup") or {}
        rt.log(f"{pl['name']} plays {civ.name}, starting with {rt.entry_name(pl['techs'][0])}")
        tr, tc = home_tile_at(rt, p)
        centre = [(tc * 4 + dx, tr * 4 + dy) for dy in (1, 2) for dx in (1, 2)]
        centre = [sq for sq in centre if rt.square(*sq)["terrain"] != "water"]
        where = yield from ask(p, "capital", f"{pl['name']}: where is your capital?", [board.key(*sq) for sq in centre])
        capital = place_city(rt, p, *board.unkey(where), capital=True, walled=bool(bonus.get("walled_capital")))
        # the first army and scout; an extra army (Russia's white army) is placed with them
        extra = ["extra army"] * int(bonus.get("extra_army", 0))
        for kind, what in (("army", "first army"), *(("army", e) for e in extra), ("scout", "first scout")):
            free = [board.key(x, y) for x, y in board.around(capital["x"], capital["y"]) if placeable(rt, p, x, y)]
            if not free:
                continue
            spot = yield from ask(p, "place_figure", f"{pl['name']}: where does your {what} go?", free)
            place_figure(rt, p, kind, *board.unkey(spot))
        units = dict(rt.params["starting_units"])
        for utype, n in (bonus.get("extra_units") or {}).items():
            units[utype] = units.get(utype, 0) + int(n)
        for utype, n in units.items():
            for _ in range(int(n)):
                card = draw_unit(rt, utype)
                if card:
                    pl["forces"].append(card)
        for _ in range(int(bonus.get("ancient_wonder", 0))):
            yield from _setup_wonder(rt, p, capital)
        persons += [p] * int(bonus.get("great_person", 0))
    if position is not None:
        apply_position(rt, position)
    for p in persons:   # America: "a random great person, placed in the outskirts of their capital at the end of setup"
        yield from person_by_capital(rt, p)
    for p in rt.order():
        given = (position or {}).get("players") or []
        if p < len(given) and "trade" in given[p]:
            continue
        collect_trade(rt, p)
        rt.log(f"{rt.name(p)} starts with {rt.player(p)['trade']} trade and {coins(rt, p)} coins")


def _setup_wonder(rt: Civ, p: int, capital: dict) -> Generator:
    """A random wonder of the first era, placed in the capital's outskirts; a wonder of the next era
    replaces it in the market."""
    market = rt.state["wonder_market"]
    if not market:
        return
    wonder = market.pop(rt.rng().below(len(market)))
    if rt.state["wonder_deck"]:
        market.append(rt.state["wonder_deck"].pop(0))
    land = [t for t in rt.d.content.vocab.enums.get("terrain", []) if t != "water"]
    squares = [board.key(*sq) for sq in item_squares(rt, capital, land, False, True)]
    if squares:
        at = yield from rt.ask(p, "place_wonder", f"{rt.name(p)}: where does {rt.entry_name(wonder)} stand?", squares,
                               [board.label(*board.unkey(s)) for s in squares])
        put_item(rt, p, "wonder", wonder, *board.unkey(at))
        rt.log(f"{rt.name(p)} starts with the wonder {rt.entry_name(wonder)}")


step("start_of_turn")(start_of_turn)
step("city_management")(city_management)
step("movement")(movement)


@step("trade")
def trade(rt: Civ) -> Generator:
    if rt.state.pop("resume", False):   # restarted from a trade offer's state: the negotiation goes on
        yield from negotiate(rt, resumed=True)
        return
    rt.log("2. Trade")
    yield from offer_cards(rt)
    yield from offer_actions(rt)
    for p in rt.order():
        got = collect_trade(rt, p)
        rt.log(f"{rt.name(p)} collects {got} trade (now {rt.player(p)['trade']}; {coins(rt, p)} coins)")
    yield from negotiate(rt)


@step("research")
def research(rt: Civ) -> Generator:
    if rt.state.pop("resume", False):   # restarted from a research decision's state: the picks go on
        yield from research_phase(rt, resumed=True)
        return
    rt.log("5. Research")
    yield from offer_cards(rt)
    yield from offer_actions(rt)
    yield from research_phase(rt)


@step("end_game")
def end_game(rt: Civ) -> Generator:
    rt.state["phase"] = "over"
    if over(rt):
        names = " and ".join(rt.name(p) for p in rt.state["winner"])
        text = f"Game over after {rt.state['turn']} turns: {names} won a {rt.state['victory']} victory"
    else:
        text = f"Game over: no victory within {rt.params['max_turns']} turns"
    rt.state["ending"] = text
    rt.log(text)
    yield from ()
