// Small helpers of forms: labelled fields, unique ids, an error in words — the engine's and the server's refusals
// in the reader's language, from their catalogue message.
import { ApiError } from "./api.js";
import { el } from "./dom.js";
import { renderEvent, serverCatalogue, t } from "./i18n.js";

let uid = 0;

/** A fresh element id starting with `prefix`. */
export const nextId = (prefix) => `${prefix}-${++uid}`;

/** A field: `control` with its visible label. */
export function labelled(labelText, control) {
  control.id = control.id || nextId("f");
  return el("div", { class: "field" }, el("label", { for: control.id }, labelText), control);
}

/** The server's words for a refusal in the reader's language: its `reason` (a catalogue message, {event,
 * ...arguments}: the engine's or the server's own) rendered with the game's catalogue `cat` and the players'
 * `names`, or with the server's catalogue (serverCatalogue) when `cat` lacks it; else the server's `message`
 * (English). */
export function reasonText(message, reason, cat, names = []) {
  if (!reason) return message;
  for (const known of [cat, serverCatalogue()]) {
    if (known && known.events && known.events[reason.event] !== undefined) return renderEvent(known, reason, names);
  }
  return message;
}

/** A refusal in words: the UI catalogue's text for `code` (followed by the server's words when that text ends
 * with a colon), else the server's words — in the reader's language when the refusal has its `reason`. */
export function refusalText(code, message, reason = null, cat = null, names = []) {
  const said = reasonText(message, reason, cat, names);
  const key = `error.${code}`;
  const text = t(key);
  if (text === key) return said;
  return text.endsWith(":") ? `${text} ${said}` : text;
}

/** What went wrong with an HTTP request, in words (`cat`, `names`: the game's, for the engine's refusals). */
export function errorText(error, cat = null, names = []) {
  if (error instanceof ApiError) return refusalText(error.code, error.message, error.reason, cat, names);
  return String(error.message || error);
}
