// A table's page: one websocket (/ws/tables/{id}?v=N) that reconnects by itself; the header (whose turn, what
// they do, the version, the dice commitment), the board, the legal actions with their previews, the log,
// take-back, the end, chat, and the turn alerts.
import { drawActions, previewText, showPreviews } from "./actions.js";
import { get, post } from "./api.js";
import { navigate, session } from "./app.js";
import { chatBox } from "./chat.js";
import { describeGame } from "./describe.js";
import { el, fill, fitTexts } from "./dom.js";
import { drawEnd } from "./ending.js";
import { errorText, refusalText } from "./forms.js";
import { drawingContext } from "./context.js";
import { catalogue, renderEvent, t, term } from "./i18n.js";
import { alertControls, turnAlert } from "./notify.js";
import { rtta } from "./rtta.js";
import { liveSocket } from "./socket.js";
import { stoneAge } from "./stoneage.js";

export const BOARDS = { rtta, stoneage: stoneAge };
const PREVIEWED = 40; // actions previewed per request (the server's limit)
// Steps whose choices need no preview: placing people (the board shows it), choosing dice, making offers (the
// offer builder asks for its own).
const UNPREVIEWED = new Set(["place", "reroll", "trade"]);

/** The players' names by seat: a person's name, else the bot and its seat, else "Seat N". */
export function seatNames(table, count) {
  const seats = table ? table.seats : [];
  return Array.from({ length: count ?? seats.length }, (_, i) => {
    const s = seats[i];
    if (!s) return t("seat_n", { n: i + 1 });
    // Bots are told apart by their seat: several may play the same level.
    return s.name || (s.bot ? `${t("bot_named", { bot: s.bot })} · ${i + 1}` : t("seat_n", { n: i + 1 }));
  });
}

/** The header's line: whose turn and what they do (or the end), by name. */
export function turnLine(view, names, seat, cat) {
  if (view.over) return el("span", { class: "turn over" }, t("game_over"));
  const actors = (view.actors || []).map((a) => (a === "chance" ? t("chance") : names[a]));
  const mine = seat !== null && (view.actors || []).includes(seat);
  const key = `activity.${view.activity}`;
  const doing = t(key) === key ? term(cat, view.activity ?? "") : t(key);
  return [
    el("span", { class: "turn", id: "whose-turn" }, mine ? t("your_turn") : t("turn_of", { names: actors.join(", ") })),
    el("span", { class: "activity", id: "activity" }, doing),
  ];
}

