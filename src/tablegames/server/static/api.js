// The server's HTTP and WebSocket interface as the pages use it (docs/server.md, "The
// contract"). Every error the server answers is {"error", "paragraph"}; it is thrown as an
// ApiError so that the page can show the refusal with its paragraph.

const TOKEN_KEY = "tablegames.token";
const NAME_KEY = "tablegames.name";
const PLAYER_KEY = "tablegames.player";
const OPERATOR_KEY = "tablegames.operator";

export class ApiError extends Error {
  constructor(status, message, paragraph) {
    super(message);
    this.status = status;
    this.paragraph = paragraph || null;
  }

  // The text a page shows: the server's reason and, where one applies, its paragraph.
  describe() {
    return this.paragraph ? `${this.message} (${this.paragraph})` : this.message;
  }
}

export const session = {
  get token() { return localStorage.getItem(TOKEN_KEY); },
  get name() { return localStorage.getItem(NAME_KEY); },
  get playerId() { return localStorage.getItem(PLAYER_KEY); },
  get operatorToken() { return sessionStorage.getItem(OPERATOR_KEY); },
  signIn(playerId, token, name) {
    localStorage.setItem(PLAYER_KEY, playerId);
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(NAME_KEY, name);
  },
  signOut() {
    localStorage.removeItem(PLAYER_KEY);
    localStorage.removeItem(TOKEN_KEY);
  },
  setOperator(token) {
    if (token) sessionStorage.setItem(OPERATOR_KEY, token);
    else sessionStorage.removeItem(OPERATOR_KEY);
  },
};

function idempotencyKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// One call. A POST that changes money or the game carries a fresh Idempotency-Key, kept across
// its retries: a request whose answer was lost to a network drop is sent again with the same
// key, and the server answers the first answer again instead of applying it twice.
export async function call(method, path, body, { token = session.token, retries = 0 } = {}) {
  const headers = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["Idempotency-Key"] = idempotencyKey();
  for (let attempt = 0; ; attempt++) {
    let answer;
    try {
      answer = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (err) {
      if (attempt < retries) {
        await new Promise((done) => setTimeout(done, 500 * (attempt + 1)));
        continue;
      }
      throw new ApiError(0, "the server cannot be reached", null);
    }
    const text = await answer.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch { data = null; }
    if (!answer.ok) {
      const message = data && data.error ? data.error : `${answer.status} ${answer.statusText}`;
      throw new ApiError(answer.status, message, data ? data.paragraph : null);
    }
    return data;
  }
}

// A table's live stream: every event after `after` as this viewer may see it, then each new
// one. It reconnects by itself (after a network drop or a server restart) from the last version
// it received, and says so through `onState` ("live", "reconnecting").
export class TableStream {
  constructor(tableId, { token, after, onEvent, onState, onRejected }) {
    this.tableId = tableId;
    this.token = token;
    this.version = after;
    this.onEvent = onEvent;
    this.onState = onState || (() => {});
    this.onRejected = onRejected || (() => {});
    this.closed = false;
    this.delay = 250;
    // A network drop the browser knows of: a socket may stay open without traffic for long,
    // so it is dropped at once and opened again when the network is back.
    this.offline = () => { if (this.socket) this.socket.close(); };
    this.online = () => { this.delay = 250; this.open(); };
    window.addEventListener("offline", this.offline);
    window.addEventListener("online", this.online);
    this.open();
  }

  open() {
    // One socket at a time: a timer and the `online` event may both ask for one.
    if (this.closed || (this.socket && this.socket.readyState <= 1)) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = `token=${encodeURIComponent(this.token || "")}&after=${this.version}`;
    const url = `${scheme}://${location.host}/api/tables/${encodeURIComponent(this.tableId)}/ws?${query}`;
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onopen = () => {
      this.delay = 250;
      this.onState("live");
    };
    socket.onmessage = (message) => {
      const frame = JSON.parse(message.data);
      if (typeof frame.version === "number" && frame.version <= this.version) return;
      this.version = frame.version;
      this.onEvent(frame.event, frame.version);
    };
    socket.onclose = (closing) => {
      if (this.closed) return;
      if (closing.code === 4404 || closing.code === 4401) {
        this.onRejected(closing.code);
        return;
      }
      this.onState("reconnecting");
      if (!navigator.onLine) return; // `online` opens it again
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 4000);
    };
  }

  close() {
    this.closed = true;
    window.removeEventListener("offline", this.offline);
    window.removeEventListener("online", this.online);
    if (this.socket) this.socket.close();
  }
}

// "50", "12.50", "$1,000": cents as an integer, worked on the digits (no float is multiplied);
// null when the text is no amount.
export function parseDollars(text) {
  const found = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!found) return null;
  const whole = Number(found[1].replaceAll(",", ""));
  const cents = Number((found[2] || "").padEnd(2, "0"));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

export function dollars(cents) {
  if (cents === null || cents === undefined) return "";
  const sign = cents < 0 ? "\u2212" : "";
  const whole = Math.abs(cents);
  const text = (whole / 100).toLocaleString("en-US", {
    minimumFractionDigits: whole % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  });
  return `${sign}$${text}`;
}

export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}
