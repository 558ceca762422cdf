// The OCR stand-in's HTTP server (Node; plain JavaScript like gateway-stub/server.mjs so that the workerd
// type set of the tests does not need Node's). Contract: docs/ocr.md. See test/setup/ocr-standin.ts.
import { createHash } from "node:crypto";
import { createServer } from "node:http";

function kindOf(bytes) {
  const head = bytes.subarray(0, 4).toString("latin1");
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (head === "\x89PNG") return "png";
  if (head === "II*\0" || head === "MM\0*") return "tiff";
  if (head.startsWith("BM")) return "bmp";
  if (bytes.subarray(0, 1024).toString("latin1").includes("%PDF-")) return "pdf";
  return null;
}

function listen(server, port) {
  return new Promise((resolve) => {
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => resolve(true));
  });
}

/** How many calls for a file holding `busyMarker` answer busy (503 with Retry-After), as for a page queued behind others. */
const BUSY_CALLS = 2;

/**
 * Starts the stand-in on a free port from `firstPort`. `read(sha256, page, kind)` gives the answer's
 * size and lines. The first call for each file and page answers 503 (a file holding `busyMarker`: its first
 * two, with Retry-After: 1, as the service does for a page still queued); GET /calls counts the calls.
 * `kill()` stops it as a crashed process would (open connections dropped, new ones refused) and
 * `restart()` brings it back on the same port; a control server (`controlUrl`: POST /kill, POST
 * /restart) lets tests inside workerd do the same.
 */
export async function startOcrStandin({ token, firstPort, read, busyMarker }) {
  const calls = new Map();
  const server = createServer(async (req, res) => {
    const send = (status, body) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (req.method === "GET" && url.pathname === "/healthz") return send(200, { status: "ok" });
    if (req.method === "GET" && url.pathname === "/calls") return send(200, Object.fromEntries(calls));
    if (req.method !== "POST" || url.pathname !== "/v1/ocr") return send(404, { error: { code: "NOT_FOUND", message: "No such path." } });
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, { error: { code: "UNAUTHENTICATED", message: "Bearer token required." } });
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    const kind = kindOf(bytes);
    if (!kind) return send(415, { error: { code: "UNSUPPORTED_MEDIA", message: "Not an image or a PDF." } });
    const page = Number(url.searchParams.get("page") ?? "1");
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const key = `${sha256}:${page}`;
    const n = (calls.get(key) ?? 0) + 1;
    calls.set(key, n);
    if (busyMarker && bytes.includes(busyMarker) && n <= BUSY_CALLS) {
      res.setHeader("Retry-After", "1");
      return send(503, { error: { code: "TIMEOUT", message: "Recognition did not finish in time; retry later." } });
    }
    if (n === 1) return send(503, { error: { code: "BUSY", message: "Try again." } });
    return send(200, read(sha256, page, kind));
  });
  let port = firstPort;
  while (!(await listen(server, port))) port++;
  let alive = true;
  const kill = async () => {
    if (!alive) return;
    alive = false;
    const closed = new Promise((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  };
  const restart = async () => {
    if (alive) return;
    if (!(await listen(server, port))) throw new Error(`the OCR stand-in could not listen on ${port} again`);
    alive = true;
  };
  const control = createServer(async (req, res) => {
    const action = req.method === "POST" ? { "/kill": kill, "/restart": restart }[req.url ?? ""] : undefined;
    if (!action) return res.writeHead(404).end();
    await action();
    res.writeHead(204).end();
  });
  await new Promise((resolve) => control.listen(0, "127.0.0.1", () => resolve()));
  const close = async () => {
    await kill();
    await new Promise((resolve) => control.close(() => resolve()));
  };
  return { url: `http://127.0.0.1:${port}`, controlUrl: `http://127.0.0.1:${control.address().port}`, kill, restart, close };
}
