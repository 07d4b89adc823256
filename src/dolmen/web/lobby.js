// The lobby: account forms and settings, the tables (mine, open, running, finished), creating a table, the lobby
// chat and the leaderboard. Tables and chat come live from the lobby's socket (/ws/lobby); "my tables" with
// `your_turn` from GET /api/me/tables, asked again when a table changes, when the tab comes back, and every 30
// seconds (a turn passing at a table is not a lobby event). Chat commands (/join ID, /leave ID, /start ID,
// /bot ID LEVEL|NAME[:LEVEL], /watch ID) go through the lobby's socket and do what the buttons do.
import { get, post } from "./api.js";
import { navigate, session, signedIn } from "./app.js";
import { chatBox } from "./chat.js";
import { createForm } from "./create.js";
import { el, fill } from "./dom.js";
import { errorText, labelled, refusalText } from "./forms.js";
import { currentLanguage, t } from "./i18n.js";
import { turnAlert } from "./notify.js";
import { leaderboard } from "./profile.js";
import { settingsForm } from "./settings.js";
import { liveSocket } from "./socket.js";
import { setupText } from "./time.js";

const MINE_EVERY_MS = 30000;
const FINISHED_SHOWN = 20;

function accountForms(onDone) {
  const status = el("p", { class: "error", role: "alert" });
  const name = el("input", { name: "name", autocomplete: "username", required: true, minlength: 2, maxlength: 32 });
  const password = el("input", { name: "password", type: "password", autocomplete: "current-password", required: true, minlength: 8 });
  async function submit(kind) {
    status.textContent = "";
    try {
      const body = { name: name.value.trim(), password: password.value };
      const account = kind === "signup"
        ? await post("/api/accounts", { ...body, language: currentLanguage() })
        : await post("/api/session", body);
      await onDone(account);
    } catch (error) {
      status.textContent = errorText(error);
    }
  }
  return el(
    "form",
    { class: "card account-form", "aria-labelledby": "account-title", onsubmit: (e) => { e.preventDefault(); submit("login"); } },
    el("h2", { id: "account-title" }, t("account")),
    labelled(t("name"), name),
    labelled(t("password"), password),
    el("div", { class: "row" },
      el("button", { type: "submit", id: "login" }, t("log_in")),
      el("button", { type: "button", id: "signup", onclick: () => submit("signup") }, t("sign_up"))),
    status,
  );
}

function seatName(seat) {
  if (seat.name) return seat.name;
  if (seat.bot) return t("bot_named", { bot: seat.bot });
  return t("open_seat");
}

const isMine = (table) => Boolean(session.me && table.seats.some((s) => s.name === session.me.name));

function tableRow(table, act) {
  const me = session.me;
  const seated = isMine(table);
  const hasOpen = table.seats.some((s) => s.open);
  const actions = [];
  if (table.status === "open" && me && !seated && hasOpen) {
    actions.push(el("button", { type: "button", class: "join", onclick: () => act(`/api/tables/${table.id}/join`) }, t("join")));
  }
  if (table.status === "open" && me && seated) {
    if (table.creator === me.id && !hasOpen) {
      actions.push(el("button", { type: "button", class: "start", onclick: async () => { if (await act(`/api/tables/${table.id}/start`)) navigate(`/tables/${table.id}`); } }, t("start")));
    }
    actions.push(el("button", { type: "button", class: "leave", onclick: () => act(`/api/tables/${table.id}/leave`) }, t("leave")));
  }
  const open = (path) => (e) => { e.preventDefault(); navigate(path); };
  const label = table.status === "finished" ? t("view_end") : seated ? t("open_table") : t("watch");
  actions.push(el("a", { href: `/tables/${table.id}`, class: "button open-table", onclick: open(`/tables/${table.id}`) }, label));
  if (table.status === "finished") {
    actions.push(el("a", { href: `/tables/${table.id}/replay`, class: "button replay-link", onclick: open(`/tables/${table.id}/replay`) }, t("replay")));
  }
  return el(
    "li",
    { class: `table-row${seated ? " mine" : ""}${table.your_turn ? " your-turn" : ""}`, dataset: { table: table.id } },
    el("span", { class: "table-title" }, `#${table.id} ${t(`game.${table.game}`)} · ${t("n_players", { n: table.players })}`),
    table.your_turn ? el("strong", { class: "badge" }, t("your_turn")) : null,
    table.private ? el("span", { class: "badge-soft private" }, t("private_table_short")) : null,
    el("span", { class: "table-setup small" }, setupText(table)),
    el("span", { class: "table-seats" }, table.seats.map(seatName).join(", ")),
    el("span", { class: "table-actions" }, actions),
  );
}

