// The HTTP side of the wire protocol (docs/protocol.md): JSON in, JSON out, errors as {error, message, reason?}.
// An engine's refusal also carries `reason`, its catalogue message ({event, ...arguments}) to say in the reader's
// language (forms.js refusalText).
export class ApiError extends Error {
  constructor(status, code, message, reason = null) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.reason = reason;
  }
}

export async function api(method, path, body) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  if (response.status === 204) return null;
  let doc = null;
  try {
    doc = await response.json();
  } catch {
    doc = null;
  }
  if (!response.ok) {
    if (doc && doc.error) throw new ApiError(response.status, doc.error, doc.message, doc.reason ?? null);
    if (doc && Array.isArray(doc.detail)) {
      const text = doc.detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
      throw new ApiError(response.status, "invalid", text);
    }
    throw new ApiError(response.status, "http", `HTTP ${response.status}`);
  }
  return doc;
}

export const get = (path) => api("GET", path);
export const post = (path, body) => api("POST", path, body);
