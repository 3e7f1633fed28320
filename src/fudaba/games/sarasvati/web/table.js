// Sarasvati TCG table: both players' books, back and front rows (the viewer's side at the
// bottom), units with atk/def and ready/defenceless, equipment, cards underneath, modifiers,
// voltage (tapped/untapped) and cost modifiers. Places carry data-ref in the notation of §11:
// the viewer's own places F1 B2 K3, the opponent's xF1 xB2 xK3 (relative to the deciding seat,
// which is always the viewer when it has actions). A card on the table carries `@ID`, not its id:
// the actions naming an id take the card from the hand (charge, summon, evolve, use), so a copy on
// the table must not light up for them; only equipment keeps its id (`keep ID` names it).
import { h } from "../dom.js";
import { cardBack, face } from "./common.js";

export const stylesheet = "/static/css/sarasvati.css";

const WORDS = {
  ja: {
    title: "サラスヴァティ", front: "前列", back: "後列", books: "禁書", voltage: "ボルテージ",
    ready: "臨戦", defenceless: "無防備", new: "召喚酔い", moved: "移動済", equip: "装備", under: "下",
    closed: "裏向き", open: "オープン", destroyed: "破壊", hits: "被弾", empty: "空き",
    untapped: "未使用", tapped: "使用済", cost_mods: "コスト修正", first: "先攻", you: "あなた", opp: "相手",
    atk: "攻", def: "防", until: "まで", none: "なし", hidden: "裏向きの禁書",
    grave: "墓地", cost: "コスト", now: "現在",
    types: { character: "キャラクター", support: "サポート", equipment: "装備", book: "禁書" },
    attrs: {}, evolution: "進化",
  },
  en: {
    title: "Sarasvati", front: "front row", back: "back row", books: "forbidden books", voltage: "voltage",
    ready: "ready", defenceless: "defenceless", new: "summoning sick", moved: "moved", equip: "equip", under: "under",
    closed: "face down", open: "open", destroyed: "destroyed", hits: "hits", empty: "empty",
    untapped: "untapped", tapped: "tapped", cost_mods: "cost modifiers", first: "first player", you: "you", opp: "opponent",
    atk: "ATK", def: "DEF", until: "until", none: "none", hidden: "face-down book",
    grave: "Graveyard", cost: "cost", now: "now",
    types: { character: "character", support: "support", equipment: "equipment", book: "forbidden book" },
    attrs: { アクション: "Action", ファンタジー: "Fantasy", SF: "SF", ドラマ: "Drama" }, evolution: "evolution",
  },
};

// the frame's colour follows the card's attribute (its "civilisation")
const ATTR_CLASS = { アクション: "action", ファンタジー: "fantasy", SF: "sf", ドラマ: "drama" };

const PHASES = {
  ja: { set: "セット", draw: "ドロー", charge: "チャージ", imagine: "イマジン", move: "ムーブ", battle: "バトル", end: "エンド", over: "終了" },
  en: {},
};

function W(lang) { return WORDS[lang] || WORDS.en; }

export function title(lang) { return W(lang).title; }
export function phaseName(phase, lang) { return (PHASES[lang] || {})[phase] || phase; }
export function discardName(lang) { return W(lang).grave; }

/** The shell draws a card of the hand (and the table, where it asks) with this face. */
export function cardFace(info, id, lang) {
  const w = W(lang);
  const attr = String(info.attribute || "");
  const attrWord = lang === "en" && w.attrs[attr] && w.attrs[attr] !== attr ? `${attr} ${w.attrs[attr]}` : attr;
  const tags = [attrWord, ...(info.sub_attributes || []), info.evolves_from ? w.evolution : null];
  const stats = info.atk === undefined && info.def === undefined ? [] : [
    { key: "atk", label: w.atk, value: info.atk ?? 0, className: "sv-fatk" },
    { key: "def", label: w.def, value: info.def ?? 0, className: "sv-fdef" },
  ];
  return face({ info, id, lang, cost: info.cost, costLabel: w.cost, kind: w.types[info.type] || info.type, tags, stats,
    className: `svf svf-${ATTR_CLASS[attr] || "none"}` });
}

