// The play table shell: status bar, the game's table (its own module, served at games/<game>.js from
// its package, or the generic table games/generic.js for a game that ships none), hands and piles, the
// prompt and the legal actions, the notation box, the log, the rules panel and the replay stepper.
//
// Click mapping (docs: issue 11 web design): an element with data-ref is clickable only when the
// token is among the refs of a legal action of this seat. Clicking selects the actions whose refs
// include every selected token; one left -> confirm and send, several -> shown as buttons. Actions
// without refs are always buttons. The page never invents a rule: it only offers `actions`.
import { h, clear, toast } from "./dom.js";
import { t, getLang, onLangChange } from "./i18n.js";
import { RoomSocket, takeFragmentToken, tokenFor, getJSON } from "./net.js";
import { lastAction, markLast, wireLinks } from "./lastmove.js";
import { alertTurn, notifySetting, setNotify, tabTitle } from "./turn.js";
import { afterGame, download } from "./aftergame.js";

const CONFIRM_KEY = "fudaba.confirm";
const SPEED_KEY = "fudaba.replay_speed";
//: seconds per step of the replay's autoplay
const SPEEDS = [0.5, 1, 2];

export async function mountTable(root, room) {
  const table = new Table(root, room);
  table.start();
  return table;
}

function replaySpeedSetting() {
  let s = 1;
  try { s = Number(localStorage.getItem(SPEED_KEY) || "1"); } catch (_) { /* ignore */ }
  return SPEEDS.includes(s) ? s : 1;
}

function confirmSetting() {
  try { return localStorage.getItem(CONFIRM_KEY) !== "0"; } catch (_) { return true; }
}

class Table {
  constructor(root, room) {
    this.root = root;
    this.room = room;
    this.token = takeFragmentToken(room) || tokenFor(room);
    this.seat = null;
    this.game = null;
    this.variant = null;
    this.players = [];
    this.msg = null; // last "state" message
    this.mod = null; // the game module
    this.selection = [];
    this.confirming = null; // the action awaiting confirmation
    this.busy = false; // an act was sent, waiting for state/refused
    this.replay = null; // {step, steps, data} while stepping through a finished game
    this.confirm = confirmSetting();
    this.logShown = []; // texts of the log lines on the page
    this.rematchMsg = null; // the last "rematch" message
    this.autoplay = false; // the replay steps by itself
    this.replaySpeed = replaySpeedSetting();
    this.alerts = 0; // turn alerts given while the page was hidden
    this.conn = "connecting";
    this.build();
    onLangChange((lang) => {
      this.paintStatic();
      if (this.sock) this.sock.setLang(lang);
      if (this.replay) this.loadReplay(this.replay.step);
      this.render();
    });
  }

  start() {
    this.sock = new RoomSocket(this.room, this.token, getLang(), {
      message: (m) => this.onMessage(m),
      status: (s, attempt, code) => this.onStatus(s, attempt, code),
    });
  }

