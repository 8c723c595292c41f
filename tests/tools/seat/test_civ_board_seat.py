"""A person's seat at Civilization: the panel shows the seat's own forces and culture cards by name and
only counts of a rival's; a whole hot-seat game answered '1' to every question ends. Issue 48: every option
says what it means and costs and points at what it names; the map has coordinates, a legend, an id per square
and whole names; headers and the replay say the turn and phase; `explain N` says what an option does."""

from __future__ import annotations

import io
import re

import pytest
import typer
from civ_helpers import bot_game
from rich.console import Console
from rulewright.api import new_game
from rulewright.engine.bots import RandomBot
from rulewright.engine.games import find
from rulewright.engine.machine import Game
from rulewright.engine.playout import play_out
from rulewright.rules.civ_board.board import board
from rulewright.rules.civ_board.bots.bots import GreedyBot
from rulewright.rules.civ_board.seat.panel import seat_panel
from rulewright.rules.civ_board.seat.render_svg import render_svg
from rulewright.rules.civ_board.state.economy import coins, production
from rulewright.tools.seat.human import play_human
from rulewright.tools.seat.replay_html import build_viewer_data
from rulewright.tools.seat.seat import (
    option_labels,
    option_targets,
    option_text,
    progress_words,
    seat_state,
    summary,
)


def test_the_panel_names_the_seats_own_cards_and_counts_the_rivals():
    g = bot_game(2, until=lambda g: g.state["turn"] >= 3)
    entries = g.definition.content.entries
    text = "\n".join(seat_panel(g, 0))
    mine = g.state["players"][0]["forces"]
    assert all(entries[u].name in text for u in mine)
    theirs = g.state["players"][1]
    assert f"forces {len(theirs['forces'])}" in text
    assert f"culture cards {len(theirs['hand'])}" in text


def test_the_players_table_shows_each_players_computed_coins_to_every_seat():
    """Coins are never stored (the economy dial is counted): the seat's document carries them for the players
    table, the same for every seat and the spectator, as the rules count them."""
    g = bot_game(2, until=lambda g: g.state["turn"] >= 3)
    dial = [coins(g.rt, q) for q in range(2)]
    assert any(dial) and all("coins" not in pl for pl in g.view(0)["players"])
    for seat in (0, 1, None):
        assert seat_state(g, seat)["columns"] == {"coins": dial}


