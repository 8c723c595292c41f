"""The words of culture cards that aim at the map (rules/civ_board/phases/map_events.py, reach.py): a disaster
marker's terrain seen by every rule that reads terrain, pieces going back to their supply, board distance
over revealed squares only, the aim shown to the cancel reactions before anything changes, and the
greedy bot aiming at the leader and the nearest threat, never at itself."""

from __future__ import annotations

from civ_helpers import drive
from rulewright.api import new_game
from rulewright.engine.abilities import Ctx
from rulewright.engine.decision import Decision
from rulewright.rules.civ_board import registry
from rulewright.rules.civ_board.board import board, reach
from rulewright.rules.civ_board.board.pieces import figures_left, place_figure, placeable
from rulewright.rules.civ_board.bots.bots import GreedyBot
from rulewright.rules.civ_board.phases import manage, map_events, movement
from rulewright.rules.civ_board.phases.start import city_site
from rulewright.rules.civ_board.seat.render_svg import render_svg
from rulewright.rules.civ_board.state import economy


def base(players: int = 2, reveal: bool = True, **pos):
    """A base-pack game (seed 1) at city management with the position given; its runtime."""
    civs = ["germany", "rome", "china"][:players]
    position = {"civs": civs, "first": 0, "reveal": reveal, "start": "city_management",
                "players": [{} for _ in civs], **pos}
    g = new_game(players=players, seed=1, game_id="civ_board", position=position)
    return g, g.rt


def rome_city(rt):
    return rt.cities(1)[0]


def test_a_disaster_marker_changes_yield_building_sites_movement_city_sites_and_the_picture():
    g, rt = base()
    city = rome_city(rt)                      # Rome's capital at F14; G15 is a bare grassland, E15 a forest
    granary = manage.item_squares(rt, city, ["grassland"], False, False)
    assert (6, 14) in granary and (4, 14) not in granary
    before = economy.city_total(rt, city, "production")
    rt.state["disasters"] = {"6,14": "desert", "4,14": "grassland"}
    assert rt.square(6, 14) == {"terrain": "desert"} and economy.yields(rt, 4, 14) == {}
    assert economy.city_total(rt, city, "production") == before - 2          # the forest's 2 production gone
    sites = manage.item_squares(rt, city, ["grassland"], False, False)
    assert (6, 14) not in sites and (4, 14) in sites
    site = next(sq for sq in sorted(reach.graph(rt).nodes) if city_site(rt, 0, *sq) and placeable(rt, 0, *sq)
                and any(placeable(rt, 0, x, y) for _, x, y in board.orthogonal(*sq)))
    _, x, y = next(step for step in board.orthogonal(*site) if placeable(rt, 0, step[1], step[2]))
    army = place_figure(rt, 0, "army", x, y)
    assert movement.enterable(rt, 0, [army], *site)
    rt.state["disasters"][board.key(*site)] = "water"
    assert not movement.enterable(rt, 0, [army], *site) and not placeable(rt, 0, *site)
    assert not city_site(rt, 0, *site)
    svg = render_svg(g, None, "")
    assert svg.count('data-kind="disaster"') == 3
    square = svg.split(f'id="sq-{site[0]}-{site[1]}">')[1].split("</g>")[0]   # the square's group: water now
    assert square.startswith("<rect") and 'fill="#6fa8dc"' in square.split("/>")[0]


def test_change_terrain_keeps_within_the_disaster_markers():
    g, rt = base()
    rt.state["disasters"] = {f"{x},0": "water" for x in range(8)} | {f"{x},2": "water" for x in range(4)}
    assert len(rt.state["disasters"]) == int(rt.params["disaster_markers"])
    ctx = Ctx(rt, 0, "drought")
    _, asked = drive(map_events.change_terrain(rt, 0, "desert", ["water", "grassland", "forest"], "no_building", ctx=ctx))
    assert asked and set(asked[0].options) == set(rt.state["disasters"])     # G15, a grassland, is not offered
    assert list(rt.state["disasters"].values()).count("desert") == 1 and len(rt.state["disasters"]) == 12


def test_a_destroyed_building_goes_back_to_the_market_and_killed_figures_to_their_owner():
    g, rt = base()
    rt.player(0)["techs"].append("philosophy")
    squares = [(5, 12), (6, 12), (6, 13), (5, 14), (6, 14)]      # Temple: 5 markers, all on Rome's outskirts
    for x, y in squares:
        rt.state["items"][board.key(x, y)] = {"kind": "building", "id": "temple", "owner": 1}
    assert "temple" not in manage.buildable(rt, 0)
    drive(map_events.destroy_buildings(rt, 0, 1, None, ctx=Ctx(rt, 0, "disaster")), lambda d: "6,14")
    assert "6,14" not in rt.state["items"] and "temple" in manage.buildable(rt, 0)
    armies = figures_left(rt, 1, "army")
    drive(map_events.kill_figures(rt, 0, 2, None, ctx=Ctx(rt, 0, "wholesale_defection")), lambda d: "4,12")
    assert figures_left(rt, 1, "army") == armies + 1 and not rt.figures_at(4, 12)


