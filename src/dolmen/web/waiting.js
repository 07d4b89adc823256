// Before the start: the seats (open, a person's, a bot's) with join / start, and for the seated players of a
// private table its invite link with a copy button (the link lets others watch and join: /tables/{id}?invite=…).
import { el, fill } from "./dom.js";
import { t } from "./i18n.js";
import { setupText } from "./time.js";

/** The invite link of a private table for its seated players (the table carries `invite` for them only). */
export function invitePanel(table) {
  if (!table.private || !table.invite) return null;
  const link = `${location.origin}/tables/${table.id}?invite=${encodeURIComponent(table.invite)}`;
  const field = el("input", { id: "invite-link", readonly: true, value: link, class: "invite-link", onfocus: () => field.select() });
  const said = el("span", { id: "invite-copied", role: "status", class: "small" });
  async function copy() {
    field.select();
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      if (!document.execCommand("copy")) { said.textContent = t("copy_by_hand"); return; }
    }
    said.textContent = t("copied");
  }
  return el("div", { class: "invite", id: "invite" },
    el("label", { for: field.id }, t("invite_link")),
    el("div", { class: "row" }, field, el("button", { type: "button", id: "copy-invite", onclick: copy }, t("copy")), said),
    el("p", { class: "hint" }, t("invite_hint")));
}

/**
 * Fill `box` with the waiting room of an open table, else empty and hide it. `me` is the account (or null),
 * `seat` the viewer's; `act(path)` posts `join` / `start`; `home()` goes back to the lobby.
 */
export function drawWaiting(box, table, me, seat, act, home) {
  if (table.status !== "open") {
    fill(box);
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const seated = seat !== null && seat !== undefined;
  const hasOpen = table.seats.some((s) => s.open);
  fill(
    box,
    el("h2", {}, t("waiting_for_players")),
    el("p", { class: "small", id: "table-setup" }, setupText(table), table.private ? ` · ${t("private_table_short")}` : ""),
    el("ul", {}, table.seats.map((s, i) => el("li", {}, `${i + 1}. `, s.open ? t("open_seat") : s.name || t("bot_named", { bot: s.bot })))),
    seated ? invitePanel(table) : null,
    el("div", { class: "row" },
      me && !seated && hasOpen ? el("button", { type: "button", id: "join-table", onclick: () => act("join") }, t("join")) : null,
      me && seated && table.creator === me.id && !hasOpen ? el("button", { type: "button", id: "start-table", onclick: () => act("start") }, t("start")) : null,
      el("button", { type: "button", onclick: home }, t("back_to_lobby"))),
  );
}
