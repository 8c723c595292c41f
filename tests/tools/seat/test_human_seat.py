"""The terminal seat: `rulewright play --human`, scripted through stdin, and its stops and resumes.

`yes 1 | rulewright play --players 2 --seed 2 --human 0` reaches the score table; the end of input and
Ctrl-C save the game and say how to resume; a resumed game plays on exactly as an uninterrupted one; bad
entries are explained and asked again; `board` draws the seat's board.
"""

from __future__ import annotations

import io
import json

import pytest
import typer
from rich.console import Console
from rulewright.api import load_game
from rulewright.tools.seat.human import parse_humans, play_human, start


def test_yes_1_plays_a_whole_game_to_the_score_table(tmp_path, play_cli):
    r = play_cli(["--players", "2", "--seed", "2", "--human", "0", "--save", "g.json"], "1\n" * 2000, tmp_path)
    assert r.returncode == 0, r.stderr
    assert "Final scores" in r.stdout and "Winner:" in r.stdout and "Traceback" not in r.stdout + r.stderr
    assert "choose an action" in r.stdout and "   1) " in r.stdout  # the numbered menu
    assert "Hand: " in r.stdout and "Cities: " in r.stdout
    save = json.loads((tmp_path / "g.json").read_text())
    assert save["config"]["bots"] == ["human", "greedy"]
    assert load_game(save).over


def test_end_of_input_saves_and_resume_continues(tmp_path, play_cli):
    r = play_cli(["--players", "2", "--seed", "2", "--human", "0", "--save", "g.json"], "1\n1\n", tmp_path)
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    assert "input ended before the game did" in r.stdout and "rulewright play --resume g.json" in r.stdout
    first = json.loads((tmp_path / "g.json").read_text())["actions"]
    assert sum(a["player"] == 0 for a in first) == 2
    r = play_cli(["--resume", "g.json"], "1\n" * 2000, tmp_path)
    assert r.returncode == 0 and "Final scores" in r.stdout, r.stderr
    whole = json.loads((tmp_path / "g.json").read_text())["actions"]
    assert whole[: len(first)] == first
    # the same answers without a pause give the same game: bots do not depend on when the game resumed
    r = play_cli(["--players", "2", "--seed", "2", "--human", "0", "--save", "h.json"], "1\n" * 2000, tmp_path)
    assert json.loads((tmp_path / "h.json").read_text())["actions"] == whole


def test_without_save_the_game_goes_to_the_data_folder(tmp_path, play_cli):
    r = play_cli(["--players", "2", "--seed", "3", "--human", "1"], "", tmp_path)
    saves = list((tmp_path / "data" / "rulewright" / "saves").glob("game-*.json"))
    assert r.returncode == 1 and len(saves) == 1 and str(saves[0].name) in r.stdout


def test_bad_entries_are_explained_and_asked_again(tmp_path, play_cli):
    r = play_cli(["--players", "2", "--seed", "2", "--human", "0", "--save", "g.json"],
            "0\n99\nfly\n1 2\nhelp\nlog 3\nme\nboard\n1\n", tmp_path)
    out = r.stdout
    assert "0 is not on the menu" in out and "99 is not on the menu" in out and "not a choice: fly" in out
    assert "board [png]" in out  # the help text
    assert "<svg" in (tmp_path / "g-board-0.svg").read_text()
    assert "board drawn: " in out and "seed 2" not in (tmp_path / "g-board-0.svg").read_text()
    assert sum(a["player"] == 0 for a in json.loads((tmp_path / "g.json").read_text())["actions"]) == 1


@pytest.mark.parametrize("args, words", [
    (["--human", "5"], "--human takes a seat from 0 to 1"),
    (["--human", "x"], "--human takes a seat"),
    (["--human", "0", "--bots", "wizard"], "unknown bot(s): wizard"),
    (["--human", "0", "--json"], "--json and --as are for bot games"),
    (["--human", "0", "--variant", "nope"], "unknown variant 'nope'"),
    (["--resume", "missing.json"], "cannot resume missing.json"),
])
def test_bad_options_are_clean_errors(tmp_path, args, words, play_cli):
    r = play_cli(["--players", "2", *args], "", tmp_path)
    assert r.returncode in (1, 2) and words in r.stderr and "Traceback" not in r.stderr