  // ------------------------------------------------------------------ skeleton
  build() {
    clear(this.root);
    this.el = {};
    const E = this.el;
    E.status = h("section.status-bar", { "aria-label": "status" });
    E.banner = h("div.conn-banner", { role: "status", "aria-live": "polite" });
    E.over = h("div.over-banner", { hidden: true, role: "status" });
    E.replayBar = h("section.replay-bar", { hidden: true });
    E.oppZone = h("section.zone.opp-zone");
    E.board = h("section.game-table");
    E.ownZone = h("section.zone.own-zone");
    E.promptHead = h("h2.panel-title");
    E.prompt = h("p.prompt", { id: "prompt-text", "aria-live": "polite" });
    E.selection = h("div.selection");
    E.actions = h("div.actions", { role: "group", "aria-labelledby": "actions-title" });
    E.actionsTitle = h("h3.sub-title", { id: "actions-title" });
    E.confirmToggle = h("input", { type: "checkbox", id: "confirm-toggle", checked: this.confirm,
      onchange: (e) => {
        this.confirm = e.target.checked;
        try { localStorage.setItem(CONFIRM_KEY, this.confirm ? "1" : "0"); } catch (_) { /* ignore */ }
      } });
    E.confirmLabel = h("label", { for: "confirm-toggle" });
    E.notifyToggle = h("input", { type: "checkbox", id: "notify-toggle", checked: notifySetting(),
      onchange: (e) => setNotify(e.target.checked) });
    E.notifyLabel = h("label", { for: "notify-toggle" });
    E.notationLabel = h("label", { for: "notation-input" });
    E.notationInput = h("input", { id: "notation-input", type: "text", autocomplete: "off", spellcheck: "false",
      "aria-describedby": "refusal" });
    E.notationSend = h("button.btn", { type: "submit" });
    E.notation = h("form.notation", { onsubmit: (e) => { e.preventDefault(); this.sendTyped(); } },
      E.notationLabel, h("div.notation-row", {}, E.notationInput, E.notationSend));
    E.refusal = h("div.refusal", { id: "refusal", role: "alert", "aria-live": "assertive" });
    E.detailTitle = h("h2.sub-title", { id: "detail-title" });
    E.detail = h("div.card-detail", { id: "card-detail" });
    E.logTitle = h("h2.panel-title", { id: "log-title" });
    E.log = h("div.log", { role: "log", "aria-labelledby": "log-title", tabindex: "0" });
    E.rulesDialog = this.buildRules();

    E.confirmSetting = h("div.confirm-setting", {}, E.confirmToggle, E.confirmLabel);
    E.notifySetting = h("div.confirm-setting.notify-setting", {}, E.notifyToggle, E.notifyLabel);
    // on a narrow window the panel stays at the bottom of the screen over the board (table.css); it
    // folds to its prompt with this button
    E.fold = h("button.btn.small.fold-toggle", { type: "button", "aria-expanded": "true", "aria-controls": "decision-body",
      onclick: () => this.setFolded(!this.folded) });
    E.decisionBody = h("div.decision-body", { id: "decision-body" },
      E.selection, E.actionsTitle, E.actions, E.confirmSetting, E.notifySetting, E.notation, E.refusal);
    const decision = h("section.panel.decision-panel", { "aria-labelledby": "prompt-title" },
      h("div.decision-head", {}, E.promptHead, E.fold), E.prompt, E.decisionBody);
    E.decision = decision;
    E.promptHead.id = "prompt-title";
    const side = h("aside.side-col", {},
      decision,
      h("section.panel.detail-panel", { tabindex: "0", "aria-labelledby": "detail-title" }, E.detailTitle, E.detail),
      h("section.panel.log-panel", { "aria-labelledby": "log-title" }, E.logTitle, E.log));
    const boardCol = h("div.board-col", {}, E.oppZone, E.board, E.ownZone);
    this.page = h("div.table-page", {}, E.status, E.banner, E.over, E.replayBar,
      h("div.table-layout", {}, boardCol, side), E.rulesDialog);
    this.root.append(this.page);

    // click mapping, delegated: the innermost clickable [data-ref]
    this.page.addEventListener("click", (e) => {
      const el = e.target.closest("[data-ref].clickable");
      if (!el || !this.page.contains(el)) return;
      e.preventDefault();
      this.clickRef(el.dataset.ref, el);
    });
    this.page.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      const el = e.target.closest && e.target.closest("[data-ref].clickable");
      if (!el || el !== e.target || el.tagName === "BUTTON") return; // buttons click by themselves
      e.preventDefault();
      this.clickRef(el.dataset.ref, el);
    });
    // card details on hover/focus of any card chip
    const showCard = (e) => {
      let el = e.target.closest && e.target.closest("[data-card]");
      // a focused place (a slot, a square) shows the card on it: its first (top) card
      if (!el && e.type === "focusin" && e.target.querySelector) el = e.target.querySelector("[data-card]");
      if (el && this.page.contains(el)) this.showCard(el.dataset.card, el);
    };
    this.page.addEventListener("mouseover", showCard);
    wireLinks(this.page, E.log);
    this.page.addEventListener("focusin", showCard);
    this.page.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && (this.selection.length || this.confirming)) {
        this.clearSelection();
        this.renderMarks();
        this.renderActions();
      }
    });
    this.paintStatic();
  }

  paintStatic() {
    const E = this.el;
    E.confirmLabel.textContent = t("confirm_toggle");
    E.notifyLabel.textContent = t("notify_toggle");
    E.notationSend.textContent = t("notation_send");
    E.detailTitle.textContent = t("card_info");
    E.logTitle.textContent = t("log");
    E.actionsTitle.textContent = t("actions");
    E.fold.textContent = this.folded ? "▴" : "▾";
    E.fold.setAttribute("aria-label", t(this.folded ? "actions_toggle_show" : "actions_toggle_hide"));
    E.fold.title = E.fold.getAttribute("aria-label");
    const ex = this.msg && this.msg.actions && this.msg.actions.length ? this.msg.actions[0].text : "end";
    E.notationLabel.textContent = t("notation_label", { ex });
    if (!E.detail.firstChild || E.detail.dataset.empty) {
      E.detail.dataset.empty = "1";
      E.detail.textContent = t("hover_hint");
    }
    this.paintRulesStatic();
  }

  setFolded(folded) {
    this.folded = folded;
    this.el.decision.classList.toggle("folded", folded);
    this.el.fold.setAttribute("aria-expanded", folded ? "false" : "true");
    this.paintStatic();
  }

  // ------------------------------------------------------------------ messages
  onStatus(state, attempt, code) {
    this.conn = state;
    const B = this.el.banner;
    B.className = "conn-banner";
    if (state === "open") {
      B.textContent = "";
    } else if (state === "connecting") {
      B.textContent = t("connecting");
      B.classList.add("info");
    } else if (state === "reconnecting" || state === "closed") {
      B.textContent = attempt > 1 ? t("reconnecting", { n: attempt }) : t("conn_lost");
      B.classList.add("warn");
    } else if (state === "fatal") {
      B.textContent = fatalText(code);
      B.classList.add("warn");
      B.dataset.code = String(code);
      if (code === 4429) {
        // the room is full: nothing is retried by itself; the player may try once more
        B.append(" ", h("button.btn.small", { type: "button", id: "reconnect", onclick: () => this.sock.restart() }, t("try_again")));
      }
    }
    if (state !== "fatal") delete B.dataset.code;
    this.busy = false;
    this.renderStatus();
  }

  async onMessage(m) {
    switch (m.type) {
      case "joined":
        this.seat = m.seat === 0 || m.seat === 1 ? m.seat : null;
        this.game = String(m.game || "");
        // the game's descriptor: its titles [en, ja] and its table module and stylesheet (null: none)
        this.gameMeta = { title: Array.isArray(m.title) ? m.title : null,
          table: typeof m.table === "string" ? m.table : null, style: typeof m.style === "string" ? m.style : null };
        this.variant = m.variant;
        this.players = Array.isArray(m.players) ? m.players : [];
        await this.loadModule();
        this.renderStatus();
        break;
      case "state":
        if (this.msg && m.seq !== this.msg.seq) {
          this.clearSelection();
          this.el.refusal.textContent = "";
          this.el.notationInput.value = "";
        }
        // a new decision of this seat opens a folded decision panel
        if (this.folded && Array.isArray(m.actions) && m.actions.length && (!this.msg || m.seq !== this.msg.seq)) this.setFolded(false);
        // log_from 0 (a join, a language change): the whole log and every card of the view; later
        // states carry only the log lines from index log_from on and the cards not sent before
        if (Number.isInteger(m.log_from) && m.log_from > 0 && this.msg && Array.isArray(this.msg.log)) {
          m.log = this.msg.log.slice(0, m.log_from).concat(Array.isArray(m.log) ? m.log : []);
          m.cards = Object.assign({}, this.msg.cards, m.cards);
        }
        {
          const fresh = !this.msg || m.seq !== this.msg.seq;
          this.msg = m;
          this.busy = false;
          if (!this.mod && this.game) await this.loadModule();
          this.render();
          if (fresh && this.actions().length) this.turnAlert();
        }
        break;
      case "rematch":
        this.rematchMsg = m;
        this.renderOver();
        break;
      case "refused":
        this.busy = false;
        this.showRefusal(m.reason, m.action);
        this.renderActions();
        break;
      case "presence":
        this.onPresence(m.seat, !!m.connected);
        break;
      case "error":
        this.showRefusal(m.reason, "");
        break;
      default:
        break;
    }
  }

  onPresence(seat, connected) {
    const p = this.players[seat];
    const dropped = !!(p && p.dropped);
    if (p) {
      p.connected = connected;
      p.dropped = !connected;
    }
    if (seat !== this.seat) {
      // a spectator hears of both seats by their names; a player of "your opponent"
      const who = this.seat === null ? t("p_n", { n: seat }) : t("who_opponent");
      const text = t(connected ? (dropped ? "back_at_table" : "joined_table") : "left_table", { who });
      const B = this.el.banner;
      B.className = "conn-banner " + (connected ? "ok" : "warn");
      B.textContent = text;
      if (connected) setTimeout(() => { if (B.textContent === text) { B.textContent = ""; B.className = "conn-banner"; } }, 5000);
    }
    this.renderStatus();
  }

  async loadModule() {
    if (this.mod || !this.game || !/^[a-z0-9_]+$/.test(this.game)) return;
    const meta = this.gameMeta || { title: null, table: null, style: null };
    try {
      if (meta.table && /^\/static\/js\/games\/[a-z0-9_]+\.js$/.test(meta.table)) {
        this.mod = await import(meta.table);
      } else {
        // no table module of its own: the generic table, drawn from the view envelope (the shell
        // draws the hands, counts and discard piles itself: zones false)
        const generic = await import("./games/generic.js");
        generic.configure({ name: this.game, title: meta.title, zones: false });
        this.mod = generic;
      }
    } catch (err) {
      console.error(err);
      this.mod = { renderTable: fallbackTable };
    }
    const style = meta.style || this.mod.stylesheet;
    if (style && !document.querySelector(`link[data-game="${this.game}"]`)) {
      document.head.append(h("link", { rel: "stylesheet", href: style, dataset: { game: this.game } }));
    }
    this.page.dataset.game = this.game;
    this.page.dataset.table = meta.table ? "own" : "generic";
  }

  /** The game's title in the page's language: its descriptor's (sent with `joined`), else its
   * table module's. */
  gameTitle() {
    const tt = this.gameMeta && this.gameMeta.title;
    if (tt && (tt[0] || tt[1])) return String(getLang() === "ja" ? tt[1] || tt[0] : tt[0] || tt[1]);
    if (this.mod && this.mod.title) return this.mod.title(getLang());
    return this.game;
  }

  showRefusal(reason, action) {
    const R = this.el.refusal;
    clear(R);
    R.classList.add("shown");
    R.append(h("strong", {}, t("refused", { reason: String(reason || "") })));
    if (action && !String(reason || "").includes(String(action))) R.append(h("span.refused-action", {}, " (", String(action), ")"));
  }

  // ------------------------------------------------------------------ sending
  send(actionText) {
    if (!this.msg || this.busy || this.replay) return;
    const ok = this.sock.send({ type: "act", action: actionText, seq: this.msg.seq });
    if (!ok) {
      this.showRefusal(t("conn_lost"), actionText);
      return;
    }
    this.busy = true;
    this.confirming = null;
    const R = this.el.refusal;
    clear(R);
    R.classList.remove("shown");
    toast(t("sent", { action: namedAction(actionText, this.msg.cards) }));
    this.renderActions();
  }

  sendTyped() {
    const text = this.el.notationInput.value.trim();
    if (!text) return;
    if (!this.msg) return;
    if (this.replay) this.closeReplay();
    this.send(text);
  }

  // ------------------------------------------------------------------ selection
  actions() {
    return this.msg && !this.replay && Array.isArray(this.msg.actions) ? this.msg.actions : [];
  }

  allRefs() {
    const s = new Set();
    for (const a of this.actions()) for (const r of a.refs || []) s.add(String(r));
    return s;
  }

  candidates(sel) {
    return this.actions().filter((a) => sel.every((tok) => (a.refs || []).map(String).includes(tok)));
  }

  clearSelection() {
    this.selection = [];
    this.confirming = null;
  }

  clickRef(tok, el) {
    if (this.busy) return;
    let sel = this.selection.includes(tok) ? this.selection.filter((x) => x !== tok) : [...this.selection, tok];
    let cands = sel.length ? this.candidates(sel) : [];
    if (sel.length && !cands.length) {
      sel = [tok];
      cands = this.candidates(sel);
    }
    // a card on a place (a Walpurgis stack, a Sarasvati slot): the place's token too, when the
    // actions name both (e.g. hit 3c up:W-RR-02 -> refs 3c, W-RR-02)
    if (el && sel.includes(tok)) {
      for (let a = el.parentElement ? el.parentElement.closest("[data-ref].clickable") : null; a;
        a = a.parentElement ? a.parentElement.closest("[data-ref].clickable") : null) {
        const more = a.dataset.ref;
        if (sel.includes(more)) continue;
        const c2 = this.candidates([...sel, more]);
        if (c2.length) { sel = [...sel, more]; cands = c2; }
      }
    }
    if (!cands.length && sel.length) return; // not an argument of any legal action
    this.selection = sel;
    this.confirming = null;
    if (cands.length === 1 && sel.length) {
      if (this.confirm) this.confirming = cands[0];
      else { this.send(cands[0].text); return; }
    }
    this.renderMarks();
    this.renderActions(true);
    if (el && el.isConnected && !this.confirming) el.focus({ preventScroll: true });
  }

  chooseAction(a) {
    if (this.confirm) {
      this.confirming = a;
      this.renderActions(true);
    } else {
      this.send(a.text);
    }
  }

  // ------------------------------------------------------------------ context for game modules
  cardInfo(id, cards) {
    const c = (cards || {})[id];
    return c && typeof c === "object" ? c : undefined;
  }

  cardName(id, cards) {
    const c = this.cardInfo(id, cards);
    if (!c) return String(id);
    const lang = getLang();
    return lang === "en" ? (c.en || c.name || String(id)) : (c.name || c.en || String(id));
  }

  makeCtx(view, cards, live) {
    const refs = live ? this.allRefs() : new Set();
    const lang = getLang();
    const self = this;
    const refEl = (el, token) => {
      const tok = String(token);
      el.dataset.ref = tok;
      if (refs.has(tok)) {
        el.classList.add("clickable");
        if (el.tagName !== "BUTTON") {
          el.setAttribute("role", "button");
          el.tabIndex = 0;
        }
      }
      return el;
    };
    const cardEl = (id, opts = {}) => {
      const c = self.cardInfo(id, cards);
      const other = c ? (lang === "en" ? c.name : c.en) : "";
      const el = h(`span.card-chip${opts.className ? "." + opts.className : ""}`, {
        title: [other, String(id)].filter(Boolean).join(" · "),
        lang: c && lang === "ja" ? "ja" : undefined,
        dataset: { card: String(id) },
      });
      // a card drawn as a card: the game module's face (games/common.js face()), else its name
      const drawn = opts.face && c && opts.label === undefined && self.mod && self.mod.cardFace
        ? self.mod.cardFace(c, String(id), lang) : null;
      if (drawn) {
        el.classList.add(...drawn.className);
        el.append(...drawn.nodes);
      } else {
        el.append(h("span.card-name", {}, opts.label !== undefined ? String(opts.label) : self.cardName(id, cards)));
      }
      if (opts.sub) el.append(h("span.card-sub", {}, String(opts.sub)));
      if (!c) el.classList.add("unknown");
      refEl(el, opts.ref !== undefined ? opts.ref : id);
      // every card can be read by keyboard: a tab stop (not a button) whose focus shows its text in
      // the card panel, which describes it; a clickable place holding it takes its stop (unnest)
      if (!el.classList.contains("clickable") && opts.focusable !== false) el.tabIndex = 0;
      el.setAttribute("aria-describedby", "card-detail");
      return el;
    };
    return {
      lang,
      seat: this.seat,
      t,
      card: (id) => self.cardInfo(id, cards),
      cardEl,
      refEl,
      actions: live ? this.actions() : [],
      // extras beyond the shared interface (optional for modules)
      selection: live ? [...this.selection] : [],
      cards: cards || {},
      cardName: (id) => self.cardName(id, cards),
      // an option chosen directly (a button of the generic table): confirmed, then sent, as a
      // button of the actions panel is
      choose: live ? (a) => self.chooseAction(a) : undefined,
    };
  }

  // ------------------------------------------------------------------ rendering
  current() {
    if (this.replay && this.replay.data) {
      const d = this.replay.data;
      return { view: d.view, log: d.log || [], cards: d.cards || {}, live: false };
    }
    if (!this.msg) return null;
    return { view: this.msg.view, log: this.msg.log || [], cards: this.msg.cards || {}, live: true };
  }

  render() {
    const cur = this.current();
    if (!cur || !cur.view) { this.renderStatus(); return; }
    const focus = rememberFocus();
    // state of the page for tests and styles: seq, whether this seat must decide, game over
    this.page.dataset.seq = String(this.msg ? this.msg.seq : "");
    this.page.dataset.mine = this.actions().length ? "1" : "0";
    this.page.dataset.over = this.msg && this.msg.over ? "1" : "0";
    this.page.dataset.replay = this.replay ? String(this.replay.step) : "";
    this.renderStatus();
    this.renderOver();
    this.renderBoard(cur);
    this.renderZones(cur);
    this.renderPrompt(cur);
    this.renderActions();
    this.renderLog(cur.log);
    this.renderLast(cur);
    document.title = tabTitle(this.actions().length > 0, this.gameTitle());
    // a replay marks the lines of the step's own action
    const from = this.replay && this.replay.data && Number.isInteger(this.replay.data.step_from) && this.replay.step > 0
      ? this.replay.data.step_from : Infinity;
    [...this.el.log.children].forEach((el, i) => el.classList.toggle("step-line", i >= from));
    // the card panel in the current language (after a switch) and the current step of a replay
    if (this.detailId && this.cardInfo(this.detailId, cur.cards)) this.showCard(this.detailId, null, true);
    this.paintStatic();
    restoreFocus(this.page, focus);
  }

  /** The last action's lines in the log and what they name on the table (lastmove.js). */
  renderLast(cur) {
    const last = lastAction(this.msg, this.replay, this.seat);
    const viewer = this.seat === null ? 0 : this.seat;
    markLast(this.page, this.el.log, [this.el.board, this.el.oppZone], cur.log, last, viewer, t(this.replay ? "replay_title" : "last_action"));
  }

  /** A new decision of this seat: a sound and a notification when the page is hidden (turn.js). */
  turnAlert() {
    const done = alertTurn(this.gameTitle(), this.msg.prompt, this.room);
    if (done) {
      this.alerts += 1;
      this.page.dataset.alerts = String(this.alerts);
      this.page.dataset.alerted = done;
    }
  }

  renderStatus() {
    const S = this.el.status;
    clear(S);
    const view = this.msg && this.msg.view;
    const gameName = this.game ? this.gameTitle() : "…";
    S.append(h("a.btn.ghost.lobby-link", { href: "/" }, "← ", t("back_to_lobby")));
    S.append(h("h1.game-title", {}, gameName, this.variant && this.variant !== "default" ? h("span.variant", {}, " ", this.variant) : null));
    const v = this.current() ? this.current().view : view;
    if (v) {
      S.append(stat(t("turn"), String(v.turn)));
      const ph = this.mod && this.mod.phaseName ? this.mod.phaseName(v.phase, getLang()) : v.phase;
      S.append(stat(t("phase"), String(ph)));
      const d = v.decision;
      if (!v.over && d && (d.player === 0 || d.player === 1)) {
        const mine = this.seat === d.player && !this.replay;
        const el = stat(t("to_decide"), mine ? t("your_decision") : t("waiting_for", { n: d.player }));
        if (mine) el.classList.add("mine");
        S.append(el);
      }
    }
    S.append(h("span.stat.seat-stat", {}, this.seat === null ? t("spectator") : t("seat_label", { n: this.seat })));
    const pl = h("ul.players", { "aria-label": "players" });
    this.players.forEach((p, i) => {
      const ai = p.kind === "ai";
      const on = ai || !!p.connected;
      const name = `P${i}` + (i === this.seat ? ` (${t("you")})` : "") + (ai ? ` · ${p.name || t("ai")}` : "");
      pl.append(h(`li.player${on ? ".on" : ".off"}`, {},
        h("span.dot", { "aria-hidden": "true" }),
        name, " ", h("span.conn-word", {}, ai ? "" : on ? t("connected") : t("disconnected"))));
    });
    S.append(pl);
    const tools = h("div.tools");
    tools.append(h("button.btn", { type: "button", onclick: () => this.openRules() }, t("rules")));
    if (this.msg && this.msg.over) {
      tools.append(h("button.btn", { type: "button", "aria-pressed": this.replay ? "true" : "false",
        onclick: () => (this.replay ? this.closeReplay() : this.openReplay()) }, t("replay")));
    } else if (this.seat !== null && this.msg) {
      tools.append(h("button.btn.danger", { type: "button", onclick: () => {
        if (window.confirm(t("concede_confirm"))) this.sock.send({ type: "concede" });
      } }, t("concede")));
    }
    S.append(tools);
  }

  renderOver() {
    const O = this.el.over;
    if (!this.msg || !this.msg.over) { O.hidden = true; return; }
    O.hidden = false;
    clear(O);
    const v = this.msg.view;
    let head = t("game_over");
    if (!this.msg.result) {
      if (v.winner === 0 || v.winner === 1) {
        head += " — " + (this.seat === null ? t("winner", { n: v.winner }) : v.winner === this.seat ? t("you_win") : t("you_lose"));
      } else {
        head += " — " + t("draw");
      }
    }
    O.append(h("strong", {}, head), this.msg.result ? h("span", {}, " — ", String(this.msg.result)) : null);
    const people = this.players.map((p, i) => (p.kind === "ai" ? null : i)).filter((i) => i !== null);
    O.append(afterGame({ seat: this.seat, people, rematch: this.rematchMsg }, {
      download: (kind) => this.download(kind),
      rematch: () => { if (!this.sock.send({ type: "rematch" })) this.showRefusal(t("conn_lost"), ""); },
    }));
  }

  async download(kind) {
    try {
      const name = await download(this.room, this.token, kind);
      toast(t("downloaded", { name }));
    } catch (err) {
      this.showRefusal(err.message, "");
    }
  }

  renderBoard(cur) {
    const B = this.el.board;
    clear(B);
    const ctx = this.makeCtx(cur.view, cur.cards, cur.live);
    let el;
    try {
      el = (this.mod && this.mod.renderTable ? this.mod.renderTable : fallbackTable)(cur.view, ctx);
    } catch (err) {
      console.error(err);
      el = fallbackTable(cur.view, ctx);
    }
    if (el) B.append(el);
    unnest(B);
    this.renderMarks();
  }

  renderZones(cur) {
    const v = cur.view;
    const ctx = this.makeCtx(v, cur.cards, cur.live);
    const me = this.seat === 0 || this.seat === 1 ? this.seat : 0;
    const order = [1 - me, me];
    const discardName = this.mod && this.mod.discardName ? this.mod.discardName(getLang()) : t("discard");
    [this.el.oppZone, this.el.ownZone].forEach((Z, i) => {
      clear(Z);
      const p = order[i];
      const pl = (v.players || [])[p] || {};
      // a spectator reads the seats by their names only ("P1", not "P1 · P1")
      const who = this.seat === p ? t("you") : this.seat === null ? "" : t("opponent");
      const head = h("div.zone-head", {}, h("span.zone-who", {}, who ? `P${p} · ${who}` : `P${p}`));
      head.append(count(t("hand"), pl.hand_count), count(t("deck"), pl.deck_count));
      const disc = Array.isArray(pl.discard) ? pl.discard : [];
      const det = h("details.pile", { dataset: { pile: `discard-${p}` } });
      if (this.openPiles && this.openPiles.has(`discard-${p}`)) det.open = true;
      det.addEventListener("toggle", () => {
        this.openPiles = this.openPiles || new Set();
        if (det.open) this.openPiles.add(`discard-${p}`); else this.openPiles.delete(`discard-${p}`);
      });
      det.append(h("summary", {}, `${discardName} ${disc.length}`,
        disc.length ? h("span.pile-top", {}, " · ", this.cardName(disc[disc.length - 1], cur.cards)) : null));
      const list = h("div.chips");
      for (const id of disc) list.append(ctx.cardEl(id, { className: "small", focusable: true }));
      if (!disc.length) list.append(h("span.muted", {}, t("empty")));
      det.append(list);
      head.append(det);
      Z.append(head);
      if (Array.isArray(pl.hand)) {
        const hand = h("div.hand", { role: "list", "aria-label": this.seat === p ? t("your_hand") : `${t("hand")} P${p}` });
        for (const id of pl.hand) hand.append(h("div.hand-slot", { role: "listitem" }, ctx.cardEl(id, { className: "hand-card", focusable: true, face: true })));
        if (!pl.hand.length) hand.append(h("span.muted", { role: "listitem" }, t("empty")));
        Z.append(h("h2.zone-title", {}, this.seat === p ? t("your_hand") : t("hand")), hand);
      } else if (Number(pl.hand_count) > 0) {
        // a hand this seat does not see: its cards' backs (the count beside says how many)
        const backs = h("div.hand-backs", { "aria-hidden": "true" });
        for (let i = 0; i < Math.min(Number(pl.hand_count), 40); i++) backs.append(h("span.card-back.small"));
        head.append(backs);
      }
    });
  }

  renderPrompt(cur) {
    const E = this.el;
    const v = cur.view;
    E.promptHead.textContent = t("prompt");
    let text = "";
    if (this.replay) text = t("replay_step", { n: this.replay.step, m: this.replay.steps });
    else if (this.msg.over) text = t("game_over") + (this.msg.result ? ": " + this.msg.result : "");
    else if (this.msg.prompt) text = String(this.msg.prompt);
    else if (v.decision && (v.decision.player === 0 || v.decision.player === 1)) text = t("waiting_for", { n: v.decision.player });
    E.prompt.textContent = text;
    E.prompt.classList.toggle("mine", !!(this.msg.actions && this.msg.actions.length && !this.replay));
  }

  // marks on the table: selected tokens and the tokens that would narrow the selection
  renderMarks() {
    const sel = new Set(this.selection);
    const next = new Set();
    if (this.selection.length) for (const a of this.candidates(this.selection)) for (const r of a.refs || []) if (!sel.has(String(r))) next.add(String(r));
    for (const el of this.page.querySelectorAll("[data-ref]")) {
      const tok = el.dataset.ref;
      el.classList.toggle("selected", sel.has(tok));
      el.classList.toggle("next", next.has(tok) && el.classList.contains("clickable"));
      if (el.classList.contains("clickable") && (el.tagName === "BUTTON" || el.getAttribute("role") === "button")) {
        el.setAttribute("aria-pressed", sel.has(tok) ? "true" : "false");
      }
    }
    document.dispatchEvent(new CustomEvent("fudaba-selection", { detail: { selection: [...this.selection] } }));
  }

  renderActions(focusFirst) {
    const E = this.el;
    this.page.dataset.busy = this.busy ? "1" : "0";
    clear(E.actions);
    clear(E.selection);
    const acts = this.actions();
    // a player's tools while the game is on: a spectator, a finished game and a replay have none
    const playing = this.seat !== null && !!this.msg && !this.msg.over && !this.replay;
    this.page.dataset.playing = playing ? "1" : "0";
    E.notation.hidden = !playing;
    E.confirmSetting.hidden = !playing;
    E.notifySetting.hidden = !playing;
    E.actionsTitle.hidden = !playing;
    E.notationInput.disabled = !playing;
    E.notationSend.disabled = !playing;
    if (this.seat === null && !this.replay && this.msg && !this.msg.over) {
      E.actions.append(h("p.muted.spectating-note", {}, t("spectating_note")));
      return;
    }
    if (!playing) return;
    if (!acts.length) {
      E.actions.append(h("p.muted", {}, t("no_actions")));
      return;
    }
    const disabled = this.busy;
    if (this.confirming) {
      const a = this.confirming;
      const box = h("div.confirm-box", { role: "group", "aria-label": t("confirm_action") },
        h("p.confirm-q", {}, t("confirm_action")),
        h("p.confirm-action", {}, h("code", {}, a.text), a.gloss ? h("span.gloss", {}, " ", String(a.gloss)) : null));
      const send = h("button.btn.primary", { type: "button", disabled, dataset: { action: a.text, role: "send" },
        onclick: () => this.send(a.text) }, t("send"));
      const cancel = h("button.btn", { type: "button", onclick: () => { this.clearSelection(); this.renderMarks(); this.renderActions(true); } }, t("cancel"));
      box.append(h("div.row", {}, send, cancel));
      E.actions.append(box);
      if (focusFirst) send.focus();
      return;
    }
    let first = null;
    if (this.selection.length) {
      const cands = this.candidates(this.selection);
      E.selection.append(h("span", {}, t("selected", { refs: this.selection.map((r) => this.refLabel(r)).join(" + ") })), " ",
        h("button.btn.small", { type: "button", onclick: () => { this.clearSelection(); this.renderMarks(); this.renderActions(true); } }, t("clear_selection")));
      const list = h("div.action-list");
      for (const a of cands) {
        const b = this.actionButton(a, disabled);
        first = first || b;
        list.append(b);
      }
      E.actions.append(list);
      if (focusFirst && first) first.focus();
      return;
    }
    // refless actions first (pass, end, done…), then the rest grouped
    const plain = acts.filter((a) => !(a.refs || []).length);
    const rest = acts.filter((a) => (a.refs || []).length);
    if (plain.length) {
      const row = h("div.action-list.plain");
      for (const a of plain) row.append(this.actionButton(a, disabled, "primary"));
      E.actions.append(row);
    }
    const groups = groupActions(rest);
    for (const g of groups) {
      if (g.items.length <= 3 || groups.length === 1 && g.items.length <= 8) {
        const list = h("div.action-list");
        for (const a of g.items) list.append(this.actionButton(a, disabled));
        E.actions.append(list);
      } else {
        const det = h("details.action-group", { dataset: { group: g.key } });
        if (this.openGroups && this.openGroups.has(g.key)) det.open = true;
        det.addEventListener("toggle", () => {
          this.openGroups = this.openGroups || new Set();
          if (det.open) this.openGroups.add(g.key); else this.openGroups.delete(g.key);
        });
        const gl = g.items[0].gloss ? String(g.items[0].gloss).split(/[,、]/)[0] : "";
        det.append(h("summary", {}, h("code", {}, g.label), gl ? h("span.gloss", {}, " ", gl) : null, h("span.count", {}, ` (${g.items.length})`)));
        const list = h("div.action-list.compact");
        for (const a of g.items) list.append(this.actionButton(a, disabled, "", g.prefix));
        det.append(list);
        E.actions.append(det);
      }
    }
  }

  refLabel(tok) {
    const cur = this.current();
    const id = String(tok).split(":").pop();
    if (cur && cur.cards && cur.cards[id]) return this.cardName(id, cur.cards);
    return String(tok);
  }

  actionButton(a, disabled, kind, prefix) {
    const label = prefix && a.text.startsWith(prefix) ? a.text.slice(prefix.length).trim() || a.text : a.text;
    const b = h(`button.btn.action${kind ? "." + kind : ""}`, { type: "button", disabled, dataset: { action: a.text },
      title: a.gloss ? `${a.text} — ${a.gloss}` : a.text,
      onclick: () => this.chooseAction(a) },
    h("code", {}, label));
    if (a.gloss && !prefix) b.append(h("span.gloss", {}, String(a.gloss)));
    if (prefix) b.setAttribute("aria-label", a.gloss ? `${a.text} — ${a.gloss}` : a.text);
    return b;
  }

  renderLog(lines) {
    const L = this.el.log;
    const texts = lines.map((l) => String(l.text));
    const same = this.logShown.length <= texts.length && this.logShown.every((x, i) => x === texts[i]);
    if (!this.logScrollWired) {
      // follow new lines unless the reader scrolled up
      this.logScrollWired = true;
      this.logStick = true;
      // only the reader's own scrolling (wheel, touch, keys, the scroll bar) unsticks it: a relayout
      // (a resized window, a full-page screenshot, a panel growing) also fires "scroll" events
      let byReader = 0;
      const reader = () => { byReader = Date.now(); };
      for (const ev of ["wheel", "touchstart", "keydown", "pointerdown"]) L.addEventListener(ev, reader, { passive: true });
      L.addEventListener("scroll", () => {
        if (Date.now() - byReader < 1500) this.logStick = L.scrollHeight - L.scrollTop - L.clientHeight < 40;
      });
      // keep the last line in view when the list shrinks (the card panel above it grows)
      if (window.ResizeObserver) new ResizeObserver(() => { if (this.logStick) L.scrollTop = L.scrollHeight; }).observe(L);
    }
    const atBottom = this.logStick;
    if (!same) {
      clear(L);
      this.logShown = [];
    }
    for (let i = this.logShown.length; i < lines.length; i++) {
      const l = lines[i];
      L.append(h(`div.log-line${l.mine ? ".mine" : ""}`, { dataset: { n: Number.isInteger(l.n) ? String(l.n) : "" } }, l.mine ? [h("span.mine-mark", { "aria-hidden": "true" }, "▶ "), h("span.sr-only", {}, `${t("you")}: `)] : null, String(l.text)));
    }
    this.logShown = texts;
    if (atBottom || !same) {
      L.scrollTop = L.scrollHeight;
      this.logStick = true;
      // and once more after the layout settles (fonts, a panel that grows with the same message)
      requestAnimationFrame(() => { if (this.logStick) L.scrollTop = L.scrollHeight; });
    }
  }

  showCard(id, el, refresh) {
    this.detailId = id;
    const cur = this.current();
    const D = this.el.detail;
    delete D.dataset.empty;
    clear(D);
    const c = cur ? this.cardInfo(id, cur.cards) : undefined;
    if (!c) {
      D.append(h("p.muted", {}, String(id)));
    } else {
      D.append(h("p.detail-name", {}, h("strong", { lang: "ja" }, String(c.name || id)),
        c.en ? h("span.detail-en", { lang: "en" }, " / ", String(c.en)) : null,
        h("span.detail-id", {}, " ", String(id))));
      if (c.text) D.append(h("pre.detail-text", {}, String(c.text)));
    }
    if (!refresh) document.dispatchEvent(new CustomEvent("fudaba-card", { detail: { id, el } }));
  }

  // ------------------------------------------------------------------ rules
  buildRules() {
    const d = h("dialog.rules-dialog", { "aria-labelledby": "rules-title" });
    this.rules = {};
    const R = this.rules;
    R.title = h("h2", { id: "rules-title" });
    R.secLabel = h("label", { for: "rules-section" });
    R.secInput = h("input", { id: "rules-section", type: "text", size: "8" });
    R.show = h("button.btn", { type: "submit" });
    R.index = h("button.btn", { type: "button", onclick: () => this.loadRules("") });
    R.close = h("button.btn", { type: "button", onclick: () => d.close() });
    R.text = h("div.rules-text", { "aria-live": "polite", tabindex: "0" });
    const form = h("form.rules-form", { onsubmit: (e) => { e.preventDefault(); this.loadRules(R.secInput.value.trim()); } },
      R.secLabel, R.secInput, R.show, R.index);
    R.hint = h("p.hint.rules-hint");
    d.append(h("div.dialog-head", {}, R.title, R.close), form, R.hint, R.text);
    return d;
  }

  paintRulesStatic() {
    const R = this.rules;
    const name = this.game ? this.gameTitle() : "";
    R.title.textContent = t("rules_title") + (name ? ` — ${name}` : "");
    R.secLabel.textContent = t("rules_section");
    R.show.textContent = t("rules_show");
    R.index.textContent = t("rules_index");
    R.close.textContent = t("close");
    R.hint.textContent = t("rules_hint");
  }

  openRules() {
    const d = this.el.rulesDialog;
    if (typeof d.showModal === "function") d.showModal(); else d.setAttribute("open", "");
    this.loadRules(this.rules.section || "");
    this.rules.secInput.focus();
  }

  async loadRules(section) {
    const R = this.rules;
    R.section = section;
    R.secInput.value = section;
    if (!this.game) return;
    clear(R.text);
    try {
      const q = new URLSearchParams({ lang: getLang() });
      if (section) q.set("section", section);
      if (this.variant) q.set("variant", this.variant);
      const res = await getJSON(`/api/rules/${encodeURIComponent(this.game)}?${q}`);
      clear(R.text);
      R.text.append(rulesBody(String(res.text || ""), (s) => this.loadRules(s)));
    } catch (err) {
      clear(R.text);
      R.text.append(h("p.error", { role: "alert" }, err.status === 404 && section ? t("rules_none", { s: section }) : err.message));
    }
  }

  // ------------------------------------------------------------------ replay
  async openReplay() {
    this.replay = { step: 0, steps: 0, data: null };
    this.clearSelection();
    await this.loadReplay(null); // the last step: the final position, then step back from it
  }

  closeReplay() {
    this.stopAutoplay();
    this.replay = null;
    this.el.replayBar.hidden = true;
    this.render();
  }

  async loadReplay(step) {
    if (!this.replay) return;
    try {
      const q = new URLSearchParams({ lang: getLang() });
      if (step !== null && step !== undefined) q.set("step", String(step));
      const headers = this.token ? { "X-Fudaba-Token": this.token } : {};
      const data = await getJSON(`/api/rooms/${encodeURIComponent(this.room)}/replay?${q}`, headers);
      if (!this.replay) return;
      this.replay = { step: Number(data.step), steps: Number(data.steps), data };
      this.renderReplayBar();
      this.render();
    } catch (err) {
      this.showRefusal(err.message, "");
    }
  }

  renderReplayBar() {
    const B = this.el.replayBar;
    clear(B);
    if (!this.replay) { B.hidden = true; return; }
    B.hidden = false;
    const { step, steps } = this.replay;
    const go = (n) => this.loadReplay(Math.max(0, Math.min(steps, n)));
    const range = h("input", { type: "range", min: "0", max: String(steps), value: String(step), id: "replay-range",
      onchange: (e) => go(Number(e.target.value)) });
    B.append(h("strong", {}, t("replay_title")),
      h("button.btn", { type: "button", disabled: step <= 0, onclick: () => go(0), dataset: { step: "first" } }, "« ", t("first")),
      h("button.btn", { type: "button", disabled: step <= 0, onclick: () => go(step - 1), dataset: { step: "prev" } }, "◀ ", t("prev")),
      h("label.sr-only", { for: "replay-range" }, t("replay_step", { n: step, m: steps })), range,
      h("span.replay-pos", { "aria-live": "polite" }, t("replay_step", { n: step, m: steps }),
        step > 0 && this.replay.data ? h("span.replay-action", { title: String(this.replay.data.action || "") },
          stepWords(this.replay.data)) : null),
      h("button.btn", { type: "button", disabled: step >= steps, onclick: () => go(step + 1), dataset: { step: "next" } }, t("next"), " ▶"),
      h("button.btn", { type: "button", disabled: step >= steps, onclick: () => go(steps), dataset: { step: "last" } }, t("last"), " »"),
      ...this.autoplayControls(),
      h("button.btn", { type: "button", onclick: () => this.closeReplay() }, t("close")));
    this.page.dataset.autoplay = this.autoplay ? "1" : "";
  }

  // the replay's autoplay: a step every 0.5, 1 or 2 s (remembered) until the last, or a pause
  autoplayControls() {
    const speed = h("select", { id: "replay-speed", onchange: (e) => {
      this.replaySpeed = Number(e.target.value);
      try { localStorage.setItem(SPEED_KEY, String(this.replaySpeed)); } catch (_) { /* ignore */ }
      if (this.autoplay) this.scheduleTick();
    } });
    for (const s of SPEEDS) speed.append(h("option", { value: String(s), selected: s === this.replaySpeed }, t("speed_s", { s })));
    return [
      h("button.btn", { type: "button", id: "autoplay", "aria-pressed": this.autoplay ? "true" : "false",
        onclick: () => (this.autoplay ? this.stopAutoplay() : this.startAutoplay()) },
      this.autoplay ? `‖ ${t("pause")}` : `▶ ${t("autoplay")}`),
      h("label.sr-only", { for: "replay-speed" }, t("replay_speed")), speed,
    ];
  }

  async startAutoplay() {
    if (!this.replay) return;
    this.autoplay = true;
    if (this.replay.step >= this.replay.steps) await this.loadReplay(0); // from the start again
    this.renderReplayBar();
    this.scheduleTick();
  }

  stopAutoplay() {
    clearTimeout(this.autoTimer);
    if (!this.autoplay) return;
    this.autoplay = false;
    if (this.replay) this.renderReplayBar();
  }

  scheduleTick() {
    clearTimeout(this.autoTimer);
    this.autoTimer = setTimeout(() => this.tick(), this.replaySpeed * 1000);
  }

  async tick() {
    if (!this.autoplay || !this.replay) return;
    if (this.replay.step < this.replay.steps) await this.loadReplay(this.replay.step + 1);
    if (!this.replay || this.replay.step >= this.replay.steps) this.stopAutoplay();
    else if (this.autoplay) this.scheduleTick();
  }
}

