"""engine.measures.Standings, the opening of every game's end-of-game table: a score per seat, the win
per seat as a share, and the seats' mean score when the game labels one."""

from __future__ import annotations

from types import SimpleNamespace

from rulewright.engine.measures import DECISIONS, GameMeasures, Standings, decisions


def test_the_standings_open_the_table_with_score_win_and_mean():
    standings = Standings()
    assert [(m.key, m.per_seat, m.share) for m in standings.measures] == [
        ("vp", True, False), ("win", True, True), ("vp_mean", False, False)]
    assert standings.values([3, 6, 6], [1, 2]) == {"vp": [3.0, 6.0, 6.0], "win": [0.0, 0.5, 0.5], "vp_mean": 5.0}


def test_a_game_without_a_mean_names_its_own_score():
    standings = Standings("victory_score", "victory score", mean_label=None)
    assert [m.key for m in standings.measures] == ["victory_score", "win"]
    game = SimpleNamespace(state={"players": [{}, {}]}, actions=[1, 2, 3])
    table = GameMeasures((*standings.measures, DECISIONS),
                         lambda g: {**standings.values([4, 1], [0]), "decisions": decisions(g)})
    assert table.of(game) == {"victory_score": [4.0, 1.0], "win": [1.0, 0.0], "decisions": 3.0}