export function renderTable(view, ctx) {
  const w = W(ctx.lang);
  const tb = view.table || {};
  const me = ctx.seat === 0 || ctx.seat === 1 ? ctx.seat : 0;
  const spectator = !(ctx.seat === 0 || ctx.seat === 1);
  const root = h("div.sv-table", { role: "group", "aria-label": w.title });
  const sides = [1 - me, me];
  sides.forEach((p, i) => {
    const own = i === 1;
    root.append(side(view, ctx, p, own, spectator, w));
    if (i === 0) root.append(h("div.sv-midline", { "aria-hidden": "true" }));
  });
  return root;
}

function side(view, ctx, p, own, spectator, w) {
  const tb = view.table;
  const sp = (tb.players || [])[p] || {};
  const prefix = own ? "" : "x";
  const who = spectator ? `P${p}` : `P${p} · ${own ? w.you : w.opp}`;
  const el = h(`section.sv-side${own ? ".own" : ".opp"}`, { "aria-label": who, dataset: { seat: String(p) } });

  // header: who, first player, voltage, cost modifiers
  const head = h("div.sv-head", {}, h("span.sv-who", {}, who));
  if (tb.first === p) head.append(h("span.sv-badge.first", {}, w.first));
  head.append(voltage(sp.voltage || {}, ctx, w));
  if (Array.isArray(sp.cost_mods) && sp.cost_mods.length) {
    head.append(h("span.sv-costmods", {}, `${w.cost_mods}: `,
      sp.cost_mods.map((m) => `${m.amount > 0 ? "+" : ""}${m.amount}${m.until ? ` (${m.until})` : ""}`).join(", ")));
  }

  const books = h("div.sv-books", { role: "group", "aria-label": w.books }, h("span.sv-rowlabel", {}, w.books));
  for (const b of sp.books || []) books.append(book(b, prefix, ctx, w, tb.book_hits));
  const back = row(sp, "B", tb.back_slots || 0, prefix, ctx, w, w.back);
  const front = row(sp, "F", tb.front_slots || 0, prefix, ctx, w, w.front);
  // the viewer's front row faces the opponent's front row across the middle line
  if (own) el.append(front, back, books, head);
  else el.append(head, books, back, front);
  return el;
}

function voltage(v, ctx, w) {
  const cards = Array.isArray(v.cards) ? v.cards : [];
  const tapped = Number(v.tapped || 0);
  const untapped = Number(v.untapped ?? cards.length - tapped);
  const box = h("div.sv-voltage", { role: "group", "aria-label": `${w.voltage} ${untapped}/${cards.length}` },
    h("span.sv-volt-count", { title: `${w.untapped} ${untapped} / ${w.tapped} ${tapped}` },
      h("span.sv-bolt", { "aria-hidden": "true" }, "⚡"), `${w.voltage} `, h("strong", {}, String(untapped)), ` / ${cards.length}`));
  const chips = h("span.sv-volt-cards");
  // which voltage card is tapped never matters (docs/sarasvati.md): the first `tapped` are shown tapped
  cards.forEach((id, i) => {
    const c = ctx.cardEl(id, { className: i < tapped ? "small.tapped" : "small", ref: `@${id}` });
    chips.append(c);
  });
  box.append(chips);
  return box;
}