// ------------------------------------------------------------------ helpers
/** Why the server closed the connection for good (docs/server.md: the 44xx close codes). */
function fatalText(code) {
  if (code === 4404) return t("no_room");
  if (code === 4429) return t("room_full");
  if (code === 4401) return t("bad_token");
  return t("bad_request", { code });
}

function stat(label, value) {
  return h("span.stat", {}, h("span.stat-label", {}, label), " ", h("span.stat-value", {}, value));
}

function count(label, n) {
  return h("span.count-badge", { title: t("count_title", { label, n: n ?? "?" }) }, h("span.count-label", {}, label), " ", h("span.count-n", {}, String(n ?? "?")));
}

/** Group actions: same verb and first argument together (e.g. every square of one card); small
 * groups of one verb are merged back into one group of whole actions (prefix null). */
function groupActions(acts) {
  const map = new Map();
  for (const a of acts) {
    const words = a.text.split(/\s+/);
    const key = words.length > 2 ? words.slice(0, 2).join(" ") : words[0];
    if (!map.has(key)) map.set(key, { key, label: key, prefix: words.length > 2 ? key + " " : null, items: [] });
    map.get(key).items.push(a);
  }
  const out = [];
  const byVerb = new Map();
  for (const g of map.values()) {
    if (g.items.length > 3 && g.prefix) { out.push(g); continue; }
    const verb = g.key.split(" ")[0];
    if (!byVerb.has(verb)) {
      const m = { key: verb, label: verb, prefix: null, items: [] };
      byVerb.set(verb, m);
      out.push(m);
    }
    byVerb.get(verb).items.push(...g.items);
  }
  return out;
}

