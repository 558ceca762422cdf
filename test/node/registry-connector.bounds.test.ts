/**
 * What the registry sends, bounded and checked (services/registry-connector: bounds.mjs, zip-read.mjs,
 * xml-text.mjs, answer-body.mjs): a zip bomb stops at its bound, a CRC that does not hold refuses the
 * zip, an XML declared GBK (or sent with charset=GBK) reads as the Chinese it is, an answer larger than
 * its bound is cut. Through the connector each breach is a contract error with a log line naming the
 * bound or the check, never a served file and never an empty list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnswerRefused } from "../../services/registry-connector/bounds.mjs";
import { startConnector, type ConnectorSettings, type RunningConnector } from "../../services/registry-connector/connector.mjs";
import { bombEntry } from "../../services/registry-connector/replica/hostile.mjs";
import { startReplica, type Replica } from "../../services/registry-connector/replica/server.mjs";
import { writeZip } from "../../services/registry-connector/replica/zip-write.mjs";
import { charsetOf, decodeXml } from "../../services/registry-connector/xml-text.mjs";
import { readZip } from "../../services/registry-connector/zip-read.mjs";
import { sandboxRegistry } from "../../worker/upstream/sandbox";

const MIB = 1024 * 1024;
/**
 * "上海" in GBK (GB 2312 row 41 col 47 = 0xC9CF, row 26 col 03 = 0xBAA3; the same codes in GBK and
 * GB 18030): a fixture from the standard's table, not from the code under test.
 */
const SHANGHAI_GBK = [0xc9, 0xcf, 0xba, 0xa3];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

