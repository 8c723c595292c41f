"""No per-seat output tells a seat what it may not know: not the seed, not the RNG state, not another
seat's hand, not the order of a deck. Covered: Game.view, the visible log, `render --as` (SVG) and
`replay --html --as` (title, data and log of the page), for every seat and the public view."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from rulewright.api import new_game
from rulewright.engine.bots import RandomBot
from rulewright.engine.playout import play_out
from rulewright.rules.clash.state.view import visible_log
from rulewright.tools.replay_html import replay_html
from test_hidden_and_invariants import _hidden_items

SEED = 9_876_543_21

@pytest.fixture(scope="module")
def game():
    g = new_game(players=3, seed=SEED)
    bots = [RandomBot(i) for i in range(3)]
    assert play_out(g, bots, limit=90) == 90
    return g


def secrets(game, seat: int | None) -> list[str]:
    rng = json.dumps(game.state["rng"])
    return [str(SEED), rng.strip('"[]').split(",")[0]]


def deck_orders(game) -> list[str]:
    """Each deck's order written as a run of its first three cards (a leak of the order, not of a count)."""
    return [",".join(json.dumps(c) for c in cards[:3]) for cards in game.state["decks"].values() if len(cards) >= 3]


def assert_nothing_hidden(text: str, game, seat: int | None) -> None:
    for secret in secrets(game, seat):
        assert secret not in text, f"seat {seat} output holds {secret}"
    for order in deck_orders(game):
        assert order.replace(" ", "") not in text.replace(" ", "")
    if seat is not None:
        for item in _hidden_items(game, seat):
            assert not re.search(rf'"{re.escape(item)}"', text), f"seat {seat} output names {item}"


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_view_and_log(game, seat) -> None:
    assert_nothing_hidden(json.dumps(game.view(seat)), game, seat)
    assert_nothing_hidden("\n".join(visible_log(game, seat)), game, seat)


@pytest.mark.parametrize("seat", [0, 2, None])
def test_replay_viewer_page(game, seat) -> None:
    page = replay_html(game.save(), seat)
    assert_nothing_hidden(page, game, seat)
    title = re.search(r"<title>(.*?)</title>", page).group(1)
    assert "seed" not in title


@pytest.mark.parametrize("seat", ["0", "1"])
def test_render_and_replay_as_a_seat_through_the_cli(game, seat, tmp_path: Path, cli) -> None:
    save = tmp_path / "g.json"
    save.write_text(json.dumps(game.save()))
    out = tmp_path / "board.svg"
    result = cli(["render", str(save), "--as", seat, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert_nothing_hidden(out.read_text(), game, int(seat))
    page = tmp_path / "v.html"
    result = cli(["replay", str(save), "--html", str(page), "--as", seat])
    assert result.exit_code == 0, result.output
    assert_nothing_hidden(page.read_text(), game, int(seat))
    assert str(SEED) not in result.output


def test_play_json_as_a_seat_holds_no_seed(cli) -> None:
    """`play --json --as SEAT` adds that seat's view: a per-seat output, so the seed is left out."""
    result = cli(["play", "--players", "2", "--seed", str(SEED), "--json", "--as", "1"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert "view" in out and "seed" not in out
    assert str(SEED) not in result.output
    public = cli(["play", "--players", "2", "--seed", str(SEED), "--json"])
    assert json.loads(public.output)["seed"] == SEED  # the whole account (no seat named) keeps it
