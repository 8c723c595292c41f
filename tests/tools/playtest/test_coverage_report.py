"""simulate's content reports: per wonder, per objective, per event, and the content never used."""

from __future__ import annotations

from rulewright.tools.playtest.coverage import catalog, coverage_line, never_used, per_wonder, used_content
from rulewright.tools.playtest.simulation import simulate_run

SETTINGS = {"games": 2, "players": 2, "seed": 3, "bots": ["greedy"], "packs": ["base"], "variants": []}


def test_report_counts_objectives_and_events_and_lists_what_was_never_used(tmp_path):
    rep = simulate_run(SETTINGS, tmp_path, progress=False)
    drawn = sum(v["drawn"] for v in rep["per_event"].values())
    assert drawn == round(rep["events_per_game"]["mean"] * rep["games"])
    assert set(rep["per_wonder"]) <= set(catalog(["base"], [])["wonder"])
    never = rep["never_used"]
    assert set(never) == {"advance", "wonder", "objective_card", "action_card", "event_card"}
    for kind, ids in never.items():
        used = {"advance": rep["per_advance"], "wonder": rep["per_wonder"], "objective_card": rep["per_objective"],
                "action_card": rep["per_card"], "event_card": rep["per_event"]}[kind]
        assert not set(ids) & set(used)
        assert len(ids) + len(used) == len(catalog(["base"], [])[kind])


def test_per_wonder_counts_builders_and_their_wins():
    records = [{"game": 0, "winners": [1], "players": [{"seat": 0, "wonders": ["w1"]}, {"seat": 1, "wonders": ["w2"]}]},
               {"game": 1, "winners": [0], "players": [{"seat": 0, "wonders": ["w1"]}, {"seat": 1, "wonders": []}]}]
    got = per_wonder(records)
    assert got["w1"]["built"] == 2 and got["w1"]["win_rate_of_builders"] == 0.5
    assert got["w2"]["built"] == 1 and got["w2"]["win_rate_of_builders"] == 1.0


def test_coverage_line_names_what_no_game_used():
    cat = {"advance": ["a", "b"], "wonder": ["w"], "objective_card": [], "action_card": [], "event_card": []}
    rep = {"per_advance": {"a": {}}, "per_wonder": {}}
    never = never_used(rep, cat)
    assert never["advance"] == ["b"] and never["wonder"] == ["w"]
    line = coverage_line(never, cat)
    assert line.startswith("content never used in these games:") and "(b)" in line and "(w)" in line
    assert coverage_line(never_used({"per_advance": {"a": {}, "b": {}}, "per_wonder": {"w": {}}}, cat), cat) \
        .endswith("none")


def test_used_content_is_what_the_game_recorded_not_what_its_log_says():
    from rulewright.api import play_game
    from rulewright.engine import games

    # the first greedy game in which a wonder is built
    game = next(g for g in (play_game(3, seed, ["greedy"]) for seed in range(1, 30)) if g.state["wonders"]["built"])
    used = used_content(game)
    built = sorted(w for u in used for w in u["wonders"])
    assert built and built == sorted(game.state["wonders"]["built"])
    events = games.find("clash").measures.of(game)["events"]
    assert sum(len(u["events_drawn"]) for u in used) == events
    game.log.clear()  # the log is not read
    assert used_content(game) == used
