// What the per-game table modules share (the DOM helper itself is ../dom.js's h).
import { h } from "../dom.js";

/** The set of tokens that some legal action of this seat names (actions: [{text, gloss, refs}]). */
export function actionRefs(actions) {
  const out = new Set();
  for (const a of actions || []) {
    if (a && Array.isArray(a.refs)) for (const r of a.refs) out.add(String(r));
  }
  return out;
}

/** A modifier as shown: +2, −1, ±0. */
export function signed(v) {
  return v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "±0";
}

// ------------------------------------------------------------------ card faces
// A game module that exports cardFace(info, id, lang) draws its cards as cards: the shell's
// ctx.cardEl(id, {face: true}) (the hand, and the places a table asks for it) fills the card chip with
// what cardFace returns, {className, nodes}, built with face() below. Every string goes in as text.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element (inline drawing, no image files): svg("path", {d: "…"}), children appended. */
export function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) if (c) el.append(c);
  return el;
}

/**
 * The parts of a card face, top to bottom: a cost disc and a kind label, the name (Japanese, and the
 * English name beside it when the page is in English), the game's drawing (`art`), tags, and the
 * stats as label/value pairs. `accent` (a class) colours the frame.
 * face({info, id, lang, cost, costLabel, kind, art, tags: [text], stats: [{key, label, value, title}], className})
 */
export function face(o) {
  const info = o.info || {};
  const nodes = [];
  const top = h("span.cf-top");
  if (o.cost !== undefined && o.cost !== null && o.cost !== "") {
    top.append(h("span.cf-cost", { title: o.costLabel, dataset: { stat: "cost" } },
      h("span.cf-v", {}, String(o.cost))));
  }
  if (o.kind) top.append(h("span.cf-kind", {}, String(o.kind)));
  nodes.push(top);
  const title = h("span.cf-title", {}, h("span.card-name", { lang: "ja" }, String(info.name || o.id)));
  if (o.lang === "en" && info.en && info.en !== info.name) title.append(h("span.card-en", { lang: "en" }, String(info.en)));
  nodes.push(title);
  if (o.art) nodes.push(h("span.cf-art", { "aria-hidden": o.artHidden ? "true" : undefined }, o.art));
  const tags = (o.tags || []).filter(Boolean);
  if (tags.length) nodes.push(h("span.cf-tags", {}, tags.map((t) => h("span.cf-tag", {}, String(t)))));
  const stats = (o.stats || []).filter(Boolean);
  if (stats.length) {
    nodes.push(h("span.cf-stats", {}, stats.map((s) => h(`span.cf-stat${s.className ? "." + s.className : ""}`,
      { dataset: { stat: s.key }, title: s.title || s.label },
      s.icon || null, s.label ? h("span.cf-k", {}, String(s.label)) : null, h("span.cf-v", {}, String(s.value))))));
  }
  return { className: ["card-face", ...(o.className ? String(o.className).split(/\s+/) : [])].filter(Boolean), nodes };
}

/** A face-down card: its back, with no id and no name (`label` says what it is, for screen readers). */
export function cardBack(label, className) {
  return h(`span.card-back${className ? "." + className : ""}`, { role: "img", "aria-label": label, title: label });
}
