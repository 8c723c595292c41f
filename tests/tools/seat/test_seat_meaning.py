"""A seat a person enjoys (issue 35), without a browser: every option carries its meaning (`explain N` and a
summary beside each option in the terminal, texts, board targets and warnings in the API), undo at the
prompt and through the API, a whole collection in one step, endings in words, links only for people's
seats, the board's header said once."""

from __future__ import annotations

import io
import json

import pytest
import typer
from rich.console import Console
from rulewright.api import load_game, new_game
from rulewright.tools.seat.human import play_human, start
from rulewright.tools.seat.seat import bot_choice, option_text, seat_state, summary


def _seat0_begins(variants: tuple[str, ...]) -> int:
    """The first seed whose 2-player game (with these variants) Player 1 begins: the tests below speak
    as the first player, whichever seat the random stream makes begin for a given seed."""
    return next(s for s in range(1, 200) if new_game(players=2, seed=s, variants=list(variants)).pending.player == 0)


SEED = _seat0_begins(("four_round",))
SEED_BASE = _seat0_begins(())


def scripted(lines: list[str], prompts: list[str] | None = None):
    answers = iter(lines)

    def read(prompt: str) -> str:
        if prompts is not None:
            prompts.append(prompt)
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None
    return read


def test_explain_undo_and_summaries_at_the_terminal(tmp_path):
    out = io.StringIO()
    game = start(2, SEED, ["greedy"], ["base"], ["four_round"], ["0"], None)
    lines = ["explain 1", "explain 99", "undo", "1", "explain 1", "undo", "1", "1"]
    with pytest.raises(typer.Exit):  # the end of the script stops the game, saved
        play_human(game, tmp_path / "g.json", Console(file=out, width=200), read_line=scripted(lines))
    text = out.getvalue()
    assert "1) Advance: Advance: Buy an advance for 2 food" in text  # explain 1 at the action menu
    assert "explain takes an option's number" in text
    assert "cannot undo: nothing to take back: no decision has been made yet" in text
    assert "taken back: you decide again" in text
    assert "1) Irrigation (2 food): Irrigation (advance): Your cities may" in text  # explain at "Which advance?"
    assert "Irrigation (2 food) - Your cities may" in text  # the summary beside the option
    actions = json.loads((tmp_path / "g.json").read_text())["actions"]
    assert actions[:2] == [{"player": 0, "choice": "advance"}, {"player": 0, "choice": "irrigation"}]


def test_summary_is_one_short_line():
    assert summary("Get 2 ideas when built") == "Get 2 ideas when built"
    long = summary("word " * 40, 30)
    assert len(long) <= 30 and long.endswith("…") and "\n" not in summary("a\nb")


def test_state_gives_each_option_its_text_targets_and_warning():
    g = new_game(players=2, seed=SEED, variants=["four_round"])
    s = seat_state(g, 0)
    p = s["pending"]
    assert all(p["texts"]) and len(p["texts"]) == len(p["options"])
    end = p["options"].index("end")
    assert "end the turn anyway" in p["warnings"][end] and not any(p["warnings"][:end])
    assert s["undo"] == {"possible": False, "reason": "nothing to take back: no decision has been made yet"}
    while not (g.pending.kind == "move_to" and g.pending.player == 0):
        g.apply({"player": g.pending.player, "choice": bot_choice(g, "greedy")})
    p = seat_state(g, 0)["pending"]
    assert " from " in p["prompt"] and p["prompt"].startswith("Move ")  # where the group stands
    assert all(t == [o] for o, t in zip(p["options"], p["targets"], strict=True))  # each space, clickable
    assert all(":" in text for text in p["texts"])  # each space described: its label, terrain, who is there


def test_a_whole_collection_in_one_step_for_a_person():
    g = start(2, SEED, ["greedy"], ["base"], ["four_round"], ["0"], None)
    assert g.config["seat_shortcuts"] is True
    while not (g.pending.kind == "collect" and g.pending.player == 0):
        g.apply({"player": g.pending.player, "choice": bot_choice(g, "greedy")})
    d = g.pending
    whole = [o for o in d.options if o.startswith("all:")]
    assert whole and d.options[: len(whole)] == whole  # offered first
    assert all(d.label(o).startswith("all at once: ") for o in whole)
    # the same resources as the step-by-step picks
    step_by_step = g.fork()
    res = dict(g.state["players"][0]["res"])
    g.apply({"player": 0, "choice": whole[0]})
    for space_what in whole[0].removeprefix("all:").split(";"):
        step_by_step.apply({"player": 0, "choice": space_what})
    if step_by_step.pending.kind == "collect":
        step_by_step.apply({"player": 0, "choice": "done"})
    assert g.state["players"][0]["res"] == step_by_step.state["players"][0]["res"] != res
    assert load_game(g.save()).state_hash() == g.state_hash()
    # a game without a person is asked step by step, as ever
    bots = new_game(players=2, seed=SEED, variants=["four_round"])
    while bots.pending is not None:
        assert not any(o.startswith("all:") for o in bots.pending.options)
        bots.apply({"player": bots.pending.player, "choice": bot_choice(bots, "greedy")})
    assert "The game ended after all 4 rounds. Winner: " in bots.state["ending"]


