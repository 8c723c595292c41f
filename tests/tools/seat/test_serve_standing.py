"""A standing answer in the browser (issue 35): asked once, answered by the page itself after, forgettable.

Clash asks "Raze a size-1 city for 1 gold?" in every status phase. The person's other decisions are sent
through the API (each its first option) while the page is closed, so only the page answers
the raze question: the first time by a click with "always answer this question this way" ticked, the
second time by itself (the test fails if the page does not answer), and after "forget" the third time it
shows the question's buttons again and waits.

Needs Debian's chromium and chromium-driver and selenium, as tests/tools/seat/test_serve_browser.py does.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest

pytestmark = pytest.mark.slow  # about 15 s: three status phases of a real game

RAZE = "Raze a size-1 city for 1 gold?"
# the standing answers the page lists (read at once: the list is redrawn with every update)
LISTED = "return Array.prototype.map.call(document.querySelectorAll('#standing li'), function (li) { return li.textContent; });"


def _wait(drv, cond, what: str, timeout: float = 30):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(drv, timeout, poll_frequency=0.05).until(lambda d: cond(d), message=what)


def _to_raze(url: str, table, token: str, hub) -> int:
    """Play seat 0's other decisions (each its first option) through the API until it is asked to raze."""
    import httpx

    for _ in range(500):
        with table.lock:
            d = table.game.pending
            assert d is not None, "the game ended before the raze question came"
            if d.player == 0 and d.kind == "raze":
                return len(table.game.actions)
            choice, step = d.options[0], len(table.game.actions)
        if d.player != 0:  # the bot's turn: it moves in the background
            assert hub.bots.wait_idle(60)
            continue
        r = httpx.post(f"{url}/api/games/{table.id}/actions", json={"token": token, "choice": choice, "revision": step})
        assert r.status_code == 200, r.text
    pytest.fail("no raze question within 500 decisions")


def _raze_buttons(drv) -> list[str]:
    """The option buttons once the page shows the raze question."""
    return _wait(drv, lambda d: d.execute_script(
        "var p = window.current && window.current.pending;"
        "return p && p.kind === 'raze' ? Array.prototype.map.call("
        "document.querySelectorAll('#options button.option'), function (b) { return b.dataset.option; }) : null;"),
        "the page to ask the raze question")


def test_a_standing_answer_answers_the_raze_question_by_itself(driver, server):
    import httpx

    g = httpx.post(server.url + "/api/games", json={"players": 2, "seed": 2, "seats": ["human", "greedy"]}).json()
    link, table = g["seats"][0]["url"], server.app.state.hub.table(g["id"])
    token = parse_qs(urlparse(link).query)["token"][0]
    drv = driver

    # the first time: asked; the person ticks "always" and keeps their cities
    first = _to_raze(server.url, table, token, server.app.state.hub)
    drv.get(server.url + link)
    assert _raze_buttons(drv)[0] == "keep" and drv.find_element("id", "prompt").text == RAZE
    drv.find_element("id", "always").click()
    drv.find_element("css selector", '#options button.option[data-option="keep"]').click()
    _wait(drv, lambda d: len(table.game.actions) > first, "the click to answer")
    assert table.game.actions[first] == {"player": 0, "choice": "keep"}
    kept = _wait(drv, lambda d: d.execute_script(LISTED), "the list of standing answers")
    assert len(kept) == 1 and RAZE in kept[0] and "raze nothing" in kept[0]
    drv.get("about:blank")

    # the second time the same question comes, the page answers it by itself: no click
    second = _to_raze(server.url, table, token, server.app.state.hub)
    assert second > first
    drv.get(server.url + link)
    _wait(drv, lambda d: len(table.game.actions) > second, "the page to answer by its standing answer")
    assert table.game.actions[second] == {"player": 0, "choice": "keep"}

    # forgotten, the question is asked again: its buttons are shown and the game waits for a click
    _wait(drv, lambda d: d.execute_script(LISTED), "the list of standing answers")
    drv.execute_script("document.querySelector('#standing button.forget').click()")
    assert drv.execute_script(LISTED) == []
    drv.get("about:blank")
    third = _to_raze(server.url, table, token, server.app.state.hub)
    drv.get(server.url + link)
    assert _raze_buttons(drv)[0] == "keep"
    assert len(table.game.actions) == third and table.game.pending.kind == "raze"
    errors = [e for e in drv.get_log("browser") if e["level"] == "SEVERE"]
    assert not errors, errors
