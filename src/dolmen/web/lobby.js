// The lobby: account forms, the tables (open, running, finished), creating a table, lobby chat.
import { ApiError, get, post } from "./api.js";
import { navigate, session, signedIn } from "./app.js";
import { el, fill } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";
import { leaderboard } from "./profile.js";

const POLL_MS = 3000;
// Values an option may take, where docs/rtta.md and docs/stoneage.md list them (GET /api/games gives only the
// defaults): a list of strings is a set of checkboxes, any other list a select.
const OPTION_CHOICES = {
  edition: ["bronze", "late"],
  modules: { many: ["extension", "new_huts", "mammoths", "winter", "animals", "igloos"] },
};

let uid = 0;
const nextId = (prefix) => `${prefix}-${++uid}`;

function errorText(error) {
  if (error instanceof ApiError) return t(`error.${error.code}`) === `error.${error.code}` ? error.message : t(`error.${error.code}`);
  return String(error.message || error);
}

function labelled(labelText, control) {
  const id = control.id || nextId("f");
  control.id = id;
  return el("div", { class: "field" }, el("label", { for: id }, labelText), control);
}

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
  const form = el(
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
  return form;
}

function seatName(seat) {
  if (seat.name) return seat.name;
  if (seat.bot) return t("bot_named", { bot: seat.bot });
  return t("open_seat");
}

function myTablesFirst(tables) {
  const mine = (table) => session.me && table.seats.some((s) => s.name === session.me.name);
  return [...tables].sort((a, b) => Number(mine(b)) - Number(mine(a)));
}

function tableRow(table, refresh, status) {
  const me = session.me;
  const seated = me && table.seats.some((s) => s.name === me.name);
  const hasOpen = table.seats.some((s) => s.open);
  const actions = [];
  const act = async (path) => {
    status.textContent = "";
    try {
      await post(path);
      await refresh();
    } catch (error) {
      status.textContent = errorText(error);
    }
  };
  if (table.status === "open" && me && !seated && hasOpen) {
    actions.push(el("button", { type: "button", class: "join", onclick: () => act(`/api/tables/${table.id}/join`) }, t("join")));
  }
  if (table.status === "open" && me && seated) {
    if (table.creator === me.id && !hasOpen) {
      actions.push(el("button", { type: "button", class: "start", onclick: async () => { await act(`/api/tables/${table.id}/start`); navigate(`/tables/${table.id}`); } }, t("start")));
    }
    actions.push(el("button", { type: "button", class: "leave", onclick: () => act(`/api/tables/${table.id}/leave`) }, t("leave")));
  }
  const openLabel = seated ? t("open_table") : t("watch");
  actions.push(el("a", { href: `/tables/${table.id}`, class: "button open-table", onclick: (e) => { e.preventDefault(); navigate(`/tables/${table.id}`); } }, openLabel));
  const seats = table.seats.map((s) => seatName(s)).join(", ");
  return el(
    "li",
    { class: `table-row${seated ? " mine" : ""}${table.your_turn ? " your-turn" : ""}`, dataset: { table: table.id } },
    el("span", { class: "table-title" }, `#${table.id} ${t(`game.${table.game}`)} · ${t("n_players", { n: table.players })}`),
    table.your_turn ? el("strong", { class: "badge" }, t("your_turn")) : null,
    el("span", { class: "table-seats" }, seats),
    el("span", { class: "table-actions" }, actions),
  );
}

function optionControls(game, values) {
  const controls = [];
  for (const [key, fallback] of Object.entries(game.options || {})) {
    const choices = OPTION_CHOICES[key];
    if (typeof fallback === "boolean") {
      const box = el("input", { type: "checkbox", id: nextId("opt"), checked: fallback, onchange: () => { values[key] = box.checked; } });
      values[key] = fallback;
      controls.push(el("div", { class: "field check" }, box, el("label", { for: box.id }, t(`option.${key}`))));
    } else if (choices && choices.many) {
      values[key] = [...fallback];
      const boxes = choices.many.map((name) => {
        const box = el("input", { type: "checkbox", id: nextId("opt"), value: name, checked: fallback.includes(name) });
        box.addEventListener("change", () => {
          values[key] = choices.many.filter((n, i) => boxes[i].querySelector("input").checked);
        });
        return el("span", { class: "check" }, box, el("label", { for: box.id }, t(`module.${name}`)));
      });
      controls.push(el("fieldset", { class: "modules" }, el("legend", {}, t(`option.${key}`)), boxes));
    } else if (Array.isArray(choices)) {
      values[key] = fallback;
      const select = el("select", { id: `new-option-${key}`, onchange: () => { values[key] = select.value; } },
        choices.map((c) => el("option", { value: c, selected: c === fallback }, t(`${key}.${c}`))));
      controls.push(labelled(t(`option.${key}`), select));
    } else {
      values[key] = fallback;
    }
  }
  return controls;
}

