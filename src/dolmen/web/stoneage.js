// Stone Age, drawn from the view's `board` and the table's `describe` (docs/stoneage.md), as seed 004's online
// table shows it: every site with its people by colour and its free places (the view's `room`), the village, the
// card display with its costs, the building stacks with their top tiles and counts, the modules' pieces; then
// each player's resources, tools (used ones marked), food, agriculture, people, score and cards. Clicking a site
// (or Enter on it) offers the legal actions that name it.
import { actionButton, verbLabel } from "./actions.js";
import { el, svg } from "./dom.js";
import { breakdown, cardChip, moduleFacts, modulePieces, panel, tileText } from "./stoneage-steps.js";

const COLORS = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98"];
const W = 122;
const H = 80;
/** Sites in a row: five on a wide screen, three on a phone (the board stays readable without zooming). */
const columns = () => (window.matchMedia("(max-width: 640px)").matches ? 3 : 5);

function people(ctx, site, x, y) {
  const marks = [];
  let k = 0;
  ctx.view.board.seats.forEach((seat, s) => {
    const n = (seat.placed || {})[site] || 0;
    for (let i = 0; i < n; i++, k++) {
      marks.push(svg("circle", { cx: x + 10 + (k % 10) * 11, cy: y + 54 + Math.floor(k / 10) * 11, r: 5, fill: COLORS[s % COLORS.length], class: "person" }));
    }
  });
  return { marks, count: k };
}

function siteActions(ctx, name) {
  return ctx.legalList.filter((text) => text === `place ${name}` || text.startsWith(`place ${name} `) || text === `resolve ${name}`);
}

/** One site: its name, what it holds, its people; a button when a legal action names it. */
function site(ctx, cell, x, y, chosen) {
  const { id, label, detail, note, free } = cell;
  const { marks, count } = people(ctx, id, x, y);
  const actions = siteActions(ctx, id);
  const playable = actions.length > 0;
  const choose = () => chosen(id, label, actions);
  return svg(
    "g",
    {
      class: `site${playable ? " playable" : ""}${free === 0 ? " full" : ""}`,
      dataset: { site: id, free: free ?? "" },
      role: playable ? "button" : "img",
      tabindex: playable ? 0 : null,
      "aria-label": `${label}${detail ? `, ${detail}` : ""}${note ? `, ${note}` : ""}: ${ctx.t("people_n", { n: count })}`,
      onclick: playable ? choose : null,
      onkeydown: playable ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(); } } : null,
    },
    svg("title", {}, [label, detail, note].filter(Boolean).join(" — ")),
    svg("rect", { x, y, width: W - 6, height: H - 6, rx: 6, class: "site-body" }),
    line(x + 6, y + 15, "label strong", label, 6.6),
    detail ? line(x + 6, y + 29, "label small", detail, 5.6) : null,
    note ? line(x + 6, y + 42, "label small note", note, 5.6) : null,
    marks,
  );
}

const INNER = W - 18;

/** A line of text in a cell, squeezed to the cell's width once drawn when longer (`fitTexts`), and cut when
 * surely too long even so. */
function line(x, y, cls, text, perChar) {
  const room = Math.floor((INNER * 1.6) / perChar);
  return svg("text", { x, y, class: cls, dataset: { fit: INNER } }, text.length > room ? `${text.slice(0, room - 1)}…` : text);
}

/** The free places of a location and how they read, from the view's `room` (docs/stoneage.md "Views"): the
 * server works out every limit (players sharing a site, the village limit, the modules' places); this only picks
 * the words. `{free, note}`; `free` is null when the location has no limit. */
function room(ctx, id) {
  const r = (ctx.view.board.room || {})[id];
  if (!r) return { free: null, note: "" };
  const { free, people, capacity, players, sharing, village } = r;
  if (village) {
    const key = r.closed === "full" ? "room_taken_village" : r.closed === "village" ? "room_village_full" : "room_village";
    return { free, note: ctx.t(key, village) };
  }
  if (r.closed === "players") return { free, note: ctx.t("room_players_full", { players, sharing, people, capacity }) };
  if (capacity === null) return { free, note: `${people}/∞` };
  return { free, note: ctx.t("room_free", { free, people, capacity }) };
}

