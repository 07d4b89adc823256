// The replay viewer (/tables/{id}/replay[?v=N]): any finished game, step by step, forwards and backwards. The
// server replays the record (GET /api/tables/{id}/replay?from=A&to=B: the spectator's view and the step's log
// events at each version); the viewer fetches 50 versions at a time, keeps what it fetched, and draws each
// position with the game's own drawing. Keys: ← → (a step), Page Up/Down (10), Home/End. A private table's
// replay needs its invite token (`?invite=`, kept in the address) unless one has a seat there.
import { get } from "./api.js";
import { navigate } from "./app.js";
import { drawingContext } from "./context.js";
import { describeGame } from "./describe.js";
import { el, fill, fitTexts } from "./dom.js";
import { errorText } from "./forms.js";
import { catalogue, renderEvent, t } from "./i18n.js";
import { seatNames, turnLine } from "./header.js";
import { BOARDS, withInvite } from "./table.js";

const CHUNK = 50;

/** Draw the replay of table `id` into `main`; returns the function that leaves it. */
export async function showReplay(main, id) {
  document.title = `Dolmen #${id} — ${t("replay")}`;
  const invite = new URLSearchParams(location.search).get("invite");
  let table;
  try {
    table = await get(withInvite(`/api/tables/${id}`, invite));
  } catch (error) {
    fill(main, el("p", { class: "error", role: "alert" }, errorText(error)));
    return () => {};
  }
  const tablePath = withInvite(`/tables/${id}`, invite);
  const back = el("a", { href: tablePath, class: "button", id: "replay-back", onclick: (e) => { e.preventDefault(); navigate(tablePath); } }, t("back_to_table"));
  if (table.status !== "finished") {
    fill(main, el("h1", {}, t("replay_of", { n: id })), el("p", { role: "status" }, t("replay_when_over")), back);
    return () => {};
  }
  const cat = await catalogue(table.game);
  const describe = await describeGame(table.game, table.options);
  const names = seatNames(table, table.players);
  const frames = new Map();
  let last = table.version;
  const asked = new URLSearchParams(location.search).get("v");
  let at = Math.min(Math.max(Number(asked) || 0, 0), last);

  const slider = el("input", { type: "range", id: "replay-slider", min: 0, max: last, value: at });
  const number = el("input", { type: "number", id: "replay-version", min: 0, max: last, value: at, class: "count-input" });
  const status = el("p", { class: "replay-status", id: "replay-status", role: "status", "aria-live": "polite" });
  const stepBox = el("section", { class: "card replay-step", id: "replay-step", "aria-label": t("replay_this_step") });
  const boardBox = el("section", { class: "board", id: "board", "aria-label": t("board") });
  const button = (key, label, to) => el("button", { type: "button", id: `replay-${key}`, "aria-label": t(`replay_${key}`), title: t(`replay_${key}`), onclick: () => go(to()) }, label);
  const controls = el("div", { class: "card replay-controls", role: "toolbar", "aria-label": t("replay"), tabindex: 0 },
    button("first", "|◀", () => 0),
    button("back10", "«", () => at - 10),
    button("prev", "◀", () => at - 1),
    button("next", "▶", () => at + 1),
    button("fwd10", "»", () => at + 10),
    button("last", "▶|", () => last),
    el("label", { for: slider.id, class: "sr-only" }, t("replay_position")),
    slider,
    el("label", { for: number.id }, t("replay_step_label")),
    number,
    status);
  fill(main,
    el("h1", { class: "replay-title" }, t("replay_of", { n: id }), " · ", t(`game.${table.game}`)),
    el("div", { class: "table-page" },
      el("div", { class: "main-col" }, controls, stepBox, boardBox),
      el("div", { class: "side-col" }, el("p", { class: "row" }, back))));

  async function load(version) {
    if (frames.has(version)) return;
    const start = Math.floor(version / CHUNK) * CHUNK;
    const doc = await get(withInvite(`/api/tables/${id}/replay?from=${start}&to=${Math.min(start + CHUNK - 1, last)}`, invite));
    last = doc.last;
    for (const frame of doc.frames) frames.set(frame.version, frame);
  }

  function stepText(frame) {
    if (!frame.step) return t("replay_start");
    if ("chance" in frame.step) return t("replay_chance", { outcome: frame.step.chance });
    return t("replay_action", { name: names[frame.step.seat], action: frame.step.action });
  }

  function draw() {
    const frame = frames.get(at);
    const view = frame.view;
    const ctx = drawingContext({ view, names, cat, describe });
    fill(stepBox,
      el("h2", {}, t("replay_version", { n: at, last })),
      el("p", { class: "step-text" }, stepText(frame)),
      el("p", { class: "row" }, turnLine(view, names, null, cat)),
      el("ol", { class: "log", id: "replay-events" }, frame.events.map((event) => el("li", {}, renderEvent(cat, event, names)))));
    const drawBoard = (BOARDS[table.game] || {}).draw;
    fill(boardBox, drawBoard ? drawBoard(ctx) : el("pre", {}, JSON.stringify(view.board, null, 1)));
    fitTexts(boardBox);
    slider.value = String(at);
    number.value = String(at);
    for (const [key, off] of [["first", at === 0], ["prev", at === 0], ["back10", at === 0], ["next", at === last], ["fwd10", at === last], ["last", at === last]]) {
      document.getElementById(`replay-${key}`).disabled = off;
    }
  }

  let wanted = at;
  async function go(version) {
    wanted = Math.min(Math.max(Math.round(version) || 0, 0), last);
    status.textContent = "";
    try {
      await load(wanted);
    } catch (error) {
      status.textContent = errorText(error);
      return;
    }
    if (!frames.has(wanted)) return;
    at = wanted;
    history.replaceState({}, "", withInvite(`/tables/${id}/replay?v=${at}`, invite));
    draw();
    if (at + 1 <= last && !frames.has(Math.min(at + CHUNK / 2, last))) load(Math.min(at + CHUNK / 2, last)).catch(() => {});
  }

  slider.addEventListener("input", () => go(Number(slider.value)));
  number.addEventListener("change", () => go(Number(number.value)));
  const keys = { ArrowRight: () => at + 1, ArrowLeft: () => at - 1, PageDown: () => at + 10, PageUp: () => at - 10, Home: () => 0, End: () => last };
  function onKey(event) {
    if (event.target instanceof HTMLInputElement && event.target.type === "number") return;
    const to = keys[event.key];
    if (!to || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    go(to());
  }
  document.addEventListener("keydown", onKey);
  await go(at);
  return () => document.removeEventListener("keydown", onKey);
}
