"""A whole game of Civilization in headless Chromium, played by clicking (issue 48).

Kept affordable: two players (seat 1 the greedy bot), three turns (a variant file the server reads from its
variant folder, `params: {max_turns: 3}`), so the game ends "with no victory within 3 turns". The person's
decisions follow the greedy bot's choice for that seat, so the game runs its normal course; each is taken by
clicking the map where the option alone points at a square, else its button. On the way the test checks
that every button shows its option's label and meaning (never empty), that the map has coordinates and a
legend, that pointing at a button lights its square, that the players table shows each player's coins (computed,
never stored), that the header names the turn and phase (never
"set-up" once turn 1 has begun), and that the final screen says how the game ended.

Needs Debian's chromium and chromium-driver and selenium, as tests/tools/seat/test_serve_browser.py does.
"""

from __future__ import annotations

import shutil

import pytest
from browser import ARTIFACTS

READ = """
var s = window.current, p = s && s.pending;
var buttons = Array.prototype.map.call(document.querySelectorAll('#options button.option'), function (b) {
  var t = b.querySelector('.opt-text');
  return {label: b.querySelector('.opt-label').textContent, text: t ? t.textContent : ''};
});
var rows = Array.prototype.map.call(document.querySelectorAll('#players tr'), function (r) {
  return Array.prototype.map.call(r.children, function (c) { return c.textContent; });
});
return {step: s ? s.step : -1, over: s ? s.over : false, pending: p || null, buttons: buttons, rows: rows,
        turn: s ? s.view.turn : 0, status: document.getElementById('status').textContent,
        prompt: document.getElementById('prompt').textContent};
"""

# click option i on the map when a lit square stands for it alone, else its button; says which
CLICK = """
var i = arguments[0], alone = document.querySelector('#board .target[data-options="' + i + '"]');
if (alone) { alone.dispatchEvent(new MouseEvent('click', {bubbles: true})); return 'board'; }
document.querySelectorAll('#options button.option')[+i].click();
return 'button';
"""

# pointing at button i lights the marks it points at: how many are lit
HOVER = """
var b = document.querySelectorAll('#options button.option')[+arguments[0]];
b.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
var lit = document.querySelectorAll('#board .target.lit').length;
b.dispatchEvent(new MouseEvent('mouseout', {bubbles: true}));
return lit;
"""


def _wait(drv, cond, what: str, timeout: float = 30):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(drv, timeout, poll_frequency=0.05).until(lambda d: cond(d), message=what)


def _page(drv, table, answered: int) -> dict:
    """The page once it shows the server's current step (not the step just answered)."""
    def ready(d):
        got = d.execute_script(READ)
        if got["step"] == answered:
            return False
        with table.lock:
            if got["step"] != len(table.game.actions):
                return False
        return got if got["over"] or (got["pending"] and len(got["buttons"]) == len(got["pending"]["options"])) else False
    return _wait(drv, ready, "the page to show the game's current step")


@pytest.fixture()
def short_server(tmp_path):
    from rulewright.tools.seat.serve.background import BackgroundServer
    from rulewright.tools.seat.serve.designs import Designs

    folder = tmp_path / "variants"
    folder.mkdir()
    (folder / "three_turns.yaml").write_text("name: Three turns\ngame: civ_board\ntext: The game stops after turn 3.\n"
                                             "params: {max_turns: 3}\n")
    with BackgroundServer(tmp_path / "games.sqlite3", designs=Designs(variant_dirs=(folder,))) as srv:
        yield srv, "variants/three_turns.yaml"   # the name the set-up page offers (the folder's last name)


def test_a_whole_civilization_game_by_clicking(driver, short_server, tmp_path):
    import httpx
    from rulewright.rules.civ_board.state.economy import coins
    from rulewright.tools.seat.seat import bot_choice

    srv, variant = short_server
    g = httpx.post(srv.url + "/api/games", json={"game": "civ_board", "players": 2, "seed": 3, "variants": [variant],
                                                 "seats": ["human", "greedy"]})
    assert g.status_code == 201, g.text
    g = g.json()
    table = srv.app.state.hub.table(g["id"])
    drv = driver
    drv.get(srv.url + g["seats"][0]["url"])
    svg = _wait(drv, lambda d: d.find_elements("css selector", "#board svg"), "the map")[0].get_attribute("outerHTML")
    assert 'data-kind="coordinates"' in svg and 'data-kind="legend"' in svg and 'id="sq-0-0"' in svg
    clicks = {"board": 0, "button": 0}
    kinds: set[str] = set()
    lit = decisions = 0
    answered = -1
    while True:
        page = _page(drv, table, answered)
        if page["over"]:
            break
        p = page["pending"]
        decisions += 1
        kinds.add(p["kind"])
        for i, b in enumerate(page["buttons"]):   # every option shows its label and its meaning
            assert b["label"] == (p["labels"][i] or p["options"][i]), (p["kind"], i)
            assert b["text"] and b["text"] == p["texts"][i], (p["kind"], p["options"][i])
        with table.lock:   # the players table's coins: the dial the rules count, never empty
            dial = [str(coins(table.game.rt, q)) for q in range(2)]
        at = page["rows"][0].index("coins")
        assert [row[at] for row in page["rows"][1:]] == dial
        if page["turn"] >= 1:
            assert page["status"].startswith(f"turn {page['turn']}, ") and "set-up" not in page["status"]
        if lit < 3 and any(p["targets"]):
            first = next(i for i, t in enumerate(p["targets"]) if t)
            lit += drv.execute_script(HOVER, str(first)) > 0
        with table.lock:
            choice = bot_choice(table.game, "greedy")
        i = p["options"].index(choice)
        answered = page["step"]
        clicks[drv.execute_script(CLICK, str(i))] += 1
        if decisions > 400:
            pytest.fail("the game did not end")
    assert page["prompt"] == "Game over: no victory within 3 turns" and page["status"] == "game over"
    assert lit == 3 and clicks["board"] >= 10 and {"capital", "city_action", "move", "research"} <= kinds
    errors = [e for e in drv.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
    print(f"\nclicks for a 3-turn game: {clicks}; decisions {decisions}")
    shot = tmp_path / "serve-civ-board.png"
    drv.save_screenshot(str(shot))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(shot, ARTIFACTS / "serve-civ-board.png")
