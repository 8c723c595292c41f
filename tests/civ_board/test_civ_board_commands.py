"""Civilization through the commands a user runs besides `play`: `list kinds` counts every kind of entry
(the counts content/civ_board/SOURCES.md justifies), `tournament --game civ_board` plays the game's own
bots, and the help texts name the game."""

from __future__ import annotations

import json
import re

from rulewright.tools.cli import app
from rulewright.tools.playtest.matches import run_tournament
from typer.testing import CliRunner

runner = CliRunner()


def test_list_kinds_counts_every_kind_of_the_base_game():
    result = runner.invoke(app, ["list", "kinds", "--game", "civ_board", "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = {r["kind"]: (r["entries"], r["copies"]) for r in json.loads(result.output)}
    # SOURCES.md: 36 techs + Space Flight, 6 civilisations, 8 governments, 12 wonders, 53 unit cards,
    # 20 huts, 10 villages, 18 great people (6 types), 20 map tiles, 59 culture cards
    assert rows["civ-techs"] == (37, 37) and rows["civ-civilizations"] == (6, 6)
    assert rows["civ-governments"] == (8, 8) and rows["civ-wonders"] == (12, 12)
    assert rows["civ-unit-cards"][1] == 53 and rows["civ-huts"][1] == 20 and rows["civ-villages"][1] == 10
    assert rows["civ-great-persons"] == (6, 18) and rows["civ-map-tiles"] == (20, 20)
    assert rows["civ-culture-cards"][1] == 59
    assert not any(k in rows for k in ("advances", "age-cards"))  # only this game's kinds


def test_an_unknown_kind_points_to_list_kinds():
    result = runner.invoke(app, ["list", "nonsense", "--game", "civ_board"])
    assert result.exit_code == 2
    assert "list kinds --game civ_board" in " ".join(result.output.split())


def test_a_tournament_plays_civilization_with_its_own_bots():
    result = run_tournament("greedy", "random", 2, seed=3, packs=["base"], progress=False, game_id="civ_board")
    assert result["game"] == "civ_board" and result["games"] == 2
    assert len(result["mean_vp"]) == 2 and 0.0 <= result["win_rate"] <= 1.0


def _words(output: str) -> str:
    """A help text's words, whatever the width it was wrapped at (rich's box borders dropped)."""
    return " ".join(re.sub(r"[\u2500-\u257f]", " ", output).split())


def test_the_help_names_the_game_and_the_search_bot():
    text = _words(runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"}).output)  # the test's own width
    assert "civ_board: 2 to 4" in text and "search:N" in text
    assert "civ_board" in _words(runner.invoke(app, ["tournament", "--help"], env={"COLUMNS": "200"}).output)


def test_every_grant_word_has_its_english_so_explain_never_says_you_may_and_the_raw_word():
    """Without a `grant_phrases` entry (rules/civ_board/content.yaml) explain and hover fall back to
    'you may <word> (args)' ('you may attack strength (3)'): each civ_board grant says itself."""
    from rulewright.dsl.loader import game_vocab
    vocab = game_vocab("civ_board")
    missing = sorted(g for g in vocab.grants if g not in vocab.phrases)
    assert missing == [], f"grants with no grant_phrases entry: {missing}"
    result = runner.invoke(app, ["explain", "--game", "civ_board", "metalworking", "--format", "json"])
    english = " ".join(json.loads(result.output)["english"])
    assert "the unit card you play gets 3 more strength for its attack" in english
    assert "attack strength" not in english


def test_a_seat_sees_its_own_culture_hand_in_render_and_replay_and_never_a_rivals(tmp_path):
    """`render --as` and `replay --html --as`: the viewer's panel names its culture cards; another seat's
    picture and the public one only count them (game.view hides the hand)."""
    from rulewright.api import load_game
    save = tmp_path / "g.json"
    assert runner.invoke(app, ["play", "--game", "civ_board", "--players", "2", "--seed", "3",
                               "--save", str(save)]).exit_code == 0
    game = load_game(json.loads(save.read_text()))
    owner = next(p for p in (0, 1) if game.state["players"][p]["hand"])
    names = [game.definition.content.entries[c].name for c in game.state["players"][owner]["hand"]]
    other = 1 - owner
    pictures = {}
    for who in (str(owner), str(other), None):
        out = tmp_path / f"as{who}.svg"
        args = ["render", str(save), "--out", str(out)] + (["--as", who] if who else [])
        assert runner.invoke(app, args).exit_code == 0
        pictures[who] = out.read_text(encoding="utf-8")
    assert "your culture cards:" in pictures[str(owner)] and all(n in pictures[str(owner)] for n in names)
    assert all(f'data-card="{c}"' in pictures[str(owner)] for c in game.state["players"][owner]["hand"])
    assert names[0] not in pictures[str(other)] and names[0] not in pictures[None]
    assert "your culture cards:" not in pictures[None]
    html = tmp_path / "r.html"
    assert runner.invoke(app, ["replay", str(save), "--html", str(html), "--as", str(other)]).exit_code == 0
    assert names[0] not in html.read_text(encoding="utf-8")


def test_words_lists_the_civ_board_language_with_game():
    result = runner.invoke(app, ["words", "hook", "--game", "civ_board", "--format", "json"])
    assert result.exit_code == 0, result.output
    hooks = json.loads(result.output)
    assert "battle_won" in hooks and "city_collected" not in hooks  # not Clash's


def test_explain_words_the_civ_hooks():
    """hook_phrases (rules/civ_board/content.yaml): 'Whenever you win a battle', not 'On your battle won'."""
    from rulewright.dsl.loader import game_vocab
    vocab = game_vocab("civ_board")
    base_hooks = ("turn_start", "tech_learned", "battle_won", "battle_lost", "city_built", "devoted",
                  "hut_explored", "village_conquered", "wonder_built", "city_conquered", "played")
    assert [h for h in base_hooks if f"on:{h}" not in vocab.phrases] == []
    result = runner.invoke(app, ["explain", "--game", "civ_board", "code_of_laws", "--format", "json"])
    english = json.loads(result.output)["english"]
    assert "Whenever you win a battle: coin token (4) (once per turn)." in english


def test_the_language_reference_of_civ_board_has_its_words(tmp_path):
    result = runner.invoke(app, ["docs", "--game", "civ_board", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    md = (tmp_path / "language.md").read_text(encoding="utf-8")
    for word in ("battle_won", "attack_strength", "obsolete_wonder", "coins_of", "travel_speed", "played"):
        assert f"`{word}" in md or f"{word}(" in md or f"### {word}" in md, word
    assert "city_collected" not in md  # a Clash hook
    assert (tmp_path / "language.html").is_file()
