"""A person's seat at 7 Wonders in the terminal: `rulewright play --game wonders7 --human 0`.

The seat is asked through stdin to the end; what it is shown never names a card in another player's hand
or pending pick (checked against the real hidden cards at every question); a bad entry is asked again;
Ctrl-C and the end of input save, and `--resume` plays on the same game.
"""

from __future__ import annotations

import io
import json
import re

import pytest
import typer
from rich.console import Console
from rulewright.api import load_game, new_game
from rulewright.tools.seat.human import play_human, start


def w7(players: int, seed: int, humans: list[str]):
    return start(players, seed, ["greedy"], [], [], humans, None, "wonders7")


def test_yes_1_plays_a_whole_3_player_game(tmp_path, play_cli):
    r = play_cli(["--game", "wonders7", "--players", "3", "--seed", "2", "--human", "0", "--save", "g.json"],
            "1\n" * 500, tmp_path)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "Final scores" in out and "Winner:" in out and "Traceback" not in out + r.stderr
    assert "choose a card and what to do with it" in out and "   1) build " in out
    assert out.count("Hand: ") == 18  # 3 ages of 6 turns, the panel before each pick
    assert "produces: " in out and "Left: " in out and "Right: " in out and "wonder 0/3" in out
    save = json.loads((tmp_path / "g.json").read_text())
    assert save["game"] == "wonders7" and save["config"]["bots"] == ["human", "greedy", "greedy"]
    assert load_game(save).over


def test_the_seat_never_sees_another_hand_or_pick(tmp_path):
    """At each question, no name of a card held or picked only by others is on the screen since the last."""
    out = io.StringIO()
    game = w7(4, 5, ["1"])
    entries = game.definition.content.entries
    seen_at = [0]
    checked = []

    def read(prompt: str) -> str:
        screen = out.getvalue()[seen_at[0]:]
        seen_at[0] = len(out.getvalue())
        state = game.state
        mine = {entries[c].name for c in state["players"][1]["hand"]}
        public = {entries[c].name for pl in state["players"] for c in pl["built"]} | mine
        public |= {w for line in game.log for w in [line]}  # names the log already told
        hidden = set()
        for q, pl in enumerate(state["players"]):
            if q != 1:
                hidden |= {entries[c].name for c in pl["hand"]}
                if pl.get("pick"):
                    hidden.add(entries[pl["pick"]["card"]].name)
        hidden = {n for n in hidden - public if not any(n in line for line in game.log)}
        if game.pending.kind == "pick":
            # the hand's line, wrapped onto indented lines: each card's name, then its colour and cost
            hand_line = " ".join(re.search(r"^Hand: (.*?)\n(?=\S)", screen, re.S | re.M).group(1).split())
            assert {part.rsplit(" (", 1)[0] for part in hand_line.split("; ")} == mine
        leaks = [n for n in hidden if n in screen]
        assert not leaks, f"seat 1 was shown {leaks}"
        checked.append(len(hidden))
        return "1"

    play_human(game, tmp_path / "g.json", Console(file=out, width=200), read_line=read)
    assert game.over and len(checked) >= 18
    assert sum(1 for n in checked if n) >= 12  # most questions had hidden cards that could have leaked


def test_a_bad_entry_is_asked_again(tmp_path, play_cli):
    r = play_cli(["--game", "wonders7", "--players", "3", "--seed", "2", "--human", "0", "--save", "g.json"],
            "0\n99\nfly\n1 2\nhelp\nlog 3\nme\nboard\n1\n", tmp_path)
    out = r.stdout
    assert r.returncode == 1 and "Traceback" not in out + r.stderr
    assert "0 is not on the menu" in out and "99 is not on the menu" in out and "not a choice: fly" in out
    assert "board [png]" in out and "board drawn: " in out
    first = new_game(players=3, seed=2, game_id="wonders7").pending  # its number of options is the deal's
    assert first.player == 0
    assert out.count(f"choice [1-{len(first.options)}, help]> ") == 9  # the first question, asked again after 8 entries
    board = (tmp_path / "g-board-0.svg").read_text()
    assert "<svg" in board and "seed 2" not in board
    assert sum(a["player"] == 0 for a in json.loads((tmp_path / "g.json").read_text())["actions"]) == 1


def test_end_of_input_saves_and_resume_continues_the_same_game(tmp_path, play_cli):
    args = ["--game", "wonders7", "--players", "3", "--seed", "3", "--human", "1"]
    r = play_cli([*args, "--save", "g.json"], "1\n2\n1\n", tmp_path)
    assert r.returncode == 1 and "rulewright play --resume g.json" in r.stdout
    first = json.loads((tmp_path / "g.json").read_text())["actions"]
    assert sum(a["player"] == 1 for a in first) == 3
    r = play_cli(["--resume", "g.json"], "1\n" * 500, tmp_path)  # the save says which game it is
    assert r.returncode == 0 and "Final scores" in r.stdout, r.stderr
    whole = json.loads((tmp_path / "g.json").read_text())["actions"]
    assert whole[: len(first)] == first and len(whole) > len(first)
    r = play_cli([*args, "--save", "h.json"], "1\n2\n1\n" + "1\n" * 500, tmp_path)
    assert json.loads((tmp_path / "h.json").read_text())["actions"] == whole


def test_ctrl_c_saves_and_resume_plays_on(tmp_path, then_ctrl_c):
    read = then_ctrl_c(["2", "1"])
    out = io.StringIO()
    game = w7(3, 4, ["0"])
    with pytest.raises(typer.Exit) as stop:
        play_human(game, tmp_path / "g.json", Console(file=out, width=100), read_line=read)
    assert stop.value.exit_code == 130 and "interrupted: the game is saved in" in out.getvalue()
    saved = json.loads((tmp_path / "g.json").read_text())
    assert saved["actions"] == game.save()["actions"] and saved["game"] == "wonders7"
    again = start(3, 0, ["greedy"], [], [], [], tmp_path / "g.json")
    assert again.definition.game_id == "wonders7" and again.save()["actions"] == saved["actions"]
    play_human(again, tmp_path / "g.json", Console(file=io.StringIO(), width=100), read_line=lambda p: "1")
    assert again.over
