"""The inline scripts of the two pages (plain ES5-style JavaScript: no build step, no library).

Text from the server is always set with textContent. The game script keeps the page in step with the
game: it fetches the seat's state and board, draws the pending decision as buttons, posts a click as the
seat's choice, and refetches when the event stream says the game moved on.
"""

from __future__ import annotations

COMMON_JS = r"""
var DATA = JSON.parse(document.getElementById('rw-data').textContent);
function $(id) { return document.getElementById(id); }
function el(tag, text, attrs) {
  var node = document.createElement(tag);
  if (text !== undefined && text !== null) node.textContent = String(text);
  for (var k in (attrs || {})) node.setAttribute(k, attrs[k]);
  return node;
}
function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }
function say(text) { $('message').textContent = text || ''; }
function api(method, url, body) {
  var init = {method: method, headers: {}};
  if (body !== undefined) { init.headers['Content-Type'] = 'application/json'; init.body = JSON.stringify(body); }
  return fetch(url, init).then(function (r) {
    return r.json().catch(function () { return {error: 'HTTP ' + r.status}; }).then(function (j) {
      if (!r.ok) throw new Error(j.error || ('HTTP ' + r.status));
      return j;
    });
  });
}
"""

INDEX_JS = COMMON_JS + r"""
var GAMES = DATA.games || [{id: null, players: [2, 4], packs: DATA.packs, kinds: DATA.kinds, variants: DATA.variants}];
function game() { return GAMES[Math.max(0, $('game').selectedIndex)] || GAMES[0]; }
function drawSeats() {
  var n = +$('players').value, box = clear($('seat-kinds')), kinds = game().kinds;
  for (var i = 0; i < n; i++) {
    var label = el('label', 'Player ' + (i + 1) + ' '), sel = el('select', null, {'data-seat': i});
    kinds.forEach(function (k) { sel.appendChild(el('option', k === 'human' ? 'a person' : k + ' bot', {value: k})); });
    sel.value = i === 0 ? 'human' : (kinds.indexOf('greedy') >= 0 ? 'greedy' : kinds[1]);
    label.appendChild(sel); box.appendChild(label);
  }
}
function checks(box, items, name) {  // a variant is labelled by its name:, with its warnings beneath
  clear(box);
  items.forEach(function (item) {
    var v = item.id || item, label = el('label'), box2 = el('input', null, {type: 'checkbox', value: v, name: name});
    if (v === 'base') { box2.checked = true; box2.disabled = true; }
    if (item.noop || item.error) box2.disabled = true;
    label.appendChild(box2);
    label.appendChild(document.createTextNode(' ' + (item.name || v.replace(/_/g, ' ')) +
      (item.pack ? ' (needs the ' + item.pack + ' pack)' : '')));
    if (item.name && item.name !== v) label.appendChild(el('small', ' ' + v, {'class': 'ref'}));
    if (item.summary) label.setAttribute('title', item.summary);
    (item.error ? [item.error] : item.warnings || []).forEach(function (w) {
      label.appendChild(el('div', '⚠ ' + w, {'class': 'warn'}));
    });
    box.appendChild(label);
  });
}
function drawGame() {
  var g = game(), players = clear($('players'));
  for (var n = g.players[0]; n <= g.players[1]; n++) players.appendChild(el('option', n));
  checks($('packs'), g.packs, 'pack');
  checks($('variants'), g.variants, 'variant');
  drawSeats();
}
function picked(name) {
  return Array.prototype.slice.call(document.querySelectorAll('input[name="' + name + '"]:checked'))
    .map(function (b) { return b.value; });
}
function link(text, url) {
  var li = el('li'), full = location.origin + url;
  li.appendChild(el('a', text, {href: url, target: '_blank', rel: 'noopener'}));
  li.appendChild(el('br')); li.appendChild(el('code', full));
  return li;
}
(function (f) {  // the folders of the designer's own packs and variants this server reads
  var said = [];
  if (f && f.packs && f.packs.length) said.push('packs from ' + f.packs.join(', '));
  if (f && f.variants && f.variants.length) said.push('variants from ' + f.variants.join(', '));
  $('folders').textContent = said.length ? 'Your own: ' + said.join('; ') + '.' :
    'Only bundled packs and variants (serve --pack-dir DIR / --variant-dir DIR offers your own).';
})(DATA.folders);
GAMES.forEach(function (g) { $('game').appendChild(el('option', g.name || g.id, {value: g.id || ''})); });
$('game').addEventListener('change', drawGame);
$('players').addEventListener('change', drawSeats);
drawGame();
$('new-game').addEventListener('submit', function (e) {
  e.preventDefault();
  var body = {game: game().id || undefined, players: +$('players').value, packs: picked('pack'), variants: picked('variant'),
              seats: Array.prototype.map.call(document.querySelectorAll('[data-seat]'), function (s) { return s.value; })};
  var seed = $('seed').value.trim();
  if (seed !== '') {
    if (!/^\d+$/.test(seed)) { say('the seed is a whole number (or leave it empty)'); return; }
    body.seed = +seed;
  }
  $('create').disabled = true; say('setting up…');
  api('POST', '/api/games', body).then(function (g) {
    say('');
    var list = clear($('links'));
    g.seats.forEach(function (s) {
      if (s.url) list.appendChild(link(s.name + ' (a person): seat link', s.url));
      else list.appendChild(el('li', s.name + ' (' + s.kind + ' bot): no link, a bot\'s seat and hand stay private'));
    });
    list.appendChild(link('Spectator link (public view)', g.spectator.url));
    $('created').hidden = false;
  }).catch(function (err) { say(err.message); }).then(function () { $('create').disabled = false; });
});
"""

