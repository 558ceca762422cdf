/** What `npm start` passes on of wrangler dev's output (scripts/start-output.mjs): no invitation token, session cookie or CSRF token. */
import { describe, expect, it } from "vitest";
import { redactSecrets, withoutLines } from "../../scripts/start-output.mjs";

const TOKEN = "q9X2-mZ_7bLr0sVtYw3eUa6fHk1jNc8pDg4iRo5lQxS";

async function through(text: string): Promise<string> {
  const filter = withoutLines(/Scheduled Workers are not automatically triggered/);
  let out = "";
  filter.on("data", (chunk: Uint8Array | string) => (out += String(chunk)));
  const ended = new Promise((resolve) => filter.on("end", resolve));
  filter.end(text);
  await ended;
  return out;
}

describe("npm start's output", () => {
  it("never prints an invitation token, a session cookie or a CSRF token wrangler logged", async () => {
    const logged = [
      `[wrangler:info] POST /api/console/v1/invites/${TOKEN} 200 OK (31ms)`,
      `open http://127.0.0.1:8787/console/invite#${TOKEN}`,
      `Cookie: __Host-session=${TOKEN}; console-lang=en`,
      `X-CSRF-Token: ${TOKEN}`,
      "[wrangler:info] GET /api/console/v1/me 200 OK (3ms)",
    ].join("\n");
    const out = await through(logged);
    expect(out).not.toContain(TOKEN);
    expect(out).toContain("POST /api/console/v1/invites/[redacted] 200 OK");
    expect(out).toContain("console-lang=en");
    expect(out).toContain("GET /api/console/v1/me 200 OK");
    expect(redactSecrets("nothing secret here")).toBe("nothing secret here");
  });
});
