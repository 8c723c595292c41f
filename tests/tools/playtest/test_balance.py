"""rulewright balance: the statistics against hand computations, the quality measures on hand-made score
trajectories, restricted play that really forbids, and the command's output (small runs, both games)."""

from __future__ import annotations

import json
import math

import pytest
from rulewright.tools.playtest.quality import (
    chi2_sf,
    chi_square_equal,
    decided_at,
    deficit,
    first_player,
    lead_changes,
    quality,
    seats,
)
from rulewright.tools.playtest.restricted import Forbidding, held, names
from rulewright.tools.playtest.restricted_run import play_restricted, restricted_report
from rulewright.tools.playtest.selfplay import head, play_recorded
from rulewright.tools.playtest.stats import wilson


def test_wilson_interval_matches_the_published_value():
    rate, lo, hi = wilson(3, 10)  # 3 successes in 10: the textbook Wilson interval is 0.1078-0.6032
    assert (rate, lo, hi) == (0.3, 0.1078, 0.6032)
    assert wilson(0, 20)[1] == 0.0 and wilson(20, 20)[2] == 1.0


def test_chi_square_of_equal_shares_by_hand():
    # 10 games, 3 seats, one win shared by seats 0 and 1: wins 1.5, 3.5, 5; expected 10/3 each
    got = chi_square_equal([1.5, 3.5, 5.0])
    expected = sum((w - 10 / 3) ** 2 / (10 / 3) for w in (1.5, 3.5, 5.0))
    assert got["statistic"] == pytest.approx(1.85, abs=1e-4) == pytest.approx(expected, abs=1e-4)
    assert got["df"] == 2 and got["p_value"] == pytest.approx(math.exp(-1.85 / 2), abs=1e-5)  # 2 df: e^(-x/2)
    assert chi_square_equal([5.0, 5.0])["p_value"] == 1.0


def test_chi_square_tail_against_table_values():
    # the 5% critical values of the chi-square table for 1 to 4 degrees of freedom, and two 1% ones
    for x, df, p in ((3.841459, 1, 0.05), (5.991465, 2, 0.05), (7.814728, 3, 0.05), (9.487729, 4, 0.05),
                     (6.634897, 1, 0.01), (11.344867, 3, 0.01)):
        assert chi2_sf(x, df) == pytest.approx(p, abs=1e-6)


def test_quality_measures_on_hand_made_trajectories():
    # seat 0 wins; the sole leader goes None, 0, 1, 0, 2, then 0 at the end: 4 changes, decided at the end
    t = [[0, 0, 0], [1, 0, 0], [1, 2, 0], [3, 2, 1], [4, 3, 5], [6, 3, 5]]
    assert lead_changes(t, 0) == 4 and decided_at(t, 0) == 1.0 and deficit(t, 0) == 1
    # seat 0 behind by 1 once, then leads from point 2 of 0..4 on: decided at 2/4
    t = [[0, 0], [1, 2], [3, 2], [4, 2], [5, 2]]
    assert decided_at(t, 0) == 0.5 and lead_changes(t, 0) == 1 and deficit(t, 0) == 1
    # a shared lead is skipped; at the end the winner leads (a tie broken by the tie-break)
    t = [[0, 0], [1, 0], [2, 2]]
    assert decided_at(t, 1) == 1.0 and lead_changes(t, 1) == 1 and deficit(t, 1) == 1
    # never behind: no drama
    assert deficit([[0, 0], [1, 0], [2, 1]], 0) == 0
    records = [{"winners": [0], "vp": [5, 2], "trajectory": [[0, 0], [1, 2], [3, 2], [4, 2], [5, 2]], "rounds": 6,
                "actions": 100, "asked": 100, "options": 450, "choices": {"action:grow": 3}},
               {"winners": [0, 1], "vp": [3, 3], "trajectory": [[0, 0], [3, 3]], "rounds": 6, "actions": 50,
                "asked": 50, "options": 150, "choices": {}}]
    q = quality(records)
    assert q["shared_wins"] == 1 and q["decided_at"]["mean"] == 0.5 and q["drama_rate"][0] == 1.0
    assert q["branching"] == 4.0 and q["choices_per_game"] == {"action:grow": 1.5}
    assert q["decisions"]["mean"] == 75 and q["turns"]["mean"] == 2.5


def test_seats_and_first_player_by_hand():
    records = [{"winners": [0], "vp": [3, 1, 1], "first": 0}, {"winners": [1, 2], "vp": [1, 3, 3], "first": 1},
               {"winners": [2], "vp": [0, 0, 5], "first": 2}, {"winners": [2], "vp": [0, 1, 5], "first": 0}]
    s = seats(records)
    assert [s["per_seat"][k]["wins"] for k in "012"] == [1, 0.5, 2.5]
    assert s["per_seat"]["2"]["win_rate"] == 0.625
    assert s["equality"]["statistic"] == pytest.approx(sum((w - 4 / 3) ** 2 / (4 / 3) for w in (1, 0.5, 2.5)), abs=1e-4)
    fp = first_player(records)  # the first player won games 1 (seat 0), 2 (half), 3 (seat 2)
    assert fp["win_rate"] == 0.625 and fp["equal_share"] == pytest.approx(1 / 3, abs=1e-4)
    assert fp["by_turn_position"]["1"][0] == 0.125  # second in turn order: the half win of seat 2 in game 2
    assert first_player([{"winners": [0], "vp": [1, 0], "first": None}]) is None