GAME_JS = COMMON_JS + r"""
var TOKEN = new URLSearchParams(location.search).get('token') || '';
var BASE = '/api/games/' + encodeURIComponent(DATA.game);
var Q = '?token=' + encodeURIComponent(TOKEN);
var shown = -1, loading = false, again = false, logSeen = 0;
function word(s, id) { return (s.names && s.names[id]) || String(id).replace(/_/g, ' '); }
var STANDING = 'rw-standing:' + DATA.game + ':' + DATA.seat, autoStep = -1, armed = null, current = null;
function answers() { try { return JSON.parse(localStorage.getItem(STANDING) || '{}'); } catch (e) { return {}; } }
function keep(a) { try { localStorage.setItem(STANDING, JSON.stringify(a)); } catch (e) { /* private mode */ } }
function question(p) { return p.kind + '|' + p.prompt; }
function drawStanding() {
  var list = clear($('standing')), a = answers(), keys = Object.keys(a);
  $('standing-box').hidden = !keys.length;
  keys.forEach(function (k) {
    var li = el('li', k.split('|')[1] + ' → ' + a[k].label + ' '), b = el('button', 'forget', {type: 'button', 'class': 'forget'});
    b.addEventListener('click', function () { var now = answers(); delete now[k]; keep(now); drawStanding(); });
    li.appendChild(b); list.appendChild(li);
  });
}
// a click on an option: an option with a warning (ending a turn with actions left) asks to be clicked again
function pick(i) {
  var p = current.pending, warn = (p.warnings || [])[i];
  if (warn && armed !== i) {
    armed = i; say(warn + ' (click it again to confirm)');
    Array.prototype.forEach.call(document.querySelectorAll('#options button.option'), function (b, j) {
      b.classList.toggle('armed', j === i);
    });
    return;
  }
  if (p.standing && $('always') && $('always').checked) {
    var a = answers(); a[question(p)] = {option: p.options[i], label: p.labels[i] || p.options[i]}; keep(a);
  }
  choose(p.options[i]);
}
function drawDecision(s) {
  var box = clear($('options')), p = s.pending;
  armed = null;
  $('undo').hidden = s.player === null || s.over;
  $('undo').title = s.undo && !s.undo.possible ? 'cannot undo: ' + s.undo.reason : 'take back your last decision';
  $('undo').classList.toggle('unavailable', !(s.undo && s.undo.possible));
  if (s.over) {
    var w = s.score.winners.map(function (i) { return s.seats[i].name; }).join(' and ');
    $('prompt').textContent = s.ending || ('Game over. Winner: ' + w);
    return;
  }
  if (!p) {
    $('prompt').textContent = '';
    var wait = s.waiting_for;
    box.appendChild(el('p', s.player === null ? 'Watching: ' + wait.name + ' is choosing.'
                                           : 'Waiting for ' + wait.name + '…', {'class': 'waiting'}));
    return;
  }
  $('prompt').textContent = p.prompt;
  var standing = p.standing && answers()[question(p)];
  if (standing && p.options.indexOf(standing.option) >= 0 && autoStep !== s.revision) {
    autoStep = s.revision;
    box.appendChild(el('p', 'Answered by your standing answer: ' + standing.label + ' (forget it below to be asked again)',
                       {'class': 'waiting'}));
    choose(standing.option);
    return;
  }
  p.options.forEach(function (opt, i) {
    var b = el('button', null, {'class': 'option', 'data-option': opt, 'data-index': i, type: 'button'}), text = (p.texts || [])[i];
    b.appendChild(el('span', p.labels[i] || opt, {'class': 'opt-label'}));
    if (text) { b.appendChild(el('small', text, {'class': 'opt-text'})); b.title = text; }
    if (p.pictures && p.pictures[i]) {  // the project's own drawing of what the option would lay down
      var pic = el('span', null, {'class': 'opt-picture'}); pic.innerHTML = p.pictures[i]; b.appendChild(pic);
    }
    b.addEventListener('click', function () { pick(i); });
    box.appendChild(b);
  });
  if (p.standing) {
    var label = el('label', null, {'class': 'always'});
    label.appendChild(el('input', null, {type: 'checkbox', id: 'always'}));
    label.appendChild(document.createTextNode(' always answer this question this way in this game'));
    box.appendChild(label);
  }
}
// the board: what the pending decision's options point at is highlighted and can be clicked
function markTargets(s) {
  var p = s.pending, by = {};
  if (!p || !p.targets) return;
  p.targets.forEach(function (ts, i) {
    ts.forEach(function (t) { (by[t] = by[t] || []).push(i); });
  });
  Object.keys(by).forEach(function (t) {
    var q = '[data-space="' + t + '"]', sel = '#board [data-kind="hex"]' + q + ', #board [data-kind="space"]' + q +
            ', #board [data-kind="city"]' + q + ', #board [data-card="' + t + '"], #board [data-target="' + t + '"]';
    Array.prototype.forEach.call(document.querySelectorAll(sel), function (node) {
      node.classList.add('target');
      node.setAttribute('data-options', by[t].join(' '));
    });
  });
}
// pointing at an option lights what it points at on the board; pointing at a place lights its options
function light(node, on) {
  var opts = node.classList.contains('option') ? [node.getAttribute('data-index')]
                                               : (node.getAttribute('data-options') || '').split(' ');
  var sel = node.classList.contains('option')
    ? Array.prototype.filter.call(document.querySelectorAll('#board .target'), function (t) {
        return (' ' + t.getAttribute('data-options') + ' ').indexOf(' ' + opts[0] + ' ') >= 0; })
    : Array.prototype.filter.call(document.querySelectorAll('#options button.option'), function (b) {
        return opts.indexOf(b.getAttribute('data-index')) >= 0; });
  sel.forEach(function (n) { n.classList.toggle('lit', on); });
}
['mouseover', 'mouseout'].forEach(function (type) {
  document.addEventListener(type, function (e) {
    var node = e.target.closest ? e.target.closest('#options button.option, #board .target') : null;
    if (node && !(e.relatedTarget && node.contains(e.relatedTarget))) light(node, type === 'mouseover');
  });
});
$('board').addEventListener('click', function (e) {
  var node = e.target.closest ? e.target.closest('.target') : null;
  if (!node || !current || !current.pending) return;
  var opts = node.getAttribute('data-options').split(' ').map(Number);
  var buttons = document.querySelectorAll('#options button.option');
  Array.prototype.forEach.call(buttons, function (b, j) { b.classList.toggle('picked', opts.indexOf(j) >= 0); });
  if (opts.length === 1) pick(opts[0]);
  else say('That place fits ' + opts.length + ' options: choose one of the highlighted ones.');
});
$('undo').addEventListener('click', function () {
  say('');
  api('POST', BASE + '/undo', {token: TOKEN, revision: shown}).catch(function (err) { say(err.message); }).then(refresh);
});
function drawMe(s) {
  var me = s.player;
  if (me === null) { $('me').hidden = true; $('decision').querySelector('h2').textContent = 'Now'; return; }
  var pl = s.view.players[me], res = clear($('res')), panel = clear($('panel')), board = !!pl.advances;
  Object.keys(pl.res || {}).forEach(function (k) { res.appendChild(el('li', k + ' ' + pl.res[k])); });
  // the game's own words, for a game whose page has no widgets of its own (Clash's resources, hand, cities
  // and advances are drawn below, so its panel would say them twice)
  if (!board) (s.panel || []).forEach(function (line) { panel.appendChild(el('li', line)); });
  res.appendChild(el('li', (s.score.vp[me]) + ' VP'));
  var hand = clear($('hand'));
  if (!s.hand.length) hand.appendChild(el('li', 'no cards in hand', {'class': 'waiting'}));
  s.hand.forEach(function (c) {
    var li = el('li');
    if (c.colour) li.style.borderLeft = '6px solid ' + c.colour;  // the card's colour, as the drawing paints it
    li.appendChild(el('b', c.name)); li.appendChild(el('small', c.kind));
    li.appendChild(el('div', c.text));
    if (c.combat) li.appendChild(el('small', c.combat));
    hand.appendChild(li);
  });
  $('cities-line').hidden = !board; $('advances-line').hidden = !board;
  if (!board) return;  // a game without cities on a map or advances (7 Wonders): its panel says it all
  $('cities').textContent = s.cities.filter(function (c) { return c.owner === me; }).map(function (c) {
    var pieces = Object.keys(c.pieces).filter(function (k) { return c.pieces[k] === me; }).map(function (k) { return word(s, k); });
    return c.at + ' (' + pieces.join(', ') + (c.wonders.length ? '; ' + c.wonders.map(function (x) { return word(s, x); }).join(', ') : '') + ', ' + c.mood + ')';
  }).join(' · ') || 'none';
  $('advances').textContent = pl.advances.map(function (a) { return word(s, a); }).join(', ');
}
function cardCount(h) {
  if (h === null || h === undefined) return 0;
  if (h.length !== undefined) return h.length;
  if (h.count !== undefined) return h.count;
  var n = 0; Object.keys(h).forEach(function (k) { n += cardCount(h[k]); }); return n;
}
function drawPlayers(s) {
  var t = clear($('players')), head = el('tr'), board = !!s.view.players[0].advances;
  // the game's computed columns (Civilization's coins: no view stores them), else the view's coins
  var own = s.columns || {}, extra = Object.keys(own).length ? Object.keys(own) : ['coins'];
  var cols = board ? ['player', 'seat', 'VP', 'cities', 'advances', 'cards'] : ['player', 'seat', 'VP'].concat(extra, ['cards']);
  cols.forEach(function (h) { head.appendChild(el('th', h)); });
  t.appendChild(head);
  s.seats.forEach(function (seat) {
    var pl = s.view.players[seat.player], cards = cardCount(pl.hand);
    var row = el('tr', null, s.waiting_for && s.waiting_for.player === seat.player ? {'class': 'turn'} : {});
    var cells = [seat.name + (seat.player === s.player ? ' (you)' : ''), seat.kind, s.score.vp[seat.player]];
    cells = cells.concat(board ? [s.cities.filter(function (c) { return c.owner === seat.player; }).length, pl.advances.length, cards]
                               : extra.map(function (k) { return own[k] ? own[k][seat.player] : pl[k]; }).concat([cards]));
    cells.forEach(function (v) { row.appendChild(el('td', v)); });
    t.appendChild(row);
  });
}
function drawLog(s) {
  var log = clear($('log')), start = Math.max(0, s.log.length - 150);
  for (var i = start; i < s.log.length; i++) log.appendChild(el('li', s.log[i], i >= logSeen ? {'class': 'recent'} : {}));
  logSeen = s.log.length;
  log.scrollTop = log.scrollHeight;
}
var drawnKey = null;
function draw(s, svg) {
  // the same step drawn again (an event after our own click) would reset a half-made choice: keep it
  var key = s.revision + '|' + s.log.length + '|' + (s.pending ? s.pending.prompt : '') + '|' + s.over;
  if (key === drawnKey) return;
  drawnKey = key;
  $('who').textContent = s.player === null ? 'spectator (public view)' : 'you are ' + s.seats[s.player].name;
  $('status').textContent = s.over ? 'game over' : (s.progress || 'set-up') +
    (s.waiting_for ? ' · ' + s.waiting_for.name + ' to choose' : '');
  $('board').innerHTML = svg;  // the project's own renderer, drawn for this seat
  current = s;
  shown = s.revision;  // before drawDecision: a standing answer given there answers this revision
  markTargets(s); drawDecision(s); drawMe(s); drawPlayers(s); drawLog(s); drawStanding();
  document.body.setAttribute('data-step', s.step);
  document.body.setAttribute('data-revision', s.revision);
  document.body.setAttribute('data-ready', 'true');
}
function refresh() {
  if (loading) { again = true; return; }
  loading = true;
  var drawn = null;  // the revision the drawing shows (X-Revision): a bot may act between the two requests
  Promise.all([api('GET', BASE + Q), fetch(BASE + '/board.svg' + Q).then(function (r) {
    drawn = r.headers.get('X-Revision'); return r.text(); })])
    .then(function (both) {
      if (drawn !== null && String(both[0].revision) !== drawn) { again = true; return; }  // not the same moment: ask again
      draw(both[0], both[1]);
    })
    .catch(function (err) { $('status').textContent = err.message; })
    .then(function () { loading = false; if (again) { again = false; refresh(); } });
}
function choose(option) {
  Array.prototype.forEach.call(document.querySelectorAll('#options button'), function (b) { b.disabled = true; });
  say('');
  // the revision this choice answers: a resent request (a dropped connection) is applied once at most
  var body = {token: TOKEN, choice: option, revision: shown};
  api('POST', BASE + '/actions', body)
    .catch(function (err) { return err instanceof TypeError ? api('POST', BASE + '/actions', body) : Promise.reject(err); })
    .catch(function (err) { say(err.message); })
    .then(refresh);
}
refresh();
function follow() {
  var events = new EventSource(BASE + '/events' + Q);
  events.addEventListener('update', function (e) {
    if (JSON.parse(e.data).revision !== shown) refresh();
  });
  // a dropped line reconnects by itself; a refusal (the address's streams are all taken) closes it: later
  events.onerror = function () { if (events.readyState === 2) { refresh(); setTimeout(follow, 10000); } };
}
if (window.EventSource) follow();
"""
