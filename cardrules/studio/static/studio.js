// cardrules studio: the page. Plain JavaScript, no libraries: the server sends JSON, this
// draws it. Every request carries the access token in a header; what the server sends about a
// table is only what the seats played here may see.
"use strict";

const TOKEN = document.querySelector('meta[name="studio-token"]').content;
const $ = (id) => document.getElementById(id);
const SUITS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RED = new Set(["H", "D"]);
const SEAT_CHOICES = ["human", "random", "greedy", "ismcts:200", "pimc:100"];

// --- talking to the server ------------------------------------------------------------------

class Problem extends Error {
  constructor(error, status) {
    super(error.message || (error.diagnostics || []).map((d) => d.text).join("\n") || "refused");
    this.error = error;
    this.status = status;
  }
}

async function api(method, path, body) {
  const options = { method, headers: { "X-Studio-Token": TOKEN } };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({ error: { message: `HTTP ${response.status}` } }));
  if (!response.ok) throw new Problem(data.error || { message: `HTTP ${response.status}` }, response.status);
  return data;
}

function say(text, bad) {
  const status = $("status");
  status.textContent = text;
  status.className = bad ? "bad" : "";
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function problemText(error) {
  if (error instanceof Problem) {
    const e = error.error;
    if (e.diagnostics) return e.diagnostics.map((d) => d.text).join("\n");
    return e.message + (e.hint ? ` (${e.hint})` : "");
  }
  return String(error);
}

// --- tabs -------------------------------------------------------------------------------------

function showTab(name) {
  for (const b of document.querySelectorAll(".tab-button")) b.classList.toggle("active", b.dataset.tab === name);
  for (const s of document.querySelectorAll(".tab")) s.classList.toggle("active", s.id === name);
}
for (const b of document.querySelectorAll(".tab-button")) b.addEventListener("click", () => showTab(b.dataset.tab));

// --- files ------------------------------------------------------------------------------------

let listing = { files: [], logs: [], bundled: [] };

async function loadListing() {
  listing = await api("GET", "/api/files");
  const fileList = $("file-list");
  fileList.replaceChildren(...listing.files.map((f) =>
    el("li", {}, el("button", { type: "button", class: "link", "data-path": f, onclick: () => openFile(f) }, f))));
  if (!listing.files.length) fileList.append(el("li", { class: "muted" }, "no .rules files in " + listing.folder));
  $("bundled-list").replaceChildren(...listing.bundled.map((f) =>
    el("li", {}, el("button", { type: "button", class: "link", "data-path": f, onclick: () => openFile(f) }, f))));
  for (const id of ["table-game", "job-game", "job-variant"]) fillGames($(id));
  const logs = $("replay-log");
  logs.replaceChildren(el("option", { value: "" }, listing.logs.length ? "choose a log" : "none yet"),
    ...listing.logs.map((l) => el("option", { value: l }, l)));
}

function fillGames(select) {
  const was = select.value;
  select.replaceChildren(
    el("optgroup", { label: "your files" }, ...listing.files.map((f) => el("option", { value: f }, f))),
    el("optgroup", { label: "bundled" }, ...listing.bundled.map((f) => el("option", { value: f }, f))));
  if (was) select.value = was;
}

// --- the editor -------------------------------------------------------------------------------

const KEYWORDS = new Set(("action and at attr bool copies deal deck def default display do down elif else end " +
  "extends face false for from game goto group groups hidden hide if in into jokers let list most move none not " +
  "of one or order pairs param per phase player players private public ranks remove repeat reveal says score " +
  "setup shared show shuffle starts subset suits team teams then to true turn up var when where while why with " +
  "zone").split(" "));
const TOKEN_RE = /(#[^\n]*)|("[^"\n]*"?)|(\b\d+(?:\.\d+)?\b)|([A-Za-z_][A-Za-z0-9_]*)(\s*\()?|(\.\.|[-+*\/=<>!]=?|[{}()\[\],:])/g;

const editor = { path: null, bundled: false, isNew: false, timer: null, diagnostics: [], checked: 0 };

function tokens(text) {
  const out = [];
  let m;
  TOKEN_RE.lastIndex = 0;
  while ((m = TOKEN_RE.exec(text))) {
    let kind = null;
    let end = m.index + m[0].length;
    if (m[1]) kind = "comment";
    else if (m[2]) kind = "string";
    else if (m[3]) kind = "number";
    else if (m[4]) {
      end = m.index + m[4].length;
      kind = KEYWORDS.has(m[4]) ? "keyword" : m[5] ? "call" : "name";
      if (m[5]) TOKEN_RE.lastIndex = end;
    } else if (m[6]) kind = "operator";
    out.push([m.index, end, kind]);
  }
  return out;
}

function lineStarts(text) {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return starts;
}

function offsetOf(starts, line, column, text) {
  if (!line) return null;
  const base = starts[Math.min(line, starts.length) - 1];
  return Math.min(base + Math.max(column, 1) - 1, text.length);
}

function diagnosticRanges(text) {
  const starts = lineStarts(text);
  const ranges = [];
  for (const d of editor.diagnostics) {
    if (!d.line || !sameFile(d.file)) continue;
    const a = offsetOf(starts, d.line, d.column, text);
    let b = offsetOf(starts, d.end_line, d.end_column, text);
    if (b === null || b <= a) b = Math.min(a + 1, text.length);
    if (a === b && a > 0) ranges.push([a - 1, a]); else ranges.push([a, b]);
  }
  return ranges;
}

function sameFile(file) {
  if (!file || !editor.path) return false;
  const name = editor.path.split("/").pop();
  const base = file.split("/").pop();
  return base === name || base === name.replace(/-/g, "_") + ".rules" || file.endsWith("/" + editor.path);
}

function highlight() {
  const text = $("source").value;
  const ranges = diagnosticRanges(text);
  const inDiag = (i) => ranges.some(([a, b]) => i >= a && i < b);
  const cuts = new Set([0, text.length]);
  for (const [a, b] of ranges) { cuts.add(a); cuts.add(b); }
  const spans = [];
  let at = 0;
  const push = (a, b, kind) => {
    const points = [a, ...[...cuts].filter((c) => c > a && c < b).sort((x, y) => x - y), b];
    for (let i = 0; i + 1 < points.length; i++) {
      const classes = [kind ? "t-" + kind : "", inDiag(points[i]) ? "diag" : ""].filter(Boolean).join(" ");
      const part = text.slice(points[i], points[i + 1]);
      spans.push(classes ? el("span", { class: classes }, part) : document.createTextNode(part));
    }
  };
  for (const [a, b, kind] of tokens(text)) {
    if (a > at) push(at, a, null);
    push(a, b, kind);
    at = b;
  }
  if (at < text.length) push(at, text.length, null);
  spans.push(document.createTextNode("\n"));
  $("highlight").replaceChildren(...spans);
  const lines = text.split("\n").length;
  const marked = new Set(editor.diagnostics.filter((d) => sameFile(d.file)).map((d) => d.line));
  $("gutter").replaceChildren(...Array.from({ length: lines }, (_, i) =>
    el("span", { class: marked.has(i + 1) ? "marked" : "" }, String(i + 1) + "\n")));
  syncScroll();
}

function syncScroll() {
  const source = $("source");
  $("highlight").scrollTop = source.scrollTop;
  $("highlight").scrollLeft = source.scrollLeft;
  $("gutter").scrollTop = source.scrollTop;
}

async function openFile(path) {
  try {
    const file = await api("GET", "/api/file?path=" + encodeURIComponent(path));
    Object.assign(editor, { path, bundled: file.bundled, isNew: false, diagnostics: [] });
    $("source").value = file.text;
    $("source").readOnly = file.bundled;
    $("file-name").textContent = path + (file.bundled ? " (bundled, read only)" : "");
    $("save").disabled = file.bundled;
    $("format").disabled = file.bundled;
    $("save-variant").disabled = false;
    $("play-this").disabled = false;
    showTab("edit");
    highlight();
    checkNow();
  } catch (e) { say(problemText(e), true); }
}

function scheduleCheck() {
  clearTimeout(editor.timer);
  $("check-state").textContent = "editing...";
  editor.timer = setTimeout(checkNow, 350);
}

async function checkNow() {
  if (!editor.path) return;
  const number = ++editor.checked;
  $("check-state").textContent = "checking...";
  try {
    const result = await api("POST", "/api/check", { path: editor.path, text: $("source").value, new: editor.isNew });
    if (number !== editor.checked) return;  // an older text's answer
    editor.diagnostics = result.diagnostics;
    $("check-state").textContent = result.ok ? "ok: it checks and compiles" : `${result.diagnostics.length} problem(s)`;
    $("check-state").className = result.ok ? "good" : "bad";
    showDiagnostics();
    if (result.info) showInfo(result.info);
  } catch (e) {
    if (number !== editor.checked) return;
    editor.diagnostics = (e.error && e.error.diagnostics) || [];
    $("check-state").textContent = problemText(e);
    $("check-state").className = "bad";
    showDiagnostics();
  }
  highlight();
}

function showDiagnostics() {
  $("diagnostics").replaceChildren(...editor.diagnostics.map((d) => el("li", { class: "diagnostic" },
    el("button", { type: "button", class: "link", onclick: () => jumpTo(d) },
      d.line ? `${d.file ? d.file.split("/").pop() : ""}:${d.line}:${d.column}` : "file"),
    " ", el("span", { class: "message" }, d.message),
    d.source_line ? el("pre", { class: "quote" }, d.source_line + "\n" + " ".repeat(Math.max(d.column - 1, 0)) + "^") : null,
    d.hint ? el("div", { class: "hint" }, "hint: " + d.hint) : null)));
}

function jumpTo(d) {
  if (!d.line || !sameFile(d.file)) return;
  const source = $("source");
  const text = source.value;
  const starts = lineStarts(text);
  const a = offsetOf(starts, d.line, d.column, text);
  source.focus();
  source.setSelectionRange(a, a);
  source.scrollTop = Math.max(0, (d.line - 5) * parseFloat(getComputedStyle(source).lineHeight || 18));
  syncScroll();
}

function showInfo(info) {
  const p = info.players;
  const params = info.params.length ? el("table", {}, el("tr", {}, el("th", {}, "parameter"), el("th", {}, "values"),
    el("th", {}, "default")), ...info.params.map((x) => el("tr", {}, el("td", {}, x.name),
      el("td", {}, x.kind === "range" ? `${x.low}..${x.high}` : x.choices.length ? x.choices.join(", ") : x.kind),
      el("td", {}, String(x.default))))) : el("p", { class: "muted" }, "no parameters");
  const phases = el("ul", {}, ...info.phases.map((ph) => el("li", {}, el("strong", {}, ph.name),
    ph.automatic ? " (automatic)" : ": " + ph.moves.map((m) => m.parameters.length ? `${m.name}(${m.parameters.join(", ")})` : m.name).join(", "))));
  const actions = info.actions ? el("details", {}, el("summary", {}, `action encoding: ${info.actions.count} tokens`),
    el("ol", { start: 0, class: "tokens" }, ...info.actions.labels.map((l) => el("li", {}, l)))) : null;
  $("info").replaceChildren(el("h2", {}, info.title),
    el("p", {}, `players ${p.low === p.high ? p.low : `${p.low}..${p.high} (default ${p.default})`}; ${info.deck} cards`),
    el("h3", {}, "Parameters"), params,
    el("h3", {}, "Zones"), el("ul", {}, ...info.zones.map((z) => el("li", {}, `${z.name}: ${z.owner ? "per " + z.owner : "shared"}, ${z.visibility}, face ${z.face}`))),
    el("h3", {}, "Phases and moves"), phases, actions);
  if (p.default) editor.players = p.default;
}

$("source").addEventListener("input", () => { highlight(); scheduleCheck(); });
$("source").addEventListener("scroll", syncScroll);
$("source").addEventListener("keydown", (e) => {
  if (e.key === "Tab" && !e.shiftKey) {
    e.preventDefault();
    const s = e.target;
    const a = s.selectionStart;
    s.setRangeText("  ", a, s.selectionEnd, "end");
    highlight(); scheduleCheck();
  } else if (e.key === "s" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); save(); }
});

async function save() {
  if (!editor.path || editor.bundled) return;
  try {
    await api("POST", "/api/file", { path: editor.path, text: $("source").value, new: editor.isNew });
    editor.isNew = false;
    say("saved " + editor.path);
    await loadListing();
  } catch (e) { say(problemText(e), true); }
}
$("save").addEventListener("click", save);

// The layout of `cardrules fmt`. The answer replaces the text only if nothing was typed while it
// was on its way; a text that does not parse is left as it is, with the parser's diagnostic.
async function formatText() {
  if (!editor.path || editor.bundled) return;
  const sent = $("source").value;
  try {
    const result = await api("POST", "/api/format", { path: editor.path, text: sent, new: editor.isNew });
    if ($("source").value !== sent) { say("the text changed while it was being formatted: format again", true); return; }
    if (!result.ok) {
      editor.diagnostics = result.diagnostics;
      $("check-state").textContent = "not formatted: it does not parse";
      $("check-state").className = "bad";
      showDiagnostics();
      highlight();
      return;
    }
    if (result.text === sent) { say("already formatted"); return; }
    const line = sent.slice(0, $("source").selectionStart).split("\n").length;
    $("source").value = result.text;
    const starts = lineStarts(result.text);
    const at = starts[Math.min(line, starts.length) - 1];
    $("source").setSelectionRange(at, at);
    say("formatted");
    highlight();
    checkNow();
  } catch (e) { say(problemText(e), true); }
}
$("format").addEventListener("click", formatText);

$("save-variant").addEventListener("click", async () => {
  const base = editor.path;
  const suggestion = base.replace(/\.rules$/, "").split("/").pop().replace(/-/g, "_") + "_variant.rules";
  const name = prompt("Name of the variant's file (in your folder):", suggestion);
  if (!name) return;
  try {
    const made = await api("POST", "/api/variant", { base, path: name });
    await loadListing();
    await openFile(made.path);
    say("wrote " + made.path + ": it extends " + base);
  } catch (e) { say(problemText(e), true); }
});

$("new-file").addEventListener("click", () => {
  const name = prompt("Name of the new rules file:", "my_game.rules");
  if (!name) return;
  const path = name.endsWith(".rules") ? name : name + ".rules";
  Object.assign(editor, { path, bundled: false, isNew: true, diagnostics: [] });
  $("source").readOnly = false;
  $("source").value = `game "${path.replace(/\.rules$/, "").replace(/[_-]/g, " ")}"\nplayers 2..2\n`;
  $("file-name").textContent = path + " (not saved yet)";
  $("save").disabled = false;
  $("format").disabled = false;
  $("save-variant").disabled = true;
  $("play-this").disabled = true;
  highlight();
  checkNow();
});

$("play-this").addEventListener("click", () => {
  $("table-game").value = editor.path;
  if (editor.players) $("table-players").value = editor.players;
  seatRows();
  showTab("play");
});

// --- cards ------------------------------------------------------------------------------------

function cardNode(card, selectable) {
  if (!card) return el("span", { class: "card back", title: "a card you cannot see" });
  const suit = card.s ? (SUITS[card.s] || card.s) : "";
  const node = el("span", { class: "card" + (card.s && RED.has(card.s) ? " red" : "") + (selectable ? " selectable" : ""),
    title: card.n, "data-card": card.n },
  el("span", { class: "rank" }, card.r !== null && card.r !== undefined ? card.r : card.n),
  el("span", { class: "suit" }, suit));
  return node;
}

function itemNode(item, selectable) {
  if (item && item.group) {
    return el("span", { class: "group", title: item.about, "data-group": item.group.map((c) => c ? c.n : "?").join(" ") },
      ...item.group.map((c) => cardNode(c, false)), item.about ? el("small", {}, item.about) : null);
  }
  return cardNode(item, selectable && item && selectable.has(item.n));
}

function zoneNode(name, items, selectable) {
  // A pile of cards nobody here may see is drawn as one back and its count.
  const pile = items.length > 4 && items.every((x) => x === null);
  const cards = !items.length ? el("span", { class: "muted" }, "empty") :
    pile ? [el("span", { class: "card back pile", title: `${items.length} face down` }), el("span", { class: "count" }, `\u00d7 ${items.length}`)] :
      items.map((x) => itemNode(x, selectable));
  return el("div", { class: "zone", "data-zone": name }, el("span", { class: "zone-name" }, name), el("span", { class: "cards" }, cards));
}

function cardText(text, names) {
  // A move's text with the card names it holds drawn as small cards.
  const parts = [];
  const known = [...new Set(names)].sort((a, b) => b.length - a.length);
  if (!known.length) return [text];
  const re = new RegExp("(?<![\\w#])(" + known.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|") + ")(?![\\w#])", "g");
  let at = 0;
  let m;
  while ((m = re.exec(text))) {
    parts.push(text.slice(at, m.index));
    const name = m[1];
    const suit = name.slice(-1);
    parts.push(el("span", { class: "mini" + (RED.has(suit) ? " red" : "") }, name.slice(0, -1) + (SUITS[suit] || suit)));
    at = m.index + name.length;
  }
  parts.push(text.slice(at));
  return parts;
}

function boardNode(view, selectable) {
  const seats = view.seats.map((s) => el("div", {
    class: "seat" + (s.seat === view.turn ? " to-play" : "") + (s.seat === view.viewer ? " mine" : ""),
    "data-seat": s.seat,
  }, el("h3", {}, (s.seat === view.turn ? "\u25b6 " : "") + s.label),
  ...Object.entries(s.zones).map(([name, items]) => zoneNode(name, items, s.seat === view.viewer ? selectable : null)),
  Object.keys(s.values).length ? el("div", { class: "values" }, Object.entries(s.values).map(([k, v]) => `${k} ${v}`).join(" \u00b7 ")) : null));
  const teams = view.teams.map((t) => el("div", { class: "team" }, el("h3", {}, `team ${t.team} (seats ${t.seats.join(", ")})`),
    ...Object.entries(t.zones).map(([name, items]) => zoneNode(name, items, null)),
    Object.keys(t.values).length ? el("div", { class: "values" }, Object.entries(t.values).map(([k, v]) => `${k} ${v}`).join(" \u00b7 ")) : null));
  const shared = el("div", { class: "shared" }, ...Object.entries(view.shared).map(([name, items]) => zoneNode(name, items, selectable)),
    Object.keys(view.values).length ? el("div", { class: "values" }, Object.entries(view.values).map(([k, v]) => `${k} ${v}`).join(" \u00b7 ")) : null);
  return el("div", { class: "felt" },
    el("div", { class: "headline" }, el("strong", {}, view.title), ` \u00b7 ${view.phase} \u00b7 `,
      view.over ? "game over" : `seat ${view.turn} to play` + (view.turn === view.viewer ? " (you)" : "")),
    view.totals ? el("div", { class: "totals" }, view.totals) : null,
    el("div", { class: "seats" }, seats), teams.length ? el("div", { class: "teams" }, teams) : null, shared);
}

function narrationNode(lines) {
  const list = el("ul", { class: "narration" }, ...lines.map((l) => el("li", { "data-seat": l.seat },
    el("span", { class: "who" }, (l.number ? l.number + ". " : "") + l.who + ": "),
    ...cardText(l.move, cardNamesIn(l.move)),
    l.events.length ? el("ul", { class: "events" }, ...l.events.map((e) => el("li", {}, e))) : null)));
  setTimeout(() => { list.scrollTop = list.scrollHeight; }, 0);
  return list;
}

const deckNames = new Set();
function learnCards(view) {
  const walk = (x) => {
    if (!x) return;
    if (Array.isArray(x)) x.forEach(walk);
    else if (x.group) x.group.forEach(walk);
    else if (x.n) deckNames.add(x.n);
  };
  view.seats.forEach((s) => Object.values(s.zones).forEach(walk));
  view.teams.forEach((t) => Object.values(t.zones).forEach(walk));
  Object.values(view.shared).forEach(walk);
}
function cardNamesIn(text) { return [...deckNames].filter((n) => text.includes(n)); }

// --- the table --------------------------------------------------------------------------------

const table = { id: null, view: null, selected: new Set(), game: null };

function seatRows() {
  const count = Math.max(1, Math.min(100, parseInt($("table-players").value, 10) || 2));
  const list = $("seat-list");
  const old = [...list.querySelectorAll("input")].map((i) => i.value);
  list.replaceChildren(...Array.from({ length: count }, (_, i) => el("label", { class: "seat-choice" }, `seat ${i} `,
    el("input", { list: "seat-choices", value: old[i] || (i === 0 ? "human" : "random"), "data-seat": i, size: 12 }))),
  el("datalist", { id: "seat-choices" }, ...SEAT_CHOICES.map((c) => el("option", { value: c }))));
}
$("table-players").addEventListener("input", seatRows);

$("table-game").addEventListener("change", async () => {
  const game = $("table-game").value;
  try {
    const result = await api("POST", "/api/check", { path: game });
    if (result.info) { $("table-players").value = result.info.players.default; seatRows(); }
  } catch (e) { /* the Deal button reports it */ }
  $("table-players").dataset.game = game;  // the game's own number of players is in
});

$("table-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const seats = [...$("seat-list").querySelectorAll("input")].map((i) => i.value.trim() || "random");
  const seed = $("table-seed").value.trim();
  say("dealing...");
  try {
    const opened = await api("POST", "/api/tables", { path: $("table-game").value, seats,
      params: $("table-params").value, players: seats.length, seed: seed ? parseInt(seed, 10) : null });
    table.id = opened.id;
    table.game = $("table-game").value;
    table.selected.clear();
    say("");
    drawTable(opened.view);
  } catch (err) { say(problemText(err), true); }
});

async function tableCall(method, path, body) {
  try {
    drawTable(await api(method, `/api/tables/${table.id}${path}`, body));
  } catch (e) {
    say(problemText(e), true);
    if (e.error && e.error.stopped) $("table").replaceChildren(el("p", { class: "bad" }, problemText(e)));
  }
}

function drawTable(view) {
  table.view = view;
  const root = $("table");
  root.dataset.drawn = String(parseInt(root.dataset.drawn || "0", 10) + 1);  // tells a watcher it changed
  if (view.kind === "hand-over") {
    root.replaceChildren(el("div", { class: "hand-over" }, el("h2", {}, `Pass the screen to seat ${view.seat}`),
      el("button", { type: "button", id: "ready", onclick: () => tableCall("GET", `?seat=${view.seat}`) }, `I am seat ${view.seat}: show my cards`)));
    return;
  }
  learnCards(view);
  const moves = view.moves || [];
  const selectable = new Set(moves.flatMap((m) => m.cards));
  for (const c of [...table.selected]) if (!selectable.has(c)) table.selected.delete(c);
  const board = boardNode(view, selectable);
  const chosen = [...table.selected];
  const shown = moves.filter((m) => chosen.every((c) => m.cards.includes(c)));
  const exact = shown.filter((m) => m.cards.length === chosen.length);
  const moveList = el("div", { class: "moves", id: "moves" },
    moves.length ? el("p", { class: "muted" }, chosen.length ? `moves with ${chosen.join(" ")} (click cards to narrow, again to drop)` :
      "your move: click a button, or click cards to see the moves that use them") : null,
    ...shown.map((m) => el("button", { type: "button", class: "move" + (exact.includes(m) && chosen.length ? " exact" : ""), "data-index": m.i,
      "data-text": m.text, "data-cards": m.cards.join(" "), onclick: () => playMove(m.i) }, ...cardText(m.text, m.cards))));
  const controls = el("div", { class: "controls" },
    el("button", { type: "button", id: "undo", disabled: !view.can_undo, onclick: () => tableCall("POST", "/undo", {}) }, "Undo"),
    el("button", { type: "button", id: "save-log", onclick: saveLog }, "Save log"),
    view.over ? el("a", { class: "button", id: "download-log", href: `/api/tables/${table.id}/log`, download: "game.json" }, "Download log") : null,
    view.over ? el("button", { type: "button", id: "replay-this", onclick: replayThis }, "Replay this game") : null,
    el("span", { class: "muted" }, `${view.moves_played} moves played`));
  const result = view.result ? el("div", { class: "result", id: "result" }, el("h2", {}, "Game over"),
    el("p", {}, "scores: " + view.result.scores.map((s, i) => `seat ${i}: ${s}`).join(", ")),
    el("p", {}, view.result.winners.length ? `winner: seat ${view.result.winners.join(" and ")}` +
      (view.result.winners.some((w) => view.people.includes(w)) && view.people.length === 1 ? " \u2014 you win!" : "") : "a draw")) : null;
  root.replaceChildren(el("div", { class: "table-layout" }, el("div", { class: "table-main" }, board, result, moveList, controls),
    el("div", { class: "table-side" }, el("h3", {}, "What happened"), narrationNode(view.narration))));
  for (const node of root.querySelectorAll(".card.selectable")) {
    node.classList.toggle("selected", table.selected.has(node.dataset.card));
    node.addEventListener("click", () => {
      const name = node.dataset.card;
      if (table.selected.has(name)) table.selected.delete(name); else table.selected.add(name);
      drawTable(table.view);
    });
  }
}

function playMove(index) {
  table.selected.clear();
  tableCall("POST", "/move", { seat: table.view.viewer, index });
}

async function saveLog() {
  try {
    const saved = await api("POST", `/api/tables/${table.id}/save`, {});
    say("log written to " + saved.path + " (the format of cardrules play --save)");
    await loadListing();
  } catch (e) { say(problemText(e), true); }
}

async function replayThis() {
  try {
    const response = await fetch(`/api/tables/${table.id}/log`, { headers: { "X-Studio-Token": TOKEN } });
    const log = await response.json();
    await startReplay({ log });
  } catch (e) { say(problemText(e), true); }
}

// --- replays ----------------------------------------------------------------------------------

const replay = { id: null, view: null, seat: "" };

async function startReplay(body) {
  try {
    const opened = await api("POST", "/api/replays", body);
    replay.id = opened.id;
    replay.seat = "";
    showTab("play");
    drawReplay(opened.view);
    if (opened.view.changed_rules) say("note: the rules changed since the log was written");
  } catch (e) { say(problemText(e), true); }
}

$("replay-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const file = $("replay-file").files[0];
  if (file) {
    let log;
    try { log = JSON.parse(await file.text()); } catch (err) { say("that file is not JSON", true); return; }
    await startReplay({ log });
  } else if ($("replay-log").value) {
    await startReplay({ path: $("replay-log").value });
  } else say("choose a log", true);
});

async function replayTo(at) {
  try {
    drawReplay(await api("GET", `/api/replays/${replay.id}?at=${at}&seat=${replay.seat}`));
  } catch (e) { say(problemText(e), true); }
}

function drawReplay(view) {
  replay.view = view;
  learnCards(view);
  const seatChoice = el("select", { id: "replay-seat", onchange: (e) => { replay.seat = e.target.value; replayTo(view.at); } },
    el("option", { value: "" }, "every card (the log's seed tells them)"),
    ...view.seats.map((s) => el("option", { value: s.seat, selected: String(s.seat) === String(replay.seat) }, `as seat ${s.seat} saw it`)));
  const slider = el("input", { type: "range", id: "replay-slider", min: 0, max: view.total, value: view.at,
    onchange: (e) => replayTo(parseInt(e.target.value, 10)) });
  const bar = el("div", { class: "controls replay-controls" },
    el("button", { type: "button", id: "replay-first", onclick: () => replayTo(0) }, "\u00ab first"),
    el("button", { type: "button", id: "replay-back", onclick: () => replayTo(view.at - 1) }, "\u25c0 back"),
    el("button", { type: "button", id: "replay-next", onclick: () => replayTo(view.at + 1) }, "next \u25b6"),
    el("button", { type: "button", id: "replay-last", onclick: () => replayTo(view.total) }, "last \u00bb"),
    slider, el("span", { id: "replay-at" }, `move ${view.at} of ${view.total}`), seatChoice);
  const result = view.result ? el("div", { class: "result" }, "final scores: " + view.result.scores.map((s, i) => `seat ${i}: ${s}`).join(", ")) : null;
  const stopped = view.stopped ? el("pre", { class: "bad" }, "the replay stops here: " + view.stopped) : null;
  $("table").replaceChildren(el("div", { class: "table-layout" },
    el("div", { class: "table-main" }, el("h2", {}, "Replay"), bar, boardNode(view, null), result, stopped),
    el("div", { class: "table-side" }, el("h3", {}, "Moves"), narrationNode(view.narration))));
}

// --- analyses ---------------------------------------------------------------------------------

const job = { id: null, timer: null, kind: null, game: null, params: "" };

function jobForm() {
  const kind = $("job-kind").value;
  for (const n of document.querySelectorAll(".for-compare")) n.hidden = kind !== "compare";
  for (const n of document.querySelectorAll(".for-validate")) n.hidden = kind !== "validate";
  for (const n of document.querySelectorAll(".for-metrics")) n.hidden = !["simulate", "compare"].includes(kind);
  for (const n of document.querySelectorAll(".for-agents")) n.hidden = kind === "validate";
  if (kind === "tournament" && !$("job-agents").value.includes(",")) $("job-agents").value = "random,greedy";
}
$("job-kind").addEventListener("change", jobForm);

$("job-form").addEventListener("submit", async (e) => {
  e.preventDefault();
  const players = $("job-players").value.trim();
  const body = { kind: $("job-kind").value, path: $("job-game").value, params: $("job-params").value,
    games: parseInt($("job-games").value, 10), seed: parseInt($("job-seed").value, 10) || 0,
    agents: $("job-agents").value, metrics: $("job-metrics").checked, flow: $("job-flow").checked };
  if (players) body.players = parseInt(players, 10);
  if (body.kind === "compare") { body.variant = $("job-variant").value; body.variant_params = $("job-variant-params").value; }
  try {
    const started = await api("POST", "/api/jobs", body);
    Object.assign(job, { id: started.id, kind: body.kind, game: body.path, params: body.params, players: body.players });
    $("results").replaceChildren();
    $("job-count").textContent = "starting...";
    $("job-bar").value = 0;
    $("job-progress").hidden = false;
    $("job-cancel").disabled = false;
    poll();
  } catch (err) { say(problemText(err), true); }
});

$("job-cancel").addEventListener("click", async () => {
  try { await api("POST", `/api/jobs/${job.id}/cancel`, {}); } catch (e) { say(problemText(e), true); }
});

async function poll() {
  clearTimeout(job.timer);
  let status;
  try { status = await api("GET", `/api/jobs/${job.id}`); } catch (e) { say(problemText(e), true); return; }
  $("job-bar").max = status.total || 1;
  $("job-bar").value = status.done;
  $("job-count").textContent = `${status.state}: ${status.done} of ${status.total} games, ${status.seconds.toFixed(1)} s`;
  if (status.state === "running") { job.timer = setTimeout(poll, 250); return; }
  $("job-cancel").disabled = true;
  if (status.state === "done") showResults(status.kind, status.result);
  else if (status.state === "failed") $("results").replaceChildren(el("pre", { class: "bad" }, problemText(new Problem(status.problem, 400))));
  else $("results").replaceChildren(el("p", { class: "muted" }, "cancelled"));
}

function downloads() {
  return el("p", { class: "downloads" }, "download: ",
    el("a", { href: `/api/jobs/${job.id}/result.json`, download: `${job.kind}.json`, id: "download-json" }, "JSON"), " ",
    el("a", { href: `/api/jobs/${job.id}/result.csv`, download: `${job.kind}.csv`, id: "download-csv" }, "CSV"));
}

function fmt(x) {
  if (x === null || x === undefined) return "";
  if (typeof x !== "number") return String(x);
  return Math.abs(x) >= 1000 || Number.isInteger(x) ? x.toFixed(0) : x.toPrecision(4);
}

function showResults(kind, data) {
  const out = [downloads()];
  if (kind === "simulate") out.push(...simulateCharts(data));
  else if (kind === "compare") out.push(...compareCharts(data));
  else if (kind === "tournament") out.push(...tournamentCharts(data));
  else out.push(...validateResults(data));
  $("results").replaceChildren(...out);
}

// --- charts (SVG) -------------------------------------------------------------------------------

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  for (const c of children) if (c) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}
const PALETTE = ["#2b6cb0", "#c05621", "#2f855a", "#9b2c2c", "#6b46c1", "#b7791f", "#2c7a7b", "#97266d"];

