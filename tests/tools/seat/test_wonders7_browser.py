"""A whole 3-player 7 Wonders game in headless Chromium, played by clicking (issue 48).

A person sits at seat 0, greedy bots at the others. The person's picks follow the greedy bot's choice for that
seat (asked of the server's game), so the game runs its normal course; each is taken by clicking its button,
once through the board (the hand's card, the wonder's next stage). At every decision the test checks that
each option shows its label and its meaning as the server words them (a wonder stage its cost and reward, a
build with commerce each neighbour's price), that the options point at the hand's cards and the stage in the
drawing, that pointing at a button lights what it points at, that the hand list gives each card's colour and
cost and the panel what the drawing lacks, and that the header says the age and turn. The
final screen says how the game ended.

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
  return {option: b.getAttribute('data-option'), label: b.querySelector('.opt-label').textContent,
          text: t ? t.textContent : ''};
});
var targets = Array.prototype.map.call(document.querySelectorAll('#board .target'), function (n) {
  return n.getAttribute('data-card') || n.getAttribute('data-target');
});
var hand = Array.prototype.map.call(document.querySelectorAll('#hand li'), function (li) {
  var k = li.querySelector('small');
  return {kind: k ? k.textContent : '', stripe: li.style.borderLeftColor};
});
var panel = Array.prototype.map.call(document.querySelectorAll('#panel li'), function (li) { return li.textContent; });
return {step: s ? s.step : -1, hand: hand, panel: panel, over: s ? s.over : false, pending: p || null, buttons: buttons, targets: targets,
        ending: s ? s.ending : '', progress: s ? s.progress : '', prompt: document.getElementById('prompt').textContent,
        status: document.getElementById('status').textContent};
"""


def _wait(drv, cond, what: str, timeout: float = 60):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(drv, timeout, poll_frequency=0.05).until(lambda d: cond(d), message=what)


def _page(drv, table, answered: int) -> dict:
    """The page once it shows the server's current step (the seat's decision, or the end), not the step just
    answered (a click's request may still be on its way)."""
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
def served(tmp_path):
    from rulewright.tools.seat.serve.background import BackgroundServer

    with BackgroundServer(tmp_path / "games.sqlite3") as srv:
        yield srv.url, srv.app.state.hub


def test_a_whole_7_wonders_game_by_clicking(driver, served, tmp_path):
    import httpx
    from rulewright.tools.seat.seat import bot_choice
    from selenium.webdriver.common.action_chains import ActionChains

    url, hub = served
    drv = driver
    g = httpx.post(url + "/api/games", json={"game": "wonders7", "players": 3, "seed": 4,
                                             "seats": ["human", "greedy", "greedy"]}).json()
    table = hub.table(g["id"])
    drv.get(url + g["seats"][0]["url"])
    seen = {"pick": 0, "pay": 0, "stage": 0, "priced": 0, "board": 0, "hover": 0}
    answered = -1
    while True:
        page = _page(drv, table, answered)
        if page["over"]:
            break
        p = page["pending"]
        seen[p["kind"]] = seen.get(p["kind"], 0) + 1
        assert page["status"].startswith(page["progress"] + " · ") and page["progress"].startswith("Age ")
        # every option shows its label and its meaning, as the server words them
        assert [b["option"] for b in page["buttons"]] == p["options"]
        for b, label, text in zip(page["buttons"], p["labels"], p["texts"], strict=True):
            assert b["label"] == label and b["text"] == text and text
        for option, text in zip(p["options"], p["texts"], strict=True):
            if option.startswith("stage:"):
                seen["stage"] += 1
                assert text.startswith("Wonder stage ") and "goes face down under the stage" in text
            if option.startswith("build:") and "you pay " in text:
                seen["priced"] += 1
                assert " (left)" in text or " (right)" in text
        if p["kind"] == "pick":  # the options point at the hand's cards (and the stage to build)
            with table.lock:
                hand = list(table.game.state["players"][0]["hand"])
                board, stages = table.game.state["players"][0]["board"], table.game.state["players"][0]["stages"]
            stage = f"{board}@{stages + 1}"
            assert set(hand) <= set(page["targets"])
            # the hand list: each card's colour, age and cost (never "age card"), striped in its colour
            assert len(page["hand"]) == len(hand) and all(" card, age " in h["kind"] and h["stripe"] for h in page["hand"])
            # the panel beside the drawing: the neighbours' prices, not the cities the drawing shows
            assert sum(" sells " in line for line in page["panel"]) == 2
            assert not any("wonder stages" in line for line in page["panel"])
            assert (stage in page["targets"]) == any(o.startswith("stage:") for o in p["options"])
            if stage in page["targets"] and not seen["hover"]:  # pointing at a stage option lights the stage
                i = next(i for i, o in enumerate(p["options"]) if o.startswith("stage:"))
                ActionChains(drv).move_to_element(drv.find_elements("css selector", "#options button.option")[i]).perform()
                _wait(drv, lambda d, s=stage: d.find_elements("css selector", f'#board .target.lit[data-target="{s}"]'),
                      "the stage to light up")
                ActionChains(drv).move_to_element(drv.find_element("tag name", "h1")).perform()
                _wait(drv, lambda d: not d.find_elements("css selector", "#board .target.lit"), "the light to go out")
                seen["hover"] += 1
        with table.lock:
            choice = bot_choice(table.game, "greedy")
        i = p["options"].index(choice)
        answered = page["step"]
        card = choice.partition(":")[2]
        if p["kind"] == "pick" and not seen["board"] and sum(o.endswith(":" + card) for o in p["options"]) > 1:
            # the chosen card, clicked on the board: its options light (a card with one option would be taken)
            node = drv.find_element("css selector", f'#board .target[data-card="{card}"]')
            drv.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))", node)
            lit = [b.get_attribute("data-option") for b in drv.find_elements("css selector", "#options button.picked")]
            assert choice in lit and all(o.endswith(":" + card) for o in lit)
            seen["board"] += 1
        drv.find_elements("css selector", "#options button.option")[i].click()
        if sum(seen.values()) > 400:
            pytest.fail("the game did not end")
    with table.lock:
        ending = table.game.state["ending"]
    assert page["prompt"] == ending and ending.startswith("The game ended after all three ages. Winner: ")
    assert page["status"] == "game over"
    assert seen["pick"] == 18 and seen["stage"] and seen["priced"] and seen["board"] and seen["hover"], seen
    errors = [e for e in drv.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
    print(f"\n7 Wonders by clicking: {seen}")
    shot = tmp_path / "serve-wonders7-game.png"
    drv.save_screenshot(str(shot))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(shot, ARTIFACTS / "serve-wonders7-game.png")
