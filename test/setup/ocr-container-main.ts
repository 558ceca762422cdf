/**
 * The Worker's entry for the ocr-container test project (vitest.config.ts): the real Worker, plus a local
 * Durable Object class bound as OCR in place of OcrContainer. Containers need Docker, which these machines
 * lack, so the class plays the container's part as seen through the binding, the way
 * @cloudflare/containers' Container.fetch does: an instance that sleeps starts on its first request and,
 * not ready within the library's wait, answers 503 ("no container instance available"); once started it
 * proxies the request to its service, here the OCR stand-in (test/setup/ocr-standin.ts), whose bearer
 * token belongs to the stand-in, not to the binding. A request that arrives carrying a token is refused:
 * nothing crosses the binding but the file. `/__stub` reports and `/__stub/sleep` puts the instance to
 * sleep again (what sleepAfter does).
 */
import { DurableObject } from "cloudflare:workers";

export * from "../../worker/index";
export { default } from "../../worker/index";

interface StubEnv {
  OCR_STANDIN_URL: string;
  OCR_STANDIN_TOKEN: string;
}

export interface StubReport {
  started: boolean;
  starts: number;
  /** Requests the instance answered, path and query each (its own /__stub calls aside). */
  requests: string[];
  /** Requests that arrived with an Authorization header. */
  withToken: number;
}

/** The report lives in the object's storage: an object evicted from memory keeps its history (a container would keep running). */
export class OcrContainerStub extends DurableObject<StubEnv> {
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const report: StubReport = (await this.ctx.storage.get<StubReport>("report")) ?? { started: false, starts: 0, requests: [], withToken: 0 };
    if (url.pathname === "/__stub") return Response.json(report);
    const answer = this.answer(request, url, report);
    await this.ctx.storage.put("report", report);
    return answer;
  }

  private answer(request: Request, url: URL, report: StubReport): Response | Promise<Response> {
    if (url.pathname === "/__stub/sleep") {
      report.started = false;
      return new Response(null, { status: 204 });
    }
    report.requests.push(`${url.pathname}${url.search}`);
    if (request.headers.has("Authorization")) {
      report.withToken++;
      return Response.json({ error: { code: "BAD_REQUEST", message: "No token crosses the binding." } }, { status: 400 });
    }
    if (!report.started) {
      report.started = true;
      report.starts++;
      return new Response("There is no Container instance available at this time.", { status: 503 });
    }
    const headers = new Headers(request.headers);
    headers.set("Authorization", `Bearer ${this.env.OCR_STANDIN_TOKEN}`);
    return fetch(`${this.env.OCR_STANDIN_URL}${url.pathname}${url.search}`, { method: request.method, headers, body: request.body });
  }
}
