// The lobby: choose game, variant, decks, parameters and opponent; create a room; share the
// invitation and spectator links; list this browser's games (tokens in localStorage).
import { h, clear, toast, copyText } from "./dom.js";
import { t, getLang, onLangChange } from "./i18n.js";
import { getJSON, postJSON, loadTokens, saveToken } from "./net.js";

const OPPONENTS = ["friend", "random", "greedy", "easy", "normal", "hard"];

export async function mountLobby(root) {
  const lobby = new Lobby(root);
  await lobby.load();
  return lobby;
}

class Lobby {
  constructor(root) {
    this.root = root;
    this.games = [];
    this.m = {
      game: null, variant: null, seat: 0, opponent: "normal", params: {},
      decks: [{ source: "starter", starter: "", text: "", file: "" }, { source: "starter", starter: "", text: "", file: "" }],
      checks: [null, null], // {ok, problems} | "checking" | null
      created: null, error: "",
    };
    this.rooms = null;
    onLangChange(() => { this.render(); this.loadRooms(); });
  }

  async load() {
    clear(this.root);
    this.root.append(h("p.loading", {}, "…"));
    try {
      this.games = await getJSON("/api/games");
    } catch (err) {
      clear(this.root);
      this.root.append(h("p.error", { role: "alert" }, t("load_failed", { msg: err.message })));
      return;
    }
    for (const x of this.games) TITLES[x.name] = { en: x.title_en || x.name, ja: x.title_ja || x.title || x.title_en || x.name };
    if (this.games.length) this.selectGame(this.games[0].name);
    this.render();
    this.loadRooms();
  }

  gameInfo() {
    return this.games.find((g) => g.name === this.m.game) || null;
  }

  selectGame(name) {
    this.m.game = name;
    const g = this.gameInfo();
    this.m.variant = g && g.variants && g.variants.length ? g.variants[0] : "default";
    this.m.params = {};
    this.resetDecks();
  }

  resetDecks() {
    const g = this.gameInfo();
    const names = (g && g.decks && g.decks[this.m.variant]) || [];
    this.m.decks.forEach((d, i) => {
      d.starter = names.length ? names[Math.min(i, names.length - 1)] : "";
      d.source = "starter";
    });
    this.m.checks = [null, null];
  }

  // ------------------------------------------------------------------ render
  render() {
    const focusId = document.activeElement && document.activeElement.id;
    clear(this.root);
    const g = this.gameInfo();
    const page = h("div.lobby");
    page.append(h("h1.page-title", {}, t("lobby_title")));
    const form = h("form.lobby-form", { onsubmit: (e) => { e.preventDefault(); this.create(); }, novalidate: true });

    // game and variant
    const gameSel = h("select", { id: "game-select", onchange: (e) => { this.selectGame(e.target.value); this.render(); } });
    for (const x of this.games) gameSel.append(h("option", { value: x.name, selected: x.name === this.m.game }, gameTitle(x.name)));
    const row = h("div.field-row",
      {},
      h("div.field", {}, h("label", { for: "game-select" }, t("game")), gameSel));
    if (g && g.variants && g.variants.length > 1) {
      const vs = h("select", { id: "variant-select", onchange: (e) => { this.m.variant = e.target.value; this.resetDecks(); this.render(); } });
      for (const v of g.variants) vs.append(h("option", { value: v, selected: v === this.m.variant }, v));
      row.append(h("div.field", {}, h("label", { for: "variant-select" }, t("variant")), vs));
    }
    const about = g ? String((getLang() === "ja" ? g.summary_ja || g.summary_en : g.summary_en || g.summary_ja) || "") : "";
    form.append(h("section.card-panel", {}, row, about ? h("p.hint.game-summary", {}, about) : null));

    // opponent and seat
    const opp = h("select", { id: "opponent-select", onchange: (e) => { this.m.opponent = e.target.value; this.render(); } });
    const agents = g && Array.isArray(g.agents) ? g.agents : OPPONENTS.slice(1);
    for (const o of ["friend", ...agents]) opp.append(h("option", { value: o, selected: o === this.m.opponent }, t("opp_" + o) === "opp_" + o ? `AI: ${o}` : t("opp_" + o)));
    const seatBox = h("fieldset.seat-choice", {}, h("legend", {}, t("my_seat")));
    for (const s of [0, 1]) {
      const id = `seat-${s}`;
      seatBox.append(h("span.radio", {},
        h("input", { type: "radio", name: "seat", id, value: String(s), checked: this.m.seat === s,
          onchange: () => { this.m.seat = s; this.render(); } }),
        h("label", { for: id }, t("seat_n", { n: s }))));
    }
    form.append(h("section.card-panel", {},
      h("div.field-row", {}, h("div.field", {}, h("label", { for: "opponent-select" }, t("opponent_kind")), opp), seatBox),
      h("p.hint", {}, t("seat_first_note"))));

    // decks
    const decks = h("div.deck-grid");
    for (const s of [0, 1]) decks.append(this.deckPanel(s));
    form.append(decks);

    // parameters
    if (g && Array.isArray(g.params) && g.params.length) form.append(this.paramsPanel(g));

    const createBtn = h("button.btn.primary.big", { type: "submit", id: "create-room", disabled: this.m.busy }, this.m.busy ? t("creating") : t("create_room"));
    form.append(h("div.create-row", {}, createBtn));
    const err = h("div.form-error", { role: "alert", id: "create-error" }, this.m.error || "");
    form.append(err);
    page.append(form);

    if (this.m.created) page.append(this.createdPanel());
    page.append(this.roomsPanel());
    this.root.append(page);
    if (focusId) {
      const el = document.getElementById(focusId);
      if (el) el.focus();
    }
  }

