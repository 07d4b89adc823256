// A game's static tables for a table's options (GET /api/games/{game}/describe?options=…): track lengths,
// costs, effects, locations. Fetched once per game and options, then kept.
import { get } from "./api.js";

const kept = new Map();

export function describeGame(game, options) {
  const query = encodeURIComponent(JSON.stringify(options || {}));
  const path = `/api/games/${encodeURIComponent(game)}/describe?options=${query}`;
  if (!kept.has(path)) kept.set(path, get(path).catch(() => { kept.delete(path); return null; }));
  return kept.get(path);
}