/** Draw the lobby into `main`; returns the function that closes its socket. */
export async function showLobby(main) {
  const games = await get("/api/games");
  const status = el("p", { class: "error", role: "alert" });
  const kinds = session.me ? ["mine", "open", "running", "finished"] : ["open", "running", "finished"];
  const lists = Object.fromEntries(kinds.map((kind) => [kind, el("ul", { class: "tables", id: `tables-${kind}` })]));
  const known = new Map(); // every table heard of, by id
  let mine = [];
  const drawn = {};
  const alert = turnAlert();

  function draw() {
    const byStatus = (s) => [...known.values()].filter((x) => x.status === s).sort((a, b) => Number(isMine(b)) - Number(isMine(a)) || b.id - a.id);
    const shown = {
      mine,
      open: byStatus("open"),
      running: byStatus("running"),
      finished: byStatus("finished").slice(0, FINISHED_SHOWN),
    };
    for (const kind of kinds) {
      // Redraw a list only when it changed, so that an update never steals the keyboard focus.
      const key = JSON.stringify(shown[kind]);
      if (drawn[kind] === key) continue;
      drawn[kind] = key;
      fill(lists[kind], shown[kind].length ? shown[kind].map((table) => tableRow(table, act)) : el("li", { class: "empty" }, t("no_tables")));
    }
    const waiting = mine.some((x) => x.your_turn);
    document.title = `${waiting ? "● " : ""}Dolmen — ${t("lobby")}`;
    alert.update(waiting, t("your_turn_somewhere"));
  }

  async function act(path) {
    status.textContent = "";
    try {
      const table = await post(path);
      known.set(table.id, table);
      draw();
      await refreshMine();
      return true;
    } catch (error) {
      status.textContent = errorText(error);
      return false;
    }
  }

  let mineTimer = null;
  let left = false;
  async function refreshMine() {
    if (!session.me || left) return;
    clearTimeout(mineTimer);
    mineTimer = setTimeout(() => refreshMine().catch(() => {}), MINE_EVERY_MS);
    const fresh = await get("/api/me/tables");
    if (left) return;
    mine = fresh;
    draw();
  }
  const onVisible = () => { if (!document.hidden) refreshMine().catch(() => {}); };
  document.addEventListener("visibilitychange", onVisible);

  const chat = chatBox(async (text) => {
    status.textContent = "";
    if (text.startsWith("/")) {
      if (socket.send({ type: "chat", text })) return true; // a command: the answer comes on the socket
      status.textContent = t("offline");
      return false;
    }
    try {
      chat.add(await post("/api/chat", { text })); // the socket brings it to everyone else
      return true;
    } catch (error) {
      status.textContent = errorText(error);
      return false;
    }
  }, t("lobby_commands"));

  /** The answer to a chat command: the table as it is now; /start and /watch open it, as their buttons do. */
  function commanded(message) {
    const table = message.table;
    known.set(table.id, table);
    draw();
    if (message.command === "start" || message.command === "watch") navigate(`/tables/${table.id}`);
    else refreshMine().catch(() => {});
  }

  function receive(message) {
    switch (message.type) {
      case "lobby":
        for (const [id, table] of known) if (table.status !== "finished") known.delete(id);
        for (const table of message.tables) known.set(table.id, table);
        chat.show(message.chat);
        draw();
        refreshMine().catch(() => {});
        break;
      case "table":
        known.set(message.table.id, message.table);
        draw();
        if (isMine(message.table)) refreshMine().catch(() => {});
        break;
      case "chat":
        chat.add(message);
        break;
      case "command":
        commanded(message);
        break;
      case "error":
        status.textContent = refusalText(message.code, message.message, message.reason);
        break;
      default:
        break;
    }
  }

  const sections = kinds.map((kind) => el("section", { class: "card", "aria-labelledby": `h-${kind}` }, el("h2", { id: `h-${kind}` }, t(`tables.${kind}`)), lists[kind]));
  const top = session.me ? createForm(games, async (table) => navigate(`/tables/${table.id}`)) : accountForms(signedIn);
  const settings = session.me ? settingsForm(session.me) : null;
  fill(main, el("h1", { class: "sr-only" }, t("lobby")), el("div", { class: "lobby" }, top, status, sections, chat.element, await leaderboard(games), settings));
  for (const table of await get("/api/tables?status=finished")) if (!known.has(table.id)) known.set(table.id, table);
  draw();
  const socket = liveSocket(() => "/ws/lobby", receive);
  return () => {
    left = true;
    socket.close();
    clearTimeout(mineTimer);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
