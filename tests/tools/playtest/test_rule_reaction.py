"""The bots react to the rules they read: a variant changing a cost or a limit greedy reads changes its
play on the same seeds; a scoring weight it does not read leaves its play as it was (docs/bots.md, "What
greedy reads of the rules"). The variants are the study's (benchmarks/studies/rule_reaction/)."""

from __future__ import annotations

from rulewright.tools.playtest.selfplay import play_recorded
from where import ROOT

STUDY = ROOT / "benchmarks" / "studies" / "rule_reaction"


def _play(game: str, seed: int, players: int, variant: str | None) -> dict:
    task = {"game": 0, "seed": seed, "players": players, "bots": ["greedy"], "game_id": game,
            "packs": ["base", str(STUDY / f"{game}_pack")], "variants": [variant] if variant else []}
    return play_recorded(task, extra=lambda g: {"moves": [a["choice"] for a in g.actions]})


def test_greedy_changes_its_play_when_a_cost_or_a_limit_it_reads_changes():
    grows = {"base": 0, "small": 0}
    for seed in (1, 2, 3):
        base = _play("clash", seed, 2, None)
        cheap = _play("clash", seed, 2, "no_wood_growth")
        small = _play("clash", seed, 2, "small_cities")
        assert cheap["moves"] != base["moves"]
        grows["base"] += base["choices"].get("action:grow", 0)
        grows["small"] += small["choices"].get("action:grow", 0)
        # the limit binds only in a game whose cities grow past one piece: then the play differs
        assert small["moves"] != base["moves"] or base["choices"].get("action:grow", 0) <= 2
    # a city holds one piece at most: greedy grows less (and builds elsewhere what it would have grown)
    assert grows["small"] < grows["base"]


def test_greedy_reads_a_scoring_weight_only_when_it_trades():
    """Greedy's priorities are not points: only its trading rule ("never help the leader") reads the scores,
    so the games are the same move for move up to the first time one of them chooses to trade."""
    for seed in (1, 2):
        base = _play("clash", seed, 2, None)
        dear = _play("clash", seed, 2, "dear_advances")
        split = next((i for i, (a, b) in enumerate(zip(base["moves"], dear["moves"], strict=False)) if a != b), None)
        assert split is None or "trade" in (base["moves"][split], dear["moves"][split]), split
        assert split is None or split > 100  # a long stretch of the same game first ...
        assert sum(dear["vp"]) > sum(base["vp"])  # ... scored differently


def test_greedy_sells_more_when_selling_pays_more_in_7_wonders():
    base = sum(_play("wonders7", s, 3, None)["choices"].get("pick:sell", 0) for s in (1, 2))
    rich = sum(_play("wonders7", s, 3, "rich_discards")["choices"].get("pick:sell", 0) for s in (1, 2))
    assert rich > base
