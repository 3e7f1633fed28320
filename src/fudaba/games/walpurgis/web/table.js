// Walpurgis table: the 5×5 field drawn from the viewer's side (seat 1 sees it turned 180°: row 1
// at the top, column e on the left), each square's stack bottom first, the chain, the zones, and
// the action matrix of a hovered, focused or selected card laid on the field, turned for its
// owner (spec §2: "up" points at the opponent; for seat 1 the matrix is rotated 180°).
// Squares carry data-ref "3c"; cards on a square carry their notation label ("up:W-RM-05",
// "bullet") or, where the actions name them so, their id.
import { h } from "../dom.js";
import { face } from "./common.js";

export const stylesheet = "/static/css/walpurgis.css";

const COLS = ["a", "b", "c", "d", "e"];
// the states in which a card on a square lies face up (the others are drawn as its back)
const FACE_UP = new Set(["up", "bullet_up", "activating"]);

const WORDS = {
  ja: {
    title: "ワルプルギス", you: "あなた", opp: "相手", first: "先攻",
    bullet_pile: "弾幕置き場", aside: "場の脇", aside_setup: "取り出した通常弾",
    placed: "配置済", activated: "発動済", chain: "連鎖", eot: "ターン終了時まで陣は破壊されない",
    score: "得点", formations: "陣", face_up: "表向きの陣", deck: "山札",
    matrix: "アクションマトリクス", matrix_hint: "カードにマウスを重ねる・フォーカス・選択すると、そのマスが盤上に表示されます (持ち主の向き)。",
    legend_c: "発動条件", legend_b: "弾幕対象", legend_x: "破壊対象", legend_sub: "速射 (サブ)",
    off_field: "発動条件マスが場の外: ここでは発動できない", on_square: "{sq}の{name}", preview: "{name} を {sq} に置くと",
    hidden: "裏向き", empty: "空き", top: "一番上", field: "場",
    normal_shot: "通常弾", sub: "速射", kw: { 速射: "速射", サポート: "サポート", 持続: "持続" },
    states: { bullet: "裏の弾幕", bullet_up: "表の弾幕", active: "活動 (裏)", dormant: "休眠 (裏)", up: "表の陣", activating: "発動中" },
  },
  en: {
    title: "Walpurgis", you: "you", opp: "opponent", first: "first player",
    bullet_pile: "bullet pile", aside: "beside the field", aside_setup: "Normal Shot set aside",
    placed: "placed", activated: "activated", chain: "Chain", eot: "formations not destroyed until end of turn",
    score: "Score", formations: "formations", face_up: "face up", deck: "deck",
    matrix: "Action matrix", matrix_hint: "Hover over, focus or select a card to see its squares on the field (turned for its owner).",
    legend_c: "condition", legend_b: "bullet", legend_x: "destroy", legend_sub: "rapid fire (sub)",
    off_field: "a condition square is off the field: it cannot activate here", on_square: "{name} on {sq}", preview: "{name} placed on {sq}",
    hidden: "face down", empty: "empty", top: "top", field: "field",
    normal_shot: "Normal Shot", sub: "rapid fire", kw: { 速射: "rapid fire", サポート: "support", 持続: "persistent" },
    states: { bullet: "bullet (face down)", bullet_up: "bullet (face up)", active: "active (face down)", dormant: "dormant (face down)", up: "face-up formation", activating: "activating" },
  },
};

const PHASES = {
  ja: { setup: "準備", initial: "初期配置", prepare: "準備フェイズ", main: "通常フェイズ", end: "終了フェイズ", over: "終了" },
  en: {},
};

function W(lang) { return WORDS[lang] || WORDS.en; }
function fmt(s, vars) { return s.replace(/\{(\w+)\}/g, (m, k) => (vars[k] !== undefined ? String(vars[k]) : m)); }

export function title(lang) { return W(lang).title; }
export function phaseName(phase, lang) { return (PHASES[lang] || {})[phase] || phase; }
export function discardName(lang) { return lang === "ja" ? "捨て札" : "Discard"; }