function histogram(title, series, width = 520, height = 220) {
  // series: [{label, values}]; bars side by side per bin; hover shows the counts.
  const all = series.flatMap((s) => s.values);
  const figure = el("figure", { class: "chart" }, el("figcaption", {}, title));
  if (!all.length) return figure;
  let lo = Math.min(...all), hi = Math.max(...all);
  const whole = all.every(Number.isInteger) && hi - lo <= 40;
  const bins = whole ? hi - lo + 1 : Math.min(30, Math.max(5, Math.ceil(Math.sqrt(all.length))));
  const size = whole ? 1 : (hi - lo || 1) / bins;
  const counts = series.map((s) => { const c = new Array(bins).fill(0); for (const v of s.values) c[Math.min(bins - 1, Math.floor((v - lo) / size))]++; return c; });
  const top = Math.max(1, ...counts.flat());
  const m = { l: 40, r: 10, t: 10, b: 30 };
  const w = width - m.l - m.r, h = height - m.t - m.b;
  const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "plot", role: "img", "aria-label": title });
  const bw = w / bins;
  counts.forEach((c, si) => c.forEach((n, b) => {
    const x = m.l + b * bw + (bw * si) / series.length;
    const y = m.t + h - (n / top) * h;
    const from = lo + b * size;
    const range = whole ? fmt(from) : `${fmt(from)}..${fmt(from + size)}`;
    plot.append(svg("rect", { x, y, width: Math.max(1, bw / series.length - 1), height: m.t + h - y, fill: PALETTE[si % PALETTE.length], class: "bar" },
      svg("title", {}, `${series[si].label}: ${n} games at ${range}`)));
  }));
  plot.append(svg("line", { x1: m.l, y1: m.t + h, x2: m.l + w, y2: m.t + h, stroke: "#555" }));
  plot.append(svg("text", { x: m.l, y: height - 8, class: "axis" }, fmt(lo)));
  plot.append(svg("text", { x: m.l + w, y: height - 8, class: "axis", "text-anchor": "end" }, fmt(hi)));
  plot.append(svg("text", { x: m.l - 4, y: m.t + 10, class: "axis", "text-anchor": "end" }, String(top)));
  plot.append(svg("text", { x: m.l - 4, y: m.t + h, class: "axis", "text-anchor": "end" }, "0"));
  const legend = el("div", { class: "legend" }, ...series.map((s, i) => el("span", { class: "key" },
    el("span", { class: "swatch c" + (i % PALETTE.length) }), s.label)));
  figure.append(plot, legend);
  return figure;
}

