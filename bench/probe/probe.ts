/**
 * @module A Worker for bench/pipeline.mjs: the pipeline's phases timed inside workerd (the engine
 * the queue consumer runs on), on the local R2 and D1 bindings: generate a certificate PDF,
 * extract it, parse it, put the PDF and its texts into R2, write rows into D1. GET /?subject=…&n=…
 */
import { parseCertificate } from "../../worker/domain/certificate";
import { extractPdf } from "../../worker/pdf/extract";
import { sandboxRegistry } from "../../worker/upstream/sandbox";

interface ProbeEnv {
  FILES: R2Bucket;
  DB: D1Database;
}

export default {
  async fetch(request: Request, env: ProbeEnv): Promise<Response> {
    const url = new URL(request.url);
    const subject = url.searchParams.get("subject") ?? "规模100基准供应链有限公司";
    const n = Number(url.searchParams.get("n") ?? "50");
    await env.DB.exec("CREATE TABLE IF NOT EXISTS probe (id TEXT PRIMARY KEY, body TEXT NOT NULL)");
    const ms = { generate: 0, extract: 0, parse: 0, r2Put: 0, d1Write: 0 };
    let done = 0;
    for (const reg of sandboxRegistry.listing(subject).slice(0, n)) {
      let t0 = performance.now();
      const pdf = await sandboxRegistry.certificatePdf(subject, reg.certificateNumber);
      ms.generate += performance.now() - t0;
      if (!pdf) continue;
      t0 = performance.now();
      const text = await extractPdf(pdf);
      ms.extract += performance.now() - t0;
      t0 = performance.now();
      const certificate = text.ok ? parseCertificate(text.pages.map((p) => p.text)) : null;
      ms.parse += performance.now() - t0;
      t0 = performance.now();
      await env.FILES.put(`probe/${reg.certificateNumber}.pdf`, pdf);
      if (text.ok) {
        await env.FILES.put(`probe/${reg.certificateNumber}.json`, JSON.stringify(text.pages.map((p) => p.text)));
        await env.FILES.put(`probe/${reg.certificateNumber}.boxes.json`, JSON.stringify(text.pages.map((p) => p.boxes)));
      }
      ms.r2Put += performance.now() - t0;
      t0 = performance.now();
      await env.DB.batch([
        env.DB.prepare("INSERT OR REPLACE INTO probe (id, body) VALUES (?, ?)").bind(`${reg.certificateNumber}:r`, JSON.stringify(certificate)),
        env.DB.prepare("INSERT OR REPLACE INTO probe (id, body) VALUES (?, ?)").bind(`${reg.certificateNumber}:d`, reg.certificateNumber),
      ]);
      ms.d1Write += performance.now() - t0;
      done++;
    }
    return Response.json({ certificates: done, ms });
  },
};