// ------------------------------------------------------------------ matrices

/** Parse the §2 matrix grammar ("." "@" or letters per cell, rows top = towards the opponent). */
export function parseMatrix(text, sub) {
  if (!text) return null;
  const rows = String(text).split("\n").map((r) => r.trim()).filter((r) => r.length).map((r) => r.split(/\s+/));
  let at = null;
  rows.forEach((r, i) => r.forEach((c, j) => { if (c === "@") at = [i, j]; }));
  if (!at) return null;
  const out = [];
  rows.forEach((r, i) => r.forEach((c, j) => {
    if (c === "@" || c === ".") return;
    for (const ch of c.toUpperCase()) {
      if ("CBX".includes(ch)) out.push({ up: at[0] - i, right: j - at[1], kind: sub ? ch.toLowerCase() : ch });
    }
  }));
  return out;
}

/** A card's matrix marks: from `matrix`/`sub_matrix` in the card info, else read from its text. */
export function cardMarks(info) {
  if (!info) return null;
  let main = info.matrix;
  let sub = info.sub_matrix;
  if (!main && info.text) {
    const got = matricesFromText(String(info.text));
    main = got[0];
    sub = sub || got[1];
  }
  const m = parseMatrix(main, false);
  if (!m) return null;
  const s = sub ? parseMatrix(sub, true) : null;
  return s ? m.concat(s) : m;
}

// card_text draws "action matrix (up = towards the opponent):" / "アクションマトリクス" then the
// grid indented by two spaces, and the same for the sub matrix (速射).
function matricesFromText(text) {
  const lines = text.split("\n");
  const found = [];
  for (let i = 0; i < lines.length; i++) {
    if (/matrix|マトリクス/i.test(lines[i]) && /:\s*$|：\s*$/.test(lines[i])) {
      const grid = [];
      for (let j = i + 1; j < lines.length && /^\s{2}\S/.test(lines[j]) && /^[\s.@CBXcbx]+$/.test(lines[j]); j++) grid.push(lines[j]);
      if (grid.length) found.push(grid.join("\n"));
    }
  }
  return found;
}

function sqIndex(name) {
  const m = /^([1-5])([a-e])$/.exec(String(name));
  return m ? (Number(m[1]) - 1) * 5 + COLS.indexOf(m[2]) : null;
}

function sqName(i) { return `${Math.floor(i / 5) + 1}${COLS[i % 5]}`; }

/** spec §2 / cards.target_square: seat 0 "up" is row + 1, seat 1 the matrix turned 180°. */
function target(owner, sq, up, right) {
  let r = Math.floor(sq / 5);
  let c = sq % 5;
  if (owner === 1) { r -= up; c -= right; } else { r += up; c += right; }
  return r >= 0 && r < 5 && c >= 0 && c < 5 ? r * 5 + c : null;
}

/** {square name: "CBx…"} for a card's marks laid on square `sq` for `owner`; off: a C off the field. */
export function layMatrix(marks, owner, sq) {
  const at = sqIndex(sq);
  const out = {};
  let off = false;
  if (at === null) return { squares: out, off };
  for (const m of marks) {
    const t = target(owner, at, m.up, m.right);
    if (t === null) { if (m.kind === "C") off = true; continue; }
    const n = sqName(t);
    out[n] = (out[n] || "") + m.kind;
  }
  return { squares: out, off };
}

// ------------------------------------------------------------------ the card face

// the frame's colour follows the caster (the card's character icon)
const CASTERS = { 霊夢: "reimu", 魔理沙: "marisa", パチュリー: "patchouli", レミリア: "remilia" };

/**
 * The card's matrix as printed: a 5×5 grid around the card's own square (@ in the middle when the
 * matrix fits so, else moved just enough to hold every mark). Each cell carries data-up / data-right
 * (its offset from @, up = towards the opponent) and data-mark (the cell's letters as the card data
 * writes them; "@" the card's own square).
 */
