// The interface's own strings (i18n/{en,fr}.json), the language choice, and the message catalogues of the game
// log and of the server's refusals (GET /api/messages/{lang}[?game=…]) rendered with the rules of docs/table.md.
export const LANGUAGES = ["en", "fr"];
const STORE = "dolmen.lang";
let ui = {};
let language = "en";
let refusals = { events: {}, terms: {} };
const catalogues = new Map();

export function currentLanguage() {
  return language;
}

/** The language to start with: the one chosen before, else the browser's, else English. */
export function preferredLanguage() {
  const saved = localStorage.getItem(STORE);
  if (LANGUAGES.includes(saved)) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).slice(0, 2).toLowerCase();
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

export async function setLanguage(lang) {
  const [response, messages] = await Promise.all([fetch(`/web/i18n/${lang}.json`), fetch(`/api/messages/${lang}`).catch(() => null)]);
  ui = await response.json();
  refusals = messages && messages.ok ? await messages.json() : { events: {}, terms: {} };
  language = lang;
  localStorage.setItem(STORE, lang);
  document.documentElement.lang = lang;
}

/** A UI string: t(KEY, {n: 2}) fills {n}; {n|one|other} chooses by n (French: 0 and 1 are singular). */
export function t(key, args = {}) {
  const template = ui[key];
  if (template === undefined) return key;
  return fillTemplate(template, (name) => args[name], language);
}

const FIELD = /\{([a-z_][a-z0-9_]*)(?:\|([^|{}]*)\|([^|{}]*))?\}/g;

function fillTemplate(template, value, lang) {
  return template.replace(FIELD, (_, name, one, other) => {
    const v = value(name);
    if (one !== undefined) {
      const singular = lang === "fr" ? v === 0 || v === 1 : v === 1;
      return singular ? one : other ?? "";
    }
    return v === undefined ? "" : String(v);
  });
}

/** The catalogue of the engine and the server in the current language, loaded with it: the server's refusals
 * (`server_…` keys) where no game's catalogue is at hand, as in the lobby. */
export function serverCatalogue() {
  return refusals;
}

/** The merged catalogue of the engine, the server and `game` in the current language (cached). */
export async function catalogue(game) {
  const key = `${language}:${game}`;
  if (!catalogues.has(key)) {
    const response = await fetch(`/api/messages/${language}?game=${encodeURIComponent(game)}`);
    catalogues.set(key, response.ok ? await response.json() : { events: {}, terms: {} });
  }
  return catalogues.get(key);
}

export function isSeatArgument(name) {
  return name === "seat" || name === "seats" || name.endsWith("_seat") || name.endsWith("_seats");
}

/** A term of the catalogue (a die face, a site, a card), itself when the catalogue has none. */
export function term(cat, value) {
  return (cat && cat.terms && cat.terms[value]) ?? String(value);
}

function renderValue(cat, key, value, names) {
  if (Array.isArray(value)) return value.map((item) => renderValue(cat, key, item, names)).join(", ");
  if (isSeatArgument(key) && Number.isInteger(value)) {
    if (value >= 0 && value < names.length && names[value]) return names[value];
    return term(cat, "seat_n").replace("{n}", String(value + 1));
  }
  if (typeof value === "string") return term(cat, value);
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return term(cat, value ? "yes" : "no");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** The sentence for a log event ({event, ...args}) with the players' `names` by seat (docs/table.md). */
export function renderEvent(cat, event, names) {
  const template = cat.events[event.event];
  if (template === undefined) {
    const { event: name, version: _v, ...args } = event;
    return `${name} ${JSON.stringify(args)}`;
  }
  return template.replace(FIELD, (_, name, one, other) => {
    const value = event[name];
    if (one !== undefined) {
      const singular = cat.language === "fr" ? value === 0 || value === 1 : value === 1;
      return singular ? one : other ?? "";
    }
    return renderValue(cat, name, value, names);
  });
}
