// Telling a person that it is their turn while they look elsewhere: a short sound and a system notification,
// each optional (remembered in this browser), when the turn becomes theirs while the tab is hidden. The tab
// title ("● …") is each screen's own.
import { el } from "./dom.js";
import { t } from "./i18n.js";

const STORE = { sound: "dolmen.alert.sound", popup: "dolmen.alert.popup" };

const isOn = (kind) => localStorage.getItem(STORE[kind]) === "1";

function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const audio = new Context();
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 660;
  volume.gain.setValueAtTime(0.15, audio.currentTime);
  volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.4);
  tone.addEventListener("ended", () => audio.close());
}

/** `update(mine, text)` after every change: alerts once each time `mine` turns true while the tab is hidden. */
export function turnAlert() {
  let was = false;
  return {
    update(mine, text) {
      if (mine && !was && document.hidden) {
        if (isOn("sound")) beep();
        if (isOn("popup") && "Notification" in window && Notification.permission === "granted") {
          new Notification("Dolmen", { body: text, tag: "dolmen-turn" });
        }
      }
      was = mine;
    },
  };
}

/** The two checkboxes that switch the alerts on and off. */
export function alertControls() {
  const box = (kind, label) => {
    const input = el("input", { type: "checkbox", id: `alert-${kind}`, checked: isOn(kind) });
    input.addEventListener("change", async () => {
      if (input.checked && kind === "popup" && "Notification" in window && Notification.permission !== "granted") {
        input.checked = (await Notification.requestPermission()) === "granted";
      }
      localStorage.setItem(STORE[kind], input.checked ? "1" : "0");
    });
    return el("span", { class: "check" }, input, el("label", { for: input.id }, label));
  };
  return el("fieldset", { class: "alerts" }, el("legend", {}, t("alert_me")), box("sound", t("alert_sound")), box("popup", t("alert_popup")));
}