export function matrixGrid(text, className) {
  const rows = String(text || "").split("\n").map((r) => r.trim()).filter((r) => r.length).map((r) => r.split(/\s+/));
  let at = null;
  rows.forEach((r, i) => r.forEach((c, j) => { if (c === "@") at = [i, j]; }));
  if (!at) return null;
  const cells = {};
  let minD = 0, maxD = 0, minR = 0, maxR = 0;
  rows.forEach((r, i) => r.forEach((c, j) => {
    if (c === ".") return;
    const d = i - at[0], x = j - at[1];
    cells[`${d},${x}`] = c;
    minD = Math.min(minD, d); maxD = Math.max(maxD, d); minR = Math.min(minR, x); maxR = Math.max(maxR, x);
  }));
  const start = (lo, hi) => { let s = Math.min(-2, lo); if (s + 4 < hi) s = hi - 4; return s; };
  const d0 = start(minD, maxD), r0 = start(minR, maxR);
  const grid = h(`span.wf-matrix${className ? "." + className : ""}`);
  for (let d = d0; d < d0 + 5; d++) {
    for (let x = r0; x < r0 + 5; x++) {
      const mark = cells[`${d},${x}`] || "";
      const kinds = mark === "@" ? ["at"] : [...new Set(mark.toUpperCase())].filter((k) => "CBX".includes(k));
      grid.append(h(`span.wf-cell${kinds.map((k) => ".wf-" + k).join("")}`,
        { dataset: { up: String(-d), right: String(x), mark } }, mark === "@" ? "" : mark));
    }
  }
  return grid;
}

/** The shell draws a card of the hand (and the table, where it asks) with this face. */
export function cardFace(info, id, lang) {
  const w = W(lang);
  const main = matrixGrid(info.matrix, "");
  const sub = info.sub_matrix ? matrixGrid(info.sub_matrix, "wf-sub") : null;
  const art = [main, sub ? h("span.wf-subbox", {}, h("span.wf-sublabel", {}, w.sub), sub) : null];
  const tags = [info.normal_shot ? w.normal_shot : null, ...(info.keywords || []).map((k) => w.kw[k] || k)];
  const icons = Array.isArray(info.icons) ? info.icons : [];
  const caster = CASTERS[info.caster] || CASTERS[icons[0]] || "none";
  return face({ info, id, lang, kind: info.caster || icons.join("・"), art, artHidden: true, tags,
    className: `wf-face wf-${caster}` });
}

// ------------------------------------------------------------------ the table

let live = null; // the table on the page: {root, view, ctx, persistent}

