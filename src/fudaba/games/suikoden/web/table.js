// Genso Suikoden Card Stories: the table from view.table (docs/suikoden.md "View").
// Everything is built with DOM APIs and textContent: card names come from user TOML.
// Places are named as the viewer types them (spec §13): M1 / xM1, M1.2 / M1.x1 / xM1.x2, R1 / xR1;
// a spectator reads seat 0's places as its own.
// Served where the shell loads game tables (/static/js/games/suikoden.js): its imports are relative to that place.

import { h } from "../dom.js";
import { actionRefs, face, signed } from "./common.js";

const CSS_URL = new URL("../../css/suikoden.css", import.meta.url).href;
/** The shell loads this stylesheet. */
export const stylesheet = CSS_URL;

/** The game's name in the status bar. */
export function title(lang) { return lang === "ja" ? "幻想水滸伝カードストーリーズ" : "Genso Suikoden Card Stories"; }

const WORDS = {
  en: {
    table: "Suikoden table", first: "P{p} went first", wins: "{n} VP wins",
    you: "you", spectator: "Spectator: places are named as P0 names them",
    mm: "Mastermind", none: "none", vp: "VP", built: "Built", hand: "Hand", limit: "limit {n}",
    returned: "Returned (mulligan)", yourReturned: "Your returned cards",
    missions: "Missions", resolved: "Resolved area", noResolved: "nothing resolved yet",
    emptySlot: "no mission yet", support: "Support", resolvedN: "Resolved",
    slotHint: "a mission played from the hand goes here",
    column: "{who}'s column", nobody: "none deployed", links: "Links L(p,m)",
    place: "Place", card: "Card", cardLinks: "Links", atk: "atk", mil: "mil", con: "con",
    build: "build", block: "block", meets: "meets the value", pairsOnly: "pairs only: cannot garrison",
    characters: "characters {n}", effects: "effects {d}", runeUsed: "rune used",
    garrison: "garrison", noGarrison: "no garrison", builtFac: "built facility", missionOf: "P{p}'s mission",
    kind_attack: "Attack {v}", kind_troops: "Troops {v}", kind_duel: "Duel by {s}",
    kind_facility: "Facility · build {v} / block {b}",
    vpPair: "VP {a}/{b}", vpPairTitle: "VP {a} if the placer (P{o}) clears it, {b} if the opponent does",
    battleNow: "battle", phase_mulligan: "mulligan", phase_main: "main phase", phase_battle: "battle",
    phase_replenish: "replenish", phase_setup: "setup", phase_over: "over", turnOf: "P{p}'s turn",
    battle: "Battle: {slot} {name} ({kind})", bkind_new: "new", bkind_continue: "continue",
    stepOf: "step {n} · P{p} to act", casualties: "troops decided: casualties",
    garrisonStep: "P{p} clears: garrison step",
    duel: "Duel: {slot} {name} — each picks a card face down", picked: "picked: {who}",
    nobodyPicked: "nobody has picked yet",
    noPassFirst: "may not pass (the first step of a continue)",
    bothPass: "P{o} passed: if P{a} passes now, both passed — {means}",
    meansTroops: "troops are decided (casualties)", meansStays: "{slot} stays unresolved",
    until_battle: "until the end of the battle", until_deployed: "while deployed", by: "by {n}",
    stat_atk: "atk", stat_mil: "mil", stat_con: "con",
    type_mission: "mission", type_facility: "facility",
    cls_mastermind: "mastermind", cls_leader: "leader", cls_commoner: "commoner", cls_free: "free", cls_craftsman: "craftsman",
    clear_atk: "attack", clear_mil: "troops", clear_duel: "duel", rune: "rune: {r}", kw_support: "support", kw_counter: "counter",
  },
  ja: {
    table: "幻想水滸伝の場", first: "先攻P{p}", wins: "{n}VPで勝利",
    you: "あなた", spectator: "観戦中: 場所はP0から見た名前",
    mm: "総大将", none: "なし", vp: "VP", built: "建設済み", hand: "手札", limit: "上限{n}",
    returned: "マリガンで戻した札", yourReturned: "マリガンで戻した札",
    missions: "ミッション", resolved: "解決済みミッション置き場", noResolved: "まだなし",
    emptySlot: "ミッションなし", support: "サポート", resolvedN: "解決済み",
    slotHint: "手札からプレイしたミッションが置かれる",
    column: "{who}の列", nobody: "派遣なし", links: "リンク L(p,m)",
    place: "場所", card: "カード", cardLinks: "リンク", atk: "攻", mil: "兵", con: "建",
    build: "建設", block: "阻止", meets: "条件達成", pairsOnly: "ペアのみ: 駐留できない",
    characters: "キャラクター{n}", effects: "効果{d}", runeUsed: "紋章使用済み",
    garrison: "駐留", noGarrison: "駐留なし", builtFac: "建設済み施設", missionOf: "P{p}のミッション",
    kind_attack: "攻撃{v}", kind_troops: "兵力{v}", kind_duel: "{s}の一騎打ち",
    kind_facility: "施設・建設{v}/阻止{b}",
    vpPair: "VP {a}/{b}", vpPairTitle: "配置した側(P{o})がクリアで{a}VP、相手がクリアで{b}VP",
    battleNow: "バトル中", phase_mulligan: "マリガン", phase_main: "メインフェイズ", phase_battle: "バトル",
    phase_replenish: "補充フェイズ", phase_setup: "準備", phase_over: "終了", turnOf: "手番P{p}",
    battle: "バトル: {slot} {name} ({kind})", bkind_new: "新規", bkind_continue: "継続",
    stepOf: "ステップ{n}・P{p}の番", casualties: "損害の処理中",
    garrisonStep: "P{p}がクリア: 駐留ステップ",
    duel: "一騎打ち: {slot} {name} — 両者が手札から1枚を裏向きに選ぶ", picked: "選択済み: {who}",
    nobodyPicked: "まだ誰も選んでいない",
    noPassFirst: "継続の最初のステップ: パスできない",
    bothPass: "P{o}がパスした: P{a}も今パスすると両者パス — {means}",
    meansTroops: "兵力判定 (損害の処理)", meansStays: "{slot}は未解決のまま残る",
    until_battle: "バトル終了まで", until_deployed: "派遣中", by: "{n}による",
    stat_atk: "攻撃力", stat_mil: "兵力", stat_con: "建設力",
    type_mission: "ミッション", type_facility: "施設",
    cls_mastermind: "総大将", cls_leader: "リーダー", cls_commoner: "一般", cls_free: "フリー", cls_craftsman: "職人",
    clear_atk: "攻撃", clear_mil: "兵力", clear_duel: "一騎打ち", rune: "紋章: {r}", kw_support: "サポート", kw_counter: "カウンター",
  },
};

