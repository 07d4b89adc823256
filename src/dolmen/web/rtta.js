// Roll Through the Ages, drawn from the view's `board` only (docs/rtta.md): the dice of the turn, then each
// player's score sheet — food and goods tracks, cities and monuments box by box, developments, disasters.
import { el, svg } from "./dom.js";

// The printed sheet's track lengths, used only to draw empty boxes; a mark beyond them still shows.
const SHEET = {
  food: 15,
  goods: { wood: 8, stone: 7, pottery: 6, cloth: 5, spearheads: 4 },
  cities: { city4: 3, city5: 4, city6: 5, city7: 6 },
};
const BOX = 13;
const COLORS = ["#c0392b", "#2471a3", "#229954", "#b7950b", "#7d3c98"];

function track(x, y, label, filled, length, color) {
  const n = Math.max(length, filled);
  const parts = [svg("text", { x, y: y + 10, class: "label" }, label)];
  for (let i = 0; i < n; i++) {
    parts.push(svg("rect", { x: x + 92 + i * (BOX + 2), y, width: BOX, height: BOX, rx: 2, class: i < filled ? "box filled" : "box", fill: i < filled ? color : "none" }));
  }
  parts.push(svg("text", { x: x + 92 + n * (BOX + 2) + 4, y: y + 10, class: "count" }, String(filled)));
  return svg("g", { class: "track" }, parts);
}

/** The face of a die and whether it is selected for a reroll. */
function dieShape(ctx, face, index, x) {
  const selected = ctx.selection.has(index);
  const skull = face === "skull";
  const label = ctx.term(face);
  const toggle = () => {
    if (selected) ctx.selection.delete(index);
    else ctx.selection.add(index);
    ctx.redraw();
  };
  return svg(
    "g",
    {
      class: `die${selected ? " selected" : ""}${skull ? " skull" : ""}`,
      role: "button",
      tabindex: 0,
      "aria-pressed": selected ? "true" : "false",
      "aria-label": `${ctx.t("die_n", { n: index + 1 })}: ${label}${skull ? ` (${ctx.t("locked")})` : ""}`,
      dataset: { die: index, face },
      onclick: toggle,
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } },
    },
    svg("rect", { x, y: 4, width: 58, height: 58, rx: 9, class: "die-body" }),
    svg("text", { x: x + 29, y: 30, "text-anchor": "middle", class: "die-face" }, shortFace(face)),
    svg("text", { x: x + 29, y: 48, "text-anchor": "middle", class: "die-sub" }, selected ? ctx.t("reroll") : skull ? ctx.t("locked") : ctx.t("keep")),
  );
}

function shortFace(face) {
  const symbols = { skull: "☠", goods: "▣", coins: "●", "goods-skull": "▣▣☠" };
  if (symbols[face]) return symbols[face];
  return face.replace(/food(\d)/g, "$1F").replace(/workers(\d)/g, "$1W");
}

/** The legal `reroll …` text naming exactly the selected dice (by position or by faces), if there is one. */
function rerollAction(ctx, dice) {
  const chosen = [...ctx.selection].sort((a, b) => a - b);
  if (!chosen.length) return null;
  const faces = chosen.map((i) => dice[i]).sort().join(" ");
  const positions = chosen.map((i) => String(i + 1)).join(" ");
  for (const text of ctx.legal) {
    if (!text.startsWith("reroll ")) continue;
    const rest = text.slice(7).trim();
    const tokens = rest.split(/\s+/);
    if (tokens.every((tok) => /^\d+$/.test(tok))) {
      if ([...tokens].map(Number).sort((a, b) => a - b).join(" ") === positions) return text;
    } else if ([...tokens].sort().join(" ") === faces) return text;
  }
  return null;
}

function diceTray(ctx, board) {
  const turn = board.turn || {};
  const dice = turn.dice || [];
  const active = board.active;
  const width = Math.max(320, dice.length * 66 + 10);
  const picture = svg("svg", { class: "dice", viewBox: `0 0 ${width} 68`, width, height: 68, role: "group", "aria-label": ctx.t("dice") },
    dice.map((face, i) => dieShape(ctx, face, i, 6 + i * 66)));
  const reroll = rerollAction(ctx, dice);
  const facts = [
    ctx.t("dice_of", { name: ctx.names[active] ?? "" }),
    ctx.t("rerolls_left", { n: turn.rerolls_left ?? 0 }),
    turn.locked_skulls ? ctx.t("skulls_n", { n: turn.locked_skulls }) : null,
    turn.workers ? ctx.t("workers_n", { n: turn.workers }) : null,
    turn.coins ? ctx.t("coins_n", { n: turn.coins }) : null,
  ].filter(Boolean);
  return el("div", { class: "card dice-tray" },
    el("p", { class: "facts" }, facts.join(" · ")),
    picture,
    ctx.selection.size && ctx.legal.size
      ? el("button", { type: "button", id: "reroll-selected", disabled: !reroll, onclick: () => reroll && ctx.play(reroll) }, reroll ? `${ctx.t("reroll_selected")} (${reroll})` : ctx.t("no_such_reroll"))
      : null);
}

