"""Secrecy is not a variant's to change (issue 49): `hidden:` (and `ranges:`) of a game's rules data cannot be
changed by a variant file, a `PATH=VALUE` setting, or a pack's `rules:` overlay; lint says so (E0049) and
tells where secrecy is declared; serve's set-up page never offers such a file.

Before the fix, `hidden: {$delete: [owner_only]}` in a variant made every seat's view show every hand."""

from __future__ import annotations

from pathlib import Path

import pytest
from rulewright.dsl.overlay_secrecy import guarded_apply, touched
from rulewright.engine import games

PEEK = ["hidden: {$delete: [owner_only, count]}\n", "$delete: [hidden]\n", "hidden:\n  drop: [dice]\n",
        "hidden: {$replace: {}}\n", "ranges: {$delete: [params.rounds]}\n"]


@pytest.mark.parametrize("body", PEEK)
def test_a_variant_file_that_touches_secrecy_is_refused(tmp_path: Path, body: str) -> None:
    path = tmp_path / "peek.yaml"
    path.write_text("name: Peek\ntext: everyone sees everything\n" + body)
    with pytest.raises(ValueError, match="is the game's own") as err:
        games.find("clash").definition(["base"], [str(path)])
    assert "rules/<game>/game.yaml" in str(err.value)


@pytest.mark.parametrize("game", ["clash", "wonders7"])
def test_a_setting_of_a_secret_path_is_refused(game: str) -> None:
    with pytest.raises(ValueError, match="'hidden.owner_only' cannot be set: `hidden:` is the game's own"):
        games.find(game).definition(games.find(game).default_packs, ["hidden.owner_only=[]"])


def test_a_pack_rules_overlay_cannot_change_secrecy(write_pack) -> None:
    from types import SimpleNamespace

    from rulewright.dsl.rules_data import base_rules
    from rulewright.engine.diagnostics import ContentError

    root = write_pack({}, pack_id="peeker", manifest_text="id: peeker\nname: Peeker\nversion: 1.0.0\ngame: clash\n"
                      "depends: [base]\nrules:\n  hidden: {owner_only: []}\n")
    with pytest.raises(ContentError, match="E0049.*rules.hidden: `hidden:` is the game's own"):
        games.find("clash").definition(["base", str(root)], [])  # the loader's lint stops it first
    content = SimpleNamespace(packs=[SimpleNamespace(id="peeker", manifest={"rules": {"hidden": {"owner_only": []}}})])
    with pytest.raises(ValueError, match="pack peeker: rules.hidden: `hidden:` is the game's own"):
        base_rules(games.game_dir("clash"), content)  # and the overlay's own guard, for any other caller


def test_the_guard_checks_the_result_too() -> None:
    base = {"hidden": {"drop": ["rng"]}, "params": {"rounds": 6}}
    assert touched({"params": {"rounds": 4}}, base) == []
    assert touched({"$replace": {"params": {}}}, base) == ["hidden"]  # a whole new rules data without it
    assert touched(7, base) == ["hidden"]
    assert guarded_apply(base, {"params": {"rounds": 4}}) == {"hidden": {"drop": ["rng"]}, "params": {"rounds": 4}}
    with pytest.raises(ValueError):
        guarded_apply(base, {"$replace": {"hidden": {}, "params": {}}})


def test_a_variant_that_only_changes_rules_still_plays_and_keeps_hands_hidden(tmp_path: Path) -> None:
    from rulewright.api import new_game

    game = new_game(players=2, seed=3, variants=["params.rounds=2"])
    other = game.view(0)["players"][1]
    assert "hand" not in other or not isinstance(other["hand"], dict) or all(
        not isinstance(v, list) for v in other["hand"].values())


@pytest.mark.parametrize("body,line", [("name: Peek\nhidden: {$delete: [owner_only]}\n", 2),
                                       ("name: Peek\n$delete: [hidden]\n", 2)])
def test_lint_says_secrecy_is_the_games_own_and_where_it_is_declared(tmp_path: Path, cli, body: str,
                                                                    line: int) -> None:
    path = tmp_path / "peek.yaml"
    path.write_text(body)
    res = cli("lint", path)
    assert res.exit_code == 1
    assert f"peek.yaml:{line}:1: error[E0049]" in res.output and "rules/<game>/game.yaml" in res.output, res.output


def test_lint_of_a_pack_whose_rules_touch_secrecy(write_pack, cli) -> None:
    root = write_pack({}, pack_id="peeker", manifest_text="id: peeker\nname: Peeker\nversion: 1.0.0\ngame: clash\n"
                      "depends: [base]\nrules:\n  hidden: {owner_only: []}\n")
    res = cli("lint", root)
    assert res.exit_code == 1 and "pack.yaml:7:3: error[E0049]: rules.hidden" in res.output, res.output


def test_sweep_of_a_secret_path_is_one_error_line(tmp_path: Path, cli) -> None:
    res = cli("sweep", "hidden.drop=[],[rng]", "--games", "2", "--players", "2", "-q", "--out", tmp_path)
    assert res.exit_code in (1, 2) and "is the game's own" in res.output, res.output
    assert not list(tmp_path.glob("*/games.jsonl"))  # refused before any game


def test_the_set_up_page_never_offers_a_variant_or_pack_that_touches_secrecy(tmp_path: Path, write_pack) -> None:
    from rulewright.tools.seat.serve.app import game_options
    from rulewright.tools.seat.serve.designs import Designs

    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "fair.yaml").write_text("name: Fair\nparams: {rounds: 4}\n")
    (tmp_path / "variants" / "peek.yaml").write_text("name: Peek\nhidden: {$delete: [owner_only]}\n")
    write_pack({"variants/long.yaml": "name: Long\nparams: {rounds: 8}\n",
                "variants/seeall.yaml": "name: See all\n$delete: [hidden]\n"},
               pack_id="mine", root=tmp_path / "packs" / "mine")
    write_pack({}, pack_id="peeker", root=tmp_path / "packs" / "peeker",
               manifest_text="id: peeker\nname: Peeker\nversion: 1.0.0\ngame: clash\ndepends: [base]\n"
                             "rules:\n  hidden: {owner_only: []}\n")
    options = game_options("clash", Designs((tmp_path / "packs",), (tmp_path / "variants",)))
    ids = [v["id"] for v in options["variants"]]  # each by the name the page shows
    assert any(i.endswith("fair.yaml") for i in ids) and "long" in ids
    assert not any(i.endswith("peek.yaml") for i in ids) and "seeall" not in ids
    assert any(p.endswith("mine") for p in options["packs"])
    assert not any(p.endswith("peeker") for p in options["packs"])