const LINK_LETTERS = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];

// ------------------------------------------------------------------------------------------ the card face
/** The shell draws a card of the hand (and the table, where it asks) with this face. */
export function cardFace(info, id, lang) {
  const W = WORDS[lang === "ja" ? "ja" : "en"];
  const type = String(info.type || "");
  const tags = [];
  let stats = [];
  let kind = W[`type_${type}`] || type;
  let art = null;
  let cls = type;
  if (type === "character") {
    kind = W[`cls_${info.class}`] || info.class;
    cls = `cls-${info.class}`;
    tags.push(...(info.camp || []));
    if (info.rune) tags.push(W.rune.split("{r}").join(info.rune));
    for (const k of info.keywords || []) tags.push(W[`kw_${k}`] || k);
    art = links(String(info.links || ""), W);
    stats = ["atk", "mil", "con"].map((k) => ({ key: k, label: W[k], value: info[k] ?? 0, title: W[`stat_${k}`] }));
  } else if (type === "mission") {
    const clear = String(info.clear || "");
    kind = `${W.type_mission} · ${W[`clear_${clear}`] || clear}`;
    const vp = Array.isArray(info.vp) ? info.vp : [0, 0];
    stats = [clear === "duel"
      ? { key: "duel_stat", label: W.clear_duel, value: W[`stat_${info.duel_stat}`] || info.duel_stat }
      : { key: "value", label: W[`clear_${clear}`] || clear, value: info.value ?? 0 },
    { key: "vp", label: W.vp, value: `${vp[0]}/${vp[1]}` }];
  } else if (type === "facility") {
    stats = [{ key: "build", label: W.build, value: info.build ?? 0 }, { key: "block", label: W.block, value: info.block ?? 0 }];
  }
  return face({ info, id, lang, kind, art, tags, stats, className: `skf skf-${cls}` });
}