function sheet(ctx, view, player) {
  const board = view;
  const seat = player.seat;
  const color = COLORS[seat % COLORS.length];
  const rows = [];
  let y = 28;
  const line = (node, height = BOX + 5) => { rows.push(node); y += height; };
  const score = player.score || {};
  rows.push(svg("text", { x: 8, y: 18, class: "sheet-title", fill: color }, `${ctx.names[seat] ?? seat}${seat === ctx.seat ? ` (${ctx.t("you")})` : ""} — ${ctx.t("score_n", { n: score.total ?? 0 })}`));
  line(track(8, y, ctx.term("food"), player.food ?? 0, SHEET.food, "#d68910"));
  for (const [good, count] of Object.entries(player.goods || {})) {
    line(track(8, y, ctx.term(good), count, SHEET.goods[good] ?? count, "#7b5e3b"));
  }
  rows.push(svg("text", { x: 8, y: y + 10, class: "label" }, ctx.t("goods_value", { units: player.goods_units ?? 0, value: player.goods_value ?? 0 })));
  y += 20;
  rows.push(svg("text", { x: 8, y: y + 10, class: "label strong" }, ctx.t("cities_n", { n: player.cities ?? 0 })));
  y += 16;
  for (const [city, count] of Object.entries(player.city_boxes || {})) {
    line(track(8, y, ctx.term(city), count, SHEET.cities[city] ?? count, "#566573"));
  }
  rows.push(svg("text", { x: 8, y: y + 10, class: "label strong" }, ctx.t("monuments")));
  y += 16;
  for (const monument of board.monuments || []) {
    if (!monument.in_play) continue;
    const filled = (player.monuments || {})[monument.name] ?? 0;
    const first = monument.first_builder;
    const label = `${ctx.term(monument.name)} ${monument.points?.join("/") ?? ""}${first !== null && first !== undefined ? ` ★${ctx.names[first] ?? first}` : ""}`;
    line(track(8, y, "", filled, monument.boxes, color), 0);
    rows.push(svg("text", { x: 8, y: y + 10, class: "label small" }, ctx.term(monument.name)));
    rows.push(svg("title", {}, label));
    y += BOX + 5;
  }
  rows.push(svg("text", { x: 8, y: y + 10, class: "label strong" }, ctx.t("developments")));
  y += 16;
  const owned = new Set(player.developments || []);
  const devs = board.developments || [];
  devs.forEach((dev, i) => {
    const col = i % 2;
    const x = 8 + col * 170;
    const have = owned.has(dev.name);
    rows.push(svg("g", { class: `dev${have ? " owned" : ""}` },
      svg("rect", { x, y, width: 11, height: 11, class: have ? "box filled" : "box", fill: have ? color : "none" }),
      svg("text", { x: x + 15, y: y + 10, class: "label small" }, `${ctx.term(dev.name)} ${dev.cost}/${dev.points}`)));
    if (col === 1 || i === devs.length - 1) y += 15;
  });
  y += 4;
  rows.push(svg("text", { x: 8, y: y + 10, class: "label" },
    `${ctx.t("disasters_n", { n: player.disasters ?? 0 })} · ${ctx.t("ships_n", { n: player.ships ?? 0 })}`));
  y += 15;
  rows.push(svg("text", { x: 8, y: y + 10, class: "label small" }, ctx.t("score_parts", score)));
  y += 18;
  return svg("svg", { class: `sheet${seat === ctx.seat ? " mine" : ""}`, viewBox: `0 0 350 ${y}`, width: 350, height: y, role: "img", "aria-label": ctx.t("sheet_of", { name: ctx.names[seat] ?? seat }), dataset: { seat } }, rows);
}

/** The board of a Roll Through the Ages view. */
export function drawRtta(ctx) {
  const board = ctx.view.board;
  const boards = [...(board.boards || [])];
  boards.sort((a, b) => Number(b.seat === ctx.seat) - Number(a.seat === ctx.seat));
  return el("div", { class: "rtta" },
    el("p", { class: "facts" }, [
      ctx.t("round_n", { n: board.round ?? "" }),
      `${ctx.t("edition")}: ${ctx.t(`edition.${board.edition}`)}`,
      board.step ? `${ctx.t("step")}: ${ctx.term(board.step)}` : "",
    ].filter(Boolean).join(" · ")),
    board.turn && !ctx.view.over ? diceTray(ctx, board) : null,
    el("div", { class: "sheets" }, boards.map((player) => sheet(ctx, board, player))));
}
