// HTTP helpers, seat tokens in localStorage, and the room's WebSocket with reconnect.
import { t, getLang } from "./i18n.js";

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
    const retry = retryAfter(res, body);
    const err = new Error(errorText(res.status, body, retry));
    err.status = res.status;
    err.body = body;
    err.retryAfter = retry;
    throw err;
  }
  return body;
}

/** Seconds to wait before trying again (a 429's `Retry-After` header or its body's `retry_after`). */
function retryAfter(res, body) {
  const raw = res.headers.get("Retry-After") ?? (body && typeof body === "object" ? body.retry_after : null);
  const n = Number(raw);
  return raw !== null && raw !== undefined && Number.isFinite(n) && n >= 0 ? Math.ceil(n) : null;
}

/**
 * What the page says about a refused request, in the page's language: the server's own reason
 * (`error_<lang>` when the body has one, else `error`, which the server words in the `lang` the page
 * sent), and the page's own words for what has no reason: "too many requests, retry after N s"
 * (429), a server failure (5xx, or an answer that is not JSON).
 */
export function errorText(status, body, retry) {
  const lang = getLang();
  const b = body && typeof body === "object" ? body : {};
  const own = [b[`error_${lang}`], b.error, b.reason].find((x) => typeof x === "string" && x.trim());
  if (status === 429) {
    const head = retry !== null && retry !== undefined ? t("too_many_retry", { s: retry }) : t("too_many");
    return own ? `${head} (${own})` : head;
  }
  if (own && status < 500) return own;
  if (status >= 500 || !own) return t("server_failed", { status });
  return own;
}

export async function getJSON(url, headers) {
  return parse(await fetch(url, { headers: { Accept: "application/json", "Accept-Language": getLang(), ...(headers || {}) } }));
}

/** POST `data` as JSON, with the page's language (`lang`, which the server words its answer in). */
export async function postJSON(url, data) {
  return parse(await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "Accept-Language": getLang() },
    body: JSON.stringify({ lang: getLang(), ...data }),
  }));
}

/**
 * One room's WebSocket: sends `join` on every (re)connect, reconnects with back-off, pings to
 * keep the connection alive. `handlers.message(msg)` gets every server message,
 * `handlers.status(state, attempt, code)` gets "connecting" | "reconnecting" | "open" | "closed" |
 * "fatal" (with the close code: the server refused the connection; no retry until `restart()`).
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
      // the server's own refusals (4400 bad request, 4401 bad token, 4403 not allowed, 4404 no such
      // room, 4429 the room is full, …): trying again at once would only be refused again
      if (ev.code >= 4400 && ev.code <= 4499) {
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

  /** Connect again after a refusal (the page's "connect again" button). */
  restart() {
    this.stopped = false;
    this.attempt = 0;
    clearTimeout(this.retryTimer);
    if (!this.ws) this.connect();
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