  who(s) {
    return `P${s} (${s === this.m.seat ? t("you") : t("opponent")})`;
  }

  deckPanel(s) {
    const d = this.m.decks[s];
    const g = this.gameInfo();
    const names = (g && g.decks && g.decks[this.m.variant]) || [];
    const panel = h("fieldset.card-panel.deck-panel", {}, h("legend", {}, t("deck_for", { who: this.who(s) })));
    const src = h("div.radio-row", { role: "radiogroup", "aria-label": t("deck_source") });
    for (const k of ["starter", "text", "file"]) {
      const id = `deck-${s}-src-${k}`;
      src.append(h("span.radio", {},
        h("input", { type: "radio", name: `deck-${s}-src`, id, value: k, checked: d.source === k,
          onchange: () => { d.source = k; this.m.checks[s] = null; this.render(); } }),
        h("label", { for: id }, t("deck_" + k))));
    }
    panel.append(src);
    if (d.source === "starter") {
      const sel = h("select", { id: `deck-${s}-starter`, onchange: (e) => { d.starter = e.target.value; } });
      for (const n of names) sel.append(h("option", { value: n, selected: n === d.starter }, deckLabel(g, this.m.variant, n)));
      panel.append(h("div.field", {}, h("label", { for: `deck-${s}-starter` }, t("deck_starter")), sel));
    } else {
      if (d.source === "file") {
        const file = h("input", { type: "file", id: `deck-${s}-file`, accept: ".txt,.deck,.dek,text/plain",
          onchange: (e) => this.readFile(s, e.target.files && e.target.files[0]) });
        panel.append(h("div.field", {}, h("label", { for: `deck-${s}-file` }, t("deck_file_label", { who: `P${s}` })), file,
          d.file ? h("span.hint", {}, " ", d.file) : null));
      }
      const ta = h("textarea", { id: `deck-${s}-text`, rows: "8", spellcheck: "false", placeholder: t("deck_text_ph"),
        oninput: (e) => { d.text = e.target.value; this.m.checks[s] = null; this.paintCheck(s); } });
      ta.value = d.text;
      panel.append(h("div.field", {}, h("label", { for: `deck-${s}-text` }, t("deck_text_label", { who: `P${s}` })), ta));
      panel.append(h("button.btn", { type: "button", id: `deck-${s}-check`, onclick: () => this.check(s) }, t("check_deck")));
    }
    const out = h("div.deck-check", { id: `deck-${s}-result`, "aria-live": "polite" });
    panel.append(out);
    this.checkEls = this.checkEls || [];
    this.checkEls[s] = out;
    this.paintCheck(s);
    return panel;
  }

