// The generic table: any game that ships no table module of its own is drawn from the view envelope
// alone (docs/core.md, "Views"): the decision and who has picked, the game's `table` dict as readable
// key/value blocks, each player's hand, counts, discard pile and `table.players[p]`, and the seat's
// options as buttons. Card ids are shown by name from the card facts the page already has (ctx.card).
// Everything is built with DOM APIs and textContent: names come from user TOML.
//
// Interface (the same as games/<game>.js): renderTable(view, ctx), title(lang), phaseName(phase, lang);
// and configure({name, title: [en, ja], zones}) — the shell passes the game's descriptor titles, when it
// has them, and zones: false when it draws the players' hands, counts and discard piles itself.
// A game's own module may also export cardFace(info, id, lang) -> face({...}) of ./common.js: the shell
// then draws the hand, and each ctx.cardEl(id, {face: true}), as that card's face (none here: the
// generic table knows no game's card facts, so its cards stay names).

import { h } from "../dom.js";
import { actionRefs } from "./common.js";

const WORDS = {
  en: {
    table: "Game table", you: "you", deciding: "P{p} to decide", picked: "picked (sealed): {who}",
    over: "game over", hand: "hand", hand_count: "cards in hand", deck_count: "cards in deck", discard: "discard",
    options: "Your options", optionsHint: "choose one, then confirm", empty: "—", none: "none", yes: "yes", no: "no",
    more: "(+{n} more)", alsoPanel: "also in the actions panel: {list}",
  },
  ja: {
    table: "ゲームの場", you: "あなた", deciding: "P{p}が選択中", picked: "選択済み (伏せ): {who}",
    over: "ゲーム終了", hand: "手札", hand_count: "手札の枚数", deck_count: "山札の枚数", discard: "捨て札",
    options: "あなたの選択肢", optionsHint: "1つ選んで確定", empty: "なし", none: "なし", yes: "はい", no: "いいえ",
    more: "(ほか{n})", alsoPanel: "操作パネルにも: {list}",
  },
};

/** Nested tables deeper than this are shown as text (a view is data, not a document). */
const MAX_DEPTH = 4;
/** Longer lists are cut (the rest counted). */
const MAX_ITEMS = 60;

let META = { name: "", title: null, zones: true };

/** The shell may pass the game's name and titles ([en, ja]) from /api/games or the descriptor, and
 * zones: false to leave out each player's hand, counts and discard pile (its own zones show them). */
export function configure(meta) {
  META = { name: String((meta && meta.name) || ""), title: meta && Array.isArray(meta.title) ? meta.title : null,
    zones: !(meta && meta.zones === false) };
}

export function title(lang) {
  if (META.title) return String((lang === "ja" ? META.title[1] || META.title[0] : META.title[0]) || META.name);
  return META.name ? META.name.charAt(0).toUpperCase() + META.name.slice(1) : "";
}

export function phaseName(phase) {
  return String(phase ?? "").replace(/_/g, " ");
}

