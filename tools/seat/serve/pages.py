"""The two HTML pages of `rulewright serve`: create a game, and play (or watch) one.

Each page is one self-contained document: its CSS and script are inline (tools/seat/serve/script.py), nothing
is fetched from the network, there is no build step. The game page only holds the game's id; everything
else comes from the JSON API with the seat's token (read from the page's own address), so the page
itself carries no secret. Text from the game is always put in with textContent, never as markup; the
board is the project's SVG renderer's output for this seat.
"""

from __future__ import annotations

import html
import json

from .script import GAME_JS, INDEX_JS

CSS = """
:root { --ink: #2d2a26; --paper: #f4f1ea; --card: #fffdf8; --line: #d8d0c0; --accent: #8a3b12; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink);
       background: var(--paper); }
header { background: var(--ink); color: #fff; padding: .55rem 1rem; display: flex; gap: 1rem;
         align-items: baseline; flex-wrap: wrap; }
header h1 { font-size: 1.05rem; margin: 0; }
header .status { color: #ffd98a; }
main { display: flex; gap: 1rem; padding: 1rem; align-items: flex-start; }
#board { flex: 1 1 60%; min-width: 0; background: var(--card); border: 1px solid var(--line); border-radius: 6px; }
#board svg { width: 100%; height: auto; display: block; }
aside { flex: 0 0 30rem; max-width: 40%; display: flex; flex-direction: column; gap: .8rem; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 6px; padding: .7rem .9rem; }
h2 { font-size: .95rem; margin: 0 0 .5rem; text-transform: uppercase; letter-spacing: .04em; color: #6b6357; }
#prompt { font-weight: 600; margin-bottom: .5rem; }
#options { display: flex; flex-wrap: wrap; gap: .4rem; }
button { font: inherit; cursor: pointer; border: 1px solid var(--accent); background: #fff; color: var(--accent);
         border-radius: 5px; padding: .35rem .7rem; }
button:hover:not(:disabled) { background: var(--accent); color: #fff; }
button:disabled { opacity: .45; cursor: wait; }
button.primary { background: var(--accent); color: #fff; }
.option { display: flex; flex-direction: column; align-items: flex-start; text-align: left; max-width: 100%; }
.opt-text { font-size: .78rem; color: #6b6357; } button:hover .opt-text { color: #fff; }
.option.picked, .option.armed { outline: 3px solid #e0a800; }
#board .target { cursor: pointer; }
#board .target polygon { stroke: #ffc400; stroke-width: 4; stroke-opacity: 1; }
#board .target:hover polygon { fill-opacity: .7; }
#board .target > rect:first-child { stroke: #ffc400; stroke-width: 3; }
#board .target.lit polygon, #board .target.lit > rect:first-child { stroke: #e05a00; stroke-width: 5; }
.option.lit { outline: 3px solid #ffc400; }
#undo { margin-top: .5rem; } #undo.unavailable { opacity: .6; }
.opt-picture svg { display: block; margin-top: .2rem; }
.always { display: block; font-size: .85rem; margin-top: .3rem; }
#message { color: #b00020; margin: .4rem 0 0; min-height: 1em; }
.waiting { color: #6b6357; font-style: italic; }
.chips { display: flex; flex-wrap: wrap; gap: .3rem; margin: 0 0 .4rem; padding: 0; list-style: none; }
.chips li { background: #efe8da; border-radius: 10px; padding: .05rem .55rem; }
.cards { list-style: none; margin: 0; padding: 0; display: grid; gap: .4rem; }
.cards li { border: 1px solid var(--line); border-radius: 5px; padding: .35rem .5rem; background: #fff; }
.cards b { display: block; } .cards small { color: #6b6357; }
table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: .15rem .3rem; }
tr.turn td { font-weight: 600; }
#log { max-height: 16rem; overflow-y: auto; margin: 0; padding: 0; list-style: none; font-size: .85rem; }
#log li { padding: .05rem .2rem; border-bottom: 1px solid #f0ebe0; }
#log li.recent { background: #fff3cf; }
form label { display: block; margin: .3rem 0; }
form label .warn { color: #8a4b00; font-size: .9em; margin-left: 1.6rem; } form label .ref { color: #6b6357; }
.links li { margin: .35rem 0; } .links code { user-select: all; font-size: .8rem; word-break: break-all; }
#panel { margin: 0 0 .5rem; padding: 0; list-style: none; font-size: .9rem; white-space: pre-wrap; }
.narrow { max-width: 46rem; margin: 1rem auto; display: grid; gap: 1rem; }
"""


def _doc(title: str, body: str, script: str, data: dict) -> str:
    blob = json.dumps(data).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return (f'<!doctype html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="referrer" content="no-referrer"><link rel="icon" href="data:,"><title>{html.escape(title)}</title>'
            f'<style>{CSS}</style></head>\n<body>{body}\n'
            f'<script id="rw-data" type="application/json">{blob}</script>\n<script>{script}</script></body></html>\n')


def index_page(options: dict) -> str:
    """The page that sets up a game: players, which seats are bots, packs, variants; then shows the links."""
    body = """
<header><h1>rulewright</h1><span>play in the browser, against bots or each other</span></header>
<div class="narrow">
<section id="setup"><h2>New game</h2>
  <form id="new-game">
    <label>Game <select id="game" name="game"></select></label>
    <label>Players <select id="players" name="players"></select></label>
    <div id="seat-kinds"></div>
    <fieldset><legend>Packs</legend><div id="packs"></div></fieldset>
    <fieldset><legend>Variants</legend><div id="variants"></div></fieldset>
    <p id="folders" class="waiting"></p>
    <label>Seed (empty: a secret random one) <input id="seed" name="seed" inputmode="numeric" size="12"></label>
    <button class="primary" id="create" type="submit">Create the game</button>
    <p id="message"></p>
  </form>
</section>
<section id="created" hidden><h2>Your game</h2>
  <p>Give each person their own seat link: whoever holds a link plays that seat. The spectator link shows
  only what everybody may see.</p>
  <ul class="links" id="links"></ul>
</section>
</div>"""
    return _doc("rulewright: new game", body, INDEX_JS, options)


def game_page(game_id: str, seat: int | None, name: str = "Clash of Cultures") -> str:
    """The game (`name`) as one seat (or a spectator) sees it; filled in by the script from the API."""
    body = f"""
<header><h1>{html.escape(name)}</h1><span id="who"></span><span class="status" id="status">loading…</span></header>
<main>
  <div id="board" aria-label="the board"></div>
  <aside>
    <section id="decision"><h2>Your decision</h2>
      <div id="prompt"></div><div id="options"></div><p id="message"></p>
      <button id="undo" type="button" hidden>Undo my last decision</button></section>
    <section id="standing-box" hidden><h2>Standing answers</h2><ul id="standing"></ul></section>
    <section id="me"><h2>Your resources and hand</h2>
      <ul class="chips" id="res"></ul><ul id="panel"></ul><ul class="cards" id="hand"></ul>
      <p id="cities-line"><b>Cities</b> <span id="cities"></span></p>
      <p id="advances-line"><b>Advances</b> <span id="advances"></span></p></section>
    <section><h2>Players</h2><table id="players"></table></section>
    <section><h2>Log</h2><ol id="log"></ol></section>
  </aside>
</main>"""
    return _doc("rulewright: game", body, GAME_JS, {"game": game_id, "seat": seat})
