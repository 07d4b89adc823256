// A table's page: one websocket (/ws/tables/{id}?v=N) that reconnects by itself; the header (whose turn, what
// they do, the version, the dice commitment), the board, the legal actions, the log, take-back and chat.
import { get, post } from "./api.js";
import { navigate, session } from "./app.js";
import { el, fill } from "./dom.js";
import { catalogue, renderEvent, t, term } from "./i18n.js";
import { chatBox, errorText } from "./lobby.js";
import { drawRtta } from "./rtta.js";
import { drawStoneAge } from "./stoneage.js";

const BOARDS = { rtta: drawRtta, stoneage: drawStoneAge };
const RETRY_MS = [500, 1000, 2000, 4000, 8000];

/** Draw table `id` into `main`; returns the function that closes its socket. */
export async function showTable(main, id) {
  const game = {
    id,
    table: null, // the lobby record (seats, status, options)
    seat: null,
    version: null, // the version of the last view handled
    view: null,
    legal: { actions: [], count: 0, more: false },
    events: [],
    cat: null,
    pending: false,
    selection: new Set(), // board selections (dice to reroll), by the board's own keys
  };
  const parts = {
    header: el("section", { class: "card table-header", "aria-label": t("table_status"), id: "table-header" }),
    seats: el("section", { class: "card seats-box", id: "seats-box" }),
    board: el("section", { class: "board", id: "board", "aria-label": t("board") }),
    actions: el("section", { class: "card actions", id: "actions", "aria-labelledby": "actions-title" }),
    error: el("p", { class: "error", role: "alert", id: "table-error" }),
    log: el("ol", { class: "log", id: "log", "aria-live": "polite" }),
    end: el("section", { class: "card end", id: "end" }),
    again: el("p", { class: "again", id: "again", role: "status" }),
  };
  const chat = chatBox(`/api/tables/${id}/chat`, async (text) => send({ type: "chat", text }));
  fill(
    main,
    el("h1", { class: "sr-only", id: "table-title" }, t("table_n", { n: id })),
    el("div", { class: "table-page" },
      el("div", { class: "main-col" }, parts.header, parts.seats, parts.error, parts.again, parts.end, parts.actions, parts.board),
      el("div", { class: "side-col" },
        el("section", { class: "card log-box", "aria-labelledby": "log-title" }, el("h2", { id: "log-title" }, t("log")), parts.log),
        chat.element)),
  );
  try {
    chat.show(await get(`/api/tables/${id}/chat`));
  } catch {
    /* an unknown table: the socket says so */
  }
  const chatLines = [];

  // -- the socket ---------------------------------------------------------------------------------------
  let ws = null;
  let closed = false;
  let attempt = 0;
  let retryTimer = null;
  const offline = document.getElementById("offline");

  function connect() {
    const query = game.version !== null ? `?v=${game.version}` : "";
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${id}${query}`);
    ws.addEventListener("open", () => {
      attempt = 0;
      offline.hidden = true;
      document.body.classList.remove("is-offline");
    });
    ws.addEventListener("message", (event) => receive(JSON.parse(event.data)));
    ws.addEventListener("close", () => {
      if (closed) return;
      offline.textContent = t("offline");
      offline.hidden = false;
      document.body.classList.add("is-offline");
      game.pending = false;
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
      attempt += 1;
      retryTimer = setTimeout(connect, delay);
    });
  }

  function send(message) {
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      parts.error.textContent = t("offline");
      return false;
    }
    ws.send(JSON.stringify(message));
    return true;
  }

  async function receive(message) {
    switch (message.type) {
      case "table":
        game.table = message.table;
        game.seat = message.seat;
        drawSeats();
        if (game.view) drawHeader();
        break;
      case "state":
      case "resync":
        game.events = [];
        takeView(message);
        if (message.type === "resync") parts.error.textContent = t("resynced");
        await redraw(true);
        break;
      case "update":
        if (game.version !== null && message.since > game.version) {
          // A gap we cannot fill: start again from the whole state.
          game.version = null;
          ws.close();
          return;
        }
        game.events = game.events.filter((e) => e.version <= message.since);
        takeView(message);
        await redraw(false);
        break;
      case "error":
        game.pending = false;
        parts.error.textContent = t(`error.${message.code}`) === `error.${message.code}` ? message.message : `${t(`error.${message.code}`)} ${message.message}`;
        drawActions();
        break;
      case "again":
        parts.again.hidden = false;
        fill(parts.again, el("a", { href: `/tables/${message.table}`, id: "again-link", class: "button", onclick: (e) => { e.preventDefault(); navigate(`/tables/${message.table}`); } }, t("new_table_waiting")));
        break;
      case "chat":
        chatLines.push(message);
        chat.show(await get(`/api/tables/${id}/chat`).catch(() => chatLines));
        break;
      default:
        break;
    }
  }

  function takeView(message) {
    game.events.push(...message.events);
    game.view = message.view;
    game.legal = message.legal;
    game.version = message.version;
    if (message.seat !== undefined) game.seat = message.seat;
    game.pending = false;
    game.selection.clear();
  }

  // -- drawing -------------------------------------------------------------------------------------------
  function names() {
    const seats = game.table ? game.table.seats : [];
    const count = game.view ? game.view.players : seats.length;
    return Array.from({ length: count }, (_, i) => {
      const s = seats[i];
      if (!s) return t("seat_n", { n: i + 1 });
      // Bots are told apart by their seat: several may play the same level.
      return s.name || (s.bot ? `${t("bot_named", { bot: s.bot })} · ${i + 1}` : t("seat_n", { n: i + 1 }));
    });
  }

  async function redraw(whole) {
    game.cat = await catalogue(game.view.game);
    if (!whole && !parts.error.textContent.startsWith(t("resynced"))) parts.error.textContent = "";
    drawHeader();
    drawBoard();
    drawActions();
    drawLog();
    drawEnd();
    drawSeats();
    const mine = game.legal.actions.length > 0 || game.legal.more;
    document.title = `${mine ? "● " : ""}Dolmen #${id} — ${mine ? t("your_turn") : t(`game.${game.view.game}`)}`;
  }

  function activityText(view) {
    const activity = view.activity ?? view.board?.step ?? null;
    if (activity === null) return "";
    const key = `activity.${activity}`;
    return t(key) === key ? term(game.cat, activity) : t(key);
  }

  function drawHeader() {
    const view = game.view;
    const who = names();
    const actors = (view.actors || []).map((a) => (a === "chance" ? t("chance") : who[a]));
    const items = [
      el("span", { class: "game-name" }, `${t(`game.${view.game}`)} #${id}`),
      view.over ? el("span", { class: "turn over" }, t("game_over"))
        : el("span", { class: "turn", id: "whose-turn" }, game.seat !== null && (view.actors || []).includes(game.seat) ? t("your_turn") : t("turn_of", { names: actors.join(", ") })),
      view.over ? null : el("span", { class: "activity", id: "activity" }, activityText(view)),
      el("span", { class: "version", id: "version" }, t("version_n", { n: game.version })),
      game.seat === null ? el("span", { class: "spectator" }, t("spectator")) : el("span", { class: "my-seat" }, t("you_are", { name: who[game.seat] })),
      el("span", { class: "commitment", title: view.commitment || "" }, t("commitment"), ": ", el("code", {}, (view.commitment || "—").slice(0, 12) + "…")),
    ];
    fill(parts.header, items);
  }

  function drawSeats() {
    const table = game.table;
    if (!table) return;
    if (table.status !== "open") {
      fill(parts.seats);
      parts.seats.hidden = true;
      return;
    }
    parts.seats.hidden = false;
    const me = session.me;
    const seated = game.seat !== null && game.seat !== undefined;
    const hasOpen = table.seats.some((s) => s.open);
    const act = async (path) => {
      try {
        await post(path);
        const fresh = await get(`/api/tables/${id}`);
        game.table = fresh;
        drawSeats();
      } catch (error) {
        parts.error.textContent = errorText(error);
      }
    };
    fill(
      parts.seats,
      el("h2", {}, t("waiting_for_players")),
      el("ul", {}, table.seats.map((s, i) => el("li", {}, `${i + 1}. `, s.open ? t("open_seat") : s.name || t("bot_named", { bot: s.bot })))),
      el("div", { class: "row" },
        me && !seated && hasOpen ? el("button", { type: "button", id: "join-table", onclick: () => act(`/api/tables/${id}/join`) }, t("join")) : null,
        me && seated && table.creator === me.id && !hasOpen ? el("button", { type: "button", id: "start-table", onclick: () => act(`/api/tables/${id}/start`) }, t("start")) : null,
        el("button", { type: "button", onclick: () => navigate("/") }, t("back_to_lobby"))),
    );
  }

  function play(text) {
    if (game.pending || !game.view) return;
    parts.error.textContent = "";
    if (send({ type: "act", action: text, version: game.version })) {
      game.pending = true;
      parts.actions.classList.add("pending");
    }
  }

  function drawBoard() {
    const draw = BOARDS[game.view.game];
    const ctx = {
      view: game.view,
      seat: game.seat,
      names: names(),
      cat: game.cat,
      legal: new Set(game.legal.actions),
      selection: game.selection,
      play,
      redraw: () => { drawBoard(); },
      t,
      term: (value) => term(game.cat, value),
    };
    fill(parts.board, draw ? draw(ctx) : el("pre", {}, JSON.stringify(game.view.board, null, 1)));
  }

  function drawActions() {
    parts.actions.classList.toggle("pending", game.pending);
    const legal = game.legal;
    const view = game.view;
    if (!view) return;
    const groups = new Map();
    for (const text of legal.actions) {
      const verb = text.split(" ")[0];
      if (!groups.has(verb)) groups.set(verb, []);
      groups.get(verb).push(text);
    }
    const blocks = [...groups.entries()].map(([verb, texts]) =>
      el("div", { class: "verb-group", role: "group", "aria-label": term(game.cat, verb) },
        el("span", { class: "verb" }, term(game.cat, verb)),
        texts.map((text) => el("button", { type: "button", class: "action", dataset: { action: text }, "aria-label": text, onclick: () => play(text) },
          text.slice(verb.length).trim() || text))));
    const input = el("input", { id: "action-text", list: "legal-list", autocomplete: "off", spellcheck: "false" });
    const form = el("form", { class: "action-form", onsubmit: (e) => { e.preventDefault(); const text = input.value.trim(); if (text) { play(text); input.value = ""; } } },
      el("label", { for: "action-text" }, t("action_text")),
      input,
      el("datalist", { id: "legal-list" }, legal.actions.map((text) => el("option", { value: text }))),
      el("button", { type: "submit", id: "play-text" }, t("play")));
    const undo = game.table && game.table.take_backs && game.seat !== null && !view.over
      ? el("button", { type: "button", id: "take-back", onclick: () => { parts.error.textContent = ""; send({ type: "undo", version: game.version }); } }, t("take_back"))
      : null;
    const acting = legal.actions.length > 0 || legal.more;
    fill(
      parts.actions,
      el("h2", { id: "actions-title" }, acting ? t("your_actions", { n: legal.count }) : view.over ? t("game_over") : game.seat === null ? t("spectator") : t("waiting")),
      legal.more ? el("p", { class: "hint" }, t("more_actions", { n: legal.count - legal.actions.length })) : null,
      blocks,
      acting ? form : null,
      undo,
    );
  }

  function drawLog() {
    const who = names();
    const items = game.events.map((event) => el("li", { dataset: { version: event.version } }, el("span", { class: "v" }, String(event.version)), " ", renderEvent(game.cat, event, who)));
    fill(parts.log, items);
    parts.log.scrollTop = parts.log.scrollHeight;
  }

  async function playAgain() {
    try {
      const table = await post(`/api/tables/${id}/again`);
      navigate(`/tables/${table.id}`);
    } catch (error) {
      parts.error.textContent = errorText(error);
    }
  }

  function drawEnd() {
    const view = game.view;
    if (!view.over) {
      fill(parts.end);
      parts.end.hidden = true;
      return;
    }
    parts.end.hidden = false;
    const who = names();
    const result = view.result || {};
    const order = (result.scores || []).map((_, seat) => seat);
    order.sort((a, b) => ((result.ranks || [])[a] ?? 0) - ((result.ranks || [])[b] ?? 0));
    const rows = order.map((seat) => [result.scores[seat], seat]).map(([score, seat]) =>
      el("tr", {}, el("td", {}, String((result.ranks || [])[seat] ?? "")), el("th", { scope: "row" }, who[seat]), el("td", {}, String(score)),
        el("td", {}, (result.winners || []).includes(seat) ? "★" : "")));
    fill(
      parts.end,
      el("h2", { id: "final-scores" }, t("final_scores")),
      el("table", { class: "scores" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t("rank")), el("th", { scope: "col" }, t("player")), el("th", { scope: "col" }, t("score")), el("th", { scope: "col" }, t("winner")))),
        el("tbody", {}, rows)),
      result.reason ? el("p", {}, t("end_reason", { reason: term(game.cat, result.reason) })) : null,
      el("p", { class: "secret" }, t("secret"), ": ", el("code", { id: "secret" }, view.secret || "—")),
      el("p", { class: "hint" }, t("verify_hint")),
      el("p", { class: "row" },
        el("a", { href: `/api/tables/${id}/record`, download: `dolmen-table-${id}.json`, id: "record-link", class: "button" }, t("download_record")),
        game.seat !== null && session.me ? el("button", { type: "button", id: "play-again", onclick: playAgain }, t("play_again")) : null),
    );
  }

  connect();
  return () => {
    closed = true;
    clearTimeout(retryTimer);
    offline.hidden = true;
    if (ws) ws.close();
  };
}