export function renderTable(view, ctx) {
  const w = W(ctx.lang);
  const tb = view.table || {};
  const seat = ctx.seat === 0 || ctx.seat === 1 ? ctx.seat : null;
  const me = seat === null ? 0 : seat;
  const flip = me === 1;
  const rows = flip ? [1, 2, 3, 4, 5] : [5, 4, 3, 2, 1];
  const cols = flip ? [...COLS].reverse() : COLS;
  const refs = new Set();
  for (const a of ctx.actions || []) for (const r of a.refs || []) refs.add(String(r));

  const root = h("div.wp-table", { dataset: { viewer: String(me) } });
  const boardWrap = h("div.wp-board-wrap");
  const board = h("div.wp-board", { role: "group", "aria-label": w.field });
  // column labels on top
  const head = h("div.wp-labels", { "aria-hidden": "true" }, h("span.wp-corner"));
  for (const c of cols) head.append(h("span.wp-collabel", {}, c));
  board.append(head);
  const squares = {};
  for (const r of rows) {
    const line = h("div.wp-row", {}, h("span.wp-rowlabel", { "aria-hidden": "true" }, String(r)));
    for (const c of cols) {
      const name = `${r}${c}`;
      const sq = square(name, (tb.board || {})[name] || [], me, ctx, refs, w);
      squares[name] = sq;
      line.append(h("div.wp-cell", {}, sq));
    }
    board.append(line);
  }
  const oppName = seat === null ? "P1" : `P${1 - me} · ${w.opp}`;
  const ownName = seat === null ? "P0" : `P${me} · ${w.you}`;
  boardWrap.append(h("div.wp-edge.opp", {}, "▲ ", oppName), board, h("div.wp-edge.own", {}, "▼ ", ownName));
  root.append(boardWrap);

  // side: zones, chain, matrix preview
  const side = h("div.wp-side");
  for (const p of [1 - me, me]) side.append(zones(view, p, p === me && seat !== null, ctx, w));
  const flags = [];
  if (tb.placed) flags.push(w.placed);
  if (tb.activated) flags.push(w.activated);
  if (flags.length) side.append(h("div.wp-flags", {}, flags.map((f) => h("span.wp-flag", {}, f))));
  if (Array.isArray(tb.chain) && tb.chain.length) {
    const ol = h("ol.wp-chain");
    for (const link of tb.chain) {
      ol.append(h("li", {}, `P${link.player} ${link.place} `, link.card ? ctx.cardEl(link.card, { className: "small" }) : w.hidden));
    }
    side.append(h("div.wp-box", {}, h("h2", {}, w.chain), ol));
  }
  for (const e of tb.until_end_of_turn || []) side.append(h("p.wp-note", {}, `P${e.player}: ${w.eot}`));
  if (tb.score) {
    const sc = tb.score;
    const pair = (v) => (Array.isArray(v) ? `${v[0]} – ${v[1]}` : String(v));
    side.append(h("div.wp-box.wp-score", {}, h("h2", {}, `${w.score} (P0 – P1)`),
      h("p", {}, `${w.formations} ${pair(sc.formations)}`), h("p", {}, `${w.face_up} ${pair(sc.face_up)}`), h("p", {}, `${w.deck} ${pair(sc.deck)}`)));
  }
  const preview = h("div.wp-box.wp-matrix", { "aria-live": "polite" }, h("h2", {}, w.matrix));
  const previewBody = h("div.wp-matrix-body", {}, h("p.wp-hint", {}, w.matrix_hint));
  preview.append(previewBody,
    h("p.wp-legend", {}, h("span.mk.C", {}, "C"), ` ${w.legend_c} `, h("span.mk.B", {}, "B"), ` ${w.legend_b} `,
      h("span.mk.X", {}, "X"), ` ${w.legend_x} `, h("span.mk.b", {}, "b x"), ` ${w.legend_sub}`));
  side.append(preview);
  root.append(side);

  live = { root, view, ctx, squares, previewBody, w, persistent: null, hoverSquare: null };
  // a selected card (hand card or a formation's square) keeps its matrix on the field
  live.persistent = fromSelection(ctx.selection || []);
  // hovering a square while a hand card is selected previews it placed there
  board.addEventListener("mouseover", (e) => {
    const s = e.target.closest && e.target.closest("[data-square]");
    if (!s || !live || live.root !== root) return;
    const sel = live.persistent;
    if (sel && sel.fromHand && s.dataset.square !== live.hoverSquare) {
      live.hoverSquare = s.dataset.square;
      show({ ...sel, square: s.dataset.square, preview: true });
    }
  });
  root.addEventListener("mouseleave", () => { if (live && live.root === root) { live.hoverSquare = null; show(live.persistent); } });
  root.addEventListener("focusout", (e) => {
    if (live && live.root === root && !(e.relatedTarget && root.contains(e.relatedTarget))) show(live.persistent);
  });
  queueMicrotask(() => show(live && live.root === root ? live.persistent : null));
  return root;
}

