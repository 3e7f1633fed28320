// Project Maken: the table from view.table (docs/maken.md, spec §1 zones). Served from the game's
// package (descriptor web_table) at js/games/maken.js, its stylesheet (web_style) at css/maken.css.
// Everything is built with DOM APIs and textContent: card names come from user TOML.
// Clickable places: the viewer's guard spaces ("stand" / "crouch" / "air": `guard P`, `maintain P`),
// only when a legal action names them. Cards in hand are the shell's.

import { h } from "../dom.js";
import { actionRefs, face, signed, svg } from "./common.js";

const CSS_URL = new URL("../../css/maken.css", import.meta.url).href;
/** The shell loads this stylesheet. */
export const stylesheet = CSS_URL;

/** The game's name in the status bar. */
export function title(lang) { return lang === "ja" ? "プロジェクト魔剣" : "Project Maken"; }
/** The discard pile is the dust (ダスト札). */
export function discardName(lang) {
  return lang === "ja" ? "ダスト" : "dust";
}

const WORDS = {
  en: {
    table: "Maken table", tp: "TP: P{p}", first: "P{p} went first",
    you: "you", spectator: "Spectator",
    character: "Character", lp: "Life (LP)", stamina: "Stamina", gauge: "Gauge", damage: "Damage",
    drawLimit: "Draw limit", dust: "Dust", dustTop: "top", mulliganUsed: "mulligan used",
    supports: "Supports", noSupports: "no supports set",
    field: "Attack field", fieldEmpty: "empty (speed 0, reach 0)", bottomToTop: "bottom → top",
    top: "Top card", speed: "Speed", reach: "Reach (front/back)", attack: "Attack", guardDiff: "Guard",
    posture: "Posture", unguardable: "Unguardable", none: "none",
    guardSpaces: "Guard spaces", inUse: "in use", faceDown: "face down", opened: "opened (GC)",
    hidden: "face-down card", cardsN: "{n} card(s)",
    sit: "Situation", judge: "Judge: {j}",
    phase_setup: "setup", phase_mulligan: "mulligan", phase_draw: "draw", phase_before_attack: "before attack",
    phase_attack: "attack phase", phase_after_attack: "after attack", phase_over: "over",
    sit_even: "even", sit_forcing: "forcing a guard", sit_guarding: "guarding",
    afterFb: "right after P{p}'s first bet",
    space_stand: "stand", space_crouch: "crouch", space_air: "air",
    opt_speed: "speed", opt_reach: "reach", opt_attack: "attack", opt_guard: "guard",
    judge_clean_hit: "P{p}'s clean hit", judge_trade: "a trade (P{p} called)", judge_guard_holds: "P{p}'s guard holds",
    judge_gb: "P{p}'s guard break (GB)", judge_gc: "P{p}'s guard cancel (GC)",
    kind_attack: "attack", kind_support: "support", kind_character: "character", series: "series {s}",
    f_speed: "SPD", f_reach: "RNG", f_attack: "ATK", f_guard: "GRD", f_gauge: "gauge",
    f_ung: "unguardable: {s}", f_draw: "draw limit",
  },
  ja: {
    table: "プロジェクト魔剣の場", tp: "TP: P{p}", first: "先攻P{p}",
    you: "あなた", spectator: "観戦中",
    character: "キャラ", lp: "LP", stamina: "スタミナ", gauge: "ゲージ", damage: "ダメージ",
    drawLimit: "ドロー上限", dust: "ダスト", dustTop: "一番上", mulliganUsed: "マリガン済み",
    supports: "補助カード", noSupports: "補助カードなし",
    field: "アタックフィールド", fieldEmpty: "なし (速度0・間合0)", bottomToTop: "下 → 上",
    top: "一番上のカード", speed: "速度", reach: "間合 (先/後)", attack: "攻撃値", guardDiff: "ガード難易度",
    posture: "姿勢", unguardable: "ガード不可", none: "なし",
    guardSpaces: "ガードスペース", inUse: "使用中", faceDown: "裏向き", opened: "オープン (GC)",
    hidden: "裏向きのカード", cardsN: "{n}枚",
    sit: "状況", judge: "ジャッジ: {j}",
    phase_setup: "準備", phase_mulligan: "マリガン", phase_draw: "ドロー", phase_before_attack: "ターン中(アタック前)",
    phase_attack: "アタックフェイズ", phase_after_attack: "ターン中(アタック後)", phase_over: "終了",
    sit_even: "拮抗", sit_forcing: "ガードさせている", sit_guarding: "ガードしている",
    afterFb: "P{p}のFB直後",
    space_stand: "立ち", space_crouch: "屈み", space_air: "空中",
    opt_speed: "速度", opt_reach: "間合", opt_attack: "攻撃値", opt_guard: "ガード難易度",
    judge_clean_hit: "P{p}の直撃", judge_trade: "相打 (P{p}のコール)", judge_guard_holds: "P{p}のガード成立",
    judge_gb: "P{p}のGB(ガードブレイク)成立", judge_gc: "P{p}のGC(ガードキャンセル)成立",
    kind_attack: "攻撃", kind_support: "補助", kind_character: "キャラ", series: "{s}シリーズ",
    f_speed: "速", f_reach: "間", f_attack: "攻", f_guard: "難", f_gauge: "ゲージ",
    f_ung: "ガード不可: {s}", f_draw: "ドロー上限",
  },
};

