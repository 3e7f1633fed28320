// HTTP helpers, seat tokens in localStorage, and the room's WebSocket with reconnect.

import { getLang } from "./i18n.js";

const TOKENS = "fudaba.tokens";

export function loadTokens() {
  try {
    const raw = JSON.parse(localStorage.getItem(TOKENS) || "{}");
    return raw && typeof raw === "object" && !Array.isArray(raw) ? raw : {};
  } catch (_) {
    return {};
  }
}

export function saveToken(room, token) {
  const all = loadTokens();
  all[room] = token;
  try { localStorage.setItem(TOKENS, JSON.stringify(all)); } catch (_) { /* storage disabled */ }
}

export function tokenFor(room) {
  const tok = loadTokens()[room];
  return typeof tok === "string" ? tok : null;
}

/** Take `#t=<token>` from the address (stored for `room`) and remove the fragment. */
export function takeFragmentToken(room) {
  const m = /(?:^#|&)t=([^&]+)/.exec(location.hash || "");
  if (!m) return null;
  const tok = decodeURIComponent(m[1]);
  saveToken(room, tok);
  history.replaceState(null, "", location.pathname + location.search);
  return tok;
}

async function parse(res) {
  let body = null;
  try { body = await res.json(); } catch (_) { body = null; }
  if (!res.ok) {
    // a refusal carries its reason in both languages (error_ja, error_en): the page's own language
    const reason = body && (body["error_" + getLang()] || body.error || body.reason || body.detail);
    const err = new Error(reason ? String(reason) : `HTTP ${res.status}`);
    err.status = res.status;
    err.body = body;
    throw err;
  }
  return body;
}

export async function getJSON(url, headers) {
  return parse(await fetch(url, { headers: { Accept: "application/json", ...(headers || {}) } }));
}

export async function postJSON(url, data) {
  return parse(await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(data),
  }));
}

/**
 * One room's WebSocket: sends `join` on every (re)connect, reconnects with back-off, pings to
 * keep the connection alive. `handlers.message(msg)` gets every server message,
 * `handlers.status(state, attempt)` gets "connecting" | "open" | "closed" | "fatal".
 */
export class RoomSocket {
  constructor(room, token, lang, handlers) {
    this.room = room;
    this.token = token;
    this.lang = lang;
    this.handlers = handlers;
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.pingTimer = null;
    this.retryTimer = null;
    this.connect();
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws/${encodeURIComponent(this.room)}`;
  }

  connect() {
    if (this.stopped) return;
    this.handlers.status(this.attempt ? "reconnecting" : "connecting", this.attempt);
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (_) {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.attempt = 0;
      ws.send(JSON.stringify({ type: "join", token: this.token, lang: this.lang }));
      this.handlers.status("open", 0);
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (_) { return; }
      if (msg && typeof msg === "object") this.handlers.message(msg);
    });
    ws.addEventListener("close", (ev) => {
      clearInterval(this.pingTimer);
      if (this.ws !== ws) return;
      this.ws = null;
      // 4401 bad token, 4404 no such room, 4400 bad request: retrying will not help
      if (ev.code === 4401 || ev.code === 4404 || ev.code === 4400 || ev.code === 4403) {
        this.stopped = true;
        this.handlers.status("fatal", 0, ev.code);
        return;
      }
      this.retry();
    });
    ws.addEventListener("error", () => { /* close follows */ });
  }

  retry() {
    if (this.stopped) return;
    this.attempt += 1;
    this.handlers.status("closed", this.attempt);
    const delay = Math.min(8000, 400 * 2 ** Math.min(this.attempt - 1, 5)) + Math.random() * 300;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  setLang(lang) {
    this.lang = lang;
    this.send({ type: "lang", lang });
  }

  close() {
    this.stopped = true;
    clearInterval(this.pingTimer);
    clearTimeout(this.retryTimer);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
  }
}
