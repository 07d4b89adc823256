// The form that creates a table: the game, the player count, every option of the game with the values the server
// lists (GET /api/games/{game}/options: the values the engine accepts; each choice is checked by the engine there,
// its refusal shown in the reader's language and its completed options reflected), each seat open or a bot at a
// level, take-backs, and how the table is played (setup.js: real time or turn by turn, the clock, the bot for
// absent people, private).
import { get, post } from "./api.js";
import { el, fill } from "./dom.js";
import { errorText, labelled, nextId, reasonText } from "./forms.js";
import { catalogue, t } from "./i18n.js";
import { tableSetup } from "./setup.js";

const choicesOf = new Map(); // game -> its GET /api/games/{game}/options answer (a promise)

function gameChoices(game) {
  if (!choicesOf.has(game)) choicesOf.set(game, get(`/api/games/${encodeURIComponent(game)}/options`).catch((e) => { choicesOf.delete(game); throw e; }));
  return choicesOf.get(game);
}

/** An option's value in words: the UI's `NAME.VALUE`, else the value itself. */
function valueLabel(name, value) {
  const key = `${name}.${value}`;
  return t(key) === key ? String(value) : t(key);
}

/** The controls of the game's options, writing into `values`; returns `{elements, show(options)}`, where
 * `show` sets the controls to the options the engine completed. */
function optionControls(choices, values) {
  const elements = [];
  const shows = [];
  for (const choice of choices) {
    const { name, kind } = choice;
    values[name] = Array.isArray(choice.default) ? [...choice.default] : choice.default;
    const id = `new-option-${name}`;
    if (kind === "flag") {
      const box = el("input", { type: "checkbox", id, checked: choice.default, onchange: () => { values[name] = box.checked; } });
      elements.push(el("div", { class: "field check" }, box, el("label", { for: id }, t(`option.${name}`))));
      shows.push((options) => { box.checked = Boolean(options[name]); });
    } else if (kind === "many") {
      const boxes = choice.values.map((value) => el("input", { type: "checkbox", id: nextId("opt"), value, checked: choice.default.includes(value) }));
      for (const box of boxes) box.addEventListener("change", () => { values[name] = boxes.filter((b) => b.checked).map((b) => b.value); });
      elements.push(el("fieldset", { class: "many", id }, el("legend", {}, t(`option.${name}`)),
        boxes.map((box) => el("span", { class: "check" }, box, el("label", { for: box.id }, valueLabel(name, box.value))))));
      shows.push((options) => { for (const box of boxes) box.checked = (options[name] || []).includes(box.value); });
    } else {
      const select = el("select", { id, onchange: () => { values[name] = select.value; } },
        choice.values.map((value) => el("option", { value, selected: value === choice.default }, valueLabel(name, value))));
      elements.push(labelled(t(`option.${name}`), select));
      shows.push((options) => { select.value = options[name]; });
    }
  }
  return { elements, show: (options) => { for (const show of shows) show(options); } };
}

function seatChoices(game, index) {
  const out = [el("option", { value: "" }, index === 0 ? t("you") : t("open_seat_person"))];
  for (const bot of game.bots) {
    for (const level of bot.levels.length ? bot.levels : [null]) {
      const spec = level ? `${bot.name}:${level}` : bot.name;
      out.push(el("option", { value: spec, title: bot.summary }, t("bot_named", { bot: spec })));
    }
  }
  return out;
}

