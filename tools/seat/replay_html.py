"""The replay viewer: one self-contained HTML file showing a saved game at every step.

`rulewright replay SAVE --html OUT.html [--as PLAYER]`, `rulewright play ... --html OUT.html` and
`rulewright simulate` (for a few games of interest) write it. No network, no external file: the CSS, the
script and the data are inline.

How it stays small: the picture of a step is the list of fragments `tools/render/game.py` draws (header,
regions, borders, legend, one per occupied space, one per player panel). Most fragments are the same from
one step to the next, so the file stores every distinct fragment once and each step as a list of fragment
numbers; the script joins the fragments of the chosen step into the SVG. A 500-decision game is a few
hundred kB.

Hidden information: every step is drawn from `game.view(viewer)` (viewer None = the public view of a
spectator) and the log is `visible_log(game, viewer)`, so a file exported `--as PLAYER` holds nothing that
player could not see at that step: no other hand, no deck order, no face of an unrevealed region.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...api import load_game, play_game
from ...engine import games
from ...engine.games import visible_log
from ..render.game import FONT, BoardRenderer, Frame, frame_of, game_title, parse_viewer
from ..render.svg import SVG_NS, E, Raw
from .account import readable
from .seat import progress_words

if TYPE_CHECKING:
    from ...engine.machine import Game


def step_frames(save: dict, viewer: int | None = None):
    """Replay a save action by action; yield (game, frame) at step 0 (set-up) to step N (the end).

    The same game object is reused between yields (it is advanced in place).
    """

    actions = list(save.get("actions", []))
    game = load_game(save, 0)
    title = game_title(game)
    total = len(actions)
    for i in range(total + 1):
        fr = frame_of(game, viewer, total, title)
        fr.show_step = False
        yield game, fr
        if i < total:
            game.apply(actions[i])


def build_viewer_data(save: dict, viewer: int | None = None) -> dict[str, Any]:
    """The viewer's data: distinct fragments, fragment numbers per step, the log and each line's step."""

    table: dict[str, int] = {}
    fragments: list[str] = []
    steps: list[list[int]] = []
    info: list[list[Any]] = []
    log: list[str] = []
    log_step: list[int] = []
    renderer: Any = None
    last: Frame | None = None
    game: Game | None = None
    for game, fr in step_frames(save, viewer):
        if renderer is None:
            own = games.find(game.definition.game_id).render_parts
            renderer = _OwnDrawing(own, game, viewer) if own is not None else \
                BoardRenderer(game.rt.defn, len(game.state["players"]), viewer)
        ids = []
        for f in renderer.fragments(fr):
            k = table.get(f)
            if k is None:
                k = table[f] = len(fragments)
                fragments.append(f)
            ids.append(k)
        steps.append(ids)
        lines = visible_log(game, viewer)
        for line in lines[len(log):]:
            log.append(readable(line))
            log_step.append(fr.step)
        info.append("game over" if fr.over else progress_words(game.definition.game_id, fr.state))
        last = fr
    assert renderer is not None and last is not None and game is not None
    names = [p["name"] for p in last.state["players"]]
    return {
        "title": last.title,
        "viewer": viewer,
        "viewerName": names[viewer] if viewer is not None else None,
        "players": names,
        "width": round(renderer.width),
        "height": round(renderer.height),
        "defs": renderer.defs().render(),
        "fragments": fragments,
        "steps": steps,
        "info": info,
        "log": log,
        "logStep": log_step,
    }


class _OwnDrawing:
    """A game's own drawing (its descriptor's `render_parts`: width, height, fragments) behind the interface of
    the hex board renderer, for the viewer."""

    def __init__(self, parts, game: Game, viewer: int | None):
        self.parts, self.game, self.viewer = parts, game, viewer
        self.width, self.height, _ = parts(game, viewer, "")

    def fragments(self, fr: Frame) -> list[str]:
        width, height, parts = self.parts(self.game, self.viewer, fr.title)
        self.width, self.height = max(self.width, width), max(self.height, height)
        return parts

    def defs(self):
        return Raw("")


def _delta(steps: list[list[int]]) -> list[Any]:
    """Each step's fragment list relative to the previous step's: 0 when unchanged, [-1, pos, id, pos, id ...]
    when only some positions changed (same length), else the full list. The script undoes it."""
    out: list[Any] = []
    prev: list[int] | None = None
    for ids in steps:
        if ids == prev:
            out.append(0)
        elif prev is not None and len(ids) == len(prev):
            patch = [-1]
            for i, (a, b) in enumerate(zip(prev, ids, strict=True)):
                if a != b:
                    patch += [i, b]
            out.append(patch if len(patch) < len(ids) else ids)
        else:
            out.append(ids)
        prev = ids
    return out


def _script_json(data: Any) -> str:
    """JSON safe inside a <script> element: no '<' at all (so no '</script>' or '<!--')."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")


