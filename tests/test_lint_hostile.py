"""Lint covers what the game reads, and bounds every number: each hostile pack of the hardening issue
gets a diagnostic naming its file (and card) instead of passing lint and crashing or hanging `play`."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from rulewright.api import new_game
from rulewright.dsl.limits import MAX_RUNTIME, cap
from rulewright.dsl.yamlsafe import TOO_BIG, expanded_size
from rulewright.engine.decision import RunawayEffect
from rulewright.rules.clash.state.splits import bounded_splits


def manifest(extra: str = "") -> str:
    return "id: hostile\nname: Hostile\nversion: 1.0.0\ngame: clash\ndepends: [base]\n" + extra


def advance(id_: str, effect: str = "", requires: str = "[]", name: str = "", text: str = "x") -> str:
    body = (f"  - id: {id_}\n    name: {name or id_.title()}\n    category: education\n    requires: {requires}\n"
            f"    border: culture\n    text: {text}\n    source: authored\n")
    effect = effect or "on advance_gained when advance = self: gain 1 idea"
    return body + "    effect: |\n" + "".join(f"      {line}\n" for line in effect.splitlines())


def make(write_pack, files: dict[str, str], rules: str = "") -> Path:
    return write_pack(files, pack_id="hostile", manifest_text=manifest(rules))


def lint(cli, root: Path) -> list[dict]:
    result = cli(["lint", str(root), "--format", "json"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.output)["diagnostics"]


def codes(diags: list[dict], severity: str = "error") -> list[str]:
    return [d["code"] for d in diags if d["severity"] == severity]


# ---- the rules overlay and variants ----------------------------------------------------------------

@pytest.mark.parametrize("rules,needle", [
    ("rules:\n  flow: 5\n", "rules.flow must be a list"),
    ("rules:\n  params:\n    starting_units: [dragon]\n", "unknown unit 'dragon'"),
    ("rules:\n  params:\n    starting_advances: [farming, flying]\n", "unknown advance 'flying'"),
    ("rules:\n  params:\n    rounds: -3\n", "rounds is -3"),
    ("rules:\n  params:\n    rounds: many\n", "must be a number"),
    ("rules:\n  params:\n    advance_cost: {food: 1000000}\n", "advance_cost.food is 1000000"),
    ("rules:\n  params:\n    advance_cost: {gems: 1}\n", "unknown resource 'gems'"),
    ("rules:\n  params:\n    starting_city_mood: furious\n", "unknown mood 'furious'"),
    ("rules:\n  status_phase:\n    - {step: x, do: no_such_step}\n", "unknown procedure 'no_such_step'"),
])
def test_a_bad_rules_overlay_is_an_error_naming_the_manifest(tmp_path: Path, rules: str, needle: str, write_pack, cli) -> None:
    diags = lint(cli, make(write_pack, {}, rules))
    hits = [d for d in diags if needle in d["message"]]
    assert hits and hits[0]["file"].endswith("pack.yaml") and hits[0]["severity"] == "error", diags
    assert hits[0]["line"] > 1  # points at the key


def test_play_refuses_such_a_pack_with_one_line(tmp_path: Path, write_pack, cli) -> None:
    root = make(write_pack, {}, "rules:\n  flow: 5\n")
    result = cli(["play", "--players", "2", "--pack", str(root)])
    assert result.exit_code == 1 and "rules.flow" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("text,needle", [
    ("name: Bad\nparams: {rounds: [\n", "variant file"),
    ("- just\n- a list\n", "must be a mapping"),
    ("name: 5\n", "'name' must be text"),
    ("name: V\nparams: {starting_units: [dragon]}\n", "unknown unit 'dragon'"),
    ("name: V\nflow: 5\n", "flow must be a list"),
])
def test_a_bad_variant_file_is_an_error(tmp_path: Path, text: str, needle: str, write_pack, cli) -> None:
    diags = lint(cli, make(write_pack, {"variants/v.yaml": text}))
    assert any(needle in d["message"] and d["file"].endswith("v.yaml") for d in diags), diags


def test_bundled_packs_lint_clean_with_the_new_checks(cli) -> None:
    result = cli(["lint", "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.output)["errors"] == 0


# ---- names, cycles, tags, Unicode ------------------------------------------------------------------

def test_prerequisite_cycles_are_errors_naming_the_cycle(tmp_path: Path, write_pack, cli) -> None:
    body = "kind: advance\nentries:\n" + advance("alpha", requires="[beta]") + advance("beta", requires="[alpha]") \
        + advance("selfish", requires="[selfish]")
    diags = [d for d in lint(cli, make(write_pack, {"advances.yaml": body})) if d["code"] == "E0022"]
    messages = " ".join(d["message"] for d in diags)
    assert "alpha -> beta -> alpha" in messages and "selfish -> selfish" in messages


def test_trigger_cycles_across_entries_are_warned(cli) -> None:
    looping = Path(__file__).resolve().parent / "packs" / "looping"
    diags = [d for d in lint(cli, looping) if d["code"] == "W0302"]
    assert diags and any("sulking" in d["message"] and "pondering" in d["message"] for d in diags)


def test_a_misspelt_combat_tag_is_an_error(tmp_path: Path, write_pack, cli) -> None:
    card = """kind: action_card
entries:
  - id: tempel_card
    name: Tempel Card
    source: authored
    text: x
    effect: |
      action "Go" free: gain 1 food
    combat:
      title: Combat
      tags: [tempel]
      text: x
      effect: |
        modify combat_dice: += 1
