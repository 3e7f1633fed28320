// After the game (docs/server.md, "After the game"): download the record (JSON, as `fudaba replay`
// reads it) and the notation (plain text), and the rematch — the same settings with the seats
// swapped, asked by every person at the table (against the AI at once), the new room's link given
// to each.
import { h } from "./dom.js";
import { t, getLang } from "./i18n.js";
import { errorText, saveToken } from "./net.js";

/** Fetch the finished game's `kind` ("record" or "notation") with this seat's token and save it as
 * the file the server names. Throws an Error with the server's reason when it is refused. */
export async function download(room, token, kind) {
  const res = await fetch(`/api/rooms/${encodeURIComponent(room)}/${kind}?lang=${getLang()}`, {
    headers: { "X-Fudaba-Token": token || "", "Accept-Language": getLang() },
  });
  if (!res.ok) {
    let body = null;
    try { body = await res.json(); } catch (_) { body = null; }
    throw new Error(errorText(res.status, body, null));
  }
  const blob = await res.blob();
  const m = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") || "");
  const name = m ? m[1] : `fudaba-${room}.${kind === "record" ? "json" : "txt"}`;
  const url = URL.createObjectURL(blob);
  const a = h("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  return name;
}

/** The new room's link of a `rematch` message, its token remembered for "your games". */
export function rematchLink(msg) {
  if (!msg || typeof msg.room !== "string" || typeof msg.url !== "string") return null;
  const m = /#t=([^&]+)/.exec(msg.url);
  if (m) saveToken(msg.room, decodeURIComponent(m[1]));
  return msg.url;
}

/**
 * The after-game box of the over banner: downloads for a seat, the rematch's state and button.
 * `st`: {seat, people: seats a person holds, rematch: the last `rematch` message or null}
 * `on`: {download(kind), rematch()}
 */
export function afterGame(st, on) {
  const box = h("div.after-game", { role: "group", "aria-label": t("after_game") });
  if (st.seat !== null) {
    box.append(
      h("button.btn.small", { type: "button", dataset: { download: "record" }, onclick: () => on.download("record") }, "↓ ", t("download_record")),
      h("button.btn.small", { type: "button", dataset: { download: "notation" }, onclick: () => on.download("notation") }, "↓ ", t("download_notation")));
  }
  box.append(rematchPart(st, on));
  return box;
}

function rematchPart(st, on) {
  const r = st.rematch || { asked: [] };
  const asked = Array.isArray(r.asked) ? r.asked : [];
  const part = h("span.rematch", { dataset: { asked: asked.join(",") } });
  const url = rematchLink(r);
  if (url) {
    const newSeat = Number.isInteger(r.seat) ? r.seat : null;
    part.append(h("a.btn.small.primary", { href: url, id: "rematch-link", dataset: { room: r.room } },
      newSeat === null ? t("rematch_watch") : t("rematch_open", { n: newSeat })));
    return part;
  }
  if (st.seat === null) {
    if (asked.length) part.append(h("span.muted", {}, t("rematch_asked_by", { who: asked.map((s) => `P${s}`).join(", ") })));
    return part;
  }
  const mine = asked.includes(st.seat);
  const other = asked.some((s) => s !== st.seat);
  if (mine) {
    part.append(h("span.rematch-wait", { role: "status" }, t("rematch_waiting")));
  } else {
    part.append(h("button.btn.small", { type: "button", id: "rematch", onclick: () => on.rematch() },
      other ? t("rematch_accept") : t("rematch")));
    if (other) part.append(" ", h("span.rematch-offer", { role: "status" }, t("rematch_offered")));
  }
  return part;
}
