// Entry point: the header (title, language switch) and routing by path:
// "/" -> the lobby, "/r/<room>" -> the table.
import { h, clear } from "./dom.js";
import { t, langButton, onLangChange } from "./i18n.js";

const header = document.getElementById("site-header");
const main = document.getElementById("main");

function paintHeader() {
  clear(header);
  header.append(
    h("a.brand", { href: "/" }, t("app")),
    h("div.header-slot", { id: "header-slot" }),
    langSwitch,
  );
}

const langSwitch = langButton();
paintHeader();
onLangChange(() => {
  const brand = header.querySelector(".brand");
  if (brand) brand.textContent = t("app");
});

async function route() {
  const m = /^\/r\/([^/]+)\/?$/.exec(location.pathname);
  clear(main);
  try {
    if (m) {
      const { mountTable } = await import("./table.js");
      await mountTable(main, decodeURIComponent(m[1]));
    } else {
      const { mountLobby } = await import("./lobby.js");
      await mountLobby(main);
    }
  } catch (err) {
    clear(main);
    main.append(h("p.error", { role: "alert" }, t("load_failed", { msg: err && err.message ? err.message : String(err) })));
    console.error(err);
  }
}

route();