def test_a_choice_is_named_by_its_content_not_by_where():
    assert names("4,1:great_library", "great_library") and names("special:festival#0", "festival")
    assert names("build:press", "press") and not names("build:press_x", "press")
    assert head("4,1:academy") == "academy" and head("build:press") == "build" and head("special:x#0") == "special"


def _task(game_id, seed, players, packs=None, forbidden=None, restrict=""):
    return {"game": 0, "index": 0, "seed": seed, "players": players, "bots": ["greedy"], "packs": packs,
            "variants": [], "game_id": game_id, "restrict": restrict, "forbidden": forbidden}


def test_the_forbidden_bot_never_takes_an_advance_it_takes_when_allowed():
    base = play_restricted(_task("clash", 0, 2, restrict="engineering"))
    assert base["taken"][0]  # greedy takes it when allowed: the test forbids something real
    limited = play_restricted(_task("clash", 0, 2, forbidden=0, restrict="engineering"))
    assert not limited["taken"][0] and limited["leaks"] == 0
    rep = restricted_report([base, limited], {"players": 2, "game": "clash", "bots": ["greedy"]}, "engineering")
    assert rep["taken_by_forbidden"] == 0 and rep["seeds"] == 1 and rep["bots"] == ["greedy"]


def test_the_forbidden_bot_never_builds_a_7_wonders_card_it_builds_when_allowed():
    base = play_recorded(_task("wonders7", 1, 3), extra=lambda g: {"built": list(g.state["players"][0]["built"])})
    card = next(c for c in base["built"] if c not in ("lumber_yard",))
    limited = play_restricted(_task("wonders7", 1, 3, forbidden=0, restrict=card))
    assert not limited["taken"][0]


def test_a_forbidden_civilisation_or_board_is_not_played():
    packs = ["base", "civilizations"]
    civ = play_recorded(_task("clash", 2, 2, packs))["labels"][0]
    assert play_restricted(_task("clash", 2, 2, packs, forbidden=0, restrict=civ))["labels"][0] != civ
    board = play_recorded(_task("wonders7", 2, 3))["labels"][0]
    again = play_restricted(_task("wonders7", 2, 3, forbidden=0, restrict=board))
    assert again["labels"][0] != board and len(set(again["labels"])) == 3


def test_held_reads_what_a_player_took_and_owns_but_not_its_hand():
    state = {"players": [{"advances": ["a"], "hand": {"cards": ["c"]}}, {"advances": []}],
             "cities": {"1,1": {"owner": 0, "wonders": ["w"]}, "2,2": {"owner": 1, "wonders": ["v"]}}}
    assert held(state, 0, "a") == 1 and held(state, 0, "w") == 1
    assert held(state, 0, "c") == 0 and held(state, 0, "v") == 0 and held(state, 1, "v") == 1


def test_forbidding_drops_the_options_that_name_the_id():
    class First:
        name = "first"

        def choose(self, game, decision):
            return decision.options[0]

    from rulewright.engine.decision import Decision

    class Game:
        state = {"players": [{}]}

        def fork(self):
            return self

        def apply(self, action):
            pass

    bot = Forbidding(First(), "x")
    d = Decision(0, "advance", "?", ["x", "4,1:x", "y"], ["X", "X there", "Y"])
    assert bot.choose(Game(), d) == "y" and bot.name == "first without x"


def _run(cli, *args):
    return cli(["balance", *args])


def test_balance_command_reports_both_games(cli):
    r = _run(cli, "--games", "2", "--players", "2", "--seed", "4")
    assert r.exit_code == 0, r.output
    for text in ("clash: 2 games, 2 players, bots: greedy", "seat balance", "chi-square", "first player in round 1",
                 "decided at", "lead changes", "drama", "branching factor"):
        assert text in " ".join(r.output.split())  # lines wrap to the width
    r = _run(cli, "--game", "wonders7", "--games", "2", "--json")
    assert r.exit_code == 0, r.output
    rep = json.loads(r.output)
    assert rep["bots"] == ["greedy"] and rep["first_player"] is None and rep["games"] == 2
    assert sum(row["wins"] for row in rep["per_seat"].values()) == pytest.approx(2)
    assert sum(g["games"] for g in rep["per_label"].values()) == 6  # every seat's board, every game
    assert rep["quality"]["turns"]["mean"] == 18


def test_balance_command_per_civilisation_and_restricted(tmp_path, cli):
    r = _run(cli, "--games", "2", "--players", "2", "--pack", "civilizations", "--out", str(tmp_path))
    assert r.exit_code == 0, r.output
    assert "win rate per civilisation" in r.output
    assert json.loads((tmp_path / "balance.json").read_text())["per_label"]
    r = _run(cli, "--games", "1", "--players", "2", "--restrict", "engineering")
    assert r.exit_code == 0, r.output
    text = " ".join(r.output.split())  # lines wrap to the width
    assert "restricted play of engineering in clash: 1 seeds x 3 games" in text and "bots: greedy" in text
    assert "worth" in text and "the forbidden seat took it 0 times" in text


def test_balance_command_refuses_bad_input(cli):
    assert _run(cli, "--restrict", "no_such_thing", "--games", "1").exit_code == 2
    assert _run(cli, "--bots", "nobody", "--games", "1").exit_code == 2
    assert _run(cli, "--players", "9", "--games", "1").exit_code == 2


def test_balance_refuses_a_file_as_its_output_folder(tmp_path, cli):
    (tmp_path / "f").write_text("")
    r = _run(cli, "--games", "1", "--out", str(tmp_path / "f"))
    assert r.exit_code == 2 and "is a file" in r.output
