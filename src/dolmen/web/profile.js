// A player's page (/players/{name}): ratings by game and last games; and the lobby's leaderboard.
import { get } from "./api.js";
import { navigate } from "./app.js";
import { el, fill } from "./dom.js";
import { t } from "./i18n.js";

export function playerLink(name) {
  const path = `/players/${encodeURIComponent(name)}`;
  return el("a", { href: path, class: "player-link", onclick: (e) => { e.preventDefault(); navigate(path); } }, name);
}

function tableLink(table) {
  const path = `/tables/${table.id}`;
  return el("a", { href: path, onclick: (e) => { e.preventDefault(); navigate(path); } }, `#${table.id}`);
}

function replayLink(table) {
  const path = `/tables/${table.id}/replay`;
  return el("a", { href: path, class: "replay-link", onclick: (e) => { e.preventDefault(); navigate(path); } }, t("replay"));
}

/** The leaderboard of each game, for the lobby. */
export async function leaderboard(games) {
  const list = el("ol", { class: "leaderboard", id: "leaderboard" });
  const select = el("select", { id: "leaderboard-game" }, games.map((g) => el("option", { value: g.name }, t(`game.${g.name}`))));
  async function draw() {
    const rows = await get(`/api/ratings/${select.value}?limit=20`);
    fill(list, rows.length
      ? rows.map((r) => el("li", {}, playerLink(r.name), ` ${r.rating} `, el("span", { class: "small" }, t("n_games", { n: r.games }))))
      : el("li", { class: "empty" }, t("no_ratings")));
  }
  select.addEventListener("change", draw);
  await draw();
  return el("section", { class: "card", "aria-labelledby": "h-leaderboard" },
    el("h2", { id: "h-leaderboard" }, t("leaderboard")),
    el("label", { for: select.id, class: "sr-only" }, t("game")), select, list);
}

/** Draw the page of player `name` into `main`. */
export async function showPlayer(main, name) {
  document.title = `Dolmen — ${name}`;
  let player;
  try {
    player = await get(`/api/players/${encodeURIComponent(name)}`);
  } catch {
    fill(main, el("p", { class: "error", role: "alert" }, t("no_such_player")));
    return () => {};
  }
  const ratings = Object.entries(player.ratings || {});
  fill(
    main,
    el("h1", {}, player.name),
    el("section", { class: "card", "aria-labelledby": "h-ratings" },
      el("h2", { id: "h-ratings" }, t("ratings")),
      ratings.length
        ? el("ul", {}, ratings.map(([game, r]) => el("li", {}, `${t(`game.${game}`)}: ${r.rating} (${t("n_games", { n: r.games })})`)))
        : el("p", {}, t("no_ratings"))),
    el("section", { class: "card", "aria-labelledby": "h-history" },
      el("h2", { id: "h-history" }, t("history")),
      el("ul", { class: "tables" }, (player.games || []).map((table) => el("li", { class: "table-row" },
        tableLink(table), ` ${t(`game.${table.game}`)} · `,
        table.seats.map((s) => s.name || t("bot_named", { bot: s.bot || "?" })).join(", "),
        table.result && table.result.scores ? ` · ${table.result.scores.join(" / ")}` : "",
        table.status === "finished" ? [" · ", replayLink(table)] : null)))),
    el("button", { type: "button", onclick: () => navigate("/") }, t("back_to_lobby")),
  );
  return () => {};
}
