// A table's page (/tables/{id}[?invite=TOKEN]): one websocket (/ws/tables/{id}?v=N&e=EPOCH) that reconnects by
// itself from the last version and epoch it handled; the waiting room, the header (header.js), the clocks, the
// board, the legal actions with their previews, the log, take-back, the end, chat, the invite link of a private
// table, and the turn alerts. A private table's invite token, from the address, goes with every request.
import { drawActions, previewText, showPreviews } from "./actions.js";
import { get, post } from "./api.js";
import { navigate, session } from "./app.js";
import { chatBox } from "./chat.js";
import { describeGame } from "./describe.js";
import { el, fill, fitTexts } from "./dom.js";
import { drawEnd } from "./ending.js";
import { errorText, refusalText } from "./forms.js";
import { drawingContext } from "./context.js";
import { clockPanel } from "./clocks.js";
import { headerParts, seatButtons, seatNames } from "./header.js";
import { catalogue, renderEvent, t } from "./i18n.js";
import { alertControls, turnAlert } from "./notify.js";
import { rtta } from "./rtta.js";
import { liveSocket } from "./socket.js";
import { stoneAge } from "./stoneage.js";
import { drawWaiting, invitePanel } from "./waiting.js";

export const BOARDS = { rtta, stoneage: stoneAge };
const PREVIEWED = 40; // actions previewed per request (the server's limit)
// Steps whose choices need no preview: placing people (the board shows it), choosing dice, making offers (the
// offer builder asks for its own).
const UNPREVIEWED = new Set(["place", "reroll", "trade"]);

/** The address `path` with this page's invite token (a private table's), if any. */
export function withInvite(path, invite) {
  if (!invite) return path;
  return `${path}${path.includes("?") ? "&" : "?"}invite=${encodeURIComponent(invite)}`;
}

