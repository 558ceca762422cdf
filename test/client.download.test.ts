import { describe, expect, it } from "vitest";
import { RegistryApiError, type FetchLike } from "../client/index.ts";
import { newAccount } from "./helpers";
import { clientFor, FAST_POLL, recording, workerFetch } from "./client.support";

const SUBJECT = "上海示例供应链管理有限公司";

async function hex(bytes: Uint8Array): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** A finished query's first certificate: its download path and metadata. */
async function certificate(key: string) {
  const client = clientFor(key);
  const { queries } = await client.createQueries([SUBJECT]);
  await client.waitForQuery(queries[0]!.id, FAST_POLL);
  const page = await client.listRegistrations(queries[0]!.id, { pageSize: 1 });
  const registration = await client.getRegistration(queries[0]!.id, page.items[0]!.id);
  return { pdfUrl: page.items[0]!.pdfUrl!, pdf: registration.pdf! };
}

/** Cuts the first download's body after `bytes` bytes with an error, as a broken connection would. */
function breakingFirstBody(bytes: number): FetchLike {
  let broken = false;
  return async (request) => {
    const response = await workerFetch(request);
    if (broken || !response.body || !new URL(request.url).pathname.endsWith("/content")) return response;
    broken = true;
    const reader = response.body.getReader();
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        const room = bytes - sent;
        if (value.byteLength >= room) {
          controller.enqueue(value.slice(0, room));
          await reader.cancel();
          return controller.error(new TypeError("Network connection lost."));
        }
        sent += value.byteLength;
        controller.enqueue(value);
      },
    });
    return new Response(body, { status: response.status, headers: response.headers });
  };
}

describe("the client streams files", () => {
  it("downloads a whole certificate by its pdfUrl, and a single byte range of it", async () => {
    const a = await newAccount();
    const { pdfUrl, pdf } = await certificate(a.key);
    const client = clientFor(a.key);

    const whole = await client.download(pdfUrl);
    expect(whole).toMatchObject({ status: 200, contentType: "application/pdf", size: pdf.size, fileName: pdf.fileName, etag: `"${pdf.sha256}"` });
    const bytes = new Uint8Array(await new Response(whole.body).arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(await hex(bytes)).toBe(pdf.sha256);

    const part = await client.download(pdf.documentId!, { range: "0-99" });
    expect(part.status).toBe(206);
    expect(part.range).toEqual({ start: 0, end: 99, size: pdf.size });
    expect(new Uint8Array(await new Response(part.body).arrayBuffer())).toEqual(bytes.slice(0, 100));

    const tail = await client.download(pdf.documentId!, { range: { suffix: 10 } });
    expect(new Uint8Array(await new Response(tail.body).arrayBuffer())).toEqual(bytes.slice(-10));
  });

  it("resumes a broken download from the next byte, guarded by If-Range", async () => {
    const a = await newAccount();
    const { pdf } = await certificate(a.key);
    const { fetch, seen } = recording(breakingFirstBody(2000));
    const chunks: Uint8Array[] = [];
    const progress: number[] = [];
    const { written, download } = await clientFor(a.key, { fetch }).downloadTo(
      pdf.documentId!,
      { write: (c) => void chunks.push(c) },
      {
        onProgress: (done) => progress.push(done),
      },
    );
    expect(written).toBe(pdf.size);
    expect(download.status).toBe(200);
    expect(await hex(concat(chunks))).toBe(pdf.sha256);
    const requests = seen.filter((r) => r.path.endsWith("/content"));
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatchObject({ range: `bytes=2000-${pdf.size! - 1}`, ifRange: `"${pdf.sha256}"` });
    expect(progress.at(-1)).toBe(pdf.size);
  });

  it("reports an unsatisfiable range as RANGE_NOT_SATISFIABLE", async () => {
    const a = await newAccount();
    const { pdf } = await certificate(a.key);
    const error = await clientFor(a.key)
      .download(pdf.documentId!, { range: `${pdf.size! + 10}-` })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryApiError);
    expect(error).toMatchObject({ status: 416, code: "RANGE_NOT_SATISFIABLE" });
  });
});
