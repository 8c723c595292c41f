"""End to end: the replay viewer in headless Chromium (Debian's chromium + chromium-driver, via Selenium).

Moving the slider must change the board and the highlighted log line; the arrow keys step; the page
makes no network request and logs no error. A screenshot is kept as a test artifact in out/artifacts/
(and in the test's tmp_path).

Needs /usr/bin/chromium, /usr/bin/chromedriver and selenium (`.ci/run` installs them). Without them the
test is skipped on a developer's machine and fails under CI (CI=true), so CI cannot pass by skipping it.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from browser import ARTIFACTS, chromium
from rulewright.api import play_game
from rulewright.tools.replay_html import replay_html


@pytest.fixture(scope="module")
def driver(tmp_path_factory):
    yield from chromium(tmp_path_factory.mktemp("chromium-profile"))


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    save = play_game(2, 5, ["greedy"]).save()
    path = tmp_path_factory.mktemp("viewer") / "game.html"
    path.write_text(replay_html(save, 0), encoding="utf-8")
    return path


def state(drv) -> dict:
    return drv.execute_script("""
        var cur = Array.prototype.slice.call(document.querySelectorAll('#rw-log li.current'));
        return {step: +document.body.getAttribute('data-step'),
                slider: +document.getElementById('rw-slider').value,
                board: document.getElementById('rw-layer').innerHTML,
                units: document.querySelectorAll('#rw-layer [data-kind="unit"]').length,
                regions: document.querySelectorAll('#rw-layer [data-kind="region"]').length,
                current: cur.map(function (li) { return li.textContent; }),
                currentSteps: cur.map(function (li) { return +li.getAttribute('data-step'); }),
                future: document.querySelectorAll('#rw-log li.future').length,
                label: document.getElementById('rw-step').textContent};
    """)


def wait_for(drv, pred, timeout=10.0):
    end = time.time() + timeout
    while time.time() < end:
        s = state(drv)
        if pred(s):
            return s
        time.sleep(0.05)
    raise AssertionError(f"timed out; last state {state(drv)}")


def test_slider_changes_board_and_highlighted_log_line(driver, page, tmp_path):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver.get(page.as_uri())
    slider = driver.find_element(By.ID, "rw-slider")
    last = int(slider.get_attribute("max"))
    assert last > 100
    end = wait_for(driver, lambda s: s["step"] == last)
    assert end["regions"] > 0 and end["current"] and end["future"] == 0

    # drag the slider's thumb to about a quarter of the way: a real pointer interaction
    width = slider.size["width"]
    ActionChains(driver).click_and_hold(slider).move_to_element_with_offset(slider, -width // 4, 0).release() \
        .perform()
    mid = wait_for(driver, lambda s: s["step"] != last)
    assert 0 < mid["step"] < last and mid["slider"] == mid["step"]
    assert mid["board"] != end["board"]
    assert mid["current"] and mid["current"] != end["current"]
    assert all(s <= mid["step"] for s in mid["currentSteps"]) and mid["future"] > 0
    assert f"step {mid['step']} / {last}" in mid["label"]
    driver.save_screenshot(str(tmp_path / "replay_mid.png"))

    # the very start: the set-up; the log highlights the set-up lines
    driver.execute_script("var s = document.getElementById('rw-slider'); s.value = 0;"
                          "s.dispatchEvent(new Event('input'));")
    start = wait_for(driver, lambda s: s["step"] == 0)
    assert start["board"] != mid["board"] and start["currentSteps"] == [0] * len(start["currentSteps"])

    # keyboard: right arrow steps forward, End goes to the end, left arrow back one
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    assert wait_for(driver, lambda s: s["step"] == 1)["slider"] == 1
    body.send_keys(Keys.END)
    wait_for(driver, lambda s: s["step"] == last)
    body.send_keys(Keys.ARROW_LEFT)
    wait_for(driver, lambda s: s["step"] == last - 1)

    # the step buttons and play
    driver.find_element(By.ID, "rw-first").click()
    wait_for(driver, lambda s: s["step"] == 0)
    driver.find_element(By.ID, "rw-next").click()
    wait_for(driver, lambda s: s["step"] == 1)
    driver.find_element(By.ID, "rw-play").click()
    wait_for(driver, lambda s: s["step"] >= 4)
    driver.find_element(By.ID, "rw-play").click()  # pause

    # clicking a log line goes to its step
    li = driver.find_elements(By.CSS_SELECTOR, "#rw-log li")[40]
    target = int(li.get_attribute("data-step"))
    driver.execute_script("arguments[0].scrollIntoView()", li)
    li.click()
    wait_for(driver, lambda s: s["step"] == target)

    driver.execute_script("window.rulewrightViewer.show(arguments[0])", mid["step"])
    wait_for(driver, lambda s: s["step"] == mid["step"])
    shot = tmp_path / "replay_browser.png"
    assert driver.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(shot, ARTIFACTS / "replay_browser.png")

    errors = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
    assert not errors, errors
    # nothing was fetched from anywhere: the page is self-contained
    resources = driver.execute_script("return performance.getEntriesByType('resource').map(function(e){"
                                      "return e.name;})")
    assert resources == []
