"""A 7 Wonders seat a person can play (issue 48): every option carries its meaning (a wonder-stage option its
stage's cost and reward, never the card's text), a card's price to each neighbour is said before the choice,
`explain N` tells what an option does and costs, the options point at the hand's cards and the stage in the
drawing, and the drawing shows each city's wonder board, its stages built and to build, and its science."""

from __future__ import annotations

import io
import re

import pytest
import typer
from rich.console import Console
from rulewright.api import new_game
from rulewright.engine.bots import make_bot
from rulewright.engine.machine import Game
from rulewright.rules.wonders7.commerce.payment import payment_options
from rulewright.rules.wonders7.seat.drawing import CHAR_W
from rulewright.rules.wonders7.state.definition import definition
from rulewright.tools.render.game import render_game
from rulewright.tools.seat.human import play_human
from rulewright.tools.seat.seat import seat_panel, seat_state

POSITION = {"age": 1, "players": [
    {"board": "gizah_a", "coins": 7, "built": ["stone_pit"], "hand": ["guard_tower", "temple", "altar"]},
    {"board": "babylon_a", "built": ["lumber_yard", "glassworks"], "hand": ["altar", "theater", "baths"]},
    {"board": "rhodes_a", "hand": ["altar", "theater", "baths"]}]}


def _position_game() -> Game:
    return Game(definition(), {"players": 3, "seed": 1, "position": POSITION})


def test_each_pick_says_its_price_to_each_neighbour_and_a_stage_its_reward():
    p = seat_state(_position_game(), 0)["pending"]
    text = dict(zip(p["options"], p["texts"], strict=True))
    assert text["build:temple"] == (
        "Temple (blue card, age II): you pay 6 coins to Player 2 (right) (you have 7); it costs 1 wood, 1 clay, 1 glass. "
        "Worth 3 victory points at the end of the game. Chains to Pantheon (built free later).")
    assert text["build:guard_tower"].startswith("Guard Tower (red card, age I): you pay 2 coins to Player 2 (right) "
                                                "(you have 7); it costs 1 clay")
    assert text["build:altar"].startswith("Altar (blue card, age I): free. Worth 2 victory points")
    stage = text["stage:guard_tower"]
    assert stage == ("Wonder stage 1 of 3 of The Pyramids of Giza: 3 victory points; costs 2 stone, all produced by "
                     "your city. Guard Tower goes face down under the stage: the card's own effect does not count.")
    assert "shield" not in stage  # the card's own text ("Adds 1 shield") is not the stage's
    assert text["sell:temple"].startswith("Discard Temple: take 3 coins from the bank (you will have 10)")
    targets = dict(zip(p["options"], p["targets"], strict=True))
    assert targets["stage:temple"] == ["temple", "gizah_a@1"] and targets["build:temple"] == ["temple"]


def test_a_card_that_cannot_be_built_says_why_beside_its_sale():
    pos = {"age": 1, "players": [{"board": "gizah_a", "coins": 0, "built": ["altar"], "hand": ["palace", "altar"]},
                                 {"board": "babylon_a", "hand": ["altar", "theater"]},
                                 {"board": "rhodes_a", "hand": ["altar", "theater"]}]}
    p = seat_state(Game(definition(), {"players": 3, "seed": 1, "position": pos}), 0)["pending"]
    assert p["options"] == ["sell:palace", "sell:altar"]
    assert p["texts"][0].endswith("Palace cannot be built now: your city, what your neighbours sell and your 0 coins "
                                  "cannot pay 1 wood, 1 stone, 1 clay, 1 ore, 1 glass, 1 loom, 1 papyrus.")
    assert p["texts"][1].endswith("Altar cannot be built: your city has one.")


def test_every_option_of_a_whole_game_carries_its_meaning():
    """Each option of every seat's every decision has a text; a trade names each neighbour's coins as the
    cheapest payment does; a stage never shows its card's text."""
    g = new_game(players=3, seed=11, game_id="wonders7")
    bots = [make_bot("greedy", i, "wonders7") for i in range(3)]
    entries = g.definition.content.entries
    seen = {"stage": 0, "trade": 0, "pay": 0, "sell": 0}
    while not g.over:
        d = g.pending
        p = seat_state(g, d.player)["pending"]
        assert all(p["texts"]), [o for o, t in zip(p["options"], p["texts"], strict=True) if not t]
        for option, said in zip(p["options"], p["texts"], strict=True):
            action, _, card = option.partition(":")
            if action == "stage":
                seen["stage"] += 1
                assert said.startswith(f"Wonder stage {g.state['players'][d.player]['stages'] + 1} of ")
                assert entries[card].text not in said
            elif action == "build" and "you pay" in said:
                seen["trade"] += 1
                cheapest = payment_options(g.rt, d.player, entries[card].data.get("cost") or {})[0]
                for side, q in (("left", g.rt.left(d.player)), ("right", g.rt.right(d.player))):
                    if cheapest[side]:
                        assert f"{cheapest[side]} {'coin' if cheapest[side] == 1 else 'coins'} to {g.rt.name(q)} " \
                               f"({side})" in said or f"and {cheapest[side]} to {g.rt.name(q)} ({side})" in said
            seen["sell"] += action == "sell"
            seen["pay"] += d.kind == "pay"
        g.apply({"player": d.player, "choice": bots[d.player].choose(g, d)})
    assert all(seen.values()), seen


