// Stone Age: the words for cards and building tiles (from `describe`), the modules' pieces (jewels and barter,
// the mammoth herd, wild animals, igloos, huts), the panels of the steps that need more than buttons (the tools
// with the yield each choice gives, what is being paid for, feeding) and the final score's parts.
import { actionButton } from "./actions.js";
import { el } from "./dom.js";

function cardsById(ctx) {
  return new Map((ctx.describe?.cards || []).map((c) => [c.id, c]));
}

/** A civilization card's bottom half in words: its culture symbol, or its figures. */
export function cardBottom(ctx, card) {
  if (!card) return "";
  if (card.culture) return ctx.t("culture_card", { symbol: ctx.t(`culture.${card.culture}`) });
  return ctx.t(`figure.${card.figure}`, { n: card.figures });
}

/** A card as a small chip whose tooltip (and accessible name) says both halves. */
export function cardChip(ctx, id) {
  const card = cardsById(ctx).get(id);
  const full = `${ctx.term(id)} — ${cardBottom(ctx, card)}`;
  return el("span", { class: "chip", title: full, tabindex: 0, role: "note", "aria-label": full, dataset: { card: id } }, ctx.term(id));
}

/** A building tile's cost and points, or its flexible rule, and a hut's effect. */
export function tileText(ctx, tile) {
  let text;
  // A base tile is named by its cost already; a hut is not.
  if (tile.kind === "fixed" && !tile.hut) text = ctx.t("score_n", { n: tile.points });
  else if (tile.kind === "fixed") text = ctx.t("tile_fixed", { cost: tile.cost.map((r) => ctx.term(r)).join(" "), points: tile.points });
  else if (tile.kind === "n_of_k") text = ctx.t("tile_n_of_k", { n: tile.resources, k: tile.kinds });
  else text = ctx.t("tile_1_to_7");
  if (tile.hut) text += ` · ${ctx.t(`hut.${tile.hut}`, { resource: ctx.term(tile.income ?? ""), bonus: ctx.describe?.new_huts?.chief_bonus ?? "" })}`;
  return text;
}

/** The modules' facts of one seat, as [label, value] pairs. */
export function moduleFacts(ctx, seat) {
  const out = [];
  if (seat.jewels !== undefined) out.push([ctx.term("jewel"), seat.jewels], [ctx.t("barter"), `${seat.barter}${seat.bartered ? " ✓" : ""}`]);
  if (seat.on_herd !== undefined) out.push([ctx.t("on_herd"), seat.on_herd]);
  if (seat.on_animal !== undefined) out.push([ctx.t("on_animal"), seat.on_animal]);
  if (seat.igloos !== undefined) out.push([ctx.t("igloos"), seat.igloos]);
  return out;
}

function reward(ctx, part) {
  return part ? `${part.amount} ${ctx.term(part.reward)}` : "";
}

/** A zone of the herd (a gathering site's id or name) by the site's name. */
function zoneName(ctx, zone) {
  const site = (ctx.describe?.locations || []).find((l) => l.id === zone || l.name === zone);
  return ctx.term(site ? site.name : zone);
}

function herdBox(ctx, herd) {
  const tile = (ctx.describe?.mammoth_tiles || []).find((m) => m.id === herd.tile?.id);
  return el("p", { id: "herd" }, el("strong", {}, `${ctx.t("herd")}: `),
    herd.zone ? ctx.t("herd_at", { zone: zoneName(ctx, herd.zone) }) : ctx.t("herd_gone"),
    tile ? ` · ${ctx.term(tile.id)} (${ctx.t("reward_top")}: ${reward(ctx, tile.top)}; ${ctx.t("reward_bottom")}: ${reward(ctx, tile.bottom)})` : "",
    herd.next ? ` · ${ctx.t("herd_next", { zone: zoneName(ctx, herd.next), n: herd.pile })}` : "");
}

function animalsBox(ctx, board) {
  const penalties = new Map((ctx.describe?.wild_animals || []).map((a) => [a.id, a.penalty]));
  const [active, ...others] = board.animals || [];
  return el("p", { id: "animals" }, el("strong", {}, `${ctx.t("wild_animals")}: `),
    active ? ctx.t("animal_active", { animal: ctx.term(active), n: penalties.get(active) ?? "?" }) : ctx.t("no_animal"),
    others.length ? ` · ${ctx.t("animals_beside", { list: others.map((a) => ctx.term(a)).join(", ") })}` : "",
    ` · ${ctx.t("animals_in_deck", { n: board.animals_in_deck ?? 0 })}`);
}