function createForm(games, onCreated) {
  const status = el("p", { class: "error", role: "alert" });
  const gameSelect = el("select", { id: "new-game", name: "game" }, games.map((g) => el("option", { value: g.name }, t(`game.${g.name}`))));
  const players = el("select", { id: "new-players", name: "players" });
  const takeBacks = el("input", { type: "checkbox", id: "new-take-backs" });
  const optionsBox = el("div", { class: "options" });
  const seatsBox = el("div", { class: "seats" });
  let values = {};
  const gameOf = () => games.find((g) => g.name === gameSelect.value);

  function seatChoices(game, index) {
    const out = [el("option", { value: "" }, index === 0 ? t("you") : t("open_seat_person"))];
    for (const bot of game.bots) {
      const levels = bot.levels.length ? bot.levels : [null];
      for (const level of levels) {
        const spec = level ? `${bot.name}:${level}` : bot.name;
        out.push(el("option", { value: spec, title: bot.summary }, t("bot_named", { bot: spec })));
      }
    }
    return out;
  }
  function drawSeats() {
    const game = gameOf();
    const n = Number(players.value);
    const rows = [];
    for (let i = 0; i < n; i++) {
      const select = el("select", { class: "seat-choice", id: `new-seat-${i}`, dataset: { seat: i } }, seatChoices(game, i));
      if (i > 0) select.value = game.bots.some((b) => b.name === "greedy") ? "greedy" : select.options[1]?.value || "";
      rows.push(labelled(t("seat_n", { n: i + 1 }), select));
    }
    fill(seatsBox, rows);
  }
  function drawGame() {
    const game = gameOf();
    const previous = Number(players.value) || 2;
    fill(players, Array.from({ length: game.max_players - game.min_players + 1 }, (_, k) => {
      const n = game.min_players + k;
      return el("option", { value: n }, String(n));
    }));
    players.value = String(Math.min(Math.max(previous, game.min_players), game.max_players));
    values = {};
    fill(optionsBox, optionControls(game, values));
    drawSeats();
  }
  gameSelect.addEventListener("change", drawGame);
  players.addEventListener("change", drawSeats);
  drawGame();

  async function submit(event) {
    event.preventDefault();
    status.textContent = "";
    const seats = [...seatsBox.querySelectorAll("select")].map((s) => s.value || null);
    try {
      const table = await post("/api/tables", {
        game: gameSelect.value,
        players: Number(players.value),
        options: values,
        seats,
        take_backs: takeBacks.checked,
        join: true,
      });
      await onCreated(table);
    } catch (error) {
      status.textContent = errorText(error);
    }
  }
  return el(
    "form",
    { class: "card create", "aria-labelledby": "create-title", onsubmit: submit },
    el("h2", { id: "create-title" }, t("new_table")),
    labelled(t("game"), gameSelect),
    labelled(t("players"), players),
    optionsBox,
    el("fieldset", {}, el("legend", {}, t("seats")), seatsBox),
    el("div", { class: "field check" }, takeBacks, el("label", { for: takeBacks.id }, t("take_backs"))),
    el("button", { type: "submit", id: "create" }, t("create")),
    status,
  );
}

function chatBox(loadPath, onSay) {
  const list = el("ol", { class: "chat-lines", "aria-live": "polite" });
  const input = el("input", { id: nextId("chat"), maxlength: 500, autocomplete: "off" });
  const form = el(
    "form",
    { class: "chat-form", onsubmit: async (e) => { e.preventDefault(); const text = input.value.trim(); if (!text) return; input.value = ""; if ((await onSay(text)) === false) input.value = text; } },
    el("label", { for: input.id, class: "sr-only" }, t("chat_message")),
    input,
    el("button", { type: "submit" }, t("say")),
  );
  function show(lines) {
    fill(list, lines.map((line) => el("li", {}, el("b", {}, `${line.from}: `), line.text)));
    list.scrollTop = list.scrollHeight;
  }
  return { element: el("section", { class: "card chat", "aria-label": t("chat") }, el("h2", {}, t("chat")), list, session.me ? form : null), show, loadPath };
}

/** Draw the lobby into `main`; returns the function that stops its polling. */
export async function showLobby(main) {
  const games = await get("/api/games");
  const status = el("p", { class: "error", role: "alert" });
  const lists = {};
  const kinds = session.me ? ["mine", "open", "running", "finished"] : ["open", "running", "finished"];
  const sections = kinds.map((kind) => {
    lists[kind] = el("ul", { class: "tables", id: `tables-${kind}` });
    return el("section", { class: "card", "aria-labelledby": `h-${kind}` }, el("h2", { id: `h-${kind}` }, t(`tables.${kind}`)), lists[kind]);
  });
  const chat = chatBox("/api/chat", async (text) => {
    try {
      await post("/api/chat", { text });
      chat.show(await get("/api/chat"));
    } catch (error) {
      status.textContent = errorText(error);
    }
  });
  const seen = {};
  async function refresh() {
    // Redraw a list only when it changed, so that polling never steals the keyboard focus.
    for (const kind of Object.keys(lists)) {
      // My tables come from the server with those where it is my turn first (`your_turn`).
      const tables = kind === "mine" ? await get("/api/me/tables") : myTablesFirst(await get(`/api/tables?status=${kind}`));
      if (kind === "mine") document.title = `${tables.some((x) => x.your_turn) ? "● " : ""}Dolmen — ${t("lobby")}`;
      const key = JSON.stringify(tables);
      if (seen[kind] === key) continue;
      seen[kind] = key;
      fill(lists[kind], tables.length ? tables.map((table) => tableRow(table, refresh, status)) : el("li", { class: "empty" }, t("no_tables")));
    }
    const lines = await get("/api/chat");
    if (seen.chat !== JSON.stringify(lines)) {
      seen.chat = JSON.stringify(lines);
      chat.show(lines);
    }
  }
  const top = session.me
    ? createForm(games, async (table) => navigate(`/tables/${table.id}`))
    : accountForms(signedIn);
  fill(main, el("h1", { class: "sr-only" }, t("lobby")), el("div", { class: "lobby" }, top, status, sections, chat.element, await leaderboard(games)));
  await refresh();
  let timer = setInterval(() => refresh().catch(() => {}), POLL_MS);
  return () => {
    clearInterval(timer);
    timer = null;
  };
}
export { chatBox, errorText };