def test_reach_counts_orthogonal_steps_over_revealed_squares_only():
    g, rt = base(reveal=False)
    hidden = {(x, y) for x in range(8) for y in range(16) if board.facedown(rt.state, x, y)}
    assert hidden and not hidden & set(reach.graph(rt).nodes)
    near = reach.within(rt, 0, 3)
    assert near and not near & hidden
    for x, y in near:
        assert min(abs(x - a) + abs(y - b) for a, b in reach.anchors(rt, 0)) <= 3
    assert reach.within(rt, 0, None) == set(reach.graph(rt).nodes)
    g2, rt2 = base()
    assert reach.steps_between(rt2, (0, 0), (3, 5)) == 8 and reach.steps_between(rt2, (0, 0), (3, 40)) is None


def test_the_aim_is_shown_before_anything_changes_and_a_cancel_leaves_the_map_as_it_was(monkeypatch):
    g, rt = base(figures=[{"owner": 0, "kind": "army", "at": "5,9"}],
                 items=[{"owner": 1, "kind": "building", "id": "temple", "at": "5,12"}])
    seen = []

    def aim(rt_, ctx, owners, kind):
        seen.append((ctx.source, owners, kind, len(rt_.state["figures"]), dict(rt_.state["items"])))
        yield from ()
        return True
    monkeypatch.setitem(registry.SERVICES, "aim", aim)
    figures, items = len(rt.state["figures"]), dict(rt.state["items"])
    drive(map_events.kill_figures(rt, 0, 1, 4, ctx=Ctx(rt, 0, "defection")), lambda d: "4,12" if "4,12" in d.options else d.options[0])
    drive(map_events.destroy_buildings(rt, 0, 1, 4, ctx=Ctx(rt, 0, "sabotage")))
    drive(map_events.change_terrain(rt, 0, "desert", ["grassland"], "no_building", ctx=Ctx(rt, 0, "drought")),
          lambda d: "6,14" if "6,14" in d.options else d.options[0])
    drive(map_events.move_group(rt, 0, 2, ctx=Ctx(rt, 0, "disoriented")), lambda d: "4,12" if "4,12" in d.options else d.options[0])
    assert [(s, o, k) for s, o, k, *_ in seen] == [("defection", [1], "figure"), ("sabotage", [1], "building"),
                                                    ("drought", [1], "square"), ("disoriented", [1], "figure")]
    assert all(n == figures and it == items for *_, n, it in seen)
    assert len(rt.state["figures"]) == figures and rt.state["items"] == items and not rt.state.get("disasters")
    assert rt.figures_at(4, 12)


def _decision(kind, options, player=0):
    return Decision(player, kind, "", options, options)


def test_the_greedy_bot_aims_at_the_leader_and_the_nearest_threat_never_at_itself():
    g, rt = base(players=3, figures=[{"owner": 1, "kind": "army", "at": "2,2"}, {"owner": 2, "kind": "army", "at": "5,9"}])
    bot = GreedyBot(1)                        # seat 0, Germany at B2; Rome (1) at J2; China (2) at F14
    leader, other = 2, 1
    rt.player(leader)["techs"] += ["pottery", "philosophy", "writing", "currency"]
    rt.state["items"]["10,2"] = {"kind": "building", "id": "temple", "owner": other}
    capital = rt.cities(leader)[0]
    sq = next((x, y) for x, y in board.around(capital["x"], capital["y"]) if rt.item_at(x, y) is None
              and rt.square(x, y)["terrain"] != "water" and not rt.figures_at(x, y))
    rt.state["items"][board.key(*sq)] = {"kind": "building", "id": "temple", "owner": leader}
    assert bot.choose(g, _decision("destroy_target", ["10,2", board.key(*sq)])) == board.key(*sq)   # the leader's
    assert bot.choose(g, _decision("kill_target", ["5,9", "2,2"])) == "2,2"      # the army by its capital
    own = next(board.key(x, y) for x, y in board.around(1, 1) if rt.square(x, y)["terrain"] != "water")
    assert bot.choose(g, _decision("terrain_target", [own, "6,9"])) == "6,9"      # never a square of its own city
    far = "6,9"
    assert bot.choose(g, _decision("move_target", ["5,9", "2,2"])) == "2,2"        # the threat by its capital ...
    assert bot.choose(g, _decision("move_destination", ["2,3", far])) == far      # ... moved away from it
