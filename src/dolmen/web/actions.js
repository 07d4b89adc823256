// The legal actions of the seat, from the server's list only: the game's own panel for the step (when it has
// one) and every other action grouped by verb (and by what it names, when a verb has many), each a button that
// plays it; what each would do, asked from the server (GET /api/tables/{id}/preview); a field for any text form;
// take-back.
import { el, fill } from "./dom.js";
import { reasonText } from "./forms.js";
import { renderEvent } from "./i18n.js";

const MANY = 8;
/** Previews are shown under the buttons when there are at most this many actions (else in their tooltip)… */
export const SHOWN_PREVIEWS = 12;
/** …and the step is not one whose choices say it all themselves (placing, resolving, choosing dice). */
const QUIET = new Set(["place", "resolve", "reroll"]);

export const verbOf = (text) => text.split(" ")[0];

/** A verb of the text forms in words: the UI catalogue's `verb.X`, else the game's term. */
export function verbLabel(ctx, verb) {
  const key = `verb.${verb}`;
  return ctx.t(key) === key ? ctx.term(verb) : ctx.t(key);
}

let uid = 0;

/** The button that plays `text`, labelled `label` (the text form by default), with room for its preview. */
export function actionButton(ctx, text, label = text, extra = {}) {
  const note = el("span", { class: "preview", id: `preview-${++uid}` });
  const button = el("button", {
    type: "button",
    class: `action${extra.class ? ` ${extra.class}` : ""}`,
    dataset: { action: text },
    "aria-label": label === text ? text : `${label} (${text})`,
    "aria-describedby": note.id,
    title: text,
    onclick: () => ctx.play(text),
  }, el("span", { class: "label" }, label), note);
  fillPreview(ctx, button);
  return button;
}

/** Put the preview of `button`'s action (if the server gave it) into the button. */
function fillPreview(ctx, button) {
  const said = ctx.previews.get(button.dataset.action);
  if (said === undefined) return;
  const note = button.querySelector(".preview");
  note.textContent = said;
  note.classList.toggle("sr-only", ctx.legalList.length > SHOWN_PREVIEWS || QUIET.has(ctx.view.activity));
  button.title = `${button.dataset.action}: ${said}`;
}

/** Fill the previews of every action button in `root` (after they arrived from the server). */
export function showPreviews(ctx, root) {
  for (const button of root.querySelectorAll("button.action[data-action]")) fillPreview(ctx, button);
}

/** A preview answer ({events} or {error, reason}) in words, in the reader's language. */
export function previewText(cat, answer, names) {
  if (answer.error) return reasonText(answer.error, answer.reason, cat, names);
  return answer.events.map((event) => renderEvent(cat, event, names)).join(" ");
}

/** The words of a text form after its verb, each in the reader's language where the game has a term for it. */
export function inWords(ctx, rest) {
  return rest.split(" ").filter(Boolean).map((word) => (/^\d+$/.test(word) ? word : ctx.term(word))).join(" ");
}

function group(ctx, verb, texts) {
  const rest = (text) => text.slice(verb.length).trim();
  const seconds = new Set(texts.map((text) => rest(text).split(" ")[0]));
  const named = texts.length > MANY && seconds.size > 1 && ![...seconds].every((word) => /^\d+$/.test(word));
  let body;
  if (named) {
    body = [...seconds].map((second) => {
      const mine = texts.filter((text) => rest(text).split(" ")[0] === second);
      const object = ctx.objectName(second);
      return el("div", { class: "sub-group", role: "group", "aria-label": `${verbLabel(ctx, verb)} ${object}` },
        el("span", { class: "object" }, object),
        mine.map((text) => actionButton(ctx, text, inWords(ctx, rest(text).slice(second.length)) || verbLabel(ctx, verb))));
    });
  } else {
    body = texts.map((text) => actionButton(ctx, text, rest(text) ? inWords(ctx, rest(text)) : verbLabel(ctx, verb)));
  }
  return el("div", { class: "verb-group", role: "group", "aria-label": verbLabel(ctx, verb) },
    el("span", { class: "verb" }, verbLabel(ctx, verb)), body);
}

/** Fill `box` with the seat's actions; `panel(ctx)` is the game's step panel ({element, covers: verbs}). */
export function drawActions(box, ctx, panel, undo) {
  box.classList.toggle("pending", ctx.pending);
  const { t } = ctx;
  const view = ctx.view;
  const legal = ctx.legalList;
  const acting = legal.length > 0 || ctx.more;
  const own = acting && panel ? panel(ctx) : null;
  const covered = new Set(own?.covers || []);
  const verbs = new Map();
  for (const text of legal) {
    const verb = verbOf(text);
    if (covered.has(verb)) continue;
    if (!verbs.has(verb)) verbs.set(verb, []);
    verbs.get(verb).push(text);
  }
  const input = el("input", { id: "action-text", list: "legal-list", autocomplete: "off", spellcheck: "false" });
  const form = el("form", { class: "action-form", onsubmit: (e) => { e.preventDefault(); const text = input.value.trim(); if (text) { ctx.play(text); input.value = ""; } } },
    el("label", { for: "action-text" }, t("action_text")),
    input,
    el("datalist", { id: "legal-list" }, legal.map((text) => el("option", { value: text }))),
    el("button", { type: "submit", id: "play-text" }, t("play")));
  const heading = acting ? t("your_actions", { n: ctx.count }) : ctx.seat === null ? t("spectator") : t("waiting");
  if (view.over) {
    fill(box);
    return;
  }
  fill(
    box,
    el("h2", { id: "actions-title" }, heading),
    ctx.more ? el("p", { class: "hint" }, t("more_actions", { n: ctx.count - legal.length })) : null,
    own ? own.element : null,
    [...verbs].map(([verb, texts]) => group(ctx, verb, texts)),
    acting ? form : null,
    undo,
  );
}