/** The form; `games` is GET /api/games; `onCreated(table)` is called with the new table. */
export function createForm(games, onCreated) {
  const status = el("p", { class: "error", role: "alert" });
  const check = el("p", { class: "error", id: "create-check", role: "status" });
  const gameSelect = el("select", { id: "new-game", name: "game" }, games.map((g) => el("option", { value: g.name }, t(`game.${g.name}`))));
  const players = el("select", { id: "new-players", name: "players" });
  const takeBacks = el("input", { type: "checkbox", id: "new-take-backs" });
  const optionsBox = el("div", { class: "options" });
  const seatsBox = el("div", { class: "seats" });
  const setupBox = el("div", { class: "setup" });
  const create = el("button", { type: "submit", id: "create" }, t("create"));
  let values = {};
  let controls = { show: () => {} };
  let setup = null;
  let asked = 0; // the last check asked: an older answer is ignored
  let form = null;
  const gameOf = () => games.find((g) => g.name === gameSelect.value);

  /** Ask the engine about the players and options chosen: show its refusal, or the options it completes. */
  async function checkChoice() {
    const ask = ++asked;
    const query = new URLSearchParams({ players: players.value, options: JSON.stringify(values) });
    form.dataset.checking = "";
    let doc;
    try {
      doc = await get(`/api/games/${encodeURIComponent(gameSelect.value)}/options?${query}`);
    } catch {
      return; // the server refuses at creation anyway
    } finally {
      if (ask === asked) delete form.dataset.checking;
    }
    // The engine's refusal in the reader's language, from the game's catalogue (its `reason`).
    const cat = doc.check.reason ? await catalogue(gameSelect.value) : null;
    if (ask !== asked) return;
    check.textContent = doc.check.error ? reasonText(doc.check.error, doc.check.reason, cat) : "";
    create.disabled = Boolean(doc.check.error);
    if (!doc.check.error) {
      Object.assign(values, doc.check.options); // the same object: the controls write into it
      controls.show(values);
    }
  }

  function drawSeats() {
    const game = gameOf();
    const rows = [];
    for (let i = 0; i < Number(players.value); i++) {
      const select = el("select", { class: "seat-choice", id: `new-seat-${i}`, dataset: { seat: i } }, seatChoices(game, i));
      if (i > 0) select.value = game.bots.some((b) => b.name === "greedy") ? "greedy" : select.options[1]?.value || "";
      rows.push(labelled(t("seat_n", { n: i + 1 }), select));
    }
    fill(seatsBox, rows);
  }
  async function drawGame() {
    const game = gameOf();
    delete form.dataset.ready;
    const previous = Number(players.value) || 2;
    fill(players, Array.from({ length: game.max_players - game.min_players + 1 }, (_, k) => {
      const n = game.min_players + k;
      return el("option", { value: n }, String(n));
    }));
    players.value = String(Math.min(Math.max(previous, game.min_players), game.max_players));
    drawSeats();
    let choices;
    try {
      choices = await gameChoices(game.name);
    } catch (error) {
      status.textContent = errorText(error);
      return;
    }
    if (gameOf() !== game) return; // another game was chosen meanwhile
    values = {};
    controls = optionControls(choices.options, values);
    fill(optionsBox, controls.elements);
    const kept = setup ? setup.value() : null;
    setup = tableSetup(choices, game, kept);
    fill(setupBox, setup.element);
    await checkChoice();
    form.dataset.ready = game.name; // the game's options are drawn and checked
  }
  gameSelect.addEventListener("change", drawGame);
  players.addEventListener("change", () => { drawSeats(); checkChoice(); });
  optionsBox.addEventListener("change", () => checkChoice());

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
        ...setup.value(),
      });
      await onCreated(table);
    } catch (error) {
      status.textContent = errorText(error, await catalogue(gameSelect.value));
    }
  }
  form = el(
    "form",
    { class: "card create", "aria-labelledby": "create-title", onsubmit: submit },
    el("h2", { id: "create-title" }, t("new_table")),
    labelled(t("game"), gameSelect),
    labelled(t("players"), players),
    optionsBox,
    check,
    el("fieldset", {}, el("legend", {}, t("seats")), seatsBox),
    el("div", { class: "field check" }, takeBacks, el("label", { for: takeBacks.id }, t("take_backs"))),
    setupBox,
    create,
    status,
  );
  form.ready = drawGame();
  return form;
}
