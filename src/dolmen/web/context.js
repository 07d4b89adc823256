// What the game drawings (rtta.js, stoneage.js) and the action panels are given: the view, the reader's seat
// and language, the seat names, the game's `describe`, the legal actions and what to call to play or preview.
import { renderEvent, t, term } from "./i18n.js";

const NO_LEGAL = { actions: [], count: 0, more: false };

/** A drawing context; only `view`, `names`, `cat` and `describe` are needed to draw a position (a replay). */
export function drawingContext({
  view, names, cat, describe, seat = null, legal = NO_LEGAL, pending = false, selection = new Set(), previews = new Map(),
  play = () => {}, preview = async () => undefined, redraw = () => {}, objectName = null,
}) {
  const ctx = {
    view,
    seat,
    names,
    cat,
    describe,
    legal: new Set(legal.actions),
    legalList: legal.actions,
    count: legal.count,
    more: legal.more,
    pending,
    selection,
    previews,
    play,
    preview,
    redraw,
    t,
    term: (value) => term(cat, value),
    render: (event) => renderEvent(cat, event, names),
  };
  // What a word of a text form names: the game's own words when it has them (a site by its name), else the term.
  ctx.objectName = (word) => (objectName ? objectName(ctx, word) : ctx.term(word));
  return ctx;
}
