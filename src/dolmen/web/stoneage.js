// Stone Age, drawn from the view's `board` only (docs/stoneage.md): the sites with their people by colour, the
// village, the building stacks and the card display; then each player's resources, tools, food, agriculture,
// people and score. Clicking a site lists the legal actions that name it.
import { el, svg } from "./dom.js";

const COLORS = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98"];
const GATHER = ["hunting", "forest", "clay", "quarry", "river"];
const VILLAGE = ["toolmaker", "hut", "field"];
const MODULE_SITES = ["merchant", "igloo"];
const W = 112;
const H = 74;

function people(ctx, site, x, y) {
  const marks = [];
  let k = 0;
  ctx.view.board.seats.forEach((seat, s) => {
    const n = (seat.placed || {})[site] || 0;
    for (let i = 0; i < n; i++, k++) {
      marks.push(svg("circle", { cx: x + 10 + (k % 9) * 11, cy: y + 46 + Math.floor(k / 9) * 11, r: 5, fill: COLORS[s % COLORS.length], class: "person" }));
    }
  });
  return { marks, count: k };
}

function site(ctx, name, label, detail, x, y, chosen) {
  const { marks, count } = people(ctx, name, x, y);
  const actions = [...ctx.legal].filter((text) => text === `place ${name}` || text.startsWith(`place ${name} `));
  const playable = actions.length > 0;
  const choose = () => chosen(name, actions);
  return svg(
    "g",
    {
      class: `site${playable ? " playable" : ""}`,
      dataset: { site: name },
      role: playable ? "button" : "img",
      tabindex: playable ? 0 : null,
      "aria-label": `${label}${detail ? `, ${detail}` : ""}: ${ctx.t("people_n", { n: count })}`,
      onclick: playable ? choose : null,
      onkeydown: playable ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(); } } : null,
    },
    svg("rect", { x, y, width: W - 6, height: H - 6, rx: 6, class: "site-body" }),
    svg("text", { x: x + 6, y: y + 15, class: "label strong" }, label),
    detail ? svg("text", { x: x + 6, y: y + 30, class: "label small" }, detail) : null,
    marks,
  );
}

function boardPicture(ctx, chosen) {
  const board = ctx.view.board;
  const cells = [];
  const put = (name, label, detail) => cells.push([name, label, detail]);
  for (const name of GATHER) put(name, ctx.term(name), "");
  for (const name of VILLAGE) put(name, ctx.term(name), "");
  for (const name of MODULE_SITES) {
    if (board.seats.some((s) => (s.placed || {})[name]) || [...ctx.legal].some((a) => a.startsWith(`place ${name}`))) put(name, ctx.term(name), "");
  }
  (board.display || []).forEach((card, i) => put(`card ${i + 1}`, `${ctx.t("card_n", { n: i + 1 })} (${i + 1})`, card ? ctx.term(card) : ctx.t("empty")));
  (board.stacks || []).forEach((stack, i) => put(`building ${i + 1}`, ctx.t("building_n", { n: i + 1 }), stack.top ? `${ctx.term(stack.top)} · ${ctx.t("left_n", { n: stack.left })}` : ctx.t("empty")));
  const columns = 5;
  const rows = Math.ceil(cells.length / columns);
  const width = columns * W + 6;
  const height = rows * H + 6;
  return svg("svg", { class: "stoneage-board", viewBox: `0 0 ${width} ${height}`, width: "100%", role: "group", "aria-label": ctx.t("board") },
    cells.map(([name, label, detail], i) => site(ctx, name, label, detail, 4 + (i % columns) * W, 4 + Math.floor(i / columns) * H, chosen)));
}

function playerCard(ctx, seat, index) {
  const color = COLORS[index % COLORS.length];
  const res = seat.resources || {};
  const tools = (seat.tools || []).map((level, i) => `${level}${(seat.tools_used || [])[i] ? "✗" : ""}`);
  const extra = Object.entries(seat)
    .filter(([key, value]) => typeof value === "number" && !["people", "available", "agriculture", "score", "card_count"].includes(key))
    .map(([key, value]) => `${ctx.term(key)} ${value}`);
  const facts = [
    [ctx.t("score"), seat.score],
    [ctx.t("people"), `${seat.available ?? "?"}/${seat.people}`],
    [ctx.term("food"), res.food ?? 0],
    [ctx.t("agriculture"), seat.agriculture],
    ...["wood", "clay", "stone", "gold"].map((r) => [ctx.term(r), res[r] ?? 0]),
    [ctx.t("tools"), tools.join(" ") || "—"],
    [ctx.t("buildings"), (seat.buildings || []).length],
    [ctx.t("cards"), seat.card_count ?? (seat.cards || []).length],
  ];
  return el("section", { class: `card player${index === ctx.seat ? " mine" : ""}`, dataset: { seat: index }, "aria-label": ctx.names[index] },
    el("h3", {}, el("span", { class: "swatch", style: `background:${color}`, "aria-hidden": "true" }), ctx.names[index], index === ctx.seat ? ` (${ctx.t("you")})` : ""),
    el("dl", { class: "facts-grid" }, facts.map(([k, v]) => [el("dt", {}, k), el("dd", {}, String(v))])),
    seat.one_use && seat.one_use.length ? el("p", { class: "small" }, `${ctx.t("one_use_tools")}: ${seat.one_use.join(", ")}`) : null,
    seat.cards ? el("p", { class: "small" }, `${ctx.t("my_cards")}: ${seat.cards.map((c) => ctx.term(c)).join(", ") || "—"}`) : null,
    seat.buildings && seat.buildings.length ? el("p", { class: "small" }, `${ctx.t("buildings")}: ${seat.buildings.map((b) => ctx.term(b)).join(", ")}`) : null,
    extra.length ? el("p", { class: "small" }, extra.join(" · ")) : null);
}

/** The board of a Stone Age view. */
export function drawStoneAge(ctx) {
  const board = ctx.view.board;
  const chooser = el("div", { class: "site-actions", id: "site-actions", "aria-live": "polite" });
  const chosen = (name, actions) => {
    chooser.replaceChildren(
      el("span", { class: "verb" }, ctx.term(name)),
      ...actions.map((text) => el("button", { type: "button", class: "action", onclick: () => ctx.play(text) }, text)),
    );
    chooser.querySelector("button")?.focus();
  };
  const roll = board.roll_count ? ctx.t("roll_info", { n: board.roll_count, what: ctx.term(board.roll_resource || ""), total: board.roll_total }) : "";
  return el("div", { class: "stoneage" },
    el("p", { class: "facts" }, [
      ctx.t("round_n", { n: board.round }),
      `${ctx.t("phase")}: ${ctx.term(board.phase || "")}`,
      `${ctx.t("step")}: ${ctx.term(board.step || "")}`,
      board.target ? `${ctx.t("target")}: ${ctx.term(board.target)}` : "",
      roll,
      (board.pick_dice || []).length ? `${ctx.t("dice")}: ${board.pick_dice.join(" ")}` : "",
      `${ctx.t("deck_n", { n: board.deck ?? 0 })}`,
    ].filter(Boolean).join(" · ")),
    boardPicture(ctx, chosen),
    chooser,
    el("div", { class: "players" }, board.seats.map((seat, i) => playerCard(ctx, seat, i))));
}
