// Durations and clocks in words: "15 min", "1 day", "4:59", and a table's clock setting.
import { t } from "./i18n.js";

const UNITS = [["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];

/** A duration in words, its two largest units: "1 day 2 h", "15 min", "30 s". */
export function formatDuration(seconds) {
  let left = Math.max(0, Math.round(seconds));
  const parts = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(left / size);
    if (n && parts.length < 2) parts.push(t(`unit_n.${unit}`, { n }));
    left -= n * size;
  }
  return parts.length ? parts.join(" ") : t("unit_n.second", { n: 0 });
}

/** Time left on a clock: "1:04:09", "4:59", "0:07". */
export function clockText(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** How a table is played, in words: "real time, 15 min + 15 s", "turn by turn, 1 day a move", "untimed". */
export function setupText(table) {
  const clock = table.clock;
  const mode = t(`mode.${table.mode || "realtime"}`);
  if (!clock) return `${mode}, ${t("untimed")}`;
  if (table.mode === "turn") return `${mode}, ${t("per_move_n", { time: formatDuration(clock.per_move) })}`;
  return `${mode}, ${formatDuration(clock.initial)} + ${formatDuration(clock.increment)}`;
}