def test_option_text_names_content_and_actions():
    g = new_game(players=2, seed=SEED_BASE)
    g.apply({"player": 0, "choice": "advance"})
    d = g.pending
    assert option_text(g, d, "irrigation").startswith("Irrigation (advance): ")


def test_server_links_only_for_people_and_undo(tmp_path, serve_client):

    c = serve_client(tmp_path / "g.sqlite3")
    g = c.post("/api/games", json={"players": 2, "seed": SEED, "variants": ["four_round"],
                                   "seats": ["human", "greedy"]}).json()
    assert "token" in g["seats"][0] and "token" not in g["seats"][1] and "url" not in g["seats"][1]
    bot_token = c.app.state.hub.table(g["id"]).tokens[1]
    assert c.get(f"/api/games/{g['id']}", params={"token": bot_token}).status_code == 403  # never viewable
    me, url = g["seats"][0]["token"], f"/api/games/{g['id']}"
    r = c.post(url + "/undo", json={"token": me})
    assert r.status_code == 409 and r.json()["error"] == "cannot undo: nothing to take back: no decision has been made yet"
    assert c.post(url + "/actions", json={"token": me, "choice": "advance", "revision": 0}).json()["step"] == 1
    assert c.get(url, params={"token": me}).json()["undo"]["possible"] is True
    assert c.post(url + "/undo", json={"token": me}).json()["step"] == 0
    s = c.get(url, params={"token": me}).json()
    assert s["step"] == 0 and s["pending"]["kind"] == "action"
    spectator = g["spectator"]["token"]
    assert c.post(url + "/undo", json={"token": spectator}).status_code == 403
    assert c.post(url + "/undo", json={"token": me, "x": 1}).status_code == 400


def test_board_header_names_the_player_once():
    from rulewright.tools.seat.seat import board_svg

    g = new_game(players=2, seed=SEED_BASE)
    svg = board_svg(g, 0)
    assert "Player 1: choose an action" in svg and "Player 1: Player 1:" not in svg


def test_ending_a_turn_with_actions_left_is_asked_again_at_the_terminal(tmp_path):
    out = io.StringIO()
    game = start(2, SEED, ["greedy"], ["base"], ["four_round"], ["0"], None)
    end = str(game.pending.options.index("end") + 1)
    prompts: list[str] = []
    with pytest.raises(typer.Exit):
        play_human(game, tmp_path / "g.json", Console(file=out, width=200),
                   read_line=scripted([end, "n", end, "y"], prompts))
    assert prompts.count("You still have 3 actions this turn: end the turn anyway? [y/N]> ") == 2
    assert json.loads((tmp_path / "g.json").read_text())["actions"][0] == {"player": 0, "choice": "end"}
    assert game.actions[0] == {"player": 0, "choice": "end"} and sum(a["player"] == 0 for a in game.actions) == 1


def test_a_regions_two_orientations_are_drawn_before_the_choice():
    g = new_game(players=2, seed=6, variants=["four_round"])  # a game in which greedy explores a region
    while g.pending is not None and not (g.pending.kind == "orientation" and g.pending.player == 0):
        g.apply({"player": g.pending.player, "choice": bot_choice(g, "greedy")})
    p = seat_state(g, 0)["pending"]
    assert len(p["pictures"]) == 2 and all(pic.startswith("<svg") and pic.count("<polygon") == 4 for pic in p["pictures"])
    assert p["pictures"][0] != p["pictures"][1]  # the terrains lie differently
    assert all(t.startswith("Lay the region turned") for t in p["texts"])


def test_a_trade_side_is_chosen_with_its_amount_in_one_step():
    g = start(2, SEED, ["greedy"], ["base"], ["four_round"], ["0"], None)
    while not (g.pending.kind == "action" and g.pending.player == 0 and "trade" in g.pending.options):
        g.apply({"player": g.pending.player, "choice": bot_choice(g, "greedy")})
    g.apply({"player": 0, "choice": "trade"})
    d = g.pending
    assert d.kind == "trade_give"
    both = [o for o in d.options if o.startswith("all:")]
    assert both and d.label(both[0]) == "1 " + d.label(both[0]).split(" ", 1)[1]
    g.apply({"player": 0, "choice": both[-1]})
    assert g.pending.kind == "trade_take"  # no "how many?" question
    take = [o for o in g.pending.options if o.startswith("all:")][0]
    g.apply({"player": 0, "choice": take})
    assert g.pending.kind == "trade_answer" and g.pending.player == 1
    offer = g.state["trade_offer"]
    kind, n = both[-1].removeprefix("all:").rsplit(":", 1)
    assert offer["give"] == [kind, int(n)] and offer["take"] == [take.split(":")[1], 1]
