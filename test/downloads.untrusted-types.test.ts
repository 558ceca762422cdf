/**
 * Attachments of a type a browser would run (issue 36, item 5c): a registration's HTML or SVG
 * attachment is served as application/octet-stream, every file with `Content-Security-Policy:
 * sandbox` and as an attachment, on both doors that serve files (the open API and the console).
 */
import { describe, expect, it } from "vitest";
import { sandboxRegistry } from "../worker/upstream/sandbox";
import { admin, body, createQueries, newAccount, open, shardOfAccount, waitForQuery } from "./helpers";
import { consoleCall, consoleUser } from "./console-helpers";

async function put(path: string, bytes: Uint8Array, contentType: string): Promise<void> {
  const res = await admin(`/upstream${path}`, { method: "PUT", headers: { "Content-Type": contentType }, body: bytes });
  expect(res.status, path).toBe(200);
}

const HTML = new TextEncoder().encode("<!doctype html><script>fetch('/api/console/v1/keys',{method:'POST'})</script>");
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');

describe("files of a type a browser would run", () => {
  it("go out as octet-stream, every file sandboxed, on the open API and the console alike", async () => {
    const source = "规模1下载类型来源有限公司";
    const [listed] = sandboxRegistry.listing(source);
    const number = listed!.certificateNumber;
    await put(`/documents/${number}`, (await sandboxRegistry.certificatePdf(source, number))!, "application/pdf");
    await put(`/documents/${number}/attachments/${encodeURIComponent("invoice.html")}`, HTML, "text/html");
    await put(`/documents/${number}/attachments/${encodeURIComponent("drawing.svg")}`, SVG, "image/svg+xml");
    const subject = "下载类型测试有限公司";
    const fixture = await admin(`/upstream/subjects/${encodeURIComponent(subject)}`, {
      method: "PUT",
      json: { registrations: [{ certificateNumber: number, registerType: "initial" }] },
    });
    expect(fixture.status).toBe(200);

    const a = await newAccount();
    const queryId = (await body<{ queries: Array<{ id: string }> }>(await createQueries(a.key, [subject]))).queries[0]!.id;
    await waitForQuery(queryId);
    const docs = await (
      await shardOfAccount(a.accountId)
    )
      .prepare("SELECT id, file_name, mime_type FROM documents WHERE query_id = ?")
      .bind(queryId)
      .all<{ id: string; file_name: string; mime_type: string }>();
    const byName = Object.fromEntries(docs.results.map((d) => [d.file_name, d]));
    expect(byName["invoice.html"]?.mime_type).toBe("text/html");
    expect(byName["drawing.svg"]?.mime_type).toBe("image/svg+xml");

    const user = await consoleUser(a.accountId, "viewer");
    const doors = [(id: string) => open(`/documents/${id}/content`, a.key), (id: string) => consoleCall(user, `/documents/${id}/content`)];
    const expected: Record<string, string> = {
      "invoice.html": "application/octet-stream",
      "drawing.svg": "application/octet-stream",
      [`${number}.pdf`]: "application/pdf",
    };
    for (const door of doors)
      for (const d of docs.results) {
        const res = await door(d.id);
        expect(res.status, d.file_name).toBe(200);
        expect(res.headers.get("Content-Type"), d.file_name).toBe(expected[d.file_name] ?? "application/pdf");
        expect(res.headers.get("Content-Security-Policy"), d.file_name).toMatch(/^sandbox\b/);
        expect(res.headers.get("Content-Disposition"), d.file_name).toMatch(/^attachment;/);
        expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
        await res.arrayBuffer();
      }
  });
});