/** The modules' pieces on the board (those of the modules that are on). */
export function modulePieces(ctx) {
  const board = ctx.view.board;
  const parts = [];
  if (board.herd) parts.push(herdBox(ctx, board.herd));
  if (board.animals) parts.push(animalsBox(ctx, board));
  if (board.igloos_left !== undefined) parts.push(el("p", {}, el("strong", {}, `${ctx.t("igloos")}: `), ctx.t("igloos_left", { n: board.igloos_left })));
  if (board.barter_due) parts.push(el("p", {}, ctx.t("barter_due", { what: board.barter_due })));
  if (board.hunt_yield) parts.push(el("p", {}, ctx.t("hunt_yield", { n: board.hunt_yield })));
  return parts.length ? el("div", { class: "card modules-box", id: "module-pieces" }, parts) : null;
}

/** `tools 3 1 once 4` in words: the tiles added, then the one-use tools. */
function toolWords(ctx, text) {
  const [tiles, once] = text.slice("tools ".length).split("once").map((part) => part.trim());
  if (tiles === "none") return ctx.t("no_tools");
  return [tiles ? ctx.t("tool_tiles", { values: tiles }) : null, once ? ctx.t("one_use_tool", { values: once }) : null].filter(Boolean).join(" + ");
}

function tools(ctx) {
  const board = ctx.view.board;
  const resource = ctx.term(board.roll_resource || "");
  return {
    covers: ["tools"],
    element: el("div", { class: "step-panel", id: "tools-panel" },
      el("h3", {}, ctx.t("tools_title", { total: board.roll_total, resource })),
      (board.tool_choices || []).map((choice) => actionButton(ctx, choice.action,
        ctx.t("tools_choice", { tools: toolWords(ctx, choice.action), total: choice.total, n: choice.yield, resource }), { class: "wide" }))),
  };
}

/** What the pending card or building is, while it is paid for (or declined). */
function paying(ctx) {
  const board = ctx.view.board;
  const target = board.target || "";
  const index = Number(target.split(" ")[1]) - 1;
  let what = "";
  if (target.startsWith("card ")) {
    const id = board.display?.[index];
    const card = cardsById(ctx).get(id);
    what = id ? `${ctx.term(id)} — ${cardBottom(ctx, card)}` : "";
  } else if (target.startsWith("building ")) {
    const id = board.stacks?.[index]?.top;
    const tile = (ctx.describe?.buildings || []).find((b) => b.id === id);
    what = id ? `${ctx.term(id)} — ${tile ? tileText(ctx, tile) : ""}` : "";
  } else if (target === "igloo" && ctx.describe?.igloos) {
    const igloo = ctx.describe.igloos;
    what = ctx.t("igloo_offer", { cost: igloo.cost.map((r) => ctx.term(r)).join(" "), points: igloo.points });
  }
  return { covers: [], element: el("div", { class: "step-panel", id: "paying-panel" }, el("h3", {}, ctx.term(target)), what ? el("p", {}, what) : null) };
}

function feeding(ctx) {
  return {
    covers: [],
    element: el("div", { class: "step-panel", id: "feed-panel" },
      el("p", {}, ctx.t("feed_hint", { n: ctx.view.board.shortage, penalty: ctx.describe?.hunger_penalty ?? "" }))),
  };
}

const PANELS = { tools, pay_card: paying, buy_building: paying, igloo: paying, feed: feeding };

/** The panel of the acting seat's step, or null: `{element, covers}`. */
export function panel(ctx) {
  const make = PANELS[ctx.view.activity];
  return make ? make(ctx) : null;
}

/** The final score's parts by seat (the finished view's `scoring`). */
export function breakdown(ctx) {
  const scoring = ctx.view.board.scoring || [];
  const figures = Object.keys(ctx.describe?.figures || {}); // the figure kinds, as describe names them
  const columns = ["points", "penalties", "culture", ...figures, "goods"].map((key) => ctx.t(`part.${key}`));
  const rows = scoring.map((s) => [
    s.points,
    s.penalties ? `−${s.penalties}` : 0,
    `${s.culture.points} (${s.culture.sets.join("+") || "—"})`,
    ...figures.map((f) => {
      const m = s.multipliers[f];
      return m ? `${m.figures}×${m.times}=${m.points}` : 0;
    }),
    s.goods,
  ]);
  return { columns, rows };
}
