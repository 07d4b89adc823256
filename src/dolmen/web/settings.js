// Account settings (PATCH /api/me): the language (of the interface and of turn emails) and the email address
// that turn notifications go to at turn-based tables ("" removes it).
import { api } from "./api.js";
import { route, session } from "./app.js";
import { el } from "./dom.js";
import { errorText, labelled } from "./forms.js";
import { LANGUAGES, currentLanguage, setLanguage, t } from "./i18n.js";

/** The settings card of account `me` ({name, language, email}). */
export function settingsForm(me) {
  const language = el("select", { id: "settings-language" },
    LANGUAGES.map((lang) => el("option", { value: lang, selected: lang === me.language }, t(`language.${lang}`))));
  const email = el("input", { type: "email", id: "settings-email", autocomplete: "email", maxlength: 254, value: me.email || "" });
  const said = el("p", { id: "settings-status", role: "status" });
  async function save(event) {
    event.preventDefault();
    said.className = "";
    try {
      session.me = await api("PATCH", "/api/me", { language: language.value, email: email.value.trim() });
    } catch (error) {
      said.className = "error";
      said.textContent = errorText(error);
      return;
    }
    if (session.me.language !== currentLanguage()) {
      await setLanguage(session.me.language);
      await route();
      return;
    }
    said.textContent = t("saved");
  }
  return el("form", { class: "card settings", "aria-labelledby": "settings-title", onsubmit: save },
    el("h2", { id: "settings-title" }, t("settings")),
    labelled(t("settings_language"), language),
    labelled(t("settings_email"), email),
    el("p", { class: "hint" }, t("settings_email_hint")),
    el("button", { type: "submit", id: "settings-save" }, t("save")),
    said);
}
