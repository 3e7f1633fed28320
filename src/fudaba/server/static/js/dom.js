// Tiny DOM helpers. Text always goes in with textContent / createTextNode, never innerHTML.

/**
 * h("button.primary", {type: "button", onclick: fn, "aria-label": "…"}, "text", child, …)
 * Attribute keys starting with "on" add listeners; `dataset`/`style` objects are merged (a `style` text
 * goes in through `style.cssText`); `text` is
 * the element's textContent; `hidden`, `disabled`, `checked`, `value` and `selected` are set as
 * properties.
 */
export function h(tag, attrs, ...children) {
  const [name, ...classes] = tag.split(".");
  const el = document.createElement(name || "div");
  if (classes.length) el.className = classes.join(" ");
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
      else if (k === "dataset") Object.assign(el.dataset, v);
      else if (k === "text") el.textContent = String(v);
      // styles through the CSSOM, never a style attribute (which a strict Content-Security-Policy blocks)
      else if (k === "style") { if (typeof v === "object") Object.assign(el.style, v); else el.style.cssText = String(v); }
      else if (k === "class") el.className = (el.className ? el.className + " " : "") + v;
      else if (["hidden", "disabled", "checked", "value", "selected", "multiple"].includes(k)) el[k] = v;
      else el.setAttribute(k, v === true ? "" : String(v));
    }
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

let toastTimer = null;
/** A short message in the page's polite live region. */
export function toast(text) {
  const el = document.getElementById("toast");
  if (!el) return;
  el.textContent = text;
  el.classList.add("show");
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => el.classList.remove("show"), 3500);
}

/** Copy `text`; falls back to selecting an input. Resolves true when copied. */
export async function copyText(text, fallbackInput) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (_) { /* fall through */ }
  if (fallbackInput) {
    fallbackInput.focus();
    fallbackInput.select();
    try { if (document.execCommand("copy")) return true; } catch (_) { /* not supported */ }
  }
  return false;
}
