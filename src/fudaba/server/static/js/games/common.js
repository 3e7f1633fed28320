// What the per-game table modules share (the DOM helper itself is ../dom.js's h).

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