"""
    bad = [d for d in lint(cli, make(write_pack, {"actions.yaml": card})) if d["code"] == "E0023"]
    assert bad and "tempel" in bad[0]["message"] and "temple" in bad[0]["hint"]


def test_a_lone_surrogate_is_an_error_and_explain_does_not_crash(tmp_path: Path, write_pack, cli) -> None:
    body = "kind: advance\nentries:\n" + advance("ghost", name='"Gh\\ud800st"', effect="on advance_gained: gain 1 idea")
    root = make(write_pack, {"advances.yaml": body})
    assert "E0024" in codes(lint(cli, root))
    result = cli(["explain", "ghost", "--pack", str(root)])
    assert result.exit_code in (0, 1) and "Traceback" not in result.output


# ---- bounds -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("effect", [
    'action "Loop" free:\n  repeat 1000000000 times:\n    gain 1 food',
    'action "Draw" free: draw 1000000000 event_card',
    'action "More" free: gain 1000000000 actions',
    'action "Buy" costs 1000000000 food: gain 1 idea',
    "modify combat_dice: += 1000000000",
    "modify combat_dice: = 1000000000",
    'action "Pow" free: gain 99*99*99*99*99*99*99*99*99*99*99*99*99*99*99 food',
])
def test_huge_numbers_in_effects_are_errors_naming_the_card(tmp_path: Path, effect: str, write_pack, cli) -> None:
    body = "kind: advance\nentries:\n" + advance("greedy_card", effect=effect)
    diags = [d for d in lint(cli, make(write_pack, {"advances.yaml": body})) if d["code"] == "E0250"]
    assert diags and diags[0]["file"].endswith("advances.yaml") and diags[0]["line"] >= 10


def test_huge_copies_are_a_schema_error(tmp_path: Path, write_pack, cli) -> None:
    card = """kind: event_card
entries:
  - id: many
    name: Many
    copies: 1000000000
    text: x
    source: authored
"""
    diags = lint(cli, make(write_pack, {"events.yaml": card}))
    assert any("copies" in d["message"] or "1000000000" in d["message"] for d in diags if d["severity"] == "error")


def test_an_alias_bomb_is_refused(tmp_path: Path, write_pack, cli) -> None:
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 10)]
    lines += ["kind: advance", "entries: *a9"]
    diags = lint(cli, make(write_pack, {"advances.yaml": "\n".join(lines) + "\n"}))
    assert any(d["code"] == "E0006" and d["file"].endswith("advances.yaml") for d in diags)


def test_expanded_size_counts_shared_nodes_and_refuses_cycles() -> None:
    leaf = ["x"] * 3
    assert expanded_size({"a": leaf, "b": leaf}) == 1 + 2 + 2 * 4
    loop: list = []
    loop.append(loop)
    assert expanded_size(loop) == TOO_BIG


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_in_a_pack_is_skipped_with_a_warning(tmp_path: Path, write_pack, cli) -> None:
    root = make(write_pack, {})
    os.mkfifo(root / "stuck.yaml")
    os.makedirs(root / "variants")
    os.mkfifo(root / "variants" / "stuck.yaml")
    diags = lint(cli, root)
    assert [d["code"] for d in diags if d["file"].endswith("stuck.yaml")] == ["W0007", "W0007"]


def test_payment_options_do_not_enumerate_every_split() -> None:
    assert list(bounded_splits(1_000_000, [2, 8, 3])) == []
    assert list(bounded_splits(3, [2, 1])) == [(2, 1)]
    game = new_game(players=2, seed=1)
    assert game.rt.payment_options(0, [("food", 1_000_000)], "advance") == []
    assert game.rt.payment_options(0, [("food", 2)], "advance")


def test_run_time_caps_stop_with_the_runaway_diagnostic_naming_the_entry() -> None:
    game = new_game(players=2, seed=1)
    assert cap(game.rt, "farming", "repeat", 3) == 3
    with pytest.raises(RunawayEffect) as err:
        cap(game.rt, "farming", "repeat", MAX_RUNTIME["repeat"] + 1)
    assert "farming" in str(err.value) and err.value.sources == ["farming"]


def test_extra_actions_beyond_the_cap_stop_as_a_runaway_naming_the_entry() -> None:
    from rulewright.engine.abilities import Ctx

    game = new_game(players=2, seed=1)
    ctx = Ctx(game.rt, 0, "farming", {}, None)
    with pytest.raises(RunawayEffect) as err:
        for _ in range(MAX_RUNTIME["actions"] + 1):
            list(game.rt.gain(ctx, "actions", 1))
    assert "Farming (farming)" in str(err.value) and "actions in one turn" in str(err.value)


def test_a_free_action_that_does_nothing_stops_the_game_naming_the_card(tmp_path: Path, write_pack, cli) -> None:
    """Found by the soak: bots took `action "Draw" free: draw 0 event_card` for ever (200,000 decisions)."""

    body = "kind: advance\nentries:\n" + advance("idle_card", effect='action "Idle" free: draw 0 event_card')
    root = str(make(write_pack, {"advances.yaml": body}))
    assert not codes(lint(cli, Path(root)))
    game = new_game(players=2, seed=1, packs=["base", root], position={
        "players": [{"advances": ["farming", "idle_card"]}], "cities": [{"owner": 0, "at": "D2"}]})
    with pytest.raises(RunawayEffect) as err:
        for _ in range(MAX_RUNTIME["special"] + 1):
            before = game.state_hash()
            game.apply({"player": 0, "choice": "special:idle_card#0"})
    assert game.state_hash() == before  # the refused use changed nothing
    assert "Idle_Card (idle_card) is used 61 times in one turn" in str(err.value)