function intervals(title, rows, options = {}) {
  // rows: [{label, value, low, high, mark}]; each row on the shared axis unless options.own.
  const width = 560, rowH = 26, m = { l: 170, r: 90, t: 8, b: 24 };
  const height = m.t + m.b + rowH * rows.length;
  const w = width - m.l - m.r;
  const figure = el("figure", { class: "chart" }, el("figcaption", {}, title));
  const plot = svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "plot", role: "img", "aria-label": title });
  const finite = (x) => typeof x === "number" && isFinite(x);
  const span = (r) => [r.low, r.high, r.value, options.zero ? 0 : r.value].filter(finite);
  const shared = rows.flatMap(span);
  const range = (vals) => { let lo = Math.min(...vals), hi = Math.max(...vals); if (lo === hi) { lo -= 1; hi += 1; } return [lo, hi]; };
  const [slo, shi] = shared.length ? range(shared) : [0, 1];
  rows.forEach((r, i) => {
    const [lo, hi] = options.own ? range(span(r).length ? span(r).concat(options.zero ? [0] : []) : [0, 1]) : [slo, shi];
    const pad = (hi - lo) * 0.05;
    const x = (v) => m.l + ((v - (lo - pad)) / (hi - lo + 2 * pad)) * w;
    const y = m.t + i * rowH + rowH / 2;
    const colour = r.mark ? "#c53030" : "#2b6cb0";
    plot.append(svg("text", { x: m.l - 6, y: y + 4, class: "label", "text-anchor": "end" }, r.label));
    if (options.zero) plot.append(svg("line", { x1: x(0), y1: y - rowH / 2 + 2, x2: x(0), y2: y + rowH / 2 - 2, stroke: "#999", "stroke-dasharray": "3 2" }));
    const tip = `${r.label}: ${fmt(r.value)}` + (finite(r.low) ? ` (95% interval ${fmt(r.low)}..${fmt(r.high)})` : "") + (r.note ? `; ${r.note}` : "");
    const g = svg("g", { class: "row" }, svg("title", {}, tip));
    if (finite(r.low) && finite(r.high)) g.append(svg("line", { x1: x(r.low), y1: y, x2: x(r.high), y2: y, stroke: colour, "stroke-width": 2 }));
    if (finite(r.value)) g.append(svg("circle", { cx: x(r.value), cy: y, r: 4, fill: colour }));
    plot.append(g);
    plot.append(svg("text", { x: width - m.r + 6, y: y + 4, class: "value" }, fmt(r.value) + (r.mark ? " *" : "")));
  });
  if (!options.own) {
    plot.append(svg("text", { x: m.l, y: height - 6, class: "axis" }, fmt(slo)));
    plot.append(svg("text", { x: m.l + w, y: height - 6, class: "axis", "text-anchor": "end" }, fmt(shi)));
  }
  figure.append(plot);
  if (options.note) figure.append(el("p", { class: "muted" }, options.note));
  return figure;
}

