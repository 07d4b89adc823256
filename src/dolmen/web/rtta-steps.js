// Roll Through the Ages: the dice tray (click or Enter/Space on dice to choose a reroll) and the panels of the
// steps that need more than a row of buttons — food or workers, buying a development and paying for it,
// trading (offers and answers), discarding. Every choice is one of the server's legal actions, or a text form
// the server checks (an offer, previewed before it is made); what a choice would do is the server's preview.
import { actionButton } from "./actions.js";
import { el, svg } from "./dom.js";

const FACE_SYMBOLS = { skull: "☠", goods: "▣", coins: "●" };

function shortFace(face) {
  return FACE_SYMBOLS[face] ?? face.replace(/food(\d)/g, "$1F").replace(/workers(\d)/g, "$1W");
}

function dieShape(ctx, face, index, x, locked) {
  const selected = ctx.selection.has(index);
  const toggle = () => {
    if (selected) ctx.selection.delete(index);
    else ctx.selection.add(index);
    ctx.redraw();
  };
  return svg(
    "g",
    {
      class: `die${selected ? " selected" : ""}${face === "skull" ? " skull" : ""}${locked ? " locked" : ""}`,
      role: "button",
      tabindex: 0,
      "aria-pressed": selected ? "true" : "false",
      "aria-label": `${ctx.t("die_n", { n: index + 1 })}: ${ctx.term(face)}${locked ? ` (${ctx.t("locked")})` : ""}`,
      dataset: { die: index, face },
      onclick: toggle,
      onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } },
    },
    svg("rect", { x, y: 4, width: 58, height: 58, rx: 9, class: "die-body" }),
    svg("text", { x: x + 29, y: 30, "text-anchor": "middle", class: "die-face" }, shortFace(face)),
    svg("text", { x: x + 29, y: 48, "text-anchor": "middle", class: "die-sub" }, selected ? ctx.t("reroll") : locked ? ctx.t("locked") : ctx.t("keep")),
  );
}

/** The legal `reroll …` text naming exactly the selected dice (by their faces), if there is one. */
function rerollAction(ctx, dice) {
  const chosen = [...ctx.selection].sort((a, b) => a - b);
  if (!chosen.length) return null;
  const faces = chosen.map((i) => dice[i]).sort().join(" ");
  for (const text of ctx.legal) {
    if (text.startsWith("reroll ") && text.slice(7).trim().split(/\s+/).sort().join(" ") === faces) return text;
  }
  return null;
}

/** The dice of the turn; skulls set aside are shown locked (the view's `locked_skulls`: none in solo). */
export function diceTray(ctx, board) {
  const turn = board.turn || {};
  const dice = turn.dice || [];
  let locked = turn.locked_skulls || 0;
  const width = Math.max(320, dice.length * 66 + 10);
  const picture = svg("svg", { class: "dice", viewBox: `0 0 ${width} 68`, width, height: 68, role: "group", "aria-label": ctx.t("dice") },
    dice.map((face, i) => dieShape(ctx, face, i, 6 + i * 66, face === "skull" && locked-- > 0)));
  const reroll = rerollAction(ctx, dice);
  const facts = [
    ctx.t("dice_of", { name: ctx.names[board.active] ?? "" }),
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

/** The choices of `food N` (N of the dice give food): what each brings is the server's preview, shown with it. */
function foodOrWorkers(ctx) {
  const texts = ctx.legalList.filter((text) => text.startsWith("food "));
  const either = (ctx.describe?.dice?.faces || []).find((face) => face.food_or_workers);
  return {
    covers: ["food"],
    element: el("div", { class: "step-panel", id: "food-or-workers" },
      el("h3", {}, ctx.t("fow_title")),
      el("p", { class: "hint" }, ctx.t("fow_hint", { face: ctx.term(either?.name ?? "") })),
      texts.map((text) => actionButton(ctx, text, ctx.t("fow_choice", { n: Number(text.split(" ")[1]) }), { class: "wide" }))),
  };
}

/** `buy DEV with wood pottery food 2` in words: what is paid besides the turn's coins. */
function paymentLabel(ctx, text) {
  const [, spent = ""] = text.split(" with ");
  const words = spent.split(" ").filter(Boolean);
  const items = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === "food") items.push(ctx.t("food_n", { n: Number(words[++i]) }));
    else items.push(ctx.term(words[i]));
  }
  return items.length ? ctx.t("pay_with", { list: items.join(", ") }) : ctx.t("pay_coins");
}

function buying(ctx) {
  const board = ctx.view.board;
  const mine = (board.boards || []).find((b) => b.seat === ctx.seat) || {};
  const owned = new Set(mine.developments || []);
  const effects = new Map((ctx.describe?.developments || []).map((d) => [d.name, d.effect]));
  const rows = (board.developments || []).map((dev) => {
    const buys = ctx.legalList.filter((text) => text === `buy ${dev.name}` || text.startsWith(`buy ${dev.name} `));
    const owners = (board.boards || []).filter((b) => (b.developments || []).includes(dev.name)).map((b) => ctx.names[b.seat]);
    const state = owned.has(dev.name) ? "owned" : buys.length ? "affordable" : "out-of-reach";
    const effect = effects.get(dev.name);
    return el("li", { class: `development ${state}`, dataset: { development: dev.name } },
      el("div", { class: "dev-head" },
        el("strong", {}, ctx.term(dev.name)), " ",
        el("span", { class: "small" }, ctx.t("cost_points", { cost: dev.cost, points: dev.points })), " ",
        el("span", { class: "badge-soft" }, ctx.t(`dev.${state}`))),
      effect ? el("p", { class: "small effect" }, ctx.render(effect)) : null,
      owners.length ? el("p", { class: "small" }, ctx.t("owned_by", { names: owners.join(", ") })) : null,
      buys.length ? el("div", { class: "payments", role: "group", "aria-label": ctx.t("payment_for", { name: ctx.term(dev.name) }) },
        buys.map((text) => actionButton(ctx, text, paymentLabel(ctx, text)))) : null);
  });
  return {
    covers: ["buy"],
    element: el("div", { class: "step-panel", id: "buy-panel" },
      el("h3", {}, ctx.t("buy_title")),
      el("p", { class: "hint" }, ctx.t("buy_hint", { coins: board.turn?.coins ?? 0 })),
      el("ul", { class: "developments" }, rows)),
  };
}

