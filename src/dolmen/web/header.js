// A table's header: the players' names by seat, whose turn and what they do, the version, who you are, the seats a
// bot plays for their away person (with "take my seat back" for yours, and "leave" while you play), the dice
// commitment.
import { el } from "./dom.js";
import { t, term } from "./i18n.js";

/** The players' names by seat: a person's name, else the bot and its seat, else "Seat N". */
export function seatNames(table, count) {
  const seats = table ? table.seats : [];
  return Array.from({ length: count ?? seats.length }, (_, i) => {
    const s = seats[i];
    if (!s) return t("seat_n", { n: i + 1 });
    // Bots are told apart by their seat: several may play the same level.
    return s.name || (s.bot ? `${t("bot_named", { bot: s.bot })} · ${i + 1}` : t("seat_n", { n: i + 1 }));
  });
}

/** The header's line: whose turn and what they do (or the end), by name. */
export function turnLine(view, names, seat, cat) {
  if (view.over) return el("span", { class: "turn over" }, t("game_over"));
  const actors = (view.actors || []).map((a) => (a === "chance" ? t("chance") : names[a]));
  const mine = seat !== null && (view.actors || []).includes(seat);
  const key = `activity.${view.activity}`;
  const doing = t(key) === key ? term(cat, view.activity ?? "") : t(key);
  return [
    el("span", { class: "turn", id: "whose-turn" }, mine ? t("your_turn") : t("turn_of", { names: actors.join(", ") })),
    el("span", { class: "activity", id: "activity" }, doing),
  ];
}

/**
 * The header's facts for a running or finished table: `game` is the page's state (`view`, `table`, `seat`,
 * `version`, `cat`), `names` the seat names.
 */
export function headerParts(id, game, names) {
  const { view, table, seat } = game;
  return [
    el("span", { class: "game-name" }, `${t(`game.${view.game}`)} #${id}`),
    turnLine(view, names, seat, game.cat),
    el("span", { class: "version", id: "version" }, t("version_n", { n: game.version })),
    seat === null ? el("span", { class: "spectator" }, t("spectator")) : el("span", { class: "my-seat" }, t("you_are", { name: names[seat] })),
    (table?.seats || []).filter((s) => s.away).map((s) => el("span", { class: "away", dataset: { seat: s.seat } }, t("away_n", { name: names[s.seat] }))),
    el("span", { class: "commitment", title: view.commitment || "" }, t("commitment"), ": ", el("code", {}, `${(view.commitment || "—").slice(0, 12)}…`)),
  ];
}

/** The viewer's seat buttons while the game runs: take the seat back from the bot, or leave it to one
 * (`act("back")`, `act("leave")`); with the key that says when they change. */
export function seatButtons(game, act) {
  const me = game.seat !== null ? game.table?.seats[game.seat] : null;
  const playing = Boolean(me) && !game.view.over;
  const away = playing && me.away;
  return {
    key: `${playing}:${away}`,
    buttons: [
      away ? el("button", { type: "button", id: "come-back", onclick: () => act("back") }, t("come_back")) : null,
      playing && !away ? el("button", { type: "button", id: "leave-game", class: "quiet", title: t("leave_game_hint"), onclick: () => act("leave") }, t("leave_game")) : null,
    ],
  };
}