function square(name, stack, me, ctx, refs, w) {
  const el = h("div.wp-square", { dataset: { square: name } });
  el.append(h("span.wp-sqname", { "aria-hidden": "true" }, name));
  const list = h("div.wp-stack");
  // the top of the stack first: it is what matters; the rest below it, smaller
  const items = stack.map((d, i) => ({ d, i })).reverse();
  const words = [];
  items.forEach(({ d, i }, k) => {
    const owner = Number(d.owner);
    const state = String(d.state || "");
    const label = d.card ? `${state}:${d.card}` : state;
    // a card on a square is chosen together with its square (keep 3c bullet_up:ID, hit 3c bullet):
    // its token counts only where an action names both, so a copy in hand does not light it up
    const named = (tk) => (ctx.actions || []).some((a) => (a.refs || []).includes(name) && (a.refs || []).includes(tk));
    const tok = named(label) ? label : d.card && named(String(d.card)) ? String(d.card) : `${name}/${label}`;
    const mine = owner === me;
    const item = h(`div.wp-card.${state}.${mine ? "mine" : "theirs"}${k === 0 ? ".top" : ""}`, {
      dataset: { owner: String(owner), state, index: String(i) },
    });
    const stateWord = w.states[state] || state;
    item.append(h("span.wp-state", {}, stateWord));
    if (d.card) {
      const chip = ctx.cardEl(d.card, { className: "wp-name", ref: tok });
      item.dataset.card = String(d.card);
      item.append(chip);
      const info = ctx.card(d.card);
      if (k === 0 && FACE_UP.has(state) && info && info.matrix) {
        const mini = matrixGrid(info.matrix, "wf-tiny");
        if (mini) item.append(h(`span.wp-cardart${mine ? "" : ".turned"}`, { "aria-hidden": "true" }, mini));
      }
      words.push(`P${owner} ${stateWord} ${chip.textContent}`);
    } else {
      const hid = h("span.wp-hidden", {}, `P${owner}`);
      ctx.refEl(hid, tok);
      item.append(hid);
      words.push(`P${owner} ${stateWord}`);
    }
    list.append(item);
  });
  if (!stack.length) list.append(h("span.wp-empty", { "aria-hidden": "true" }, "·"));
  el.append(list);
  el.append(h("span.wp-mark", { "aria-hidden": "true" }));
  ctx.refEl(el, name);
  if (el.getAttribute("role") === "button") el.setAttribute("aria-label", `${name}: ${words.length ? words.join(", ") : w.empty}`);
  // hovering or focusing the formation on a square shows its matrix
  const top = stack.length ? stack[stack.length - 1] : null;
  if (top && top.card) {
    el.dataset.topCard = String(top.card);
    el.dataset.card = String(top.card);
    el.dataset.topOwner = String(top.owner);
  }
  return el;
}

function zones(view, p, own, ctx, w) {
  const tb = view.table || {};
  const sp = (tb.players || [])[p] || {};
  const box = h(`div.wp-box.wp-zone${own ? ".own" : ""}`, {},
    h("h2", {}, `P${p}${own ? ` · ${w.you}` : ""}${tb.first === p ? ` · ${w.first}` : ""}`));
  box.append(h("p", {}, `${w.bullet_pile} `, h("strong", {}, String(sp.bullet_pile_count ?? 0))));
  const setup = view.phase === "setup";
  if (sp.aside_count) {
    const line = h("p", {}, setup ? w.aside_setup : `${w.aside} `, setup ? "" : h("strong", {}, String(sp.aside_count)));
    if (Array.isArray(sp.aside) && sp.aside.length) {
      const chips = h("span.wp-aside");
      for (const id of sp.aside) chips.append(" ", ctx.cardEl(id, { className: "small", focusable: true }));
      line.append(chips);
    }
    box.append(line);
  }
  return box;
}

function fromSelection(sel) {
  if (!live) return null;
  const seat = live.ctx.seat;
  const hand = seat === 0 || seat === 1 ? ((live.view.players || [])[seat] || {}).hand || [] : [];
  for (const tok of [...sel].reverse()) {
    const sq = live.squares[String(tok)];
    if (sq) {
      if (sq.dataset.topCard) return { id: sq.dataset.topCard, owner: Number(sq.dataset.topOwner), square: String(tok) };
      continue;
    }
    const id = String(tok).split(":").pop();
    if (hand.includes(id)) return { id, owner: seat, square: null, fromHand: true };
  }
  return null;
}

// the shell re-marks the selection without drawing the table again
document.addEventListener("fudaba-selection", (e) => {
  if (!live || !live.root.isConnected) return;
  live.persistent = fromSelection((e.detail && e.detail.selection) || []);
  live.hoverSquare = null;
  show(live.persistent);
});

