// Roll Through the Ages, drawn from the view's `board` and the edition's `describe` (docs/rtta.md): the dice of
// the turn, the other players at a glance, who built which monument (and who first), then each player's score
// sheet as printed — food and goods tracks, cities and monuments box by box (first and later values, who built
// first, the monuments this player count leaves out), developments with cost and points, disasters, ships and the
// score.
import { el, svg } from "./dom.js";
import { diceTray, panel } from "./rtta-steps.js";

const BOX = 13;
const STEP = BOX + 2;
const LEFT = 112;
const WIDTH = 380;
export const COLORS = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98"];

function boxes(x, y, filled, length, color, title) {
  const n = Math.max(length, filled);
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push(svg("rect", { x: x + i * STEP, y, width: BOX, height: BOX, rx: 2, class: i < filled ? "box filled" : "box", fill: i < filled ? color : "none" }));
  }
  return svg("g", { class: "track" }, title ? svg("title", {}, title) : null, out);
}

function track(ctx, x, y, label, filled, length, color, note) {
  return svg("g", {},
    svg("text", { x, y: y + 10, class: "label" }, label),
    boxes(x + LEFT, y, filled, length, color, `${label}: ${filled}/${length}`),
    svg("text", { x: x + LEFT + Math.max(length, filled) * STEP + 4, y: y + 10, class: "count" }, note ?? String(filled)));
}

/** The sheet of one player: an SVG as tall as it needs. */
function sheet(ctx, player) {
  const board = ctx.view.board;
  const info = ctx.describe || {};
  const seat = player.seat;
  const color = COLORS[seat % COLORS.length];
  const rows = [];
  let y = 26;
  const add = (node, height = BOX + 5) => { rows.push(node); y += height; };
  const heading = (text) => add(svg("text", { x: 8, y: y + 10, class: "label strong" }, text), 16);
  const score = player.score || {};
  rows.push(svg("text", { x: 8, y: 17, class: "sheet-title", fill: color }, `${ctx.names[seat] ?? seat}${seat === ctx.seat ? ` (${ctx.t("you")})` : ""} — ${ctx.t("score_n", { n: score.total ?? 0 })}`));

  add(track(ctx, 8, y, ctx.term("food"), player.food ?? 0, info.food?.max ?? 0, "#d68910"));
  for (const good of info.goods || []) {
    const count = (player.goods || {})[good.name] ?? 0;
    add(track(ctx, 8, y, ctx.term(good.name), count, good.max, "#7b5e3b", `${count} · ${good.values[count] ?? ""}`));
  }
  add(svg("text", { x: 8, y: y + 10, class: "label" }, ctx.t("goods_value", { units: player.goods_units ?? 0, value: player.goods_value ?? 0 })), 18);

  heading(ctx.t("cities_n", { n: player.cities ?? 0 }));
  for (const city of info.cities?.build || []) {
    add(track(ctx, 8, y, ctx.term(city.name), (player.city_boxes || {})[city.name] ?? 0, city.boxes, "#566573"));
  }

  heading(ctx.t("monuments"));
  for (const monument of board.monuments || []) {
    const filled = (player.monuments || {})[monument.name] ?? 0;
    const first = monument.first_builder;
    const [high, low] = monument.points || [];
    const label = `${ctx.term(monument.name)} ${high}/${low}`;
    if (!monument.in_play) {
      add(svg("text", { x: 8, y: y + 10, class: "label small removed" }, `${label} — ${ctx.t("not_in_play", { n: ctx.view.players })}`));
      continue;
    }
    const done = filled >= monument.boxes;
    const mark = first !== null && first !== undefined ? (first === seat ? ` ★${high}` : done ? ` ✓${low}` : "") : "";
    add(svg("g", { class: `monument${done ? " done" : ""}`, dataset: { monument: monument.name } },
      svg("text", { x: 8, y: y + 10, class: "label small" }, label),
      boxes(8 + LEFT, y, filled, monument.boxes, color, `${label}: ${filled}/${monument.boxes}`),
      svg("text", { x: 8 + LEFT + monument.boxes * STEP + 4, y: y + 10, class: "count" }, mark)));
  }
  const firsts = (board.monuments || []).filter((m) => m.first_builder !== null && m.first_builder !== undefined && m.first_builder !== seat && m.in_play);
  if (firsts.length) add(svg("text", { x: 8, y: y + 10, class: "label small", dataset: { fit: WIDTH - 16 } }, ctx.t("first_builders", { list: firsts.map((m) => `${ctx.term(m.name)} ★${ctx.names[m.first_builder]}`).join(", ") })), 15);

  heading(ctx.t("developments"));
  const owned = new Set(player.developments || []);
  const devs = board.developments || [];
  devs.forEach((dev, i) => {
    const col = i % 2;
    const x = 8 + col * 176;
    const have = owned.has(dev.name);
    rows.push(svg("g", { class: `dev${have ? " owned" : ""}`, dataset: { development: dev.name } },
      svg("rect", { x, y, width: 11, height: 11, class: have ? "box filled" : "box", fill: have ? color : "none" }),
      svg("text", { x: x + 15, y: y + 10, class: "label small" }, `${ctx.term(dev.name)} ${dev.cost}/${dev.points}`)));
    if (col === 1 || i === devs.length - 1) y += 15;
  });
  y += 4;
  add(svg("text", { x: 8, y: y + 10, class: "label" }, [
    ctx.t("disasters_n", { n: player.disasters ?? 0 }),
    (info.developments || []).some((d) => d.effect?.ships) || player.ships ? ctx.t("ships_n", { n: player.ships ?? 0 }) : null,
  ].filter(Boolean).join(" · ")), 15);
  add(svg("text", { x: 8, y: y + 10, class: "label small" }, ctx.t("score_parts", score)), 16);
  return svg("svg", { class: `sheet${seat === ctx.seat ? " mine" : ""}`, viewBox: `0 0 ${WIDTH} ${y}`, width: WIDTH, height: y, role: "img", "aria-label": ctx.t("sheet_of", { name: ctx.names[seat] ?? seat }), dataset: { seat } }, rows);
}

