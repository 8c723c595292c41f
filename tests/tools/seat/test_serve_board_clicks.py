"""A whole game in headless Chromium, played by clicking the board (issue 35).

One cheap game (Clash, two players, the four-round variant, seat 1 a bot): the set-up answer gives a link
for the person's seat only. The person's decisions follow the greedy bot's choice for that seat (asked of
the server's game) so the game runs its normal course; each is taken by clicking the board where the option
points at a space or city (the highlighted targets), else its button. On the way the test checks that every
option shows its label and its meaning, that a refused undo says why, takes back one decision with Undo,
answers a recurring question once for the game (a standing answer) and confirms ending a turn with actions
left. The final screen says how the game ended. The number of clicks is printed (see the test's output).

Needs Debian's chromium and chromium-driver and selenium, as tests/tools/seat/test_serve_browser.py does.
"""

from __future__ import annotations

import shutil

import pytest
from browser import ARTIFACTS

pytestmark = pytest.mark.slow

READ = """
var s = window.current, p = s && s.pending, a = p && p.standing ? answers()[question(p)] : null;
var buttons = Array.prototype.map.call(document.querySelectorAll('#options button.option'), function (b) {
  var t = b.querySelector('.opt-text');
  return {label: b.querySelector('.opt-label').textContent, text: t ? t.textContent : ''};
});
return {step: s ? s.step : -1, over: s ? s.over : false, pending: p || null, buttons: buttons,
        auto: !!(a && p.options.indexOf(a.option) >= 0), ending: s ? s.ending : '',
        prompt: document.getElementById('prompt').textContent,
        message: document.getElementById('message').textContent};
"""


# click option i on the board if a highlighted place stands for it alone (or, until arguments[1], one it
# shares with other options), else its button; says which
CLICK = """
var i = arguments[0], alone = document.querySelector('#board .target[data-options="' + i + '"]');
var shared = arguments[1] ? null : document.querySelector('#board .target[data-options~="' + i + '"]');
var click = function (n) { n.dispatchEvent(new MouseEvent('click', {bubbles: true})); };
if (alone) { click(alone); return 'board'; }
if (shared) { click(shared); return 'shared'; }
document.querySelectorAll('#options button.option')[+i].click();
return 'button';
"""


def _whole_collection(game, options: list[str]) -> str | None:
    """The whole-collection option holding what the greedy bot would collect step by step (so the game runs
    as the bots' game does), if one is offered."""
    from rulewright.tools.seat.seat import bot_choice

    if not any(o.startswith("all:") for o in options):
        return None
    g, picks = game.fork(), []
    while g.pending is not None and g.pending.kind == "collect" and g.pending.player == 0:
        pick = bot_choice(g, "greedy")
        picks.append(pick)
        g.apply({"player": 0, "choice": pick})
    got = sorted(p.split(":")[-1] for p in picks if p != "done")
    return next((o for o in options if o.startswith("all:")
                 and sorted(x.split(":")[-1] for x in o.removeprefix("all:").split(";")) == got), None)


def _wait(drv, cond, what: str, timeout: float = 30):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(drv, timeout, poll_frequency=0.05).until(lambda d: cond(d), message=what)


def _page(drv, table, answered: int = -1) -> dict:
    """The page once it shows the server's current step (a decision's buttons, or the end). `answered`: the
    step whose choice was just clicked; until the server has it, page and server still agree on that step
    (the click's request is on its way under load), so that step is not taken as the next one."""
    def ready(d):
        got = d.execute_script(READ)
        if got["step"] == answered:
            return False
        with table.lock:  # not while the server is still applying a choice and the bot's moves
            if got["step"] != len(table.game.actions):
                return False
        return got if got["over"] or got["auto"] or (got["pending"] and len(got["buttons"]) == len(got["pending"]["options"])) else False
    return _wait(drv, ready, "the page to show the game's current step")