/** A rules text as the page shows it: each line a block (its leading spaces an indent, a list item
 * hanging after its marker), every "§5.3" reference a link to that section. */
function rulesBody(text, go) {
  const out = h("div.rules-body");
  for (const line of text.split("\n")) {
    const body = line.trimStart();
    const indent = line.length - body.length;
    const marker = /^(?:[-*•]|\d+\.|[①-⑳])\s+/.exec(body);
    const row = h("p.rules-line", { style: { paddingLeft: `${indent + (marker ? marker[0].length : 0)}ch`,
      textIndent: marker ? `-${marker[0].length}ch` : "0" } });
    if (!body) row.classList.add("blank");
    let rest = body;
    for (let m = /§(\d+(?:\.\d+)*)/.exec(rest); m; m = /§(\d+(?:\.\d+)*)/.exec(rest)) {
      const sid = m[1];
      row.append(rest.slice(0, m.index), h("button.link", { type: "button", onclick: () => go("§" + sid) }, "§" + sid));
      rest = rest.slice(m.index + m[0].length);
    }
    row.append(rest);
    out.append(row);
  }
  return out;
}

/** A replay step in words: the log lines its action added (card names, the seat's language), or,
 * when the log says nothing of it, its notation with each card id given by its name. */
function stepWords(data) {
  const lines = Array.isArray(data.log) && Number.isInteger(data.step_from)
    ? data.log.slice(data.step_from).map((l) => String(l.text)) : [];
  if (lines.length) return lines.join(" ");
  return namedAction(String(data.action || ""), data.cards) || t("replay_no_lines");
}