function offerWords(ctx, items) {
  return Object.entries(items || {}).map(([good, n]) => `${n} ${ctx.term(good)}`).join(", ") || "—";
}

function answering(ctx) {
  const offer = ctx.view.board.turn?.offer;
  if (!offer) return null;
  return {
    covers: [],
    element: el("div", { class: "step-panel", id: "offer-panel" },
      el("h3", {}, ctx.t("offer_from", { name: ctx.names[offer.from] })),
      el("p", {}, ctx.t("offer_you_get", { items: offerWords(ctx, offer.give) })),
      el("p", {}, ctx.t("offer_you_give", { items: offerWords(ctx, offer.get) }))),
  };
}

/** The offer builder: an opponent, what to give and what to get; checked with the server's preview, then made. */
function trading(ctx) {
  const turn = ctx.view.board.turn || {};
  const offers = ctx.legalList.filter((text) => text.startsWith("offer "));
  const seats = [...new Set(offers.map((text) => Number(text.split(" ")[1])))];
  if (!seats.length && !ctx.more) return null;
  const opponents = seats.length ? seats : (ctx.view.board.boards || []).map((b) => b.seat).filter((s) => s !== ctx.seat);
  const who = el("select", { id: "offer-seat" }, opponents.map((s) => el("option", { value: s }, ctx.names[s])));
  const said = el("p", { class: "small", id: "offer-check", role: "status" });
  // What an offer may name, and the most a side may hold of each, are the edition's (`describe`).
  const items = ctx.describe?.trade?.items || [];
  const field = (side, item) => el("input", { type: "number", min: 0, max: item.max, value: 0, id: `offer-${side}-${item.name}`, class: "count-input", "aria-label": `${ctx.t(`offer_${side}`)}: ${ctx.term(item.name)}` });
  const gives = items.map((item) => field("give", item));
  const gets = items.map((item) => field("get", item));
  const part = (word, inputs) => {
    const chosen = inputs.map((input, i) => [Number(input.value) || 0, items[i].name]).filter(([n]) => n > 0);
    return chosen.length ? ` ${word} ${chosen.map(([n, good]) => `${n} ${good}`).join(" ")}` : "";
  };
  const text = () => `offer ${who.value}${part("give", gives)}${part("get", gets)}`;
  const check = async () => {
    said.textContent = "…";
    said.textContent = (await ctx.preview([text()])) ?? "";
  };
  const row = (side, inputs) => el("div", { class: "offer-row", role: "group", "aria-label": ctx.t(`offer_${side}`) },
    el("span", { class: "object" }, ctx.t(`offer_${side}`)),
    inputs.map((input, i) => el("label", { class: "count-field" }, el("span", {}, ctx.term(items[i].name)), input)));
  return {
    covers: ["offer"],
    element: el("div", { class: "step-panel", id: "trade-panel" },
      el("h3", {}, ctx.t("trade_title")),
      el("p", { class: "hint" }, ctx.t("trade_hint", { made: turn.offers_made ?? 0, left: turn.offers_left ?? 0 })),
      el("div", { class: "field" }, el("label", { for: who.id }, ctx.t("offer_to")), who),
      row("give", gives),
      row("get", gets),
      el("div", { class: "row" },
        el("button", { type: "button", id: "offer-preview", onclick: check }, ctx.t("offer_check")),
        el("button", { type: "button", id: "offer-make", onclick: () => ctx.play(text()) }, ctx.t("offer_make"))),
      said,
      offers.length ? el("details", { class: "all-offers" }, el("summary", {}, ctx.t("all_offers", { n: ctx.more ? ctx.count - (ctx.legalList.length - offers.length) : offers.length })),
        offers.map((offer) => actionButton(ctx, offer))) : null),
  };
}

function discarding(ctx) {
  const mine = (ctx.view.board.boards || []).find((b) => b.seat === ctx.seat) || {};
  return {
    covers: [],
    element: el("div", { class: "step-panel", id: "discard-panel" },
      el("h3", {}, ctx.t("discard_title")),
      el("p", { class: "hint" }, ctx.t("discard_hint", { units: mine.goods_units ?? 0, keep: ctx.describe?.keep_goods ?? "" }))),
  };
}

const PANELS = { food_or_workers: foodOrWorkers, buy: buying, answer: answering, trade: trading, discard: discarding };

/** The panel of the acting seat's step, or null: `{element, covers}` (the verbs it offers itself). */
export function panel(ctx) {
  const make = PANELS[ctx.view.activity];
  return make ? make(ctx) : null;
}