/** Every player in one table: what matters at a glance. */
function glance(ctx) {
  const board = ctx.view.board;
  const cols = ["food", "goods", "cities", "developments", "monuments", "disasters", "score"];
  const completed = (player) => (board.monuments || []).filter((m) => ((player.monuments || {})[m.name] ?? 0) >= m.boxes).length;
  return el("div", { class: "scroll-x" }, el("table", { class: "glance", id: "glance" },
    el("caption", {}, ctx.t("at_a_glance")),
    el("thead", {}, el("tr", {}, el("th", { scope: "col" }, ctx.t("player")), cols.map((c) => el("th", { scope: "col" }, ctx.t(`col.${c}`))))),
    el("tbody", {}, (board.boards || []).map((p) => el("tr", { class: p.seat === board.active ? "active" : "", dataset: { seat: p.seat } },
      el("th", { scope: "row" }, el("span", { class: "swatch", style: `background:${COLORS[p.seat % COLORS.length]}`, "aria-hidden": "true" }), " ", ctx.names[p.seat]),
      el("td", {}, String(p.food)),
      el("td", {}, `${p.goods_units} (${p.goods_value})`),
      el("td", {}, String(p.cities)),
      el("td", {}, String((p.developments || []).length)),
      el("td", {}, String(completed(p))),
      el("td", {}, String(p.disasters)),
      el("td", {}, String(p.score?.total ?? 0)))))));
}

/** Each monument with its first and later points and the players who completed it (the first builder marked, both
 * from the view), or the player count that leaves it out. */
function monumentTable(ctx) {
  const board = ctx.view.board;
  const boards = board.boards || [];
  const rows = (board.monuments || []).map((monument) => {
    const [first, later] = monument.points || [];
    let builders;
    if (!monument.in_play) {
      builders = ctx.t("not_in_play", { n: ctx.view.players });
    } else {
      const done = boards.filter((p) => ((p.monuments || {})[monument.name] ?? 0) >= monument.boxes)
        .sort((a, b) => Number(b.seat === monument.first_builder) - Number(a.seat === monument.first_builder));
      builders = done.length
        ? done.map((p) => (p.seat === monument.first_builder ? `★ ${ctx.t("built_first", { name: ctx.names[p.seat] })}` : ctx.names[p.seat])).join(", ")
        : ctx.t("nobody_yet");
    }
    return el("tr", { class: monument.in_play ? "" : "removed", dataset: { monument: monument.name } },
      el("th", { scope: "row" }, ctx.term(monument.name)),
      el("td", {}, `${first}/${later}`),
      el("td", { class: "built-by" }, builders));
  });
  return el("div", { class: "scroll-x" }, el("table", { class: "glance", id: "monuments" },
    el("caption", {}, ctx.t("monuments_title")),
    el("thead", {}, el("tr", {}, ["monument", "points", "built_by"].map((c) => el("th", { scope: "col" }, ctx.t(`col.${c}`))))),
    el("tbody", {}, rows)));
}

function disasterLegend(ctx) {
  const rows = (ctx.describe?.disasters || []).map((d) => ctx.t("disaster_line", {
    skulls: "☠".repeat(d.skulls),
    name: ctx.term(d.name),
    who: ctx.t(`hits.${d.hits}`),
    loss: d.points ? `−${d.points}` : ctx.t("all_goods"),
    protection: ctx.term(d.protection),
  }));
  return rows.length ? el("p", { class: "small legend" }, `${ctx.t("disasters")}: ${rows.join(" · ")}`) : null;
}

function draw(ctx) {
  const board = ctx.view.board;
  const boards = [...(board.boards || [])].sort((a, b) => Number(b.seat === ctx.seat) - Number(a.seat === ctx.seat));
  return el("div", { class: "rtta" },
    el("p", { class: "facts" }, [
      board.rounds ? ctx.t("round_of", { n: board.round, of: board.rounds }) : ctx.t("round_n", { n: board.round ?? "" }),
      `${ctx.t("edition")}: ${ctx.t(`edition.${board.edition}`)}`,
      board.trade ? ctx.t("option.trade") : null,
      board.step ? `${ctx.t("step")}: ${ctx.term(board.step)}` : "",
    ].filter(Boolean).join(" · ")),
    board.turn && !ctx.view.over ? diceTray(ctx, board) : null,
    glance(ctx),
    monumentTable(ctx),
    disasterLegend(ctx),
    el("div", { class: "sheets" }, boards.map((player) => sheet(ctx, player))));
}

/** The final score sheet's parts, by seat (the view's `score`). */
function breakdown(ctx) {
  const keys = ["developments", "monuments", "architecture", "empire", "commerce", "disasters"];
  const boards = ctx.view.board.boards || [];
  const used = keys.filter((k) => k === "developments" || k === "monuments" || k === "disasters" || boards.some((b) => b.score?.[k]));
  const rows = [];
  for (const b of boards) rows[b.seat] = used.map((k) => (k === "disasters" ? `−${b.score[k]}` : b.score[k]));
  return { columns: used.map((k) => ctx.t(`part.${k}`)), rows };
}

export const rtta = { draw, panel, breakdown };