/** An action's notation with every card id (also in ``label:ID``) given by the card's name. */
function namedAction(text, cards) {
  const lang = getLang();
  return String(text).split(/\s+/).map((tok) => {
    const c = (cards || {})[tok.split(":").pop()];
    return c ? (lang === "en" ? c.en || c.name : c.name || c.en) || tok : tok;
  }).join(" ");
}

/** No interactive element inside another (WCAG nested-interactive): an outer clickable place that
 * holds clickable cards keeps its click for the mouse (and its token is added when one of its cards
 * is chosen), but leaves the keyboard focus to the cards inside it. */
function unnest(root) {
  for (const el of root.querySelectorAll("[data-ref].clickable[role=button]")) {
    // cards inside that are only readable leave their tab stop to the place (its focus shows the card)
    if (!el.querySelector("[data-ref].clickable")) {
      for (const c of el.querySelectorAll(".card-chip[tabindex]")) c.removeAttribute("tabindex");
    }
    if (el.querySelector("[data-ref].clickable, [tabindex]")) {
      el.removeAttribute("role");
      el.removeAttribute("tabindex");
      el.removeAttribute("aria-pressed");
      el.removeAttribute("aria-label");
      el.classList.add("outer-ref");
    }
  }
}

function fallbackTable(view) {
  return h("pre.fallback-table", {}, JSON.stringify(view.table, null, 1));
}

function rememberFocus() {
  const a = document.activeElement;
  if (!a || a === document.body) return null;
  return {
    id: a.id || null,
    ref: a.dataset ? a.dataset.ref : null,
    action: a.dataset ? a.dataset.action : null,
    step: a.dataset ? a.dataset.step : null,
    connected: a,
  };
}

function restoreFocus(root, f) {
  if (!f) return;
  if (f.connected && f.connected.isConnected) return;
  let el = null;
  if (f.id) el = document.getElementById(f.id);
  const esc = (s) => (window.CSS && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, "\\$&"));
  if (!el && f.ref) el = root.querySelector(`[data-ref="${esc(f.ref)}"].clickable`);
  if (!el && f.action) el = root.querySelector(`[data-action="${esc(f.action)}"]`);
  if (!el && f.step) el = root.querySelector(`[data-step="${esc(f.step)}"]`);
  if (!el) el = root.querySelector(".confirm-box .primary, .action-list .btn:not([disabled]), .clickable");
  if (el) el.focus({ preventScroll: true });
}