/** A character's links A–I as a 3×3 of letters, the ones it has lit. */
function links(L, W) {
  const grid = h("span", { class: "skf-links", role: "img", "aria-label": `${W.cardLinks}: ${L || "—"}`, dataset: { links: L } });
  for (const ch of LINK_LETTERS) grid.append(h("span", { class: "skf-link" + (L.includes(ch) ? " on" : ""), "aria-hidden": "true", text: ch }));
  return grid;
}

// ------------------------------------------------------------------------------------------ helpers
// ------------------------------------------------------------------------------------------ the table
export function renderTable(view, ctx) {
  const lg = ctx && ctx.lang === "ja" ? "ja" : "en";
  const W = WORDS[lg];
  const tr = (key, vars) => {
    let s = W[key] ?? WORDS.en[key] ?? key;
    for (const [k, v] of Object.entries(vars || {})) s = s.split(`{${k}}`).join(String(v));
    return s;
  };
  const tb = view.table || {};
  const seat = view.seat === 0 || view.seat === 1 ? view.seat : null;
  const me = seat === null ? 0 : seat;
  const refs = actionRefs(ctx.actions);
  const rel = (owner, slot) => (owner === me ? slot : `x${slot}`);
  const who = (p) => `P${p}` + (p === seat ? ` (${W.you})` : "");

  const cardName = (id) => {
    const c = ctx.card ? ctx.card(id) : undefined;
    if (!c) return String(id ?? "?");
    return lg === "ja" ? c.name || c.en || id : c.en || c.name || id;
  };
  // A card on the table carries the token of its place (``M1.2``, ``xR1``…), not its id: actions naming a
  // card id take it from the hand (deploy, counter, duel…), so a copy on the table must not select them.
  const chip = (id, ref) => (id ? ctx.cardEl(id, { ref: ref ?? `@${id}` }) : h("span", { class: "sk-none", text: W.none }));
  const isPair = (id) => {
    const c = ctx.card ? ctx.card(id) : undefined;
    return !!(c && typeof c.name === "string" && /[&＆]/.test(c.name));
  };
  /** The element around a place (mission panel, deployed character's row): marked when a legal
   * action names its token; the card chip inside carries the token (the shell makes a chip clickable
   * only then), so one tab stop per place. */
  const place = (el, token) => {
    el.dataset.place = token;
    if (refs.has(token)) el.classList.add("sk-actionable");
    return el;
  };

  const root = h("section", { class: "sk-table", "aria-label": W.table, lang: lg });
  root.append(header());
  if (seat === null) root.append(h("p", { class: "sk-spectator", text: W.spectator }));
  const order = seat === null ? [1, 0] : [1 - seat, seat];
  root.append(playerArea(order[0]));
  root.append(battleBanner());
  root.append(playerArea(order[1]));
  return root;

  // -------------------------------------------------------------------------------------- header
  function header() {
    const head = h("header", { class: "sk-head" });
    const items = [
      W[`phase_${view.phase}`] || String(view.phase),
      tr("turnOf", { p: view.active }),
      tr("first", { p: tb.first }),
      tr("wins", { n: tb.vp_to_win }),
    ];
    head.append(h("ul", { class: "sk-headitems" }, items.map((t) => h("li", { text: t }))));
    // the turn number, the pending decision and the result are the shell's status bar and prompt
    return head;
  }

  // -------------------------------------------------------------------------------------- a player
  function playerArea(p) {
    const side = (tb.players || [])[p] || {};
    const pl = (view.players || [])[p] || {};
    const mineCls = p === seat ? " sk-me" : seat === null ? "" : " sk-opp";
    const sec = h("section", { class: `sk-player sk-p${p}${mineCls}`, "aria-labelledby": `sk-h-p${p}` });
    const title = h("h2", { id: `sk-h-p${p}`, class: "sk-ptitle" }, who(p));
    sec.append(h("div", { class: "sk-pbar" }, title, statsStrip(p, side, pl)));

    // unresolved missions and facilities, slot by slot
    const slots = Number(tb.mission_slots) || 0;
    const ms = Array.isArray(side.missions) ? side.missions : [];
    const mwrap = h("div", { class: "sk-missions", role: "group", "aria-label": `${who(p)} — ${W.missions}` });
    for (let k = 1; k <= Math.max(slots, ms.length); k++) {
      const m = ms.find((x) => x.slot === `M${k}`);
      mwrap.append(m ? missionPanel(m, p) : emptySlot(p, `M${k}`));
    }
    sec.append(mwrap);
    // the resolved area only once something is in it (its count is in the stats strip)
    if (Array.isArray(side.resolved) && side.resolved.length) sec.append(resolvedArea(p, side));
    if (p === seat && Array.isArray(side.returned_cards) && side.returned_cards.length) {
      sec.append(h("div", { class: "sk-returned" }, h("span", { class: "sk-label", text: `${W.yourReturned}: ` }),
        h("ul", { class: "sk-chips" }, side.returned_cards.map((c) => h("li", null, chip(c))))));
    }
    return sec;
  }

  function statsStrip(p, side, pl) {
    const dl = h("dl", { class: "sk-stats" });
    const add = (label, ...value) => dl.append(h("div", { class: "sk-stat" }, h("dt", { text: label }), h("dd", null, ...value)));
    add(W.mm, chip(side.mastermind, p === me ? "mastermind" : "xmastermind"));
    add(W.vp, vpMeter(Number(side.vp) || 0, Number(tb.vp_to_win) || 0));
    add(W.resolvedN, String(Array.isArray(side.resolved) ? side.resolved.length : 0));
    add(W.built, String(side.built ?? 0));
    add(W.hand, `${pl.hand_count ?? "?"} `, h("span", { class: "sk-sub", text: `(${tr("limit", { n: side.hand_limit ?? "?" })})` }));
    if (side.returned) add(W.returned, String(side.returned));
    return dl;
  }

  function vpMeter(vp, goal) {
    const box = h("span", { class: "sk-vp" });
    box.append(h("strong", { class: "sk-vpnum", text: `${vp}/${goal}` }));
    const pips = h("span", { class: "sk-pips", "aria-hidden": "true" });
    for (let i = 0; i < Math.max(goal, vp); i++) pips.append(h("span", { class: "sk-pip" + (i < vp ? " on" : "") }));
    box.append(pips);
    return box;
  }

  function emptySlot(p, slot) {
    return h("article", { class: "sk-mission sk-empty", "aria-label": `${rel(p, slot)} ${W.emptySlot}`, title: W.slotHint },
      h("h3", { class: "sk-mhead" }, h("span", { class: "sk-slot", text: rel(p, slot) }),
        h("span", { class: "sk-muted", text: W.emptySlot })));
  }

  function missionHead(m) {
    const kind = String(m.kind);
    if (kind === "facility") return tr("kind_facility", { v: m.value ?? 0, b: m.block ?? 0 });
    if (kind === "duel") return tr("kind_duel", { s: W[`stat_${m.duel_stat}`] || m.duel_stat || "?" });
    return tr(`kind_${kind}`, { v: m.value ?? 0 });
  }

  function isBattleMission(p, m) {
    const b = tb.battle;
    return !!(b && typeof b === "object" && Number(b.seat) === p && b.slot === m.slot);
  }

  function missionPanel(m, p) {
    const token = rel(p, String(m.slot));
    const inBattle = isBattleMission(p, m);
    const art = h("article", { class: `sk-mission sk-k-${m.kind}` + (inBattle ? " sk-inbattle" : ""), 
      "aria-label": `${token} ${cardName(m.card)}` });
    // the head: place, card, type and value, VP pair
    const slotEl = h("span", { class: "sk-slot", text: token });
    place(art, token);
    const head = h("h3", { class: "sk-mhead" }, slotEl, chip(m.card, token),
      h("span", { class: `sk-kind sk-kind-${m.kind}`, text: missionHead(m) }));
    if (Array.isArray(m.vp)) {
      head.append(h("span", { class: "sk-vppair", title: tr("vpPairTitle", { a: m.vp[0], b: m.vp[1], o: p }),
        text: tr("vpPair", { a: m.vp[0], b: m.vp[1] }) }));
    }
    if (inBattle) head.append(h("span", { class: "sk-badge sk-battle-badge", text: W.battleNow }));
    art.append(head);
    if (m.support) {
      art.append(h("p", { class: "sk-support" }, h("span", { class: "sk-label", text: `${W.support}: ` }), chip(m.support, `${token}.s`)));
    }
    if (m.kind === "duel") return art;
    const cols = h("div", { class: "sk-columns" });
    for (const q of [p, 1 - p]) cols.append(columnBlock(m, p, q, token));
    art.append(cols);
    return art;
  }

  /** What seat q's column adds up to against the value (§7.2–7.4): the stat, have, goal, notes. */
  function columnTotal(m, q, owner) {
    const kind = String(m.kind);
    let stat, goal, what = "";
    if (kind === "facility") {
      if (q === owner) { stat = "con"; goal = Number(m.value) || 0; what = W.build; }
      else { stat = "atk"; goal = Number(m.block) || 0; what = W.block; }
    } else if (kind === "troops") { stat = "mil"; goal = Number(m.value) || 0; }
    else if (kind === "attack") { stat = "atk"; goal = Number(m.value) || 0; }
    else return null;
    const col = m.columns[q] || [];
    const have = Number((m.totals && m.totals[q] && m.totals[q][stat]) || 0);
    const summed = col.reduce((s, d) => s + (Number(d[stat]) || 0), 0);
    let met = false, pairsOnly = false;
    if (have >= goal && col.length) {
      const needsGarrison = kind !== "facility" || q === owner;
      if (needsGarrison && !col.some((d) => !isPair(d.card))) pairsOnly = true;
      else if (kind !== "troops") met = true;
    }
    return { stat, goal, have, summed, what, met, pairsOnly, reached: have >= goal && col.length > 0 };
  }

  function columnBlock(m, owner, q, token) {
    const col = (m.columns && m.columns[q]) || [];
    const blk = h("section", { class: "sk-col" + (q === seat ? " sk-col-me" : seat === null ? "" : " sk-col-opp") });
    const label = tr("column", { who: who(q) });
    blk.setAttribute("aria-label", `${token} — ${label}`);
    blk.append(h("h4", { class: "sk-colhead", text: label }));
    // the total against the value
    const t = columnTotal(m, q, owner);
    if (t) {
      const pct = t.goal > 0 ? Math.min(100, Math.round((100 * t.have) / t.goal)) : 100;
      const bar = h("div", { class: "sk-total" + (t.met ? " sk-met" : "") + (t.reached ? " sk-reached" : "") });
      const txt = `${W[t.stat]} ${t.have}/${t.goal}` + (t.what ? ` (${t.what})` : "");
      bar.append(h("span", { class: "sk-totaltext", text: txt }));
      if (t.met) bar.append(h("span", { class: "sk-check", title: W.meets, "aria-label": W.meets, text: "✓" }));
      const meter = h("span", { class: "sk-meter", "aria-hidden": "true" });
      meter.append(h("span", { class: "sk-meterfill", style: { width: `${pct}%` } }));
      bar.append(meter);
      if (t.summed !== t.have) {
        bar.append(h("span", { class: "sk-sub", text: `(${tr("characters", { n: t.summed })}, ${tr("effects", { d: signed(t.have - t.summed) })})` }));
      }
      if (t.pairsOnly) bar.append(h("span", { class: "sk-warn", text: W.pairsOnly }));
      blk.append(bar);
    }
    // L(p,m): the link letters open on this mission for this seat
    const L = String((m.links && m.links[q]) || "");
    const lk = h("div", { class: "sk-links" }, h("span", { class: "sk-label", text: `${W.links}: ` }));
    const letters = h("span", { class: "sk-letters", role: "img", "aria-label": `${W.links}: ${L || "—"}` });
    for (const ch of LINK_LETTERS) letters.append(h("span", { class: "sk-letter" + (L.includes(ch) ? " on" : ""), "aria-hidden": "true", text: ch }));
    lk.append(letters);
    blk.append(lk);
    if (!col.length) {
      blk.append(h("p", { class: "sk-muted sk-nobody", text: W.nobody }));
      return blk;
    }
    const table = h("table", { class: "sk-deployed" });
    table.append(h("thead", null, h("tr", null,
      h("th", { scope: "col", text: W.place }), h("th", { scope: "col", text: W.card }),
      h("th", { scope: "col", text: W.cardLinks }), h("th", { scope: "col", class: "sk-num", text: W.atk }),
      h("th", { scope: "col", class: "sk-num", text: W.mil }), h("th", { scope: "col", class: "sk-num", text: W.con }))));
    const body = h("tbody");
    col.forEach((d, i) => {
      const ptok = `${token}.${q === me ? "" : "x"}${i + 1}`;
      const row = h("tr");
      const placeCell = h("th", { scope: "row", class: "sk-dplace" }, h("span", { class: "sk-slot sk-small", text: ptok }));
      row.append(placeCell);
      const cardCell = h("td", { class: "sk-dcard" }, chip(d.card, ptok));
      // modifiers (§10 modify: amount, duration, source) and a used rune, under the name
      for (const md of d.mods || []) cardCell.append(h("span", { class: "sk-mod", text: modText(md) }));
      if (d.rune_used) cardCell.append(h("span", { class: "sk-badge sk-rune", text: W.runeUsed }));
      row.append(cardCell);
      row.append(h("td", { class: "sk-dlinks", text: d.links || "—" }));
      for (const s of ["atk", "mil", "con"]) {
        const modded = (d.mods || []).some((md) => Array.isArray(md) && Number(md[["atk", "mil", "con"].indexOf(s)]) !== 0);
        row.append(h("td", { class: "sk-num" + (modded ? " sk-modded" : ""), text: String(d[s] ?? 0) }));
      }
      place(row, ptok);
      body.append(row);
    });
    table.append(body);
    blk.append(h("div", { class: "sk-tablewrap" }, table));
    return blk;
  }

  function modText(md) {
    const [a, m, c, until, by] = [...(Array.isArray(md) ? md : []), 0, 0, 0, "", ""];
    const deltas = [["atk", a], ["mil", m], ["con", c]].filter(([, v]) => Number(v)).map(([s, v]) => `${W[s]}${signed(Number(v))}`);
    const dur = { until_end_of_battle: W.until_battle, battle: W.until_battle, while_deployed: W.until_deployed, deployed: W.until_deployed }[String(until)] || String(until || "");
    const parts = [deltas.join(" ") || "±0"];
    if (dur) parts.push(dur);
    if (by) parts.push(tr("by", { n: cardName(String(by)) }));
    return parts.join(lg === "ja" ? "・" : " · ");
  }

  function resolvedArea(p, side) {
    const rs = Array.isArray(side.resolved) ? side.resolved : [];
    const sec = h("div", { class: "sk-resolved" });
    sec.append(h("h3", { class: "sk-rhead", text: `${W.resolved} (${rs.length})` }));
    if (!rs.length) {
      sec.append(h("p", { class: "sk-muted", text: W.noResolved }));
      return sec;
    }
    const ul = h("ul", { class: "sk-rlist" });
    for (const r of rs) {
      const tok = p === me ? String(r.place) : `x${r.place}`;
      const li = h("li", { class: "sk-ritem" });
      li.dataset.place = tok;
      li.append(h("span", { class: "sk-slot sk-small", text: tok }), chip(r.card, tok));
      const c = ctx.card ? ctx.card(r.card) : undefined;
      const notes = [];
      if (r.owner !== undefined && r.owner !== p) notes.push(tr("missionOf", { p: r.owner }));
      // the card's type is the second line of its text ("facility · build 5 …" / "施設・建設5 …")
      if (c && /^(facility|施設)/i.test(String(c.text || "").split("\n")[1] || "")) notes.push(W.builtFac);
      if (notes.length) li.append(h("span", { class: "sk-sub", text: `(${notes.join(lg === "ja" ? "、" : ", ")})` }));
      li.append(h("span", { class: "sk-garrison" },
        h("span", { class: "sk-label", text: r.garrison ? `${W.garrison}: ` : W.noGarrison }),
        r.garrison ? chip(r.garrison) : null));
      ul.append(li);
    }
    sec.append(ul);
    return sec;
  }

  // -------------------------------------------------------------------------------------- the battle
  function battleBanner() {
    const b = tb.battle;
    const box = h("div", { class: "sk-battle", role: "status", "aria-live": "polite" });
    if (!b || typeof b !== "object") {
      box.classList.add("sk-nobattle");
      return box;
    }
    const o = Number(b.seat);
    const m = (((tb.players || [])[o] || {}).missions || []).find((x) => x.slot === b.slot);
    const slot = rel(o, String(b.slot));
    const name = m ? cardName(m.card) : "";
    const kind = String(b.kind);
    if (kind === "duel") {
      box.append(h("p", { class: "sk-bline", text: tr("duel", { slot, name }) }));
      const d = view.decision;
      const picked = d && Array.isArray(d.picked) ? d.picked.map((x) => `P${x}`) : [];
      box.append(h("p", { class: "sk-bnote", text: picked.length ? tr("picked", { who: picked.join(lg === "ja" ? "、" : ", ") }) : W.nobodyPicked }));
      return box;
    }
    const actor = Number(b.actor);
    const steps = Number(b.steps) || 0;
    const d = view.decision && typeof view.decision === "object" ? view.decision : {};
    let now;
    if (d.kind === "casualties") now = W.casualties;
    else if (d.kind === "garrison") now = tr("garrisonStep", { p: d.player });
    else now = tr("stepOf", { n: steps + 1, p: actor });
    box.append(h("p", { class: "sk-bline" },
      h("strong", { text: tr("battle", { slot, name, kind: W[`bkind_${kind}`] || kind }) }), ` · ${now}`));
    const note = passNote(b, m, slot);
    if (note) box.append(h("p", { class: "sk-bnote", text: note }));
    return box;
  }

  /** What a pass of the actor would mean now (§7.1), while the actor decides its step. */
  function passNote(b, m, slot) {
    const d = view.decision;
    if (!d || typeof d !== "object") return "";
    const actor = Number(b.actor);
    if (d.player !== actor || (d.kind !== "step" && d.kind !== "deciding")) return "";
    if (b.kind === "continue" && Number(b.steps || 0) === 0) return W.noPassFirst;
    if (!b.last_pass) return "";
    const means = m && m.kind === "troops" ? W.meansTroops : tr("meansStays", { slot });
    return tr("bothPass", { o: 1 - actor, a: actor, means });
  }
}

/** The phase's name in the status bar, in the page's language. */
export function phaseName(phase, lang) {
  const w = WORDS[lang === "ja" ? "ja" : "en"];
  return w[`phase_${phase}`] || String(phase);
}
