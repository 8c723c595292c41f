"""`rulewright test` on a modder's own pack (issue 44's frictions): `packs:` folders are found from the
scenario's folder first, a failed set-up lists the packs it loaded, `--mutation` mutates the pack's own
entries only, and a scenario in a pack's tests/ is for the pack's game."""

from __future__ import annotations

ADVANCE = """kind: advance
entries:
  - id: {id}
    name: {name}
    category: agriculture
    requires: []
    border: none
    text: Free action, get 1 gold.
    source: authored
    effect: |
      action "Coin" free: gain 1 gold
"""

SCENARIO = """name: the pack's advance gives gold
covers: [{covers}]
packs: [base, ..]
players: 2
position:
  players:
    - {{advances: [farming, mining, {id}]}}
  cities:
    - {{owner: 0, at: D2}}
actions:
  - "special:{id}#0"
expect:
  - {{path: players.0.res.gold, equals: 1}}
"""


def _mypack(write_pack, tmp_path, covers: str = "coin_press"):
    return write_pack({"advances.yaml": ADVANCE.format(id="coin_press", name="Coin press"),
                       "tests/coin.yaml": SCENARIO.format(covers=covers, id="coin_press")},
                      root=tmp_path / "mypack")


def test_dotdot_in_a_pack_scenario_is_the_pack_wherever_the_command_runs(write_pack, tmp_path, cli, monkeypatch):
    pack = _mypack(write_pack, tmp_path)
    # the working folder's `..` is another pack, whose advance would clash with base's farming
    write_pack({"advances.yaml": ADVANCE.format(id="farming", name="Farming again")}, pack_id="other",
               root=tmp_path / "other")
    (tmp_path / "other" / "work").mkdir()
    monkeypatch.chdir(tmp_path / "other" / "work")
    res = cli(["test", str(pack / "tests" / "coin.yaml")])
    assert res.exit_code == 0, res.output
    assert "1 passed, 0 failed" in res.output


def test_a_failed_set_up_lists_the_packs_loaded_and_where_a_duplicate_was_first(write_pack, tmp_path, cli):
    pack = write_pack({"advances.yaml": ADVANCE.format(id="farming", name="Farming again"),
                       "tests/s.yaml": SCENARIO.format(covers="farming", id="farming")}, root=tmp_path / "dup")
    res = cli(["test", str(pack)])
    assert res.exit_code == 1
    out = res.output.replace("\n", " ")
    assert "duplicate id 'farming'" in out and "first defined at" in out
    assert "packs loaded: base (" in out and f"mypack ({pack.resolve()})" in out


def test_mutation_of_a_pack_mutates_its_own_entries_only(write_pack, tmp_path, cli):
    pack = _mypack(write_pack, tmp_path)
    res = cli(["test", str(pack), "--mutation"])
    assert res.exit_code == 0, res.output
    assert "the entries of mypack" in res.output
    assert "mutation (clash): 1 killed, 0 survived, 0 uncovered" in res.output


def test_mutation_of_a_pack_names_its_uncovered_entry(write_pack, tmp_path, cli):
    pack = _mypack(write_pack, tmp_path, covers="farming")  # covers a bundled entry, not its own
    res = cli(["test", str(pack), "--mutation"])
    assert res.exit_code == 1
    assert "UNCOVERED clash: coin_press" in res.output
    assert "0 killed, 0 survived, 1 uncovered" in res.output


def test_a_scenario_in_a_pack_is_for_the_packs_game(write_pack, tmp_path):
    from rulewright.tools.modding.scenarios import load_scenario

    pack = write_pack({"tests/s.yaml": "name: s\nplayers: 3\n"}, pack_id="w7pack", game="wonders7",
                      root=tmp_path / "w7pack")
    assert load_scenario(pack / "tests" / "s.yaml")["game"] == "wonders7"
    (tmp_path / "loose.yaml").write_text("name: s\nplayers: 3\n", encoding="utf-8")
    assert "game" not in load_scenario(tmp_path / "loose.yaml")
    assert load_scenario(tmp_path / "loose.yaml", "wonders7")["game"] == "wonders7"