CSS = """
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; background: #f4f1ea; color: #222; font-family: FONTS; }
body { display: flex; flex-direction: column; }
#rw-bar { display: flex; align-items: center; gap: 8px; padding: 6px 12px; background: #2d2a26; color: #f2ede3;
          flex-wrap: wrap; }
#rw-bar button { font: inherit; font-size: 14px; min-width: 34px; padding: 3px 8px; border-radius: 4px;
                 border: 1px solid #776f62; background: #48433c; color: #fff; cursor: pointer; }
#rw-bar button:hover { background: #5c564d; }
#rw-slider { flex: 1 1 320px; min-width: 200px; accent-color: #e0a400; }
#rw-step { font-variant-numeric: tabular-nums; min-width: 210px; }
#rw-title { font-weight: bold; margin-right: 10px; }
#rw-main { flex: 1; display: flex; min-height: 0; }
#rw-board { flex: 1; overflow: auto; padding: 4px; min-width: 0; }
#rw-board svg { width: 100%; height: 100%; display: block; }
#rw-side { width: 380px; display: flex; flex-direction: column; border-left: 1px solid #cfc6b6;
           background: #fffdf8; }
#rw-side h2 { font-size: 14px; margin: 8px 10px 4px; }
#rw-log { flex: 1; overflow-y: auto; margin: 0; padding: 0 0 40px; list-style: none; font-size: 12.5px;
          line-height: 1.35; }
#rw-log li { padding: 1px 10px; white-space: pre-wrap; cursor: pointer; border-left: 4px solid transparent; }
#rw-log li.sub { padding-left: 24px; color: #444; }
#rw-log li.head { font-weight: bold; margin-top: 4px; }
#rw-log li.future { color: #b7b0a4; }
#rw-log li.current { background: #ffe7a8; border-left-color: #e0a400; color: #111; }
#rw-help { font-size: 11px; color: #777; padding: 4px 10px; border-top: 1px solid #e4ddd0; }
select { font: inherit; }
"""

