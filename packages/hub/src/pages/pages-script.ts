/**
 * The pages' one script (served as `/ui/pages.js`; the CSP allows no other and no inline code). It only
 * enhances server-rendered HTML: forms post with their anti-forgery token and show streamed progress and the
 * result the server rendered (already escaped); sections marked `data-live` are refreshed from the server when
 * the event stream says something changed (and every `data-poll` ms on pages that ask); views load as their own
 * fragments after the page is shown, one again when its peer says it changed; tables sort; time left counts down. Everything it inserts is either the server's escaped HTML or set with `textContent`.
 */
export const PAGES_SCRIPT = String.raw`'use strict';
(function () {
  var refreshTimer = null;
  var sortState = {};
  function scheduleRefresh(delay) {
    if (refreshTimer) return;
    refreshTimer = setTimeout(function () { refreshTimer = null; refresh(); }, delay);
  }
  function refresh() {
    fetch(location.pathname + location.search, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null) return;
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var active = document.activeElement && document.activeElement.id;
        document.querySelectorAll('[data-live][id]').forEach(function (old) {
          var fresh = doc.getElementById(old.id);
          if (!fresh) return;
          // Views load on their own: the section is swapped only when the set of views changed.
          if (old.hasAttribute('data-views-key') && old.getAttribute('data-views-key') === fresh.getAttribute('data-views-key')) return;
          if (old.contains(document.activeElement) && document.activeElement.matches('input,select,textarea')) return;
          var open = old.querySelectorAll('details[open][id]');
          old.replaceWith(document.importNode(fresh, true));
          open.forEach(function (d) { var n = document.getElementById(d.id); if (n) n.open = true; });
        });
        if (active) { var el = document.getElementById(active); if (el) el.focus(); }
        loadViews();
        applySorts();
        tick();
      })
      .catch(function () {});
  }
  function follow() {
    if (!window.EventSource) return;
    var source = new EventSource('/api/events');
    source.onmessage = function (m) {
      try {
        var event = JSON.parse(m.data);
        var type = event.type || '';
        if (type === 'extension.view.changed') return viewChanged(event);
        if (/^(extension|sidecar|project|host|action)\./.test(type)) scheduleRefresh(60);
      } catch (e) { scheduleRefresh(60); }
    };
    source.addEventListener('reset', function () { scheduleRefresh(60); });
  }
  function loadView(article) {
    var src = article.getAttribute('data-view-src');
    if (!src || article.hasAttribute('data-view-loading')) return;
    article.setAttribute('data-view-loading', '');
    fetch(src, { headers: { accept: 'text/html' }, credentials: 'same-origin' })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, 'text/html').querySelector('article');
        if (!fresh || !article.isConnected) return;
        if (!fresh.hasAttribute('data-view-src')) fresh.setAttribute('data-view-src', src);
        article.replaceWith(document.importNode(fresh, true));
      })
      .catch(function () { article.removeAttribute('data-view-loading'); });
  }
  function loadViews() {
    document.querySelectorAll('article[data-view-src][aria-busy="true"]').forEach(loadView);
  }
  function viewChanged(event) {
    var id = event.attributes && event.attributes.view;
    var project = event.scope && event.scope.projectId;
    document.querySelectorAll('article[data-view-src]').forEach(function (article) {
      if (article.getAttribute('data-view') !== id) return;
      var shown = new URLSearchParams(article.getAttribute('data-view-src').split('?')[1] || '').get('projectId');
      if (project && shown && project !== shown) return;
      loadView(article);
    });
  }
  function show(target, text, kind) {
    if (!target) return;
    target.hidden = false;
    target.className = 'result ' + (kind || '');
    target.textContent = text;
  }
  function submit(form, event) {
    event.preventDefault();
    var confirmText = form.getAttribute('data-confirm');
    if (confirmText && !window.confirm(confirmText)) return;
    var result = form.querySelector('[data-result]') || document.getElementById('flash');
    var progress = form.querySelector('[data-progress]');
    var button = form.querySelector('button[type=submit],button:not([type])');
    if (button) button.disabled = true;
    show(result, 'Working…', 'busy');
    var body = new URLSearchParams(new FormData(form));
    fetch(form.action, { method: 'POST', body: body, credentials: 'same-origin', headers: { accept: 'application/x-ndjson' } })
      .then(function (r) { return readLines(r, function (msg) {
        if (msg.progress !== undefined && progress) { progress.hidden = false; progress.textContent = msg.progress; if (msg.percent !== undefined) progress.value = msg.percent; }
        if (msg.partial !== undefined && result) { if (result.classList.contains('busy')) result.textContent = ''; result.hidden = false; result.className = 'result'; result.insertAdjacentHTML('beforeend', msg.partial); }
        if ((msg.ok === true || msg.ok === false) && progress) progress.hidden = true;
        if (msg.ok === true) {
          if (msg.html !== undefined && result) { result.hidden = false; result.className = 'result ok'; result.innerHTML = msg.html; }
          else show(result, msg.message || 'Done.', 'ok');
          if (msg.location) location.assign(msg.location);
          scheduleRefresh(10);
        }
        if (msg.ok === false) show(result, msg.error + (msg.fix ? ' — fix: ' + msg.fix : ''), 'bad');
        if (msg.apiVersion !== undefined) {
          if (msg.error) show(result, msg.error, 'bad');
          else { show(result, form.getAttribute('data-done') || 'Done.', 'ok'); scheduleRefresh(10); }
        }
      }); })
      .catch(function (e) { show(result, 'The hub did not answer: ' + e.message, 'bad'); })
      .then(function () { if (button) button.disabled = false; });
  }
  function readLines(response, each) {
    if (!response.body) return response.text().then(function (t) { t.split('\n').forEach(function (l) { if (l) each(JSON.parse(l)); }); });
    var reader = response.body.getReader();
    var decoder = new TextDecoder();
    var buffered = '';
    function pump() {
      return reader.read().then(function (chunk) {
        if (chunk.done) { if (buffered.trim()) each(JSON.parse(buffered)); return; }
        buffered += decoder.decode(chunk.value, { stream: true });
        var lines = buffered.split('\n');
        buffered = lines.pop();
        lines.forEach(function (l) { if (l.trim()) each(JSON.parse(l)); });
        return pump();
      });
    }
    return pump();
  }
  function applySorts() {
    document.querySelectorAll('table[data-sortable][id]').forEach(function (table) {
      var s = sortState[table.id];
      if (s) sortTable(table, s.col, s.dir);
    });
  }
  function sortTable(table, col, dir) {
    var body = table.tBodies[0];
    if (!body) return;
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = a.cells[col] ? a.cells[col].getAttribute('data-sort') || a.cells[col].textContent : '';
      var y = b.cells[col] ? b.cells[col].getAttribute('data-sort') || b.cells[col].textContent : '';
      var nx = parseFloat(x), ny = parseFloat(y);
      var c = !isNaN(nx) && !isNaN(ny) ? nx - ny : x.localeCompare(y);
      return dir === 'asc' ? c : -c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
    table.querySelectorAll('th[aria-sort]').forEach(function (th) { th.setAttribute('aria-sort', 'none'); });
    var th = table.tHead && table.tHead.rows[0] && table.tHead.rows[0].cells[col];
    if (th) th.setAttribute('aria-sort', dir === 'asc' ? 'ascending' : 'descending');
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll('[data-until]').forEach(function (el) {
      var left = Math.max(0, Math.ceil((Number(el.getAttribute('data-until')) - now) / 1000));
      el.textContent = left + ' s';
    });
  }
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (form instanceof HTMLFormElement && form.method === 'post') submit(form, event);
  });
  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element && event.target.closest('button[data-sort-col]');
    if (!button) return;
    var table = button.closest('table');
    var col = Number(button.getAttribute('data-sort-col'));
    var s = sortState[table.id];
    var dir = s && s.col === col && s.dir === 'asc' ? 'desc' : 'asc';
    sortState[table.id] = { col: col, dir: dir };
    sortTable(table, col, dir);
  });
  follow();
  loadViews();
  document.querySelectorAll('form[data-autosubmit]').forEach(function (f) { f.requestSubmit(); });
  var poll = Number(document.body.getAttribute('data-poll') || 0);
  if (poll > 0) setInterval(function () { scheduleRefresh(0); }, poll);
  setInterval(tick, 1000);
  tick();
})();
`;