export function renderTable(view, ctx) {
  const lg = ctx && ctx.lang === "ja" ? "ja" : "en";
  const W = WORDS[lg];
  const tr = (key, vars) => {
    let s = W[key] ?? WORDS.en[key] ?? key;
    for (const [k, v] of Object.entries(vars || {})) s = s.split(`{${k}}`).join(String(v));
    return s;
  };
  if (!META.name && view && view.game) META = { ...META, name: String(view.game) };
  const seat = view.seat === 0 || view.seat === 1 ? view.seat : null;
  const tb = view.table && typeof view.table === "object" ? view.table : {};
  const refs = actionRefs(ctx.actions);
  const isCard = (s) => typeof s === "string" && !!(ctx.card && ctx.card(cardId(s)));
  const label = (key) => String(key).replace(/_/g, " ");

  const root = h("section", { class: "gen-table", "aria-label": W.table, lang: lg,
    style: { display: "grid", gap: "0.75rem" } });
  root.append(decisionLine());
  const shared = Object.entries(tb).filter(([k]) => k !== "players");
  if (shared.length) root.append(block(shared, 0, "gen-shared"));
  const order = seat === null ? [0, 1] : [1 - seat, seat];
  const seats = h("div", { class: "gen-seats",
    style: { display: "grid", gap: "0.75rem", gridTemplateColumns: "repeat(auto-fit, minmax(16rem, 1fr))" } });
  for (const p of order) seats.append(seatPanel(p));
  root.append(seats);
  if ((ctx.actions || []).length) root.append(optionsPanel());
  return root;

  // ---------------------------------------------------------------------------------- values
  function cardId(s) { return String(s).split(":").pop(); }

  function value(v, depth) {
    if (v === null || v === undefined) return h("span", { class: "muted", text: W.none });
    if (typeof v === "boolean") return h("span", { text: v ? W.yes : W.no });
    if (typeof v === "number") return h("span", { class: "gen-num", text: String(v) });
    if (typeof v === "string") {
      if (!isCard(v)) return h("span", { text: v });
      const id = cardId(v);
      const lab = v.includes(":") ? v.slice(0, v.lastIndexOf(":")) : "";
      return ctx.cardEl(id, lab ? { sub: lab } : {});
    }
    if (Array.isArray(v)) {
      if (!v.length) return h("span", { class: "muted", text: W.empty });
      const simple = v.every((x) => x === null || typeof x !== "object");
      const box = h(simple ? "span" : "div", { class: simple ? "chips gen-list" : "gen-list",
        style: simple ? { display: "inline-flex", flexWrap: "wrap", gap: "0.25rem" } : { display: "grid", gap: "0.25rem" } });
      for (const x of v.slice(0, MAX_ITEMS)) box.append(value(x, depth + 1));
      if (v.length > MAX_ITEMS) box.append(h("span", { class: "muted", text: tr("more", { n: v.length - MAX_ITEMS }) }));
      return box;
    }
    if (typeof v === "object") {
      if (depth >= MAX_DEPTH) return h("code", { text: JSON.stringify(v) });
      return block(Object.entries(v), depth + 1, "gen-nested");
    }
    return h("span", { text: String(v) });
  }

  /** A key/value block: a description list, one row per key. */
  function block(entries, depth, cls) {
    const dl = h("dl", { class: cls, style: { display: "grid", gridTemplateColumns: "max-content 1fr",
      gap: "0.2rem 0.75rem", margin: 0, paddingLeft: depth ? "0.5rem" : 0 } });
    for (const [k, v] of entries) {
      dl.append(h("dt", { text: label(k), style: { fontWeight: "600" } }), h("dd", { style: { margin: 0 } }, value(v, depth)));
    }
    return dl;
  }

  // ---------------------------------------------------------------------------------- parts
  function decisionLine() {
    const d = view.decision;
    const items = [phaseName(view.phase)];
    if (view.over) items.push(W.over);
    else if (d && (d.player === 0 || d.player === 1)) {
      items.push(d.player === seat ? `${tr("deciding", { p: d.player })} (${W.you})` : tr("deciding", { p: d.player }));
      if (Array.isArray(d.picked) && d.picked.length) items.push(tr("picked", { who: d.picked.map((p) => `P${p}`).join(", ") }));
    }
    return h("header", { class: "gen-head" }, h("ul", { style: { display: "flex", flexWrap: "wrap", gap: "0.75rem",
      listStyle: "none", margin: 0, padding: 0 } }, items.map((t) => h("li", { text: t }))));
  }

  function seatPanel(p) {
    const pl = (view.players || [])[p] || {};
    const side = (tb.players || [])[p];
    const who = `P${p}` + (p === seat ? ` (${W.you})` : "");
    const sec = h("section", { class: `gen-seat gen-p${p}` + (p === seat ? " gen-me" : ""), "aria-label": who,
      style: { border: "1px solid currentColor", borderRadius: "0.5rem", padding: "0.5rem", opacity: 1 } });
    sec.append(h("h3", { text: who, style: { margin: "0 0 0.25rem" } }));
    if (META.zones) {
      const rows = [["hand_count", pl.hand_count], ["deck_count", pl.deck_count]];
      if (Array.isArray(pl.hand)) rows.unshift(["hand", pl.hand]);
      rows.push(["discard", Array.isArray(pl.discard) ? pl.discard : []]);
      sec.append(block(rows.map(([k, v]) => [W[k] || k, v]), 0, "gen-seat-keys"));
    }
    if (side && typeof side === "object") sec.append(block(Object.entries(side), 1, "gen-seat-table"));
    return sec;
  }

  /** The seat's options as buttons. A button carries the token of its action's last argument, so a
   * click selects that action as a click on the card would (the shell confirms and sends it); with
   * ctx.choose (a shell that offers it) any option is sent directly, plain ones (pass, end) too. */
  function optionsPanel() {
    const acts = ctx.actions || [];
    const sec = h("section", { class: "gen-options", "aria-label": W.options });
    sec.append(h("h3", { text: W.options, style: { margin: "0 0 0.25rem" } }), h("p", { class: "muted", text: W.optionsHint }));
    const list = h("div", { class: "action-list", role: "group", "aria-label": W.options });
    const plain = [];
    for (const a of acts) {
      const words = String(a.text).split(/\s+/).map((w) => (isCard(w) ? ctx.cardName(cardId(w)) : w));
      const b = h("button.btn.action", { type: "button", title: a.gloss ? `${a.text} — ${a.gloss}` : a.text,
        dataset: { action: a.text } }, h("span", { text: words.join(" ") }),
      a.gloss ? h("span.gloss", { text: ` ${a.gloss}` }) : null);
      const toks = (a.refs || []).map(String);
      if (typeof ctx.choose === "function") {
        b.addEventListener("click", () => ctx.choose(a));
      } else if (toks.length && refs.has(toks[toks.length - 1])) {
        ctx.refEl(b, toks[toks.length - 1]);
      } else {
        plain.push(a.text);
        continue;
      }
      list.append(b);
    }
    sec.append(list);
    if (plain.length) sec.append(h("p", { class: "muted", text: tr("alsoPanel", { list: plain.join(", ") }) }));
    return sec;
  }
}