  paintCheck(s) {
    const out = this.checkEls && this.checkEls[s];
    if (!out) return;
    clear(out);
    const c = this.m.checks[s];
    if (c === "checking") out.append(h("p.muted", {}, t("deck_checking")));
    else if (c && c.ok) out.append(h("p.ok", {}, "✓ ", t("deck_ok")));
    else if (c) {
      const ps = Array.isArray(c.problems) ? c.problems : [];
      out.append(h("p.bad", {}, "✗ ", t("deck_problems", { n: ps.length })));
      const ul = h("ul.problems");
      for (const p of ps) ul.append(h("li", {}, String(p)));
      out.append(ul);
    }
  }

  readFile(s, file) {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      this.m.decks[s].text = String(reader.result || "");
      this.m.decks[s].file = file.name;
      this.m.checks[s] = null;
      this.render();
      this.check(s);
    };
    reader.onerror = () => toast(t("load_failed", { msg: file.name }));
    reader.readAsText(file);
  }

  async check(s) {
    const d = this.m.decks[s];
    this.m.checks[s] = "checking";
    this.paintCheck(s);
    try {
      const res = await postJSON("/api/decks/check", { game: this.m.game, variant: this.m.variant, text: d.text });
      this.m.checks[s] = { ok: !!res.ok, problems: res.problems || [] };
    } catch (err) {
      this.m.checks[s] = { ok: false, problems: [err.message] };
    }
    this.paintCheck(s);
    return this.m.checks[s];
  }

  paramsPanel(g) {
    const det = h("details.card-panel.params", { open: this.m.paramsOpen ? true : undefined });
    det.addEventListener("toggle", () => { this.m.paramsOpen = det.open; });
    det.append(h("summary", {}, t("params"), h("span.hint", {}, " — ", t("params_hint"))));
    const grid = h("div.param-grid");
    for (const p of g.params) grid.append(this.paramField(p));
    det.append(grid);
    return det;
  }

  /** One parameter: what it does in words (its help) as the label, then the value; the key, the
   * range and the default in small print (the key is what `--param KEY=VALUE` takes). */
  paramField(p) {
    const id = `param-${p.key}`;
    const lang = getLang();
    const help = (lang === "ja" ? p.help_ja || p.help_en : p.help_en || p.help_ja) || p.key;
    const def = paramDefault(p, this.m.variant);
    const cur = p.key in this.m.params ? this.m.params[p.key] : (p.kind === "json" ? JSON.stringify(def) : def);
    let input;
    let range = "";
    if (p.kind === "bool" || typeof def === "boolean") {
      input = h("input", { type: "checkbox", id, checked: cur === true || cur === "true",
        onchange: (e) => { this.m.params[p.key] = e.target.checked; } });
    } else if (Array.isArray(p.choices) && p.choices.length) {
      input = h("select", { id, onchange: (e) => { this.m.params[p.key] = e.target.value; } });
      for (const c of p.choices) input.append(h("option", { value: String(c), selected: String(c) === String(cur) }, choiceLabel(p, c)));
    } else if (p.kind === "int" || (p.kind === undefined && typeof def === "number")) {
      const attrs = { type: "number", id, step: "1", value: String(cur),
        oninput: (e) => { this.m.params[p.key] = e.target.value; } };
      if (p.min !== null && p.min !== undefined) attrs.min = String(p.min);
      if (p.max !== null && p.max !== undefined) attrs.max = String(p.max);
      input = h("input.num", attrs);
      if (p.min !== null && p.min !== undefined) {
        range = p.max !== null && p.max !== undefined ? t("range", { min: p.min, max: p.max }) : t("range_min", { min: p.min });
      }
    } else {
      input = h("input", { type: "text", id, value: String(cur ?? ""), oninput: (e) => { this.m.params[p.key] = e.target.value; } });
    }
    const helpId = `${id}-help`;
    input.setAttribute("aria-describedby", helpId);
    const shownDef = p.kind === "json" ? JSON.stringify(def) : typeof def === "boolean" ? t(def ? "on" : "off")
      : Array.isArray(p.choices) && p.choices.length ? choiceLabel(p, def) : String(def);
    return h("div.param", {},
      h("label", { for: id }, capitalise(help)), input,
      h("p.hint", { id: helpId }, h("code.param-key", { lang: "en" }, p.key),
        range ? ` · ${range}` : "", ` · ${t("default_is", { v: shownDef })}`));
  }

  paramValues(g) {
    const out = {};
    for (const p of g.params || []) {
      if (!(p.key in this.m.params)) continue;
      const def = paramDefault(p, this.m.variant);
      let v = this.m.params[p.key];
      if (p.kind === "bool" || typeof def === "boolean") v = v === true || v === "true";
      else if (p.kind === "int" || (p.kind === undefined && typeof def === "number")) {
        if (String(v).trim() === "") continue;
        v = Number(v);
      } else if (p.kind === "json") {
        try { v = JSON.parse(String(v)); } catch (_) { /* sent as typed: the server names the problem */ }
      } else if (p.kind === "choice" && Array.isArray(p.choices)) {
        const hit = p.choices.find((c) => String(c) === String(v));
        if (hit !== undefined) v = hit;
      }
      if (JSON.stringify(v) === JSON.stringify(def)) continue;
      out[p.key] = v;
    }
    return out;
  }

  async create() {
    const g = this.gameInfo();
    if (!g) return;
    this.m.error = "";
    const decks = [];
    for (const s of [0, 1]) {
      const d = this.m.decks[s];
      if (d.source === "starter") decks.push({ starter: d.starter });
      else {
        const c = await this.check(s);
        if (!c || !c.ok) {
          this.m.error = t("deck_for", { who: this.who(s) }) + ": " + t("deck_problems", { n: (c && c.problems || []).length });
          this.render();
          const ta = document.getElementById(`deck-${s}-text`);
          if (ta) ta.focus();
          return;
        }
        decks.push({ text: d.text });
      }
    }
    this.m.busy = true;
    this.render();
    try {
      const body = { game: this.m.game, variant: this.m.variant, params: this.paramValues(g), decks,
        opponent: this.m.opponent, seat: this.m.seat };
      const res = await postJSON("/api/rooms", body);
      saveToken(res.room, res.token);
      this.m.created = res;
    } catch (err) {
      const b = err.body || {};
      if ((b.seat === 0 || b.seat === 1) && Array.isArray(b.problems)) {
        // the deck's problems are listed under it; the headline in the page's language
        this.m.checks[b.seat] = { ok: false, problems: b.problems };
        this.m.error = t("deck_for", { who: this.who(b.seat) }) + ": " + t("deck_problems", { n: b.problems.length })
          + (this.m.decks[b.seat].source === "starter" ? " " + t("starter_vs_params") : "");
      } else {
        this.m.error = `${t("error")}: ${err.message}`;
      }
    }
    this.m.busy = false;
    this.render();
    const target = document.getElementById(this.m.created ? "open-table" : "create-error");
    if (target) target.focus();
    this.loadRooms();
  }

  createdPanel() {
    const c = this.m.created;
    const abs = (u) => new URL(u, location.origin).href;
    const panel = h("section.card-panel.created", { "aria-labelledby": "created-title" },
      h("h2", { id: "created-title" }, t("room_created")));
    // the own link opens the table (the token goes from the fragment into localStorage)
    panel.append(h("p", {}, h("a.btn.primary.big", { href: c.url, id: "open-table" }, t("open_table"))));
    const linkRow = (id, label, url, copyLabel) => {
      const input = h("input.link-input", { id, type: "text", readonly: true, value: abs(url) });
      const btn = h("button.btn", { type: "button", id: `${id}-copy`, onclick: async () => {
        const ok = await copyText(abs(url), input);
        toast(ok ? t("copied") : t("copy_failed"));
      } }, copyLabel);
      return h("div.field.link-field", {}, h("label", { for: id }, label), h("div.notation-row", {}, input, btn));
    };
    if (c.invite) panel.append(linkRow("invite-link", t("invite_link"), c.invite, t("copy_invite")));
    if (c.spectate) panel.append(linkRow("spectate-link", t("spectate_link"), c.spectate, t("copy_spectate")));
    return panel;
  }

  roomsPanel() {
    const panel = h("section.card-panel.my-rooms", { "aria-labelledby": "my-rooms-title" },
      h("h2", { id: "my-rooms-title" }, t("my_games")));
    this.roomsEl = h("div.rooms-list");
    panel.append(this.roomsEl);
    this.paintRooms();
    return panel;
  }

  async loadRooms() {
    const tokens = loadTokens();
    const ask = (this.roomsAsked = (this.roomsAsked || 0) + 1); // a later request (a language switch) wins
    this.roomsError = "";
    if (!Object.keys(tokens).length) { this.rooms = []; this.paintRooms(); return; }
    let rooms = [];
    let error = "";
    try {
      // the results ("You won (…)") are worded by the server in the language asked for
      const res = await postJSON("/api/my-rooms", { tokens, lang: getLang() });
      rooms = Array.isArray(res) ? res : (res && Array.isArray(res.rooms) ? res.rooms : []);
    } catch (err) {
      error = t("rooms_failed", { msg: err.message });
    }
    if (ask !== this.roomsAsked) return;
    this.rooms = rooms;
    this.roomsError = error;
    this.paintRooms();
  }

  paintRooms() {
    const el = this.roomsEl;
    if (!el) return;
    clear(el);
    if (this.rooms === null) { el.append(h("p.muted", {}, "…")); return; }
    if (this.roomsError) { el.append(h("p.error", { role: "alert" }, this.roomsError)); return; }
    if (!this.rooms.length) { el.append(h("p.muted", {}, t("no_games"))); return; }
    const ul = h("ul.rooms");
    for (const r of this.rooms) {
      const opp = r.opponent === "friend" ? t("friend") : (t("opp_" + r.opponent) !== "opp_" + r.opponent ? t("opp_" + r.opponent) : String(r.opponent));
      const state = r.over ? `${t("finished")}${r.result_text ? " — " + r.result_text : ""}` : `${t("ongoing")} · ${t("turn_n", { n: r.turn })}`;
      ul.append(h(`li.room${r.over ? ".over" : ""}`, {},
        h("a", { href: `/r/${encodeURIComponent(r.room)}` }, gameTitle(r.game), r.variant && r.variant !== "default" ? ` ${r.variant}` : ""),
        h("span.room-meta", {}, ` P${r.seat} ${t("vs")} ${opp} · `, state),
        r.updated ? h("span.room-time", {}, " · ", fmtTime(r.updated)) : null));
    }
    el.append(ul);
  }
}