/** The cells of the board, in rows: gathering sites, village (and the modules' places), cards, buildings. */
function cells(ctx) {
  const board = ctx.view.board;
  const info = ctx.describe || {};
  const locations = new Map((info.locations || []).map((l) => [l.id, l]));
  const buildings = new Map((info.buildings || []).map((b) => [b.id, b]));
  const out = [];
  for (const l of (info.locations || []).filter((loc) => loc.kind === "gathering")) {
    const { free, note } = room(ctx, l.id);
    const herd = board.herd && [l.id, l.name].includes(board.herd.zone) ? ctx.t("herd_here") : "";
    out.push({ id: l.id, label: ctx.term(l.name), detail: ctx.t("yield_per", { resource: ctx.term(l.yields), n: l.divisor }), note: [note, herd].filter(Boolean).join(" · "), free });
  }
  for (const l of (info.locations || []).filter((loc) => ["village", "igloo", "animal"].includes(loc.kind))) {
    if (l.kind === "igloo" && !board.igloos_left && !board.room?.[l.id]?.people) continue;
    if (l.kind === "animal" && !(board.animals || []).length) continue;
    const { free, note } = room(ctx, l.id);
    const detail = l.kind === "village" ? ctx.t(`gain.${l.gain}`, l) : l.kind === "igloo" ? ctx.t("igloos_left", { n: board.igloos_left ?? 0 }) : ctx.term(board.animals[0]);
    out.push({ id: l.id, label: ctx.term(l.name), detail, note, free });
  }
  (board.display || []).forEach((card, i) => {
    const l = locations.get(`card ${i + 1}`) || {};
    const cost = l.cost === undefined ? "" : ctx.t(l.paid_in === "jewel" ? "costs_jewels" : "costs_goods", { n: l.cost });
    out.push({ id: `card ${i + 1}`, label: card ? ctx.term(card) : ctx.t("empty"), detail: cost, note: ctx.t("card_n", { n: i + 1 }), card });
  });
  (board.stacks || []).forEach((stack, i) => {
    const tile = stack.top ? buildings.get(stack.top) : null;
    const winter = tile && tile.winter && (board.options?.modules || []).includes("winter") ? " ❄" : "";
    out.push({ id: `building ${i + 1}`, label: stack.top ? `${ctx.term(stack.top)}${winter}` : ctx.t("empty"), detail: tile ? tileText(ctx, tile) : "", note: ctx.t("stack_left", { n: i + 1, left: stack.left }) });
  });
  return out;
}

function boardPicture(ctx, chosen) {
  const all = cells(ctx);
  const across = columns();
  const rows = Math.ceil(all.length / across);
  const width = across * W + 6;
  return svg("svg", { class: "stoneage-board", viewBox: `0 0 ${width} ${rows * H + 6}`, width: "100%", role: "group", "aria-label": ctx.t("board") },
    all.map((cell, i) => site(ctx, cell, 4 + (i % across) * W, 4 + Math.floor(i / across) * H, chosen)));
}

