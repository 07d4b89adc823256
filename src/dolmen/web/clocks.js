// A timed table's clocks, from the `clocks` of every view message (docs/protocol.md): at a real-time table each
// seat's time left, counting down for the seats whose time runs; at a turn-based table the deadline of the seats
// to move and the time left until it. The server's `server_time` corrects this browser's clock: a deadline is
// shown at `deadline − (server_time − the moment the message came)` of local time.
import { el, fill } from "./dom.js";
import { currentLanguage, t } from "./i18n.js";
import { clockText, formatDuration } from "./time.js";

const TICK_MS = 250;

/** The clocks' card: `show(clocks, names, seats)` after every view message (`seats`: the table's, for who is
 * away; no clocks: an untimed table, no card), `stop()` when the page goes. */
export function clockPanel() {
  const element = el("section", { class: "card clocks", id: "clocks", "aria-labelledby": "clocks-title" });
  let clocks = null;
  let came = 0; // Date.now() when the clocks came
  let offset = 0; // server time − local time, in ms
  let timer = null;
  const counters = []; // [span, seconds at `came`, running]

  const secondsLeft = (at, running) => (running ? at - (Date.now() - came) / 1000 : at);

  function tick() {
    for (const [span, at, running] of counters) {
      const left = secondsLeft(at, running);
      span.textContent = clocks.mode === "turn" ? formatDuration(left) : clockText(left);
      span.classList.toggle("low", running && left < 30);
    }
  }

  function realtimeRows(names, seats) {
    return el("ul", { class: "clock-list" }, clocks.remaining.map((left, seat) => {
      if (left === null || seats[seat]?.bot) return null; // a bot's seat is not timed
      const running = clocks.running.includes(seat);
      const time = el("span", { class: "time", role: "timer", id: `clock-${seat}` });
      counters.push([time, left, running]);
      return el("li", { class: running ? "running" : "", dataset: { seat } },
        el("span", { class: "who" }, running ? "▶ " : "", names[seat]), " ", time,
        seats[seat]?.away ? el("span", { class: "away" }, ` · ${t("away_short")}`) : null);
    }));
  }

  function deadlineLine(names) {
    if (!clocks.deadline || !clocks.running.length) return el("p", { class: "small" }, t("no_deadline"));
    const deadline = Date.parse(clocks.deadline) - offset;
    const when = new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short" }).format(new Date(deadline));
    const time = el("span", { class: "time", role: "timer", id: "clock-deadline" });
    counters.push([time, (deadline - came) / 1000, true]);
    const who = clocks.running.map((seat) => names[seat]).join(", ");
    return el("p", { class: "deadline", dataset: { deadline: clocks.deadline } }, t("move_by", { names: who, when }), " (", time, ")");
  }

  return {
    element,
    show(newClocks, names, seats) {
      clearInterval(timer);
      timer = null;
      counters.length = 0;
      clocks = newClocks;
      element.hidden = !clocks;
      if (!clocks) {
        fill(element);
        return;
      }
      came = Date.now();
      offset = Date.parse(clocks.server_time) - came;
      fill(element, el("h2", { id: "clocks-title" }, t(clocks.mode === "turn" ? "deadline" : "clocks")),
        clocks.mode === "turn" ? deadlineLine(names) : realtimeRows(names, seats));
      tick();
      if (clocks.running.length) timer = setInterval(tick, TICK_MS);
    },
    stop() {
      clearInterval(timer);
    },
  };
}