function simulateCharts(data) {
  const scoresAt = data.results.fields.indexOf("scores");
  const games = data.results.games;
  const seats = data.seats.map((s) => ({ label: `seat ${s.seat} (${s.agent})`, values: games.map((g) => Number(g[scoresAt][s.seat])) }));
  const chosen = new Set(seats.map((_, i) => i));
  const holder = el("div", {});
  const redraw = () => holder.replaceChildren(histogram("score distribution by seat (hover a bar for its games)", seats.filter((_, i) => chosen.has(i))));
  const toggles = el("p", { class: "toggles" }, "seats: ", ...seats.map((s, i) => el("label", {}, el("input", { type: "checkbox", checked: true,
    onchange: (e) => { if (e.target.checked) chosen.add(i); else chosen.delete(i); redraw(); } }), s.label, " ")));
  redraw();
  const wins = data.seats.map((s) => ({ label: `seat ${s.seat} (${s.agent})`, value: s.win_rate, low: s.win_low, high: s.win_high }));
  wins.push({ label: "draws", value: data.draws.rate, low: data.draws.low, high: data.draws.high });
  const means = data.seats.map((s) => ({ label: `seat ${s.seat}`, value: s.score.mean, low: s.score.mean_low, high: s.score.mean_high }));
  const out = [el("h2", {}, `${data.game}: ${data.games} games, seed ${data.seed}`),
    intervals("win rate with its 95% interval", wins), intervals("mean score with its 95% interval", means),
    toggles, holder, histogram("game length in moves", [{ label: "moves", values: games.map((g) => g[0]) }])];
  if (data.metrics) {
    const rows = Object.entries(data.metrics).map(([name, x]) => "rate" in x ?
      { label: name, value: x.rate, low: x.low, high: x.high, note: `fair share ${fmt(x.fair_share)}` } :
      { label: name, value: x.mean, low: x.mean_low, high: x.mean_high });
    out.push(intervals("design metrics (each on its own scale)", rows, { own: true }));
  }
  out.push(el("p", { class: "muted" }, `${fmt(data.timing.games_per_second)} games/s`));
  return out;
}

