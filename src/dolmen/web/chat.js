// A chat box (the lobby's and each table's): the last lines, kept in order by their id, and a field to speak.
import { session } from "./app.js";
import { el, fill } from "./dom.js";
import { t } from "./i18n.js";

let uid = 0;

/**
 * `onSay(text)` sends a line (false: keep it in the field); `hint` is said under the field (the commands).
 * Returns `{element, show(lines), add(line)}`: `show` replaces the lines, `add` appends one that came from a
 * socket (ignored when already shown).
 */
export function chatBox(onSay, hint = null) {
  const list = el("ol", { class: "chat-lines", "aria-live": "polite" });
  const input = el("input", { id: `chat-${++uid}`, maxlength: 500, autocomplete: "off" });
  let lines = [];
  const form = el(
    "form",
    {
      class: "chat-form",
      onsubmit: async (e) => {
        e.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        input.value = "";
        if ((await onSay(text)) === false) input.value = text;
      },
    },
    el("label", { for: input.id, class: "sr-only" }, t("chat_message")),
    input,
    el("button", { type: "submit" }, t("say")),
  );
  function draw() {
    fill(list, lines.map((line) => el("li", {}, el("b", {}, `${line.from}: `), line.text)));
    list.scrollTop = list.scrollHeight;
  }
  return {
    element: el("section", { class: "card chat", "aria-label": t("chat") }, el("h2", {}, t("chat")), list,
      session.me ? [form, hint ? el("p", { class: "hint" }, hint) : null] : null),
    show(newLines) {
      lines = [...newLines];
      draw();
    },
    add(line) {
      if (line.id !== undefined && lines.some((l) => l.id === line.id)) return;
      lines = [...lines, line].slice(-50);
      draw();
    },
  };
}