SCRIPT = r"""
(function () {
  "use strict";
  var D = JSON.parse(document.getElementById("rw-data").textContent);
  var layer = document.getElementById("rw-layer");
  var slider = document.getElementById("rw-slider");
  var label = document.getElementById("rw-step");
  var playBtn = document.getElementById("rw-play");
  var speed = document.getElementById("rw-speed");
  var items = document.getElementById("rw-log").children;
  var last = D.steps.length - 1;
  var lists = [], prev = [];
  for (var i = 0; i <= last; i++) {
    var e = D.steps[i];
    if (e === 0) { /* unchanged */ }
    else if (e[0] === -1) { prev = prev.slice(); for (var q = 1; q < e.length; q += 2) prev[e[q]] = e[q + 1]; }
    else prev = e;
    lists.push(prev);
  }
  var cur = -1, timer = null;
  function lineStep(j) { return D.logStep[j]; }
  function show(n) {
    n = Math.max(0, Math.min(last, n | 0));
    if (n === cur) return;
    cur = n;
    var ids = lists[n], parts = new Array(ids.length);
    for (var k = 0; k < ids.length; k++) parts[k] = D.fragments[ids[k]];
    layer.innerHTML = parts.join("");
    slider.value = n;
    var info = D.info[n];
    label.textContent = "step " + n + " / " + last + (info ? "  \u00b7  " + info : "");
    document.body.setAttribute("data-step", n);
    // the log: lines of the latest step (<= n) that wrote any are current, later lines are future
    var hi = -1;
    for (var j = 0; j < items.length; j++) { if (lineStep(j) <= n) hi = j; else break; }
    var hiStep = hi >= 0 ? lineStep(hi) : -1, first = null;
    for (j = 0; j < items.length; j++) {
      var s = lineStep(j), c = items[j].classList;
      c.toggle("future", s > n);
      var on = s === hiStep;
      c.toggle("current", on);
      if (on && first === null) first = items[j];
    }
    if (first) {
      var box = first.parentNode, top = first.offsetTop - box.offsetTop;
      if (top < box.scrollTop || top > box.scrollTop + box.clientHeight - 40) box.scrollTop = top - box.clientHeight / 3;
    }
  }
  function stop() { if (timer) { clearInterval(timer); timer = null; playBtn.textContent = "play"; } }
  function play() {
    if (timer) { stop(); return; }
    if (cur >= last) show(0);
    playBtn.textContent = "pause";
    timer = setInterval(function () { if (cur >= last) stop(); else show(cur + 1); }, +speed.value);
  }
  function nextLine(dir) {  // jump to the next/previous step that wrote to the log
    for (var j = 0; j < items.length; j++) {
      var s = lineStep(dir > 0 ? j : items.length - 1 - j);
      if (dir > 0 ? s > cur : s < cur) { show(s); return; }
    }
    show(dir > 0 ? last : 0);
  }
  slider.addEventListener("input", function () { stop(); show(+slider.value); });
  document.getElementById("rw-first").onclick = function () { stop(); show(0); };
  document.getElementById("rw-prev").onclick = function () { stop(); show(cur - 1); };
  document.getElementById("rw-next").onclick = function () { stop(); show(cur + 1); };
  document.getElementById("rw-last").onclick = function () { stop(); show(last); };
  document.getElementById("rw-prevlog").onclick = function () { stop(); nextLine(-1); };
  document.getElementById("rw-nextlog").onclick = function () { stop(); nextLine(1); };
  playBtn.onclick = play;
  document.getElementById("rw-fit").onclick = function () {
    var b = document.getElementById("rw-board"), full = b.classList.toggle("full"), svg = b.querySelector("svg");
    svg.style.width = full ? D.width + "px" : "";
    svg.style.height = full ? D.height + "px" : "";
    this.textContent = full ? "full size" : "fit";
  };
  speed.onchange = function () { if (timer) { stop(); play(); } };
  document.getElementById("rw-log").addEventListener("click", function (e) {
    var li = e.target.closest("li"); if (li) { stop(); show(+li.getAttribute("data-step")); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.target && e.target.tagName === "SELECT") return;
    var k = e.key, handled = true;
    if (k === "ArrowRight") { stop(); show(cur + (e.shiftKey ? 10 : 1)); }
    else if (k === "ArrowLeft") { stop(); show(cur - (e.shiftKey ? 10 : 1)); }
    else if (k === "ArrowDown" || k === "PageDown") { stop(); nextLine(1); }
    else if (k === "ArrowUp" || k === "PageUp") { stop(); nextLine(-1); }
    else if (k === "Home") { stop(); show(0); }
    else if (k === "End") { stop(); show(last); }
    else if (k === " ") { play(); }
    else handled = false;
    if (handled) e.preventDefault();
  });
  var start = parseInt((location.hash || "").replace("#step=", ""), 10);
  show(isNaN(start) ? last : start);
  window.rulewrightViewer = { show: show, step: function () { return cur; }, last: last };
})();
"""


def _log_items(data: dict) -> str:
    out = []
    for line, step in zip(data["log"], data["logStep"], strict=True):
        cls = []
        if line.startswith("  "):
            cls.append("sub")
        elif line.startswith(("---", "Round ", "Set-up", "Game over", "Winner")):
            cls.append("head")
        attr = f' class="{" ".join(cls)}"' if cls else ""
        out.append(f'<li data-step="{step}"{attr}>{html.escape(line.strip())}</li>')
    return "\n".join(out)