const SPACES = ["stand", "crouch", "air"];
const POSTURE_MARK = { stand: "立", crouch: "屈", air: "空" };

// ------------------------------------------------------------------------------------------ the card face
// small inline drawings (24×24 viewBox) for the compared values: speed, reach, attack, guard
const ICONS = {
  speed: "M13 2 4 14h7l-2 8 9-12h-7l2-8z",
  reach: "M2 12l5-5v3h10V7l5 5-5 5v-3H7v3z",
  attack: "M19 2l3 3-11 11 2 2-2 2-2-2-3 3-2-2 3-3-2-2 2-2 2 2z",
  guard: "M12 2l8 3v6c0 5-3.5 9.5-8 11-4.5-1.5-8-6-8-11V5z",
};
function icon(name) {
  return svg("svg", { viewBox: "0 0 24 24", "aria-hidden": "true", class: `mkf-icon mkf-i-${name}` },
    svg("path", { d: ICONS[name], fill: "currentColor" }));
}

/** The shell draws a card of the hand (and the table, where it asks) with this face. */
export function cardFace(info, id, lang) {
  const W = WORDS[lang === "ja" ? "ja" : "en"];
  const kind = String(info.kind || "");
  const sub = (key, s) => W[key].split("{s}").join(s);
  const tags = [info.series ? sub("series", info.series) : null];
  let stats = [];
  if (kind === "attack") {
    // as the card text writes it: front/back when the reach is split, else the one reach
    const reach = info.split_reach ? `${info.reach_front}/${info.reach_back}` : String(info.reach_front);
    stats = [
      { key: "speed", label: W.f_speed, value: info.speed, icon: icon("speed"), title: W.speed, className: "mkf-speed" },
      { key: "reach", label: W.f_reach, value: reach, icon: icon("reach"), title: W.reach, className: "mkf-reach" },
      { key: "attack", label: W.f_attack, value: info.attack, icon: icon("attack"), title: W.attack, className: "mkf-attack" },
      { key: "guard", label: W.f_guard, value: info.guard, icon: icon("guard"), title: W.guardDiff, className: "mkf-guard" },
    ];
    if (info.posture) tags.push(W[`space_${info.posture}`] || info.posture);
    const ung = (info.unguardable || []).map((x) => W[`space_${x}`] || x);
    if (ung.length) tags.push(sub("f_ung", ung.join(lang === "ja" ? "・" : ", ")));
    if (info.gauge_cost) tags.push(`${W.f_gauge} −${info.gauge_cost}`);
    if (info.gauge_gain) tags.push(`${W.f_gauge} +${info.gauge_gain}`);
  } else if (kind === "character" && info.draw_limit !== null && info.draw_limit !== undefined) {
    stats = [{ key: "draw_limit", label: W.f_draw, value: info.draw_limit }];
  }
  return face({ info, id, lang, kind: W[`kind_${kind}`] || kind, tags, stats,
    className: `mkf mkf-${kind || "none"} mkf-posture-${info.posture || "none"}` });
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
  const refs = actionRefs(ctx.actions);
  const who = (p) => `P${p}` + (p === seat ? ` (${W.you})` : "");
  const me = seat === null ? 0 : seat;
  // A card on the table carries the token of its zone as `info` names it (field, xsupports…), not its
  // id: actions naming an id (bet, cover, set) take it from the hand, so a copy on the table must not
  // select them.
  const zone = (p, z) => (p === me ? z : `x${z}`);
  const chip = (id, ref) => (id ? ctx.cardEl(id, { ref: ref ?? `@${id}` }) : h("span", { class: "mk-muted", text: W.none }));
  const space = (s) => W[`space_${s}`] || String(s ?? "?");

  const root = h("section", { class: "mk-table", "aria-label": W.table, lang: lg });
  root.append(header());
  const order = seat === null ? [1, 0] : [1 - seat, seat];
  root.append(playerArea(order[0]));
  root.append(centerStrip());
  root.append(playerArea(order[1]));
  return root;

  // -------------------------------------------------------------------------------------- header
  function header() {
    const head = h("header", { class: "mk-head" });
    const items = [W[`phase_${view.phase}`] || String(view.phase), tr("tp", { p: view.active }),
      tr("first", { p: tb.first })];
    if (seat === null) items.push(W.spectator);
    head.append(h("ul", { class: "mk-headitems" }, items.map((t) => h("li", { text: t }))));
    // the turn number, the pending decision and the result are the shell's status bar and prompt
    return head;
  }

  // -------------------------------------------------------------------------------------- the middle
  function centerStrip() {
    const box = h("div", { class: "mk-center", role: "status", "aria-live": "polite" });
    const sides = tb.players || [];
    const sit = sides.map((s) => (s || {}).situation);
    if (sit.some(Boolean)) {
      let text;
      if (sit[0] === "even" && sit[1] === "even") {
        text = W.sit_even + (tb.after_fb ? ` (${tr("afterFb", { p: view.active })})` : "");
      } else {
        text = sit.map((s, p) => (s ? `P${p} ${W[`sit_${s}`] || s}` : "")).filter(Boolean).join(lg === "ja" ? "、" : ", ");
      }
      box.append(h("p", { class: "mk-sit" }, h("span", { class: "mk-label", text: `${W.sit}: ` }), h("strong", { text })));
    }
    const j = tb.judge;
    if (j && typeof j === "object") {
      const jt = (W[`judge_${j.kind}`] || String(j.kind)).split("{p}").join(String(j.player));
      box.append(h("p", { class: "mk-judge", text: tr("judge", { j: jt }) }));
    }
    if (!box.childNodes.length) box.classList.add("mk-quiet");
    return box;
  }

  // -------------------------------------------------------------------------------------- a player
  function playerArea(p) {
    const side = (tb.players || [])[p] || {};
    const pl = (view.players || [])[p] || {};
    const cls = p === seat ? " mk-me" : seat === null ? "" : " mk-opp";
    const sec = h("section", { class: `mk-player mk-p${p}${cls}` + (view.active === p ? " mk-tp" : ""), "aria-labelledby": `mk-h-p${p}` });
    const bar = h("div", { class: "mk-pbar" });
    bar.append(h("h2", { id: `mk-h-p${p}`, class: "mk-ptitle", text: who(p) }));
    bar.append(h("span", { class: "mk-char" }, h("span", { class: "mk-label", text: `${W.character}: ` }), chip(side.character, zone(p, "character"))));
    if (view.active === p) bar.append(h("span", { class: "mk-badge mk-tpbadge", text: "TP" }));
    if (side.situation) bar.append(h("span", { class: `mk-badge mk-sit-${side.situation}`, text: W[`sit_${side.situation}`] || side.situation }));
    sec.append(bar);
    sec.append(countsStrip(p, side, pl));

    const arena = h("div", { class: "mk-arena" });
    arena.append(fieldBlock(p, side));
    arena.append(guardBlock(p, side));
    sec.append(arena);
    sec.append(supportsBlock(p, side));
    return sec;
  }

  function meter(n, max, cls, label) {
    const pct = max > 0 ? Math.min(100, Math.round((100 * n) / max)) : 0;
    return h("span", { class: `mk-meter ${cls}`, role: "meter", "aria-valuenow": n, "aria-valuemin": 0, "aria-valuemax": max,
      "aria-label": label }, h("span", { class: "mk-meterfill", style: { width: `${pct}%` } }));
  }

  function countsStrip(p, side, pl) {
    const dl = h("dl", { class: "mk-counts" });
    const add = (cls, label, ...value) => dl.append(h("div", { class: `mk-count ${cls}` }, h("dt", { text: label }), h("dd", null, ...value)));
    const lp = Number(side.lp_count) || 0;
    const backs = h("span", { class: "mk-lpbacks", "aria-hidden": "true" });
    for (let i = 0; i < lp; i++) backs.append(h("span", { class: "mk-back mk-small" }));
    add("mk-c-lp", W.lp, h("strong", { text: String(lp) }), backs);
    const dmg = Number(side.damage_count) || 0, dmax = Number(tb.down_damage) || 10;
    add("mk-c-dmg" + (dmg >= dmax - 2 ? " mk-danger" : ""), W.damage, h("strong", { text: `${dmg}/${dmax}` }),
      meter(dmg, dmax, "mk-m-dmg", `${W.damage} ${dmg}/${dmax}`));
    const g = Number(side.gauge_count) || 0, gmax = Number(tb.gauge_max) || 10;
    add("mk-c-gauge", W.gauge, h("strong", { text: `${g}/${gmax}` }), meter(g, gmax, "mk-m-gauge", `${W.gauge} ${g}/${gmax}`));
    add("mk-c-sta", W.stamina, h("strong", { text: String(side.stamina_count ?? 0) }));
    add("mk-c-draw", W.drawLimit, h("strong", { text: String(side.draw_limit ?? "?") }));
    const pile = Array.isArray(pl.discard) ? pl.discard : [];
    const dust = [h("strong", { text: String(side.dust_count ?? pile.length) })];
    if (pile.length) {
      const post = side.dust_top_posture;
      dust.push(h("span", { class: "mk-sub", text: ` ${W.dustTop}: ` }), chip(pile[pile.length - 1], zone(p, "dust")));
      if (post) dust.push(postureTag(post));
    }
    add("mk-c-dust", W.dust, ...dust);
    if (side.mulligan_used) dl.append(h("div", { class: "mk-count" }, h("dt", { class: "mk-sub", text: W.mulliganUsed }), h("dd")));
    return dl;
  }

  function postureTag(post) {
    return h("span", { class: `mk-posture mk-post-${post}`, title: space(post) },
      h("span", { "aria-hidden": "true", class: "mk-postmark", text: lg === "ja" ? POSTURE_MARK[post] || "?" : (post || "?")[0].toUpperCase() }),
      h("span", { class: "mk-postword", text: space(post) }));
  }

  function unitItem(p, u, isTop) {
    const li = h("li", { class: "mk-unit" + (isTop ? " mk-unit-top" : "") });
    li.append(u.card ? ctx.cardEl(u.card, { ref: zone(p, "field"), className: "small-face", face: true }) : chip(u.card, zone(p, "field")));
    const n = Number(u.n) || 1;
    if (n > 1) {
      const opts = (u.opts || []).map((o) => W[`opt_${o}`] || o).join(lg === "ja" ? "・" : ", ");
      li.append(h("span", { class: "mk-multi", text: `×${n}` + (opts ? ` [${opts}]` : "") }));
    }
    for (const [st, v] of Object.entries(u.mods || {})) {
      li.append(h("span", { class: "mk-mod", text: `${W[`opt_${st}`] || st} ${signed(Number(v))}` }));
    }
    return li;
  }

  function fieldBlock(p, side) {
    const blk = h("section", { class: "mk-field", "aria-label": `${who(p)} — ${W.field}` });
    const field = Array.isArray(side.field) ? side.field : [];
    blk.append(h("h3", { class: "mk-bhead" }, W.field, field.length > 1 ? h("span", { class: "mk-sub", text: ` (${W.bottomToTop})` }) : null));
    if (!field.length) {
      blk.append(h("p", { class: "mk-muted", text: side.situation === "guarding" ? "—" : W.fieldEmpty }));
      return blk;
    }
    const ol = h("ol", { class: "mk-units" });
    field.forEach((u, i) => ol.append(unitItem(p, u, i === field.length - 1)));
    blk.append(ol);
    const top = side.top;
    if (top && typeof top === "object") blk.append(topTable(top));
    return blk;
  }

  /** The compared values of the top card (effective: printed + double option + modify). */
  function topTable(top) {
    const ung = (top.unguardable || []).map(space).join(lg === "ja" ? "・" : ", ") || W.none;
    const table = h("table", { class: "mk-top" });
    table.append(h("caption", { text: W.top }));
    const head = h("tr"), body = h("tr");
    const cols = [
      [W.speed, String(top.speed), "mk-v-speed"],
      [W.reach, `${top.reach_front}/${top.reach_back}`, "mk-v-reach"],
      [W.attack, String(top.attack), "mk-v-attack"],
      [W.guardDiff, String(top.guard), "mk-v-guard"],
      [W.posture, postureTag(top.posture), "mk-v-posture"],
      [W.unguardable, ung, (top.unguardable || []).length ? "mk-v-ung" : "mk-v-ung mk-v-none"],
    ];
    for (const [label, value, cls] of cols) {
      head.append(h("th", { scope: "col", text: label }));
      body.append(h("td", { class: cls }, value));
    }
    table.append(h("thead", null, head), h("tbody", null, body));
    return table;
  }

  function guardBlock(p, side) {
    const g = side.guard || {};
    const blk = h("section", { class: "mk-guards", "aria-label": `${who(p)} — ${W.guardSpaces}` });
    blk.append(h("h3", { class: "mk-bhead", text: W.guardSpaces }));
    const ul = h("ul", { class: "mk-spaces" });
    for (const s of SPACES) {
      const inUse = g.space === s;
      const li = h("li", { class: `mk-space mk-space-${s}` + (inUse ? " mk-inuse" : "") });
      li.dataset.place = s;
      const label = h("span", { class: "mk-spacename" }, postureTag(s));
      // §6.2.2: the viewer's own space is a button when `guard S` / `maintain S` is legal
      const name = postureTag(s);
      if (p === seat) {
        ctx.refEl(name, s);
        if (refs.has(s)) {
          li.classList.add("mk-actionable");
          name.title = `${W.guardSpaces}: ${space(s)}`;
        }
      }
      label.replaceChildren(name);
      if (inUse) label.append(h("span", { class: "mk-badge mk-inusebadge", text: W.inUse }));
      li.append(label);
      if (inUse) {
        const cards = Array.isArray(g.cards) ? g.cards : [];
        const stack = h("ol", { class: "mk-gcards", "aria-label": `${space(s)}: ${tr("cardsN", { n: g.count ?? cards.length })}` });
        cards.forEach((c, i) => {
          const opened = !!g.open && i === cards.length - 1;
          const item = h("li", { class: "mk-gcard" });
          if (c) {
            item.append(chip(c, zone(p, "guard")));
            item.append(h("span", { class: "mk-sub", text: opened ? W.opened : W.faceDown }));
            if (!opened) item.classList.add("mk-owndown");
          } else {
            item.append(h("span", { class: "mk-back", role: "img", "aria-label": W.hidden, title: W.hidden }));
          }
          stack.append(item);
        });
        li.append(stack);
      }
      ul.append(li);
    }
    blk.append(ul);
    return blk;
  }

  function supportsBlock(p, side) {
    const sup = Array.isArray(side.supports) ? side.supports : [];
    const blk = h("div", { class: "mk-supports" }, h("span", { class: "mk-label", text: `${W.supports} (${sup.length}): ` }));
    if (!sup.length) blk.append(h("span", { class: "mk-muted", text: W.noSupports }));
    else blk.append(h("ul", { class: "mk-chips" }, sup.map((c) => h("li", null, chip(c, zone(p, "supports"))))));
    return blk;
  }
}

/** The phase's name in the status bar, in the page's language. */
export function phaseName(phase, lang) {
  const w = WORDS[lang === "ja" ? "ja" : "en"];
  return w[`phase_${phase}`] || String(phase);
}