function refusal(run: () => unknown): AnswerRefused {
  try {
    run();
  } catch (error) {
    if (error instanceof AnswerRefused) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("zips, read within bounds", () => {
  it("stops a zip bomb (about 500 KB inflating to 512 MiB) at the entry bound, quickly", async () => {
    const bomb = writeZip([{ name: "16405277000006493448.pdf", ...(await bombEntry()) }]);
    expect(bomb.length).toBeLessThan(600 * 1024);
    const started = performance.now();
    const refused = refusal(() => readZip(bomb, { maxEntryBytes: 8 * MIB }));
    expect(refused.kind).toBe("bounds");
    expect(refused.reason).toContain("REGISTRY_MAX_ENTRY_BYTES");
    // Inflating the whole 512 MiB takes seconds; stopping at 8 MiB takes a fraction of one.
    expect(performance.now() - started).toBeLessThan(1_500);
    // With the defaults too (48 MiB an entry): refused, never 512 MiB in memory.
    expect(refusal(() => readZip(bomb)).kind).toBe("bounds");
  });

  it("refuses an entry whose CRC-32 does not match its bytes", () => {
    const files = [{ name: "16405277000006493448.pdf", bytes: new TextEncoder().encode("%PDF-1.7 a certificate") }];
    expect(readZip(writeZip(files))[0]!.bytes).toEqual(files[0]!.bytes);
    const refused = refusal(() => readZip(writeZip(files, { badCrc: true })));
    expect(refused).toMatchObject({ kind: "integrity" });
    expect(refused.reason).toContain("CRC-32");
  });

  it("bounds the entry count and the total inflated size", () => {
    const files = Array.from({ length: 5 }, (_, i) => ({ name: `附件${i}.jpg`, bytes: new Uint8Array(40 * 1024).fill(i) }));
    const zip = writeZip(files);
    expect(readZip(zip)).toHaveLength(5);
    expect(refusal(() => readZip(zip, { maxZipEntries: 4 })).reason).toContain("REGISTRY_MAX_ZIP_ENTRIES");
    expect(refusal(() => readZip(zip, { maxInflatedBytes: 150 * 1024 })).reason).toContain("REGISTRY_MAX_INFLATED_BYTES");
    expect(refusal(() => readZip(zip, { maxEntryBytes: 39 * 1024 })).reason).toContain("REGISTRY_MAX_ENTRY_BYTES");
  });

  it("refuses bytes that are not a zip, or a zip cut short, as a format fault", () => {
    expect(refusal(() => readZip(new TextEncoder().encode("<html>502 Bad Gateway</html>"))).kind).toBe("format");
    const zip = writeZip([{ name: "a.pdf", bytes: new Uint8Array(1000).fill(7) }]);
    expect(refusal(() => readZip(zip.subarray(40))).kind).toBe("format");
  });
});

describe("XML decoded by the encoding it states", () => {
  const declaredGbk = Uint8Array.from([
    ...ascii('<?xml version="1.0" encoding="GBK"?><feedback><spname>'),
    ...SHANGHAI_GBK,
    ...ascii("</spname></feedback>"),
  ]);

  it("reads a declaration's GBK as GBK (as UTF-8 it would be replacement characters)", () => {
    expect(decodeXml(declaredGbk)).toContain("<spname>上海</spname>");
    expect(new TextDecoder().decode(declaredGbk)).not.toContain("上海");
  });

  it("lets the HTTP charset decide over the declaration (RFC 7303), and a BOM over both", () => {
    const undeclared = Uint8Array.from([...ascii("<feedback><spname>"), ...SHANGHAI_GBK, ...ascii("</spname></feedback>")]);
    expect(charsetOf("text/xml; charset=GBK")).toBe("gbk");
    expect(charsetOf('text/xml;charset="gb18030"')).toBe("gb18030");
    expect(charsetOf("text/xml")).toBeNull();
    expect(decodeXml(undeclared, "gbk")).toContain("上海");
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<?xml version="1.0" encoding="GBK"?><a>上海</a>')]);
    expect(decodeXml(bom)).toContain("<a>上海</a>");
  });

  it("refuses bytes that do not decode as stated, and an encoding the runtime does not know", () => {
    expect(() => decodeXml(Uint8Array.from([...ascii("<a>"), 0xc9, ...ascii("</a>")]))).toThrow(AnswerRefused);
    expect(() => decodeXml(Uint8Array.from(ascii('<?xml version="1.0" encoding="x-no-such"?><a/>')))).toThrow(AnswerRefused);
  });
});

describe("through the connector: a breach is a contract error with a log line, never a file", () => {
  const TOKEN = `con_${crypto.randomUUID()}`;
  const logs: string[] = [];
  let replica: Replica;
  let connector: RunningConnector;
  let small: RunningConnector;

  /** The replica bundles the sandbox with esbuild at start: seconds on a busy machine. */
  beforeAll(async () => {
    replica = await startReplica({ slowMs: 40 });
    const settings = (overrides: Partial<ConnectorSettings> = {}): ConnectorSettings => ({
      baseUrl: replica.servicesUrl,
      publicKey: replica.publicKey,
      account: replica.account,
      token: TOKEN,
      sessions: 2,
      timeoutMs: 20_000,
      port: 0,
      host: "127.0.0.1",
      ...overrides,
    });
    connector = await startConnector(settings(), { write: (line) => logs.push(line) });
    small = await startConnector(settings({ bounds: { maxAnswerBytes: 256 * 1024 } }), { write: (line) => logs.push(line) });
  }, 60_000);
  afterAll(async () => {
    await Promise.all([connector?.close(), small?.close()]);
    await replica?.close();
  });

  const subject = (marker = "") => `界限${marker}${crypto.randomUUID().slice(0, 8)}有限公司`;
  const headers = { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" };
  const fault = async (rule: { subject: string; route: string; fault: string; times?: number }) =>
    expect((await fetch(`${replica.url}/_replica/faults`, { method: "POST", body: JSON.stringify(rule) })).status).toBe(201);
  const listing = async (c: RunningConnector, name: string) => {
    const res = await fetch(`${c.url}/v1/listings`, { method: "POST", headers, body: JSON.stringify({ subject: name }) });
    return {
      status: res.status,
      body: (await res.json()) as { code?: string; registrations?: { certificateNumber: string; summary: Record<string, string> }[] },
    };
  };
  const certificate = (c: RunningConnector, name: string, number: string) =>
    fetch(`${c.url}/v1/registrations/${number}/certificate`, { headers: { ...headers, "X-Subject": encodeURIComponent(name) } });
  const logged = (text: string) => logs.some((line) => line.includes(text));

  it("a certificate's zip bomb: 422 SOURCE_UNAVAILABLE, the bound in the log, no file", async () => {
    const name = subject();
    const [first] = (await listing(connector, name)).body.registrations!;
    await fault({ subject: name, route: "queryDownLoadFileByNum", fault: "zip-bomb", times: 1 });
    const res = await certificate(connector, name, first!.certificateNumber);
    expect(res.status).toBe(422);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(((await res.json()) as { code: string }).code).toBe("SOURCE_UNAVAILABLE");
    expect(logged("REGISTRY_MAX_ENTRY_BYTES")).toBe(true);
  });

  it("a listing's zip bomb: an error, never a list", async () => {
    const name = subject();
    await fault({ subject: name, route: "queryBySubject", fault: "zip-bomb", times: 1 });
    const answer = await listing(connector, name);
    expect(answer.status).toBe(422);
    expect(answer.body.registrations).toBeUndefined();
  });

  it("a certificate whose CRC does not hold: 503 TRANSIENT and a log line, its bytes never served", async () => {
    const name = subject();
    const [first] = (await listing(connector, name)).body.registrations!;
    await fault({ subject: name, route: "queryDownLoadFileByNum", fault: "bad-crc", times: 1 });
    const res = await certificate(connector, name, first!.certificateNumber);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { code: string }).code).toBe("TRANSIENT");
    expect(logged("CRC-32 does not match")).toBe(true);
    // The next download is whole again, and served.
    expect((await certificate(connector, name, first!.certificateNumber)).status).toBe(200);
  });

  it("a list whose CRC does not hold is an error, never a list", async () => {
    const name = subject();
    await fault({ subject: name, route: "queryBySubject", fault: "bad-crc", times: 1 });
    expect(await listing(connector, name)).toMatchObject({ status: 503, body: { code: "TRANSIENT" } });
  });

  it("a list written in GBK, declared so, reads as the Chinese it holds", async () => {
    const name = subject();
    await fault({ subject: name, route: "queryBySubject", fault: "gbk-xml", times: 1 });
    const answer = await listing(connector, name);
    expect(answer.status).toBe(200);
    const truth = new Map(sandboxRegistry.listing(name).map((r) => [r.certificateNumber, String(r.summary.businessType)]));
    expect(answer.body.registrations!.length).toBe(truth.size);
    for (const r of answer.body.registrations!) {
      expect(r.summary.securedParty).toBe(truth.get(r.certificateNumber));
      expect(r.summary.securedParty).toMatch(/^[\u4e00-\u9fff（）()、]+$/);
    }
  });

  it("a SOAP answer sent with charset=GBK: its fault text read right (busy, not a passing fault)", async () => {
    const name = subject();
    await fault({ subject: name, route: "queryBySubject", fault: "gbk-envelope;busy", times: 2 });
    expect(await listing(connector, name)).toMatchObject({ status: 429, body: { code: "BUSY" } });
  });

  it("an answer larger than REGISTRY_MAX_ANSWER_BYTES is cut at the bound: 422 and a log line", async () => {
    const name = subject();
    await fault({ subject: name, route: "queryBySubject", fault: "huge-answer=1048576", times: 1 });
    const answer = await listing(small, name);
    expect(answer).toMatchObject({ status: 422, body: { code: "SOURCE_UNAVAILABLE" } });
    expect(logged("REGISTRY_MAX_ANSWER_BYTES")).toBe(true);
  });
});