function book(b, prefix, ctx, w, hitsNeeded) {
  const place = `${prefix}${b.place}`;
  const state = String(b.state || "closed");
  const el = h(`div.sv-book.${state}`, { dataset: { place } });
  el.append(h("span.sv-place", {}, place));
  if (b.card) {
    el.append(ctx.cardEl(b.card, { className: "small", ref: `@${b.card}` }));
    el.dataset.card = b.card;
  } else if (state !== "destroyed") {
    el.append(cardBack(w.hidden, "sv-facedown"));
  }
  const hits = Number(b.hits || 0);
  el.append(h("span.sv-book-state", {}, w[state] || state,
    hitsNeeded ? ` · ${w.hits} ${hits}/${hitsNeeded}` : ""));
  ctx.refEl(el, place);
  label(el, `${place} ${w[state] || state}${b.card ? " " + (ctx.cardName ? ctx.cardName(b.card) : b.card) : ""}`);
  return el;
}

function row(sp, letter, n, prefix, ctx, w, label) {
  const r = h(`div.sv-row.${letter === "F" ? "front" : "back"}`, { role: "group", "aria-label": label },
    h("span.sv-rowlabel", {}, label));
  const slots = sp.slots || {};
  for (let k = 1; k <= n; k++) {
    const name = `${letter}${k}`;
    r.append(slot(slots[name], `${prefix}${name}`, ctx, w));
  }
  return r;
}

function slot(u, place, ctx, w) {
  const el = h("div.sv-slot", { dataset: { place } });
  el.append(h("span.sv-place", {}, place));
  if (!u) {
    el.classList.add("empty");
    el.append(h("span.sv-empty", {}, w.empty));
    ctx.refEl(el, place);
    label(el, `${place} ${w.empty}`);
    return el;
  }
  const ready = !!u.ready;
  el.classList.add(ready ? "ready" : "defenceless");
  el.dataset.card = u.card;
  const card = ctx.cardEl(u.card, { className: "unit.small-face", ref: `@${u.card}`, face: true });
  el.append(card);
  // the face prints the card's atk/def; the unit's values now, when something changed them
  const printed = ctx.card(u.card) || {};
  if (Number(printed.atk) !== Number(u.atk) || Number(printed.def) !== Number(u.def)) {
    el.append(h("div.sv-stats", {}, h("small", {}, `${w.now}: `),
      h("span.sv-atk", { title: w.atk }, h("small", {}, w.atk), " ", String(u.atk)),
      h("span.sv-def", { title: w.def }, h("small", {}, w.def), " ", String(u.def))));
  }
  const badges = h("div.sv-badges");
  badges.append(h(`span.sv-badge.${ready ? "ready" : "defenceless"}`, {}, ready ? w.ready : w.defenceless));
  if (u.new) badges.append(h("span.sv-badge.new", {}, w.new));
  if (u.moved) badges.append(h("span.sv-badge.moved", {}, w.moved));
  el.append(badges);
  if (u.equip) el.append(h("div.sv-equip", {}, h("small", {}, `${w.equip}: `), ctx.cardEl(u.equip, { className: "small" })));
  if (Array.isArray(u.under) && u.under.length) {
    const under = h("div.sv-under", {}, h("small", {}, `${w.under}: `));
    for (const id of u.under) under.append(ctx.cardEl(id, { className: "small", ref: `@${id}` }));
    el.append(under);
  }
  if (Array.isArray(u.mods) && u.mods.length) {
    el.append(h("div.sv-mods", {}, u.mods.map((m) => {
      const parts = [];
      if (m.atk) parts.push(`${w.atk}${m.atk > 0 ? "+" : ""}${m.atk}`);
      if (m.def) parts.push(`${w.def}${m.def > 0 ? "+" : ""}${m.def}`);
      return parts.join(" ") + (m.until ? ` (${m.until})` : "");
    }).join(" · ")));
  }
  ctx.refEl(el, place);
  label(el, `${place} ${ctx.cardName ? ctx.cardName(u.card) : u.card} ${w.atk} ${u.atk} ${w.def} ${u.def} ${ready ? w.ready : w.defenceless}`);
  return el;
}

// a name for a clickable place (a plain div may not carry aria-label)
function label(el, text) {
  if (el.getAttribute("role") === "button") el.setAttribute("aria-label", text);
}