function cssEsc(s) { return window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/["\\]/g, "\\$&"); }

/** Draw `what` = {id, owner, square|null, preview?} (or clear with null). */
function show(what) {
  if (!live) return;
  const { squares, previewBody, w, ctx } = live;
  for (const el of Object.values(squares)) {
    el.classList.remove("mk-C", "mk-B", "mk-X", "mk-b", "mk-x", "mk-at");
    el.querySelector(".wp-mark").textContent = "";
  }
  previewBody.replaceChildren();
  if (!what) { previewBody.append(h("p.wp-hint", {}, w.matrix_hint)); return; }
  const info = ctx.card(what.id);
  const marks = cardMarks(info);
  const name = ctx.cardName ? ctx.cardName(what.id) : (info && info.name) || what.id;
  if (!marks) { previewBody.append(h("p", {}, name)); return; }
  previewBody.append(miniGrid(marks, what.owner, ctx.seat === 1 ? 1 : 0));
  if (what.square) {
    const laid = layMatrix(marks, what.owner, what.square);
    squares[what.square] && squares[what.square].classList.add("mk-at");
    for (const [sq, kinds] of Object.entries(laid.squares)) {
      const el = squares[sq];
      if (!el) continue;
      for (const k of new Set(kinds)) el.classList.add(`mk-${k}`);
      el.querySelector(".wp-mark").textContent = [...new Set(kinds)].join("");
    }
    previewBody.append(h("p.wp-caption", {}, fmt(what.preview ? w.preview : w.on_square, { name, sq: what.square })));
    if (laid.off) previewBody.append(h("p.wp-warn", {}, w.off_field));
  } else {
    previewBody.append(h("p.wp-caption", {}, name));
  }
}

/** The matrix on its own, turned as its owner's cards look from the viewer's side. */
function miniGrid(marks, owner, viewer) {
  const turned = owner !== viewer; // the opponent's "up" points at the viewer: 180° on screen
  let minU = 0, maxU = 0, minR = 0, maxR = 0;
  for (const m of marks) {
    minU = Math.min(minU, m.up); maxU = Math.max(maxU, m.up);
    minR = Math.min(minR, m.right); maxR = Math.max(maxR, m.right);
  }
  const cells = {};
  for (const m of marks) {
    const k = `${m.up},${m.right}`;
    cells[k] = (cells[k] || "") + m.kind;
  }
  const grid = h("div.wp-mini", { "aria-hidden": "true", style: { gridTemplateColumns: `repeat(${maxR - minR + 1}, 1.6em)` } });
  const ups = [];
  for (let u = maxU; u >= minU; u--) ups.push(u);
  const rights = [];
  for (let r = minR; r <= maxR; r++) rights.push(r);
  if (turned) { ups.reverse(); rights.reverse(); }
  for (const u of ups) {
    for (const r of rights) {
      const v = u === 0 && r === 0 ? "@" : cells[`${u},${r}`] || "";
      const kinds = [...new Set(v)].join("");
      grid.append(h(`span.mini-cell${kinds ? "." + [...new Set(v)].map((k) => "mk-" + k).join(".") : ""}`, {}, kinds || "·"));
    }
  }
  return grid;
}

// the shell tells which card is hovered or focused (any card chip, hand included)
document.addEventListener("fudaba-card", (e) => {
  if (!live || !live.root.isConnected) return;
  const el = e.detail && e.detail.el;
  const id = e.detail && e.detail.id;
  if (!id) return;
  const sq = el && el.closest ? el.closest("[data-square]") : null;
  if (sq && live.root.contains(sq)) {
    const item = el.closest("[data-owner]");
    const owner = item ? Number(item.dataset.owner) : Number(sq.dataset.topOwner || 0);
    show({ id: String(id), owner, square: sq.dataset.square });
    return;
  }
  // a card elsewhere (hand, aside, chain, discard): its matrix alone; owned by the viewer in hand
  const owner = live.ctx.seat === 1 ? 1 : 0;
  show({ id: String(id), owner, square: null });
});