def test_a_whole_game_by_clicking_the_board(driver, server_url_and_hub, tmp_path):
    import httpx
    from rulewright.tools.seat.seat import bot_choice

    url, hub = server_url_and_hub
    drv = driver
    g = httpx.post(url + "/api/games", json={"players": 2, "seed": 2, "variants": ["four_round"],
                                             "seats": ["human", "greedy"]}).json()
    assert "url" in g["seats"][0] and "url" not in g["seats"][1] and "token" not in g["seats"][1]
    table = hub.table(g["id"])
    drv.get(url + g["seats"][0]["url"])
    clicks = {"board": 0, "button": 0, "confirm": 0, "standing": 0, "undo": 0}
    decisions = auto = wholes = 0
    undone = refused = warned = armed = shared_done = False
    action_texts: list[str] = []
    answered = -1  # the step whose choice was clicked last
    while True:
        page = _page(drv, table, answered)
        if page["over"]:
            break
        if page["auto"]:  # a standing answer answers by itself
            auto += 1
            _wait(drv, lambda d, s=page["step"]: d.execute_script("return window.current.step") != s, "the answer")
            continue
        p = page["pending"]
        decisions += 1
        # every option shows its label and, where the game gives one, its meaning
        for i, b in enumerate(page["buttons"]):
            assert b["label"] == (p["labels"][i] or p["options"][i])
            assert b["text"] == p["texts"][i]
        if p["kind"] == "action":
            action_texts += p["texts"]
        if not refused:  # nothing to take back yet: the refusal says why
            drv.find_element("id", "undo").click()
            # nothing of ours to take back yet (or the bot, if the seed made it begin, has acted since)
            _wait(drv, lambda d: any(why in d.find_element("id", "message").text for why in (
                "cannot undo: nothing to take back", "has acted since your last decision")),
                  "the refused undo to say why")
            refused = True
        if not undone and p["kind"] == "advance":  # take back the choice of the Advance action
            step = page["step"]
            drv.find_element("id", "undo").click()
            clicks["undo"] += 1
            back = _page(drv, table, answered=step)  # not the page before the undo reached the server
            assert back["step"] == step - 1 and back["pending"]["kind"] == "action"
            undone = True
            answered = -1  # the step taken back is asked again
            continue
        if not warned and p["kind"] == "action" and "end" in p["options"] and p["warnings"][p["options"].index("end")]:
            # ending the turn with actions left is asked again; not confirming leaves the turn going on
            drv.execute_script("document.querySelector('#options button.option[data-option=\"end\"]').click()")
            _wait(drv, lambda d: "end the turn anyway? (click it again" in d.find_element("id", "message").text,
                  "the warning")
            assert drv.execute_script("return window.current.step") == page["step"]
            warned = armed = True
        with table.lock:
            choice = bot_choice(table.game, "greedy")
            whole = _whole_collection(table.game, p["options"])
            server = table.game.pending.to_json(), len(table.game.actions)
        if whole:  # the greedy's collection, taken in one step
            choice = whole
            wholes += 1
        assert choice in p["options"], (page["step"], p, server)
        i = p["options"].index(choice)
        if p["standing"]:
            drv.execute_script("document.getElementById('always').click()")
            clicks["standing"] += 1
        armed = armed and choice == "end"  # the click above asked; this one confirms
        i_s = str(i)
        answered = page["step"]
        how = drv.execute_script(CLICK, i_s, shared_done)  # found and clicked at once: no redraw comes between
        if how == "shared":  # a place several options share (once): the click highlights them, the button picks
            clicks["board"] += 1
            how = drv.execute_script("var b = document.querySelectorAll('#options button.option')[+arguments[0]];"
                                     "var was = b.classList.contains('picked'); b.click(); return was;", i_s)
            assert how is True
            clicks["button"] += 1
            shared_done = True
        else:
            clicks["board" if how == "board" else "button"] += 1
        if p["warnings"][i] and not armed:  # ending a turn with actions left asks again
            _wait(drv, lambda d: "click it again" in d.find_element("id", "message").text, "the warning")
            drv.execute_script("document.querySelectorAll('#options button.option')[+arguments[0]].click()", i_s)
            clicks["confirm"] += 1
        if decisions > 400:
            pytest.fail("the game did not end")
    assert undone and refused and warned and clicks["board"] > 20 and wholes > 5
    assert action_texts and all(action_texts)  # every basic action and card says what it does
    assert "The game ended after all 4 rounds" in page["prompt"] and "Winner:" in page["prompt"]
    # the answers given once for the game are listed, each with a button to forget it
    standing = drv.find_elements("css selector", "#standing li")
    assert len(standing) == clicks["standing"] and all(li.find_elements("css selector", "button.forget") for li in standing)
    drv.execute_script("document.querySelector('#standing button.forget').click()")
    assert len(drv.find_elements("css selector", "#standing li")) == clicks["standing"] - 1
    errors = [e for e in drv.get_log("browser") if e["level"] == "SEVERE" and "/undo - " not in e["message"]]
    assert not errors, errors
    total = sum(clicks.values())
    print(f"\nclicks for the whole game: {total} ({clicks}); decisions asked {decisions}, "
          f"answered by a standing answer {auto}, whole collections {wholes}")
    shot = tmp_path / "serve-board-clicks.png"
    drv.save_screenshot(str(shot))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(shot, ARTIFACTS / "serve-board-clicks.png")


@pytest.fixture()
def server_url_and_hub(tmp_path):
    from rulewright.tools.seat.serve.background import BackgroundServer

    with BackgroundServer(tmp_path / "games.sqlite3") as srv:
        yield srv.url, srv.app.state.hub
