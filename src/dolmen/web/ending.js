// The end of a game: the final scores with each seat's breakdown (as the finished view gives it), why the game
// ended and the tie-break, the dice secret with "verify" (its SHA-256 against the commitment published at the
// start), the record to download, the replay, play again.
import { el, fill } from "./dom.js";

function hex(bytes) {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether SHA-256(secret) is `commitment`: true, false, or null when this browser cannot hash (no HTTPS). */
export async function secretMatches(secret, commitment) {
  if (!globalThis.crypto || !crypto.subtle || !/^[0-9a-f]*$/.test(secret) || secret.length % 2) return null;
  const bytes = new Uint8Array(secret.match(/../g).map((pair) => parseInt(pair, 16)));
  return hex(await crypto.subtle.digest("SHA-256", bytes)) === commitment;
}

function verifier(t, secret, commitment) {
  const said = el("span", { id: "verify-result", role: "status" });
  const button = el("button", {
    type: "button",
    id: "verify",
    onclick: async () => {
      const match = await secretMatches(secret, commitment);
      said.textContent = match === null ? t("verify_unavailable") : match ? t("verify_ok", { commitment: commitment.slice(0, 12) }) : t("verify_bad");
      said.className = match ? "ok" : "bad";
    },
  }, t("verify"));
  return el("p", { class: "row" }, button, said);
}

function scoreTable(ctx, breakdown) {
  const { t, view, names } = ctx;
  const result = view.result || {};
  const ranks = result.ranks || [];
  const order = (result.scores || []).map((_, seat) => seat).sort((a, b) => (ranks[a] ?? 0) - (ranks[b] ?? 0));
  const parts = breakdown ? breakdown(ctx) : { columns: [], rows: [] };
  const head = [t("rank"), t("player"), ...parts.columns, t("score"), t("winner")];
  return el("div", { class: "scroll-x" }, el("table", { class: "scores" },
    el("caption", { class: "sr-only" }, t("final_scores")),
    el("thead", {}, el("tr", {}, head.map((label) => el("th", { scope: "col" }, label)))),
    el("tbody", {}, order.map((seat) => el("tr", { dataset: { seat } },
      el("td", {}, String(ranks[seat] ?? "")),
      el("th", { scope: "row" }, names[seat]),
      (parts.rows[seat] || []).map((value) => el("td", { class: "part" }, String(value))),
      el("td", { class: "total" }, String(result.scores[seat])),
      el("td", {}, (result.winners || []).includes(seat) ? "★" : ""))))));
}

/**
 * Fill `box` with the end of the game (hide it before the end). `ctx` is the table's drawing context;
 * `breakdown(ctx)` the game's score parts ({columns, rows by seat}); `commitment` the one published at the start;
 * `links` the record, replay and play-again controls.
 */
export function drawEnd(box, ctx, breakdown, commitment, links) {
  const { t, view } = ctx;
  if (!view.over) {
    fill(box);
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const result = view.result || {};
  fill(
    box,
    el("h2", { id: "final-scores" }, t("final_scores")),
    scoreTable(ctx, breakdown),
    result.reason ? el("p", {}, t("end_reason", { reason: ctx.term(result.reason) })) : null,
    (result.tiebreak || []).length ? el("p", { class: "small" }, t("tiebreak", { values: result.tiebreak.join(" / ") })) : null,
    el("p", { class: "secret" }, t("secret"), ": ", el("code", { id: "secret" }, view.secret || "—")),
    view.secret ? verifier(t, view.secret, commitment || view.commitment) : null,
    el("p", { class: "hint" }, t("verify_hint")),
    el("p", { class: "row" }, links),
  );
}