@pytest.mark.slow
def test_a_human_seat_answering_1_plays_a_whole_game(tmp_path, play_cli):
    r = play_cli(["--game", "civ_board", "--players", "2", "--seed", "2", "--human", "0"], "1\n" * 3000, tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Winner:" in r.stdout and "Traceback" not in r.stdout + r.stderr
    assert "action of the city at" in r.stdout and "   1) devote to the arts" in r.stdout


# ---- issue 48: a seat a person can play ------------------------------------------------------------------


def _base_game(seed: int = 2, until=lambda g: False, limit: int = 20000):
    """A greedy game of the base pack (whose entries have their printed texts), stopped where `until` holds."""

    g = Game(find("civ_board").definition(["base"], []), {"players": 2, "seed": seed})
    bots = _bots()
    for _ in range(limit):
        if g.over or until(g):
            break
        g.apply({"player": g.pending.player, "choice": bots[g.pending.player].choose(g, g.pending)})
    return g


def _late_game():
    return _base_game(2, until=lambda g: g.state["turn"] >= 9)


def test_every_option_of_a_whole_game_says_what_it_means_and_points_at_what_it_names():
    """Every option of every decision of a greedy game has a meaning beyond its label; a square option points
    at its square, a city's action at the city, a step at the square it leads to."""


    replay = Game(find("civ_board").definition(["base"], []), {"players": 2, "seed": 2})
    bots = _bots()
    said: dict[str, int] = {}
    while not replay.over and len(replay.actions) < 600:   # past turn 10: every common kind of decision
        d = replay.pending
        for o in d.options:
            text = option_text(replay, d, o)
            assert text and text != d.label(o), (d.kind, o, d.label(o))
            targets = option_targets(replay, d, o)
            if d.kind in ("capital", "place_figure") or (d.kind == "city_action" and "@" in o):
                assert o.rpartition("@")[2] in targets
            if d.kind == "city_action" and o in ("arts", "army"):
                city = next(c for c in replay.state["cities_built"] if c["id"] == replay.state["acting_city"])
                assert targets == [board.key(city["x"], city["y"])]
        said[d.kind] = said.get(d.kind, 0) + 1
        replay.apply({"player": d.player, "choice": bots[d.player].choose(replay, d)})
    assert {"capital", "city_action", "research", "move", "step", "government"} <= set(said)


def _bots():

    return [GreedyBot(2), GreedyBot(3)]


def test_a_city_action_says_its_production_cost_and_the_trade_that_boosts_it():

    g = _base_game(2, until=lambda g: g.pending.kind == "city_action" and g.state["turn"] >= 2)
    d = g.pending
    city = next(c for c in g.state["cities_built"] if c["id"] == g.state["acting_city"])

    made = production(g.rt, city)
    for o, label in zip(d.options, d.labels, strict=True):
        if "production)" in label:
            cost = int(label.rsplit("(", 1)[1].split()[0])
            text = option_text(g, d, o)
            assert f"costs {cost} production" in text
            if cost > made:
                assert f"so {cost - made} more" in text and "bought with" in text and "trade" in text


def test_the_map_has_coordinates_a_legend_an_id_per_square_and_whole_names():


    g = _late_game()
    svg = render_svg(g, 0, "")
    m = g.state["map"]
    assert svg.count('data-kind="space"') == m["rows"] * m["cols"] * 16
    assert all(f'id="sq-{x}-{y}"' in svg for x in range(m["cols"] * 4) for y in range(m["rows"] * 4))
    coords = svg.split('data-kind="coordinates"')[1].split("</g>")[0]
    assert ">A<" in coords and f">{chr(ord('A') + m['cols'] * 4 - 1)}<" in coords and f">{m['rows'] * 4}<" in coords
    assert 'data-kind="legend"' in svg and "a facedown hut / village marker" in svg
    texts = re.findall(r"<text [^>]*>([^<]*)</text>", svg)
    entries = g.definition.content.entries
    assert g.state["items"]
    for item in g.state["items"].values():   # a building's name is whole, on one line or wrapped over several
        name = entries[item["id"]].name
        assert name in " ".join(texts), name
    shown = " ".join(texts)
    for res in ("wheat", "incense", "silk", "iron"):
        assert re.search(rf"\b{res}\b", shown) or res not in svg
    assert not re.search(r"\b(Librar|whea|Barrac|Worksh)\b", shown)


def test_headers_say_the_turn_and_phase_and_the_replay_never_says_round():

    assert progress_words("civ_board", {"turn": 0, "phase": "setup"}) == "set-up"
    assert progress_words("civ_board", {"turn": 1, "phase": "start_of_turn"}) == "turn 1, 1. start of turn"
    assert progress_words("civ_board", {"turn": 3, "phase": "city_management"}) == "turn 3, 3. city management"
    assert progress_words("civ_board", {"turn": 4, "phase": "over", "ending": "x"}) == "game over after turn 4"
    g = _base_game(2, until=lambda g: g.state["turn"] == 1 and g.pending.kind == "city_action")
    assert seat_state(g, 0)["progress"] == "turn 1, 3. city management"
    g = new_game(players=2, seed=4, game_id="civ_board")
    play_out(g, [RandomBot(1), RandomBot(2)], limit=400)
    info = build_viewer_data(g.save(), 0)["info"]
    assert info[0] == "set-up" and "turn 1, 2. trade" in info and "turn 2, 4. movement" in info
    assert not any("round" in x or "None" in x or "null" in x for x in info)


def test_explain_says_what_an_option_does_and_costs(tmp_path, play_cli):
    r = play_cli(["--game", "civ_board", "--players", "2", "--seed", "2", "--human", "0"],
                 "explain 1\n1\n1\n1\n1\n1\nexplain 2\nquit\n", tmp_path, timeout=120)
    out = " ".join(r.stdout.split())   # long lines wrap between words at the terminal's width
    assert "1) B2: Found your capital at B2: its outskirts give 4 trade, 5 production" in out
    assert "its label says it all" not in out
    assert "2) produce an army figure (4 production): A new army figure: the city makes 5, enough: costs 4 " \
           "production; it stands in the city's outskirts" in out


def test_a_scripted_terminal_game_at_80_columns_says_every_options_meaning(tmp_path):
    """A person answering the first option of each question, as `yes 1 | rulewright play --human 0` does, on an
    80-column terminal: every option's meaning is on the screen (beside it, on a line of its own when the label
    leaves no room, or in the label itself), `explain 1` answers, `board` draws, and no line runs past the edge."""
    g = Game(find("civ_board").definition(["base"], []), {"players": 2, "seed": 2})
    g.config["bots"] = ["human", "greedy"]
    out = io.StringIO()
    state = {"at": 0, "step": -1, "script": [], "menus": 0}

    def read(prompt: str) -> str:
        d = g.pending
        if state["step"] != len(g.actions):   # a new question: its menu is on the screen since the last answer
            state["step"], state["script"] = len(g.actions), (["explain 1", "board"] if state["step"] < 0 else [])
            screen = " ".join(out.getvalue()[state["at"]:].split())
            for o, label in zip(d.options, option_labels(d), strict=True):
                body = option_text(g, d, o).partition(": ")[2] or option_text(g, d, o)
                assert " ".join(body.split()[:3]) in screen or summary(body) in label, (d.kind, o)
            state["menus"] += 1
        state["at"] = len(out.getvalue())
        if state["menus"] > 80:
            raise EOFError
        return state["script"].pop(0) if state["script"] else "1"

    with pytest.raises(typer.Exit):
        play_human(g, tmp_path / "g.json", Console(file=out, width=80), read_line=read)
    screen = out.getvalue()
    assert [line for line in screen.splitlines() if len(line) > 80 and "/" not in line] == []
    assert "1) B2: Found your capital at B2: its outskirts give 4 trade, 5 production" in " ".join(screen.split())
    drawn = re.search(r"board drawn: (\S+)", " ".join(screen.split())).group(1)
    assert open(drawn).read().startswith("<svg") and state["menus"] > 80
