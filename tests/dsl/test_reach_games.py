"""The language's reach in every game where it makes sense: chance, choosing a player, effects that player runs,
moving resources and cards between players, named values and `holder` check and run in 7 Wonders and in
Civilization as in Clash (whose cards prove them in examples/reach/clash/)."""

from __future__ import annotations

import pytest
from rulewright.api import new_game
from rulewright.dsl.checker import check_effect
from rulewright.dsl.compiler import Compiler
from rulewright.dsl.loader import game_vocab
from rulewright.dsl.parser import parse_effect
from rulewright.engine.abilities import Ctx

# per game: an effect using the constructs, run for player 0 answering "the last option" to every decision
EFFECTS: dict[str, str] = {
    "wonders7": """
action "Reach":
  let before = coins()
  roll 2 dice as total
  choose another player as rival when rival != me
  give 2 coin to rival as given
  for rival: gain total coin
  take 1 coin from rival as back
  if before > given: gain back coin
""",
    "civ_board": """
action "Reach":
  roll 1 die as luck
  pick at random from [incense, iron, silk] as found
  gain 2 found
  choose another player as rival
  give 1 found to rival
  take 1 culture_card from rival at random as card
  if card != none: gain 1 culture
  for rival: gain luck trade
""",
}


def run(game_id: str, src: str):
    vocab = game_vocab(game_id)
    effect, diags = parse_effect(src)
    assert not diags, diags
    found = [d for d in check_effect(effect, vocab) if d.severity == "error"]
    assert found == [], found
    g = new_game(players=3, seed=5, game_id=game_id)
    body = Compiler(vocab).body(effect.abilities[0].body)
    ctx = Ctx(g.rt, 0, "reach")
    steps = body(ctx)
    asked = []
    try:
        decision = next(steps)
        while True:
            asked.append(decision)
            decision = steps.send(decision.options[-1])
    except StopIteration:
        pass
    return g, ctx, asked


def test_wonders7_chance_players_and_values():
    g, ctx, asked = run("wonders7", EFFECTS["wonders7"])
    coins = [p["coins"] for p in g.state["players"]]
    rival = ctx.vars["rival"]
    assert [d.kind for d in asked] == ["player"] and rival == 2  # another player: 1 or 2, the last offered
    assert 2 <= ctx.vars["total"] <= 12 and ctx.vars["given"] == 2 and ctx.vars["back"] == 1
    start = 3  # 7 Wonders: every city starts with 3 coins
    assert coins[0] == start - 2 + 1 + (1 if ctx.vars["before"] > 2 else 0)
    assert coins[rival] == start + 2 + ctx.vars["total"] - 1
    assert any("rolls" in line for line in g.log) and any("gives 2 coin" in line for line in g.log)


def test_civ_board_chance_players_and_values():
    g, ctx, asked = run("civ_board", EFFECTS["civ_board"])
    found, rival = ctx.vars["found"], ctx.vars["rival"]
    assert found in ("incense", "iron", "silk") and rival in (1, 2)
    me, them = g.state["players"][0], g.state["players"][rival]
    assert me["resources"][found] == 1 and them["resources"].get(found) == 1
    assert 1 <= ctx.vars["luck"] <= 6 and them["trade"] >= ctx.vars["luck"]
    assert ctx.vars["card"] is None or ctx.vars["card"] in me["hand"]


@pytest.mark.parametrize("game_id", ["clash", "wonders7", "civ_board"])
def test_holder_names_who_holds_the_card(game_id):
    g = new_game(players=3, seed=5, game_id=game_id)
    sources = g.rt.sources(1)
    mine = next(s for s in sources if s not in g.rt.sources(0) and s not in g.rt.sources(2)) if game_id != "clash" \
        else None
    if game_id == "clash":
        g.state["players"][1]["in_play"] = ["great_scientist"]
        mine = "great_scientist"
    assert g.rt.holder_of(mine) == 1
    vocab = game_vocab(game_id)
    effect, _ = parse_effect("requires holder = me")
    assert check_effect(effect, vocab) == []
    cond = Compiler(vocab).expr(effect.abilities[0].cond)
    assert cond(Ctx(g.rt, 1, mine)) and not cond(Ctx(g.rt, 0, mine))