/** Draw table `id` into `main`; returns the function that closes its socket. */
export async function showTable(main, id) {
  const game = {
    table: null, // the lobby record (seats, status, options)
    seat: null,
    version: null, // the version of the last view handled
    view: null,
    legal: { actions: [], count: 0, more: false },
    events: [],
    logged: 0, // how many events the log shows
    cat: null,
    describe: null,
    pending: false,
    selection: new Set(), // board selections (dice to reroll), by the board's own keys
    previews: new Map(), // action text -> what it would do, in words (for the current version)
    commitment: null, // the one this page saw first: the secret is checked against it at the end
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
  const chat = chatBox(async (text) => {
    if (socket.send({ type: "chat", text })) return true;
    parts.error.textContent = t("offline");
    return false;
  });
  fill(
    main,
    el("h1", { class: "sr-only", id: "table-title" }, t("table_n", { n: id })),
    el("div", { class: "table-page" },
      el("div", { class: "main-col" }, parts.header, parts.seats, parts.error, parts.again, parts.end, parts.actions, parts.board),
      el("div", { class: "side-col" },
        el("section", { class: "card log-box", "aria-labelledby": "log-title" }, el("h2", { id: "log-title" }, t("log")), parts.log),
        chat.element,
        el("section", { class: "card" }, alertControls()))),
  );
  get(`/api/tables/${id}/chat`).then((lines) => chat.show(lines)).catch(() => {});
  const alert = turnAlert();

  // -- the socket ---------------------------------------------------------------------------------------
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
        game.logged = 0;
        takeView(message);
        await redraw();
        if (message.type === "resync") parts.error.textContent = t("resynced");
        break;
      case "update":
        if (game.version !== null && message.since > game.version) {
          game.version = null; // a gap we cannot fill: start again from the whole state
          socket.restart();
          return;
        }
        if (game.events.some((e) => e.version > message.since)) {
          game.events = game.events.filter((e) => e.version <= message.since);
          game.logged = 0;
        }
        if (!parts.error.textContent.startsWith(t("resynced"))) parts.error.textContent = "";
        takeView(message);
        await redraw();
        break;
      case "error":
        game.pending = false;
        parts.error.textContent = refusalText(message.code, message.message);
        if (game.view) drawActions(parts.actions, context(), board().panel, undoButton());
        break;
      case "again":
        fill(parts.again, el("a", { href: `/tables/${message.table}`, id: "again-link", class: "button", onclick: (e) => { e.preventDefault(); navigate(`/tables/${message.table}`); } }, t("new_table_waiting")));
        break;
      case "chat":
        chat.add(message);
        break;
      default:
        break;
    }
  }
  const socket = liveSocket(() => `/ws/tables/${id}${game.version !== null ? `?v=${game.version}` : ""}`, receive, () => { game.pending = false; });

  function takeView(message) {
    game.events.push(...message.events);
    game.view = message.view;
    game.legal = message.legal;
    game.version = message.version;
    if (message.seat !== undefined) game.seat = message.seat;
    game.commitment = game.commitment || message.view.commitment;
    game.pending = false;
    game.selection.clear();
    game.previews = new Map();
  }

  // -- drawing -------------------------------------------------------------------------------------------
  const board = () => BOARDS[game.view.game] || {};
  const names = () => seatNames(game.table, game.view ? game.view.players : undefined);

  function context() {
    return drawingContext({
      view: game.view,
      names: names(),
      cat: game.cat,
      describe: game.describe,
      seat: game.seat,
      legal: game.legal,
      pending: game.pending,
      selection: game.selection,
      previews: game.previews,
      play,
      preview: fetchPreviews,
      redraw: () => drawBoard(),
      objectName: board().objectName,
    });
  }

  async function redraw() {
    game.cat = await catalogue(game.view.game);
    game.describe = await describeGame(game.view.game, game.view.options);
    drawHeader();
    drawBoard();
    drawActions(parts.actions, context(), board().panel, undoButton());
    drawLog();
    drawEnd(parts.end, context(), board().breakdown, game.commitment, endLinks());
    drawSeats();
    const mine = game.legal.actions.length > 0 || game.legal.more;
    document.title = `${mine ? "● " : ""}Dolmen #${id} — ${mine ? t("your_turn") : t(`game.${game.view.game}`)}`;
    alert.update(mine, t("your_turn_at", { n: id }));
    if (mine && !UNPREVIEWED.has(game.view.activity)) previewAll(game.legal.actions);
  }

  /** Previews of every listed action, a request of PREVIEWED at a time, while the table stays at this version. */
  async function previewAll(texts) {
    const version = game.version;
    for (let start = 0; start < texts.length && game.version === version; start += PREVIEWED) {
      await fetchPreviews(texts.slice(start, start + PREVIEWED));
    }
  }

  /** Ask the server what each of `texts` would do now and fill the buttons; resolves to what the first would
   * do, in words (undefined when the table moved on meanwhile). */
  async function fetchPreviews(texts) {
    const version = game.version;
    const wanted = texts.filter((text) => !game.previews.has(text)).slice(0, PREVIEWED);
    if (wanted.length && game.seat !== null) {
      const query = new URLSearchParams([["version", version], ...wanted.map((text) => ["action", text])]);
      let doc;
      try {
        doc = await get(`/api/tables/${id}/preview?${query}`);
      } catch {
        return undefined; // the table moved on meanwhile: the next view asks again
      }
      if (game.version !== version) return undefined;
      for (const answer of doc.previews) game.previews.set(answer.action, previewText(game.cat, answer, names()));
      const ctx = context();
      showPreviews(ctx, parts.actions);
      showPreviews(ctx, parts.board);
    }
    return game.previews.get(texts[0]);
  }

  function drawHeader() {
    const view = game.view;
    const who = names();
    const me = game.seat !== null ? game.table?.seats[game.seat] : null;
    fill(parts.header,
      el("span", { class: "game-name" }, `${t(`game.${view.game}`)} #${id}`),
      turnLine(view, who, game.seat, game.cat),
      el("span", { class: "version", id: "version" }, t("version_n", { n: game.version })),
      game.seat === null ? el("span", { class: "spectator" }, t("spectator")) : el("span", { class: "my-seat" }, t("you_are", { name: who[game.seat] })),
      (game.table?.seats || []).filter((s) => s.away).map((s) => el("span", { class: "away" }, t("away_n", { name: who[s.seat] }))),
      me && me.away && !view.over ? el("button", { type: "button", id: "come-back", onclick: () => act(`/api/tables/${id}/back`) }, t("come_back")) : null,
      el("span", { class: "commitment", title: view.commitment || "" }, t("commitment"), ": ", el("code", {}, `${(view.commitment || "—").slice(0, 12)}…`)));
  }

  async function act(path) {
    try {
      game.table = await post(path);
      drawSeats();
      if (game.view) drawHeader();
    } catch (error) {
      parts.error.textContent = errorText(error);
    }
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
    if (socket.send({ type: "act", action: text, version: game.version })) {
      game.pending = true;
      parts.actions.classList.add("pending");
    } else {
      parts.error.textContent = t("offline");
    }
  }

  function drawBoard() {
    const draw = board().draw;
    fill(parts.board, draw ? draw(context()) : el("pre", {}, JSON.stringify(game.view.board, null, 1)));
    fitTexts(parts.board);
  }

  function undoButton() {
    if (!(game.table && game.table.take_backs && game.seat !== null && !game.view.over)) return null;
    return el("button", { type: "button", id: "take-back", onclick: () => { parts.error.textContent = ""; socket.send({ type: "undo", version: game.version }); } }, t("take_back"));
  }

  function drawLog() {
    const who = names();
    if (game.logged === 0) fill(parts.log);
    const fresh = game.events.slice(game.logged).map((event) => el("li", { dataset: { version: event.version } }, el("span", { class: "v" }, String(event.version)), " ", renderEvent(game.cat, event, who)));
    parts.log.append(...fresh);
    game.logged = game.events.length;
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

  function endLinks() {
    const open = (path) => (e) => { e.preventDefault(); navigate(path); };
    return [
      el("a", { href: `/api/tables/${id}/record`, download: `dolmen-table-${id}.json`, id: "record-link", class: "button" }, t("download_record")),
      el("a", { href: `/tables/${id}/replay`, id: "replay-link", class: "button", onclick: open(`/tables/${id}/replay`) }, t("replay")),
      game.seat !== null && session.me ? el("button", { type: "button", id: "play-again", onclick: playAgain }, t("play_again")) : null,
    ];
  }

  return () => socket.close();
}
