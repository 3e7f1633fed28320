// "Your turn" (docs/server.md, "At the table"): the tab's title says when this seat must decide,
// and — when the player turned it on (remembered in localStorage) — a short sound and a
// notification tell it while the page is in the background.
import { t } from "./i18n.js";

const NOTIFY_KEY = "fudaba.notify";

export function notifySetting() {
  try { return localStorage.getItem(NOTIFY_KEY) === "1"; } catch (_) { return false; }
}

/** Turn the alert on or off (remembered); turning it on asks for the notification permission. */
export function setNotify(on) {
  try { localStorage.setItem(NOTIFY_KEY, on ? "1" : "0"); } catch (_) { /* storage disabled */ }
  if (on && "Notification" in window && Notification.permission === "default") {
    try { Notification.requestPermission(); } catch (_) { /* an old browser: no notifications */ }
  }
}

/** The tab's title: "● Your turn — fudaba" while this seat must decide, else the game's title. */
export function tabTitle(mine, gameTitle) {
  return mine ? `● ${t("your_turn")} — fudaba` : gameTitle ? `${gameTitle} — fudaba` : "fudaba 札場";
}

let audio = null;

function beep() {
  try {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return false;
    audio = audio || new Ctx();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.type = "sine";
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.0001, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.2, audio.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.4);
    return true;
  } catch (_) {
    return false;
  }
}

/**
 * A new decision of this seat arrived: when the page is hidden and the player asked for it, a sound
 * and a notification (its text: the game and the prompt; clicking it brings the tab back).
 * Returns what was done: "" (nothing), or "sound", "notification" joined by "+".
 */
export function alertTurn(gameTitle, prompt, room) {
  if (!notifySetting() || !document.hidden) return "";
  const done = [];
  if (beep()) done.push("sound");
  if ("Notification" in window && Notification.permission === "granted") {
    try {
      const n = new Notification(`${t("your_turn")} — ${gameTitle}`, { body: String(prompt || ""), tag: `fudaba-${room}` });
      n.onclick = () => { window.focus(); n.close(); };
      done.push("notification");
    } catch (_) { /* a browser that only notifies from a service worker */ }
  }
  return done.join("+");
}
