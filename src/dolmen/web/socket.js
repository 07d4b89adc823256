// A websocket that comes back by itself: the lobby's (/ws/lobby) and a table's (/ws/tables/{id}?v=N). While it
// is down the page shows the offline banner and tries again after 0.5, 1, 2, 4, then every 8 seconds.
import { t } from "./i18n.js";

const RETRY_MS = [500, 1000, 2000, 4000, 8000];

function banner(down) {
  const offline = document.getElementById("offline");
  offline.textContent = down ? t("offline") : "";
  offline.hidden = !down;
  document.body.classList.toggle("is-offline", down);
}

/**
 * Open `path()` (called again at each reconnection, so it may carry the last version seen) and pass every
 * message, parsed, to `onMessage`; `onDown()` is told when the connection drops. Returns `{send, restart, close}`:
 * `send(message)` is false while offline (a message sent while connecting goes once open); `close()` stops for
 * good.
 */
export function liveSocket(path, onMessage, onDown = () => {}) {
  let ws = null;
  let closed = false;
  let attempt = 0;
  let timer = null;

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${scheme}://${location.host}${path()}`);
    ws.addEventListener("open", () => {
      attempt = 0;
      banner(false);
    });
    ws.addEventListener("message", (event) => onMessage(JSON.parse(event.data)));
    ws.addEventListener("close", () => {
      if (closed) return;
      banner(true);
      onDown();
      const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
      attempt += 1;
      timer = setTimeout(connect, delay);
    });
  }

  connect();
  return {
    send(message) {
      const text = JSON.stringify(message);
      if (ws && ws.readyState === WebSocket.CONNECTING) {
        const opening = ws;
        opening.addEventListener("open", () => opening.send(text), { once: true });
        return true;
      }
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(text);
      return true;
    },
    /** Drop the connection now and open it again (e.g. after a gap in the versions). */
    restart() {
      if (ws) ws.close();
    },
    close() {
      closed = true;
      clearTimeout(timer);
      banner(false);
      if (ws) ws.close();
    },
  };
}
