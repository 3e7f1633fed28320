// The last action on the table (docs/server.md, "At the table"): the log lines it added are marked
// in the log, and the places and cards they name are highlighted on the table until the next action;
// hovering or focusing one shows the other.
//
// Every log line carries `n` (the index in the history of the action that logged it) and, when its
// event names them, `place`, `card` and `who` (the place's owner, else the event's player). A place
// is found by the data attributes the game tables give their places — `data-place` or
// `data-square` — with the name as the event gives it or as the viewer types it (`x` + the name
// for a place of the other seat); a card by `data-card`. No game is named here.

const PLACE_ATTRS = ["data-place", "data-square"];

/** The log lines of the last action to show: `{n, by, from}` or null. Live: the last action when
 * another seat chose it (a spectator: any); a replay: the step's action. */
export function lastAction(msg, replay, seat) {
  if (replay) {
    const d = replay.data;
    if (!d || !(replay.step > 0)) return null;
    return { n: replay.step - 1, by: d.last_by ?? null };
  }
  if (!msg || !(msg.seq > 0)) return null;
  const by = msg.last_by ?? null;
  if (seat !== null && by === seat) return null; // your own action: nothing to point at
  return { n: msg.seq - 1, by };
}

function esc(s) {
  return window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/["\\]/g, "\\$&");
}

/** The elements of `roots` that show a place named `place` (owned by `who`, seen by `viewer`). */
function placeEls(roots, place, who, viewer) {
  const names = who !== undefined && who !== null && viewer !== null && who !== viewer ? [`x${place}`, place] : [place];
  for (const name of names) {
    const sel = PLACE_ATTRS.map((a) => `[${a}="${esc(name)}"]`).join(",");
    const found = roots.flatMap((r) => [...r.querySelectorAll(sel)]);
    if (found.length) return found;
  }
  return [];
}

/** Elements to highlight for one log line: its place (the card on it too), else its card wherever
 * the table and the other seat's zone show it (never the viewer's own hand). */
function lineEls(roots, line, viewer) {
  if (typeof line.place === "string" && line.place) {
    const places = placeEls(roots, line.place, line.who, viewer);
    if (places.length) return places;
  }
  if (typeof line.card === "string" && line.card) {
    const sel = `[data-card="${esc(line.card)}"]`;
    return roots.flatMap((r) => [...r.querySelectorAll(sel)]).filter((el) => !el.parentElement || !el.parentElement.closest(sel));
  }
  return [];
}

/**
 * Mark the last action: its log lines (`.last-action`, a tab stop each) and what they name on the
 * table (`.last-move`, `data-last-lines`: the lines' indexes). Lines of another seat than the one
 * that acted (the turn passing, the next player's draw) are marked in the log only.
 * Returns the number of elements highlighted on the table.
 */
export function markLast(page, logEl, roots, lines, last, viewer, label) {
  for (const el of page.querySelectorAll(".last-move, .last-linked")) {
    el.classList.remove("last-move", "last-linked");
    delete el.dataset.lastLines;
  }
  const rows = [...logEl.children];
  for (const r of logEl.querySelectorAll(".last-action")) {
    r.classList.remove("last-action", "last-linked");
    r.removeAttribute("tabindex");
    r.removeAttribute("title");
  }
  if (!last) { page.dataset.lastMove = ""; return 0; }
  let count = 0;
  lines.forEach((line, i) => {
    if (line.n !== last.n || !rows[i]) return;
    rows[i].classList.add("last-action");
    rows[i].tabIndex = 0;
    if (label) rows[i].title = label;
    const by = last.by;
    if (by !== null && line.who !== undefined && line.who !== by && line.place === undefined) return;
    for (const el of lineEls(roots, line, viewer)) {
      el.classList.add("last-move");
      el.dataset.lastLines = el.dataset.lastLines ? `${el.dataset.lastLines} ${i}` : String(i);
      count += 1;
    }
  });
  page.dataset.lastMove = String(last.n);
  return count;
}

/** Hover or focus a marked log line: its table elements light up; hover or focus a highlighted
 * element: its log lines light up (and scroll into view). Wired once on the page. */
export function wireLinks(page, logEl) {
  const clear = () => { for (const el of page.querySelectorAll(".last-linked")) el.classList.remove("last-linked"); };
  const fromLine = (row) => {
    const i = [...logEl.children].indexOf(row);
    row.classList.add("last-linked");
    for (const el of page.querySelectorAll(".last-move")) {
      if ((el.dataset.lastLines || "").split(" ").includes(String(i))) el.classList.add("last-linked");
    }
  };
  const fromEl = (el) => {
    el.classList.add("last-linked");
    const rows = logEl.children;
    for (const i of (el.dataset.lastLines || "").split(" ")) {
      const row = rows[Number(i)];
      if (row) {
        row.classList.add("last-linked");
        if (row.scrollIntoView) row.scrollIntoView({ block: "nearest" });
      }
    }
  };
  const enter = (e) => {
    const t = e.target;
    if (!t || !t.closest) return;
    const row = t.closest(".log-line.last-action");
    const el = row ? null : t.closest(".last-move");
    if (!row && !el) return;
    clear();
    if (row) fromLine(row); else fromEl(el);
  };
  const leave = (e) => {
    const t = e.target;
    if (t && t.closest && t.closest(".log-line.last-action, .last-move")) clear();
  };
  page.addEventListener("mouseover", enter);
  page.addEventListener("focusin", enter);
  page.addEventListener("mouseout", leave);
  page.addEventListener("focusout", leave);
}