def viewer_html(data: dict) -> str:
    """The self-contained page for the data of `build_viewer_data`."""
    payload = {k: v for k, v in data.items() if k not in ("log", "defs")}  # the log is in the page already
    payload["steps"] = _delta(data["steps"])
    seen = f" — seen by {data['viewerName']}" if data.get("viewerName") else " — public view"
    svg = E("svg", Raw(data["defs"]), E("rect", width="100%", height="100%", fill="#f4f1ea"), E("g", id="rw-layer"),
            xmlns=SVG_NS, viewBox=f"0 0 {data['width']} {data['height']}", font_family=FONT,
            preserveAspectRatio="xMidYMin meet",
            role="img", aria_label="the board and the player panels").render()
    last = len(data["steps"]) - 1
    page = f"""<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(data["title"] + seen)}</title>
<style>{CSS.replace("FONTS", FONT)}</style>
</head>
<body data-step="{last}">
<div id="rw-bar">
  <span id="rw-title">{html.escape(data["title"] + seen)}</span>
  <button id="rw-first" title="first step (Home)">|&#x25C0;</button>
  <button id="rw-prevlog" title="previous step that wrote to the log (Up)">&#x21E1;</button>
  <button id="rw-prev" title="previous step (Left)">&#x25C0;</button>
  <button id="rw-play" title="play / pause (Space)">play</button>
  <button id="rw-next" title="next step (Right)">&#x25B6;</button>
  <button id="rw-nextlog" title="next step that wrote to the log (Down)">&#x21E3;</button>
  <button id="rw-last" title="last step (End)">&#x25B6;|</button>
  <button id="rw-fit" title="fit the picture to the window, or show it at full size">fit</button>
  <input id="rw-slider" type="range" min="0" max="{last}" value="{last}" step="1" aria-label="step">
  <span id="rw-step">step {last} / {last}</span>
  <select id="rw-speed" title="play speed"><option value="600">slow</option>
    <option value="250" selected>normal</option><option value="80">fast</option></select>
</div>
<div id="rw-main">
  <div id="rw-board">{svg}</div>
  <div id="rw-side">
    <h2>Log</h2>
    <ol id="rw-log">
{_log_items(data)}
    </ol>
    <div id="rw-help">&#x2190; &#x2192; step (Shift: 10) · &#x2191; &#x2193; log lines · Home/End · Space play ·
      click a log line to go there</div>
  </div>
</div>
<script id="rw-data" type="application/json">{_script_json(payload)}</script>
<script>{SCRIPT}</script>
</body>
</html>
"""
    return page


def replay_html(save: dict, viewer: int | None = None) -> str:
    """The whole viewer page for a save (as seen by `viewer`, or the public view)."""
    return viewer_html(build_viewer_data(save, viewer))


def game_html(game: Game, viewer: int | None = None) -> str:
    """The viewer page for a game object (replayed from its save)."""
    return replay_html(game.save(), viewer)


def write_viewer(save: dict, out: Path, as_player: str | None = None) -> str:
    """Write the viewer page for a save to `out`; `as_player` as `--as` takes it. Returns a one-line report.

    Raises ValueError for an unknown player (the CLI turns it into a usage error).
    """

    viewer = None
    names: list[str] = []
    if as_player is not None:
        names = [p["name"] for p in load_game(save, 0).state["players"]]
        viewer = parse_viewer(as_player, names)
    text = replay_html(save, viewer)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    steps = len(save.get("actions", []))
    who = "public view" if viewer is None else f"as seen by {names[viewer]}"
    return f"wrote {out} ({steps} steps, {who}, {len(text.encode()) // 1024} kB)"


def games_of_interest(records: list[dict]) -> dict[int, list[str]]:
    """Game index -> why it is worth watching: the shortest, the longest, the first win of each seat."""
    if not records:
        return {}
    recs = sorted(records, key=lambda r: r["game"])
    why: dict[int, list[str]] = {}
    shortest = min(recs, key=lambda r: (r["actions"], r["game"]))
    longest = max(recs, key=lambda r: (r["actions"], -r["game"]))
    why.setdefault(shortest["game"], []).append("shortest")
    why.setdefault(longest["game"], []).append("longest")
    seats = sorted({s for r in recs for s in r["winners"]})
    for seat in seats:
        first = next(r for r in recs if seat in r["winners"])
        why.setdefault(first["game"], []).append(f"seat{seat}-wins")
    return why


def write_interesting_viewers(records: list[dict], settings: dict, out: Path) -> list[Path]:
    """Replay the games of interest of a simulation (from their seeds) and write one viewer each.

    Files are `out/viewer-g<game>-<reasons>.html`, plus `out/viewers.json` saying which is which.
    """

    by_game = {r["game"]: r for r in records}
    written: list[Path] = []
    index: list[dict] = []
    for g, reasons in sorted(games_of_interest(records).items()):
        rec = by_game[g]
        game = play_game(settings["players"], rec["seed"], settings["bots"], settings["packs"], settings["variants"],
                         settings.get("game"))
        path = out / f"viewer-g{g}-{'+'.join(reasons)}.html"
        path.write_text(replay_html(game.save()), encoding="utf-8")
        written.append(path)
        index.append({"game": g, "seed": rec["seed"], "why": reasons, "actions": rec["actions"],
                      "file": path.name})
    (out / "viewers.json").write_text(json.dumps(index, indent=2))
    return written