/** A starter deck in words: its title and one-line description from /api/games (`starters`, in the
 * page's language), else its file name without the letter that orders the files ("a_vanguard":
 * "Vanguard"). */
function deckLabel(g, variant, name) {
  const info = starterInfo(g, variant, name);
  const lang = getLang();
  const other = lang === "ja" ? "en" : "ja";
  if (info) {
    const title = info[`title_${lang}`] || info[`title_${other}`] || String(name);
    const about = info[lang] || info[other] || "";
    return about ? `${title} — ${about}` : title;
  }
  const words = String(name).split(/[_\-\s]+/).filter(Boolean);
  if (words.length > 1 && /^[a-z]$/i.test(words[0])) words.shift();
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join(" ") || String(name);
}

/** What /api/games says of a starter deck (`starters[variant]`: {name, title_ja, title_en, ja, en,
 * balance}), or null. */
function starterInfo(g, variant, name) {
  const all = g && g.starters && typeof g.starters === "object" ? g.starters[variant] : null;
  if (!Array.isArray(all)) return null;
  return all.find((x) => x && x.name === name) || null;
}

/** A choice of a parameter in words: who goes first is "random", "P0" or "P1". */
function choiceLabel(p, c) {
  if (String(c) === "random") return t("random");
  if (p.key === "first" && (String(c) === "0" || String(c) === "1")) return t("p_n", { n: c });
  return String(c);
}

function capitalise(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

function paramDefault(p, variant) {
  return p.variant_defaults && variant in p.variant_defaults ? p.variant_defaults[variant] : p.default;
}

let TITLES = {};

/** A game's title in the page's language, from /api/games (its descriptor's titles). */
function gameTitle(name) {
  const tt = TITLES[name];
  return tt ? String(getLang() === "ja" ? tt.ja : tt.en) : String(name);
}

function fmtTime(v) {
  const d = typeof v === "number" ? new Date(v * (v < 1e12 ? 1000 : 1)) : new Date(String(v));
  if (Number.isNaN(d.getTime())) return String(v);
  return d.toLocaleString(getLang() === "ja" ? "ja-JP" : "en-GB", { dateStyle: "short", timeStyle: "short" });
}
