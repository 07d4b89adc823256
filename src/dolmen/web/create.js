// The form that creates a table: game, player count, every option the game has (GET /api/games gives each
// option's default), each seat open or a bot at a level, take-backs.
import { post } from "./api.js";
import { el, fill } from "./dom.js";
import { errorText, labelled, nextId } from "./forms.js";
import { t } from "./i18n.js";

// The values an option may take where docs/rtta.md and docs/stoneage.md list them (the server gives only the
// defaults): a list of names is a select, `many` a set of checkboxes; a boolean option is a checkbox.
const OPTION_CHOICES = {
  edition: ["bronze", "late"],
  modules: { many: ["extension", "new_huts", "mammoths", "winter", "animals", "igloos"] },
};

function optionControls(game, values) {
  const controls = [];
  for (const [key, fallback] of Object.entries(game.options || {})) {
    const choices = OPTION_CHOICES[key];
    if (typeof fallback === "boolean") {
      const box = el("input", { type: "checkbox", id: `new-option-${key}`, checked: fallback, onchange: () => { values[key] = box.checked; } });
      values[key] = fallback;
      controls.push(el("div", { class: "field check" }, box, el("label", { for: box.id }, t(`option.${key}`))));
    } else if (choices && choices.many) {
      values[key] = [...fallback];
      const boxes = choices.many.map((name) => el("input", { type: "checkbox", id: nextId("opt"), value: name, checked: fallback.includes(name) }));
      for (const box of boxes) {
        box.addEventListener("change", () => { values[key] = boxes.filter((b) => b.checked).map((b) => b.value); });
      }
      controls.push(el("fieldset", { class: "modules" }, el("legend", {}, t(`option.${key}`)),
        boxes.map((box) => el("span", { class: "check" }, box, el("label", { for: box.id }, t(`module.${box.value}`))))));
    } else if (Array.isArray(choices)) {
      values[key] = fallback;
      const select = el("select", { id: `new-option-${key}`, onchange: () => { values[key] = select.value; } },
        choices.map((c) => el("option", { value: c, selected: c === fallback }, t(`${key}.${c}`))));
      controls.push(labelled(t(`option.${key}`), select));
    } else {
      values[key] = fallback;
    }
  }
  return controls;
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

/** The form; `onCreated(table)` is called with the new table. */
export function createForm(games, onCreated) {
  const status = el("p", { class: "error", role: "alert" });
  const gameSelect = el("select", { id: "new-game", name: "game" }, games.map((g) => el("option", { value: g.name }, t(`game.${g.name}`))));
  const players = el("select", { id: "new-players", name: "players" });
  const takeBacks = el("input", { type: "checkbox", id: "new-take-backs" });
  const optionsBox = el("div", { class: "options" });
  const seatsBox = el("div", { class: "seats" });
  let values = {};
  const gameOf = () => games.find((g) => g.name === gameSelect.value);

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
  function drawGame() {
    const game = gameOf();
    const previous = Number(players.value) || 2;
    fill(players, Array.from({ length: game.max_players - game.min_players + 1 }, (_, k) => {
      const n = game.min_players + k;
      return el("option", { value: n }, String(n));
    }));
    players.value = String(Math.min(Math.max(previous, game.min_players), game.max_players));
    values = {};
    fill(optionsBox, optionControls(game, values));
    drawSeats();
  }
  gameSelect.addEventListener("change", drawGame);
  players.addEventListener("change", drawSeats);
  drawGame();

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
      });
      await onCreated(table);
    } catch (error) {
      status.textContent = errorText(error);
    }
  }
  return el(
    "form",
    { class: "card create", "aria-labelledby": "create-title", onsubmit: submit },
    el("h2", { id: "create-title" }, t("new_table")),
    labelled(t("game"), gameSelect),
    labelled(t("players"), players),
    optionsBox,
    el("fieldset", {}, el("legend", {}, t("seats")), seatsBox),
    el("div", { class: "field check" }, takeBacks, el("label", { for: takeBacks.id }, t("take_backs"))),
    el("button", { type: "submit", id: "create" }, t("create")),
    status,
  );
}
