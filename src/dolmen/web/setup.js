// How a new table is played, for the create form: real time (each person's time for the game and an increment
// per turn) or turn by turn (a time per move, hours to days), or untimed; the bot that plays for a person who
// leaves or runs out of time; private (an invite link). The bounds and defaults are the server's
// (GET /api/games/{game}/options: `modes`, `away_bot`).
import { el } from "./dom.js";
import { labelled } from "./forms.js";
import { t } from "./i18n.js";
import { formatDuration } from "./time.js";

const SECONDS = { second: 1, minute: 60, hour: 3600, day: 86400 };

/** A duration as a number and a unit (the largest of `units` that counts `seconds` whole); `seconds()`. */
function durationField(id, label, bound, units, start) {
  const unit = units.find((u) => start % SECONDS[u] === 0) || units[units.length - 1];
  const number = el("input", { type: "number", id, min: 0, step: "any", value: start / SECONDS[unit], class: "count-input" });
  const unitSelect = el("select", { id: `${id}-unit`, "aria-label": t("unit_of", { what: label }) },
    units.map((u) => el("option", { value: u, selected: u === unit }, t(`unit.${u}`))));
  const hint = el("span", { class: "small" }, t("between", { min: formatDuration(bound.min), max: formatDuration(bound.max) }));
  const element = el("div", { class: "field" }, el("label", { for: id }, label), el("span", { class: "row" }, number, unitSelect, hint));
  return { element, seconds: () => Number(number.value) * SECONDS[unitSelect.value] };
}

function botSpecs(game) {
  return game.bots.flatMap((bot) => (bot.levels.length ? bot.levels.map((level) => `${bot.name}:${level}`) : [bot.name]));
}

/**
 * The fields; `choices` is the game's GET /api/games/{game}/options answer, `game` its GET /api/games entry,
 * `kept` the values of the form before (another game was chosen). `value()` gives the request's
 * `{mode, clock, away_bot, private}`.
 */
export function tableSetup(choices, game, kept = null) {
  const { realtime, turn } = choices.modes;
  const radio = (mode) => el("input", { type: "radio", name: "new-mode", id: `new-mode-${mode}`, value: mode, checked: (kept?.mode || "realtime") === mode });
  const radios = { realtime: radio("realtime"), turn: radio("turn") };
  const timed = el("input", { type: "checkbox", id: "new-timed", checked: kept ? kept.clock !== null : true });
  const initial = durationField("new-clock-initial", t("clock_initial"), realtime.initial, ["hour", "minute", "second"], realtime.initial.default);
  const increment = durationField("new-clock-increment", t("clock_increment"), realtime.increment, ["minute", "second"], realtime.increment.default);
  const perMove = durationField("new-clock-per-move", t("clock_per_move"), turn.per_move, ["day", "hour"], turn.per_move.default);
  const realtimeBox = el("div", { class: "clock-fields", id: "new-clock-realtime" }, initial.element, increment.element);
  const turnBox = el("div", { class: "clock-fields", id: "new-clock-turn" }, perMove.element);
  const specs = botSpecs(game);
  if (!specs.includes(choices.away_bot)) specs.unshift(choices.away_bot);
  const awayBot = el("select", { id: "new-away-bot" }, specs.map((spec) => el("option", { value: spec, selected: spec === (kept?.away_bot || choices.away_bot) }, t("bot_named", { bot: spec }))));
  const isPrivate = el("input", { type: "checkbox", id: "new-private", checked: Boolean(kept?.private) });
  const mode = () => (radios.turn.checked ? "turn" : "realtime");

  function show() {
    realtimeBox.hidden = !timed.checked || mode() !== "realtime";
    turnBox.hidden = !timed.checked || mode() !== "turn";
  }
  for (const input of [radios.realtime, radios.turn, timed]) input.addEventListener("change", show);
  show();

  const element = el("fieldset", { class: "table-setup" },
    el("legend", {}, t("how_played")),
    el("div", { class: "row", role: "radiogroup", "aria-label": t("mode") },
      ["realtime", "turn"].map((m) => el("span", { class: "check" }, radios[m], el("label", { for: radios[m].id }, t(`mode_long.${m}`))))),
    el("div", { class: "field check" }, timed, el("label", { for: timed.id }, t("timed"))),
    realtimeBox,
    turnBox,
    labelled(t("away_bot"), awayBot),
    el("div", { class: "field check" }, isPrivate, el("label", { for: isPrivate.id }, t("private_table"))));

  function clock() {
    if (!timed.checked) return null;
    if (mode() === "turn") return { per_move: perMove.seconds() };
    return { initial: initial.seconds(), increment: increment.seconds() };
  }
  return {
    element,
    value: () => ({ mode: mode(), clock: clock(), away_bot: awayBot.value, private: isPrivate.checked }),
  };
}