/** Draw table `id` into `main`; returns the function that closes its socket. */
export async function showTable(main, id) {
  const invite = new URLSearchParams(location.search).get("invite");
  const game = {
    table: null, // the lobby record (seats, status, options, mode and clock)
    seat: null,
    version: null, // the version of the last view handled…
    epoch: 0, // …and its epoch: both are given back when reconnecting
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
  try {
    game.table = await get(withInvite(`/api/tables/${id}`, invite));
  } catch (error) {
    fill(main, el("p", { class: "error", role: "alert" }, errorText(error)), el("button", { type: "button", onclick: () => navigate("/") }, t("back_to_lobby")));
    return () => {};
  }
  const clocks = clockPanel();
  const parts = {
    header: el("span", { class: "header-facts" }),
    seatButtons: el("span", { class: "seat-buttons row", id: "seat-buttons" }),
    headerCard: null, // the two above, once there is a view
    seats: el("section", { class: "card seats-box", id: "seats-box" }),
    board: el("section", { class: "board", id: "board", "aria-label": t("board") }),
    actions: el("section", { class: "card actions", id: "actions", "aria-labelledby": "actions-title" }),
    error: el("p", { class: "error", role: "alert", id: "table-error" }),
    log: el("ol", { class: "log", id: "log", "aria-live": "polite" }),
    end: el("section", { class: "card end", id: "end" }),
    again: el("p", { class: "again", id: "again", role: "status" }),
    invite: el("section", { class: "card invite-box", id: "invite-box" }),
  };
  parts.headerCard = el("section", { class: "card table-header", "aria-label": t("table_status"), id: "table-header", hidden: true }, parts.header, parts.seatButtons);
  document.title = `Dolmen #${id}`;
  const chat = chatBox(async (text) => {
    if (socket.send({ type: "chat", text })) return true;
    parts.error.textContent = t("offline");
    return false;
  }, t("table_commands"));
  fill(
    main,
    el("h1", { class: "sr-only", id: "table-title" }, t("table_n", { n: id })),
    el("div", { class: "table-page" },
      el("div", { class: "main-col" },
        parts.headerCard,
        clocks.element, parts.seats, parts.error, parts.again, parts.end, parts.actions, parts.board),
      el("div", { class: "side-col" },
        el("section", { class: "card log-box", "aria-labelledby": "log-title" }, el("h2", { id: "log-title" }, t("log")), parts.log),
        chat.element,
        parts.invite,
        el("section", { class: "card" }, alertControls()))),
  );
  clocks.show(null);
  drawSeats();
  get(withInvite(`/api/tables/${id}/chat`, invite)).then((lines) => chat.show(lines)).catch(() => {});
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
        if (game.version !== null && (message.since > game.version || message.epoch !== game.epoch)) {
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
        parts.error.textContent = refusalText(message.code, message.message, message.reason, game.cat, names());
        if (game.view) drawActions(parts.actions, context(), board().panel, undoButton());
        break;
      case "again": {
        const path = withInvite(`/tables/${message.table}`, message.invite);
        fill(parts.again, el("a", { href: path, id: "again-link", class: "button", onclick: (e) => { e.preventDefault(); navigate(path); } }, t("new_table_waiting")));
        break;
      }
      case "chat":
        chat.add(message);
        break;
      default:
        break;
    }
  }
  function socketPath() {
    const query = new URLSearchParams();
    if (game.version !== null) {
      query.set("v", game.version);
      query.set("e", game.epoch);
    }
    if (invite) query.set("invite", invite);
    const text = query.toString();
    return `/ws/tables/${id}${text ? `?${text}` : ""}`;
  }
  const socket = liveSocket(socketPath, receive, () => { game.pending = false; });

  function takeView(message) {
    game.events.push(...message.events);
    game.view = message.view;
    game.legal = message.legal;
    game.version = message.version;
    game.epoch = message.epoch ?? 0;
    if (message.seat !== undefined) game.seat = message.seat;
    game.commitment = game.commitment || message.view.commitment;
    game.pending = false;
    game.selection.clear();
    game.previews = new Map();
    game.clocks = message.clocks ?? null;
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
        doc = await get(withInvite(`/api/tables/${id}/preview?${query}`, invite));
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

  let buttonsKey = null;
  function drawHeader() {
    parts.headerCard.hidden = false;
    fill(parts.header, headerParts(id, game, names()));
    // The buttons are redrawn only when they change, so that a bot's quick steps never pull them from under a click.
    const { key, buttons } = seatButtons(game, act);
    if (key !== buttonsKey) fill(parts.seatButtons, buttons);
    buttonsKey = key;
    clocks.show(game.clocks, names(), game.table?.seats || []);
  }

  /** A lobby request of this table (join, start, leave, back); the socket brings the change to every tab. */
  async function act(verb) {
    try {
      game.table = await post(`/api/tables/${id}/${verb}`, verb === "join" && invite ? { invite } : undefined);
      drawSeats();
      if (game.view) drawHeader();
    } catch (error) {
      parts.error.textContent = errorText(error, game.cat, names());
    }
  }

  function drawSeats() {
    const table = game.table;
    drawWaiting(parts.seats, table, session.me, game.seat, act, () => navigate("/"));
    const panel = table.status === "running" && game.seat !== null ? invitePanel(table) : null;
    fill(parts.invite, panel);
    parts.invite.hidden = !panel;
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
      parts.error.textContent = errorText(error, game.cat, names());
    }
  }

  function endLinks() {
    const replay = withInvite(`/tables/${id}/replay`, invite);
    return [
      el("a", { href: withInvite(`/api/tables/${id}/record`, invite), download: `dolmen-table-${id}.json`, id: "record-link", class: "button" }, t("download_record")),
      el("a", { href: replay, id: "replay-link", class: "button", onclick: (e) => { e.preventDefault(); navigate(replay); } }, t("replay")),
      game.seat !== null && session.me ? el("button", { type: "button", id: "play-again", onclick: playAgain }, t("play_again")) : null,
    ];
  }

  return () => {
    socket.close();
    clocks.stop();
  };
}