function playerCard(ctx, seat, index) {
  const color = COLORS[index % COLORS.length];
  const res = seat.resources || {};
  const tools = (seat.tools || []).map((level, i) => el("span", { class: `tool${(seat.tools_used || [])[i] ? " used" : ""}`, title: (seat.tools_used || [])[i] ? ctx.t("tool_used") : ctx.t("tool_free") }, String(level)));
  const facts = [
    [ctx.t("score"), seat.score],
    [ctx.t("people"), `${seat.available ?? "?"}/${seat.people}`],
    [ctx.t("agriculture"), seat.agriculture],
    ...Object.entries(res).map(([resource, n]) => [ctx.term(resource), n]),
    [ctx.t("tools"), tools.length ? tools : "—"],
    [ctx.t("buildings"), (seat.buildings || []).length],
    [ctx.t("cards"), seat.card_count ?? (seat.cards || []).length],
    seat.penalties ? [ctx.t("penalties"), `−${seat.penalties}`] : null,
    ...moduleFacts(ctx, seat),
  ].filter(Boolean);
  const visible = seat.cards !== null && seat.cards !== undefined;
  return el("section", { class: `card player${index === ctx.seat ? " mine" : ""}`, dataset: { seat: index }, "aria-label": ctx.names[index] },
    el("h3", {}, el("span", { class: "swatch", style: `background:${color}`, "aria-hidden": "true" }), ctx.names[index], index === ctx.seat ? ` (${ctx.t("you")})` : ""),
    el("dl", { class: "facts-grid" }, facts.map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])),
    seat.one_use && seat.one_use.length ? el("p", { class: "small" }, `${ctx.t("one_use_tools")}: `, seat.one_use.map((c) => cardChip(ctx, c))) : null,
    visible ? el("div", { class: "hand", "aria-label": ctx.t("cards_of", { name: ctx.names[index] }) },
      el("span", { class: "small" }, `${index === ctx.seat ? ctx.t("my_cards") : ctx.t("cards")}: `),
      seat.cards.length ? seat.cards.map((c) => cardChip(ctx, c)) : "—") : null,
    seat.buildings && seat.buildings.length ? el("p", { class: "small" }, `${ctx.t("buildings")}: ${seat.buildings.map((b) => ctx.term(b)).join(", ")}`) : null);
}

function facts(ctx) {
  const board = ctx.view.board;
  const roll = board.roll_count && ["tools", "jewels", "tame"].includes(ctx.view.activity)
    ? ctx.t("roll_info", { n: board.roll_count, what: ctx.term(board.roll_resource || ""), total: board.roll_total }) : "";
  return [
    ctx.t("round_n", { n: board.round }),
    `${ctx.t("phase")}: ${ctx.t(`phase.${board.phase}`)}`,
    board.target ? `${ctx.t("target")}: ${ctx.term(board.target)}` : "",
    roll,
    (board.pick_dice || []).length ? `${ctx.t("dice")}: ${board.pick_dice.join(" ")}` : "",
    board.shortage && ctx.view.activity === "feed" ? ctx.t("shortage_n", { n: board.shortage }) : "",
    ctx.t("deck_n", { n: board.deck ?? 0 }),
  ].filter(Boolean).join(" · ");
}

function draw(ctx) {
  const board = ctx.view.board;
  const chooser = el("div", { class: "site-actions", id: "site-actions", "aria-live": "polite" });
  const chosen = (name, label, actions) => {
    const words = (text) => `${verbLabel(ctx, text.split(" ")[0])} ${text.slice(text.indexOf(name) + name.length).trim()}`.trim();
    chooser.replaceChildren(el("span", { class: "verb" }, label), ...actions.map((text) => actionButton(ctx, text, words(text))));
    ctx.preview(actions);
    chooser.querySelector("button")?.focus();
  };
  return el("div", { class: "stoneage" },
    el("p", { class: "facts" }, facts(ctx)),
    boardPicture(ctx, chosen),
    chooser,
    modulePieces(ctx),
    el("div", { class: "players" }, board.seats.map((seat, i) => playerCard(ctx, seat, i))));
}

/** What a word of a text form names, in words: a site by its name, the card spaces, the building stacks. */
function objectName(ctx, word) {
  const site = (ctx.describe?.locations || []).find((l) => l.id === word);
  if (site) return ctx.term(site.name);
  return { card: ctx.t("card_spaces"), building: ctx.t("stacks") }[word] ?? ctx.term(word);
}

export const stoneAge = { draw, panel, breakdown, objectName };