def test_explain_tells_what_an_option_does_and_costs_at_the_terminal(tmp_path):
    g = _position_game()
    g.config["bots"] = ["human", "greedy", "greedy"]
    out = io.StringIO()
    lines = iter(["explain 2", "explain 4"])

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    with pytest.raises(typer.Exit):
        play_human(g, tmp_path / "g.json", Console(file=out, width=80), read_line=read)
    screen = out.getvalue()
    # at 80 columns nothing runs past the edge (a long line wraps between words), save for a file's path
    assert [line for line in screen.splitlines() if len(line) > 80 and "/" not in line] == []
    text = " ".join(screen.split())
    assert "2) build wonder stage 1 with Guard Tower (2 stone): Wonder stage 1 of 3 of The Pyramids of Giza: 3 " \
           "victory points; costs 2 stone, all produced by your city." in text
    assert "4) build Temple (1 wood, 1 clay, 1 glass): Temple (blue card, age II): you pay 6 coins to Player 2 " \
           "(right) (you have 7); it costs 1 wood, 1 clay, 1 glass." in text
    # the menu's one-line summary says the price and the stage's reward before any choice, in the room left
    assert "4) build Temple (1 wood, 1 clay, 1 glass) - you pay 6 coins to Player 2…" in text
    assert "2) build wonder stage 1 with Guard Tower (2 stone) - 3 victory points…" in text
    assert "wonder stages: 1 next: 2 stone -> 3 victory points; 2: 3 wood -> 5 victory points" in text
    assert "Player 1 - The Pyramids of Giza: 7 coins" in text and "Player 3 - The Colossus of Rhodes: 3 coins" in text


def test_the_drawing_shows_each_wonder_its_stages_science_and_only_the_viewers_hand():
    g = new_game(players=3, seed=7, game_id="wonders7", variants=["side_b"])
    bots = [make_bot("greedy", i, "wonders7") for i in range(3)]
    while not (g.state["age"] == 3 and g.state["turn"] == 2 and g.pending.player == 1):
        d = g.pending
        g.apply({"player": d.player, "choice": bots[d.player].choose(g, d)})
    svg = render_game(g, 1)
    entries = g.definition.content.entries
    for i, pl in enumerate(g.state["players"]):
        stages = g.definition.stages(pl["board"])
        for k in range(1, len(stages) + 1):
            built = "true" if k <= pl["stages"] else "false"
            assert f'data-kind="stage" data-target="{pl["board"]}@{k}" data-built="{built}"' in svg
        assert f'data-kind="city" data-player="{i}"' in svg
    assert svg.count('data-kind="science"') == 3 and 'data-symbol="compass"' in svg and 'data-symbol="tablet"' in svg
    assert "Age III, turn 2 of 6" in svg and "Player 2 (you)" in svg
    mine = g.state["players"][1]["hand"]
    assert all(f'data-card="{c}"' in svg for c in mine)
    others = {c for q in (0, 2) for c in g.state["players"][q]["hand"]} - set(mine)
    built = {c for pl in g.state["players"] for c in pl["built"]}
    assert others - built and not [c for c in others - built if f'data-card="{c}"' in svg or f">{entries[c].name}<" in svg]
    assert svg.count("6 cards in hand") == 2
    # no name is cut: each chip is wide enough for its whole name
    bots_game = new_game(players=3, seed=2, game_id="wonders7")
    while not bots_game.over:
        d = bots_game.pending
        bots_game.apply({"player": d.player, "choice": bots[d.player].choose(bots_game, d)})
    assert bots_game.state["ending"] in render_game(bots_game, None)  # how it ended, at the top
    chips = re.findall(r'width="([\d.]+)" height="2[2]"[^>]*/><text[^>]*>([^<]+)</text>', svg)
    assert len(chips) >= 20 and all(float(width) >= len(name) * 11 * CHAR_W for width, name in chips)


def test_the_browsers_hand_says_each_cards_colour_cost_and_effect_and_its_panel_only_what_the_drawing_lacks():
    """The hand list (the seat document's `hand`) gives each card's colour, age, cost and effect, never "age
    card"; the panel beside the drawing keeps what the drawing lacks (points by category, where the hands go,
    what each neighbour sells at what price, the chains) and drops the cities, which the drawing shows."""
    pos = {"age": 1, "players": [
        {"board": "gizah_a", "coins": 7, "built": ["stone_pit", "altar"], "hand": ["guard_tower", "temple", "altar"]},
        {"board": "babylon_a", "built": ["lumber_yard", "glassworks"], "hand": ["altar", "theater", "baths"]},
        {"board": "rhodes_a", "built": ["east_trading_post"], "hand": ["altar", "theater", "baths"]}]}
    g = Game(definition(), {"players": 3, "seed": 1, "position": pos})
    s = seat_state(g, 0)
    hand = {c["id"]: c for c in s["hand"]}
    assert hand["guard_tower"]["kind"] == "red card, age I · costs 1 clay"
    assert hand["guard_tower"]["text"] == "Adds 1 shield to your military strength."
    assert hand["temple"]["kind"] == "blue card, age II · free for you (chained from your Altar; printed 1 wood, 1 clay, 1 glass)"
    assert hand["altar"]["text"].endswith("Chains to Temple (built free later).")
    assert hand["guard_tower"]["colour"].startswith("#") and not any("age card" in c["kind"] for c in s["hand"])
    assert s["panel"] == ["Age I, turn 1 of 2 · 4 VP so far (treasury 2, civilian 2)",
                          "This age hands pass to the left, to Player 3",
                          "Player 3 (left) sells ore at 2 coins",
                          "Player 2 (right) sells clay, glass, wood at 2 coins each",
                          "Free later by your chains: Temple (your Altar)"]
    assert "Player 1 (right) sells stone at 1 coin" in seat_state(g, 2)["panel"]   # East Trading Post's discount
    # the terminal, which has no drawing beside it, keeps the whole panel
    assert any(line.startswith("  wonder stages: ") for line in seat_panel(g, 0))
