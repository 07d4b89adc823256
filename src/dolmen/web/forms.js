// Small helpers of forms: labelled fields, unique ids, an error in words.
import { ApiError } from "./api.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

let uid = 0;

/** A fresh element id starting with `prefix`. */
export const nextId = (prefix) => `${prefix}-${++uid}`;

/** A field: `control` with its visible label. */
export function labelled(labelText, control) {
  control.id = control.id || nextId("f");
  return el("div", { class: "field" }, el("label", { for: control.id }, labelText), control);
}

/** A refusal in words: the catalogue's text for `code` (followed by the server's `message` when that text
 * ends with a colon), else the server's message. */
export function refusalText(code, message) {
  const key = `error.${code}`;
  const text = t(key);
  if (text === key) return message;
  return text.endsWith(":") ? `${text} ${message}` : text;
}

/** What went wrong with an HTTP request, in words. */
export function errorText(error) {
  if (error instanceof ApiError) return refusalText(error.code, error.message);
  return String(error.message || error);
}