def test_ctrl_c_saves_and_says_how_to_resume(tmp_path, then_ctrl_c):
    read = then_ctrl_c(["1", "1"])
    out = io.StringIO()
    game = start(2, 2, ["greedy"], ["base"], [], ["0"], None)
    with pytest.raises(typer.Exit) as stop:
        play_human(game, tmp_path / "g.json", Console(file=out, width=100), read_line=read)
    assert stop.value.exit_code == 130
    assert "interrupted: the game is saved in" in out.getvalue() and "--resume" in out.getvalue()
    assert json.loads((tmp_path / "g.json").read_text())["actions"] == game.save()["actions"]


def test_hot_seat_asks_every_seat(tmp_path):
    asked: set[str] = set()
    out = io.StringIO()
    game = start(2, 4, ["greedy"], ["base"], ["four_round"], ["all"], None)
    play_human(game, tmp_path / "g.json", Console(file=out, width=100), read_line=lambda p: "1")
    assert game.over and game.config["bots"] == ["human", "human"]
    for line in out.getvalue().splitlines():
        if "(seat " in line:
            asked.add(line.strip("─ "))
    assert asked == {"Player 1 (seat 0)", "Player 2 (seat 1)"}


def test_parse_humans():
    assert parse_humans(["all"], 3) == {0, 1, 2}
    assert parse_humans(["0", "2"], 3) == {0, 2}
    assert parse_humans(["0,1"], 2) == {0, 1}
    with pytest.raises(ValueError):
        parse_humans(["3"], 3)


def test_a_standing_answer_is_asked_once_and_forget_asks_again(tmp_path):
    """`always N` at the raze question answers it by itself the next time; `forget` makes it asked again."""
    out = io.StringIO()
    game = start(2, 2, ["greedy"], ["base"], [], ["0"], None)
    asked: list[int] = []  # the step of each raze question the person was asked
    said: list[str] = []

    def read(prompt: str) -> str:
        d = game.pending
        if d.kind == "raze":
            asked.append(len(game.actions))
            return "always 1" if len(asked) == 1 else "1"
        if len(asked) == 1 and sum(a["player"] == 0 and "keep" == a["choice"] for a in game.actions) >= 3:
            said.append("forget")  # two status phases answered by themselves: forget at an action prompt
            asked.append(-1)
            return "forget"
        return "1"

    play_human(game, tmp_path / "g.json", Console(file=out, width=100), read_line=read)
    text = out.getvalue()
    raze = [i for i, a in enumerate(game.actions) if a["player"] == 0 and a["choice"] == "keep"]
    assert len(raze) >= 4  # the question came in several status phases
    assert asked[0] == raze[0] and asked[1] == -1 and asked[2] > raze[1]  # asked once, then not until forget
    assert "kept: raze nothing answers this question from now on" in text
    assert text.count("Raze a size-1 city for 1 gold? answered by your standing answer: raze nothing") == 2
    assert "forgotten: Raze a size-1 city for 1 gold? -> keep" in text
    assert "always N: answer this question with N" in text and said == ["forget"]


def test_always_is_refused_where_the_game_asks_each_time(tmp_path):
    out = io.StringIO()
    lines = iter(["help", "always 1", "forget", "quit"])
    game = start(2, 2, ["greedy"], ["base"], [], ["0"], None)
    with pytest.raises(typer.Exit):
        play_human(game, tmp_path / "g.json", Console(file=out, width=100), read_line=lambda p: next(lines))
    text = out.getvalue()
    assert "this question is asked each time" in text and "no standing answers to forget" in text
    assert "always N     choose option N now" in text and "forget       forget your standing answers" in text
    assert game.actions == [] or all(a["player"] != 0 for a in game.actions)


def test_an_undone_question_is_asked_not_answered_by_itself(tmp_path):
    from rulewright.tools.seat.human import TerminalSeat
    from rulewright.tools.seat.seat import bot_choice

    game = start(2, 2, ["greedy"], ["base"], [], ["0"], None)
    while not (game.pending.player == 0 and game.pending.kind == "raze"):
        d = game.pending
        game.apply({"player": d.player, "choice": d.options[0] if d.player == 0 else bot_choice(game, "greedy")})
    asked: list[str] = []
    seat = TerminalSeat(game, Console(file=io.StringIO(), width=100), tmp_path / "g.json",
                        read_line=lambda p: asked.append(p) or "2")
    seat.standing.keep(game.pending, "keep")
    assert seat.choose(game.pending) == "keep" and asked == []  # by itself
    seat.taken_back(0)
    assert seat.choose(game.pending) == game.pending.options[1] and len(asked) == 1  # asked after an undo
    assert seat.choose(game.pending) == "keep" and len(asked) == 1  # and by itself again the next time
