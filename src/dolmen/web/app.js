// The client's entry point: language, account, and the screens: the lobby at /, a table at /tables/{id}, its
// replay at /tables/{id}/replay, a player at /players/{name}.
import { api, get } from "./api.js";
import { el, fill } from "./dom.js";
import { currentLanguage, preferredLanguage, setLanguage, t } from "./i18n.js";
import { showLobby } from "./lobby.js";
import { showPlayer } from "./profile.js";
import { showReplay } from "./replay.js";
import { showTable } from "./table.js";

export const session = { me: null };
let leaveScreen = null;

async function loadMe() {
  try {
    session.me = await get("/api/me");
  } catch {
    session.me = null;
  }
}

function renderAccount() {
  const box = document.getElementById("account");
  if (session.me) {
    fill(
      box,
      el("span", { class: "me" }, t("signed_in_as", { name: session.me.name })),
      " ",
      el("button", { type: "button", id: "logout", onclick: logOut }, t("log_out")),
    );
  } else {
    fill(box);
  }
}

async function logOut() {
  await api("DELETE", "/api/session");
  session.me = null;
  await route();
}

/** Called by the screens after signing up or logging in. */
export async function signedIn(account) {
  session.me = account;
  await route();
}

export function navigate(path) {
  history.pushState({}, "", path);
  route();
}

function staticTexts() {
  document.getElementById("lang-label").textContent = t("language");
  document.getElementById("lang-switch").value = currentLanguage();
  document.getElementById("home-link").setAttribute("aria-label", t("lobby"));
}

export async function route() {
  if (leaveScreen) leaveScreen();
  leaveScreen = null;
  renderAccount();
  staticTexts();
  const main = document.getElementById("app");
  const match = location.pathname.match(/^\/tables\/(\d+)\/?$/);
  const replay = location.pathname.match(/^\/tables\/(\d+)\/replay\/?$/);
  const player = location.pathname.match(/^\/players\/([^/]+)\/?$/);
  if (replay) {
    leaveScreen = await showReplay(main, Number(replay[1]));
  } else if (match) {
    leaveScreen = await showTable(main, Number(match[1]));
  } else if (player) {
    leaveScreen = await showPlayer(main, decodeURIComponent(player[1]));
  } else {
    document.title = `Dolmen — ${t("lobby")}`;
    leaveScreen = await showLobby(main);
  }
}

async function start() {
  await setLanguage(preferredLanguage());
  const select = document.getElementById("lang-switch");
  select.addEventListener("change", async () => {
    await setLanguage(select.value);
    if (session.me) {
      // The account's language too: turn emails follow what its person reads.
      session.me = await api("PATCH", "/api/me", { language: select.value }).catch(() => session.me);
    }
    await route();
  });
  document.getElementById("home-link").addEventListener("click", (event) => {
    event.preventDefault();
    navigate("/");
  });
  window.addEventListener("popstate", route);
  await loadMe();
  await route();
}

start();