function compareCharts(data) {
  const rows = data.differences.map((d) => ({ label: d.figure, value: d.difference, low: d.low, high: d.high, mark: d.significant,
    note: `base ${fmt(d.base)}, variant ${fmt(d.variant)}, p ${fmt(d.p_value)}, Holm ${fmt(d.p_holm)}` }));
  return [el("h2", {}, `variant \u2212 base: ${data.games} paired games, seed ${data.seed}`),
    intervals("paired differences with 95% intervals (each on its own scale; * significant after Holm)", rows, { own: true, zero: true }),
    el("div", { class: "scroll" }, el("table", {}, el("tr", {}, ...["figure", "base", "variant", "difference", "95% interval", "p", "Holm", "sig."].map((h) => el("th", {}, h))),
      ...data.differences.map((d) => el("tr", {}, el("td", {}, d.figure), el("td", {}, fmt(d.base)), el("td", {}, fmt(d.variant)),
        el("td", {}, fmt(d.difference)), el("td", {}, `${fmt(d.low)}..${fmt(d.high)}`), el("td", {}, fmt(d.p_value)),
        el("td", {}, fmt(d.p_holm)), el("td", {}, d.significant ? "yes" : "no")))))];
}

function tournamentCharts(data) {
  const ratings = Object.entries(data.ratings).map(([name, r]) => ({ label: name, value: r.rating, low: r.low, high: r.high }))
    .sort((a, b) => b.value - a.value);
  return [el("h2", {}, `${data.game} tournament`),
    intervals("Bradley-Terry rating (Elo scale, mean 0) with bootstrap 95% intervals", ratings, { zero: true }),
    intervals("each pairing: the first agent's score with its 95% interval", data.pairings.map((p) => ({
      label: `${p.first} vs ${p.second}`, value: p.first_score, low: p.low, high: p.high })))];
}

function validateResults(data) {
  const head = el("h2", {}, `${data.game}: ${data.games} games, ${data.moves} moves checked`);
  if (!data.findings.length) return [head, el("p", { class: "good" }, "no findings: every property held")];
  return [head, el("ol", { class: "findings" }, ...data.findings.map((f) => el("li", {},
    el("pre", {}, f.text),
    el("button", { type: "button", class: "replay-finding", onclick: () => startReplay({ log: {
      format: "cardrules-log/1", game: job.game, params: data.log_params, seed: f.seed, moves: f.shrunk, seats: {} } }) },
    `Replay the shrunk game (${f.shrunk.length} moves) at the table`))))];
}

// --- start --------------------------------------------------------------------------------------

loadListing().then(() => { seatRows(); jobForm(); }).catch((e) => say(problemText(e), true));
