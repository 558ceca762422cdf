/**
 * A replica that can disagree (issue 38, item 7): its SM2 decryption is its own and agrees with OpenSSL's
 * command line (where `openssl` is installed) in both directions; its SOAP reading refuses, as a CXF
 * service would, what a client could get wrong (a qualified child, the wrong order, the wrong namespace,
 * a prefix bound to nothing); its faults are namespaced soap:Fault envelopes the connector reads.
 */
import { describe, expect, it } from "vitest";
import { encryptParameter } from "../../services/registry-connector/sm2-parameter.mjs";
import { readRequest, writeFault } from "../../services/registry-connector/replica/soap-envelope.mjs";
import { decryptParameter, generateKeyPair } from "../../services/registry-connector/replica/sm2-decrypt.mjs";
import { WSDL_SERVICES } from "../../services/registry-connector/replica/wsdl.mjs";
import { readXml } from "../../services/registry-connector/replica/xml-reader.mjs";

const load = (name: string) => import(/* @vite-ignore */ name);
const { spawnSync } = (await load("node:child_process")) as {
  spawnSync(command: string, args: string[], options: object): { status: number | null; stdout: Uint8Array; stderr: Uint8Array };
};
const { mkdtempSync, writeFileSync, readFileSync } = (await load("node:fs")) as {
  mkdtempSync(prefix: string): string;
  writeFileSync(path: string, data: Uint8Array | string): void;
  readFileSync(path: string): Uint8Array;
};
const { tmpdir } = (await load("node:os")) as { tmpdir(): string };
const soapModule = "../../services/registry-connector/soap.mjs";
const { readSoapAnswer, soapRequest } = (await load(soapModule)) as {
  readSoapAnswer(xml: string, operation: string): unknown;
  soapRequest(namespace: string, operation: string, parameters: [string, Uint8Array][]): string;
};

const VALUES = ["", "1000", "false", "上海示例供应链管理有限公司", "11010519491231002X", "长".repeat(200)];
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));
const ascii = (text: string) => new TextEncoder().encode(text);

const openssl = (args: string[], input?: Uint8Array) => spawnSync("openssl", args, { input, maxBuffer: 1 << 20 });
const hasSm2 = openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:SM2"]).status === 0;

describe.skipIf(!hasSm2)("the replica's SM2 against OpenSSL's command line", () => {
  const dir = mkdtempSync(`${tmpdir()}/replica-sm2-`);
  const keyFile = `${dir}/key.pem`;
  writeFileSync(keyFile, openssl(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:SM2"]).stdout);
  // SEC1 ECPrivateKey: 30 len 02 01 01 04 20 <d>; the SubjectPublicKeyInfo ends with the point 04‖x‖y.
  const sec1 = openssl(["ec", "-in", keyFile, "-outform", "DER"]).stdout;
  const privateKey = toHex(sec1.subarray(7, 39));
  const publicKey = toHex(openssl(["ec", "-in", keyFile, "-pubout", "-outform", "DER"]).stdout.slice(-65)).toUpperCase();

  it("decrypts what OpenSSL encrypts", () => {
    // OpenSSL encrypts no empty message (its SM2 needs a C2 of one byte at least).
    for (const value of VALUES.filter(Boolean)) {
      const input = `${dir}/plain`;
      writeFileSync(input, new TextEncoder().encode(value));
      const cipher = openssl(["pkeyutl", "-encrypt", "-inkey", keyFile, "-in", input]);
      expect(cipher.status).toBe(0);
      expect(decryptParameter(ascii(toHex(cipher.stdout).toUpperCase()), privateKey)).toBe(value);
    }
  });

  it("and OpenSSL and the replica both decrypt the connector's parameters to the same text", () => {
    for (const value of VALUES) {
      const parameter = encryptParameter(value, publicKey);
      expect(decryptParameter(parameter, privateKey)).toBe(value);
      const der = `${dir}/cipher`;
      writeFileSync(der, fromHex(new TextDecoder().decode(parameter)));
      const plain = openssl(["pkeyutl", "-decrypt", "-inkey", keyFile, "-in", der]);
      expect(plain.status).toBe(0);
      expect(new TextDecoder().decode(plain.stdout)).toBe(value);
    }
    expect(readFileSync(keyFile).length).toBeGreaterThan(0);
  });
});

describe("the replica's own SM2", () => {
  it("refuses lower-case hex, a changed byte and another key's ciphertext", () => {
    const keys = generateKeyPair();
    const parameter = encryptParameter("上海示例供应链管理有限公司", keys.publicKey);
    expect(decryptParameter(parameter, keys.privateKey)).toBe("上海示例供应链管理有限公司");
    expect(decryptParameter(ascii(new TextDecoder().decode(parameter).toLowerCase()), keys.privateKey)).toBeNull();
    const changed = Uint8Array.from(parameter);
    changed[changed.length - 2] = changed[changed.length - 2] === 0x41 ? 0x42 : 0x41;
    expect(decryptParameter(changed, keys.privateKey)).toBeNull();
    expect(decryptParameter(parameter, generateKeyPair().privateKey)).toBeNull();
  });
});

describe("the replica reads SOAP as a CXF service would", () => {
  const service = WSDL_SERVICES.queryBySubject!;
  const envelope = (inner: string, operationNs = service.namespace) =>
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><tns:queryBySubject xmlns:tns="${operationNs}">${inner}</tns:queryBySubject></soap:Body></soap:Envelope>`;

  it("takes the connector's own request", () => {
    const request = soapRequest(service.namespace, "queryBySubject", [
      ["platformAuthCode", ascii("A1")],
      ["loginToken", ascii("B2")],
      ["debttype", ascii("C3")],
      ["nameorno", ascii("D4")],
      ["confirm", ascii("E5")],
    ]);
    const read = readRequest(request, service);
    expect(read.ok && new TextDecoder().decode(read.parameters.get("nameorno"))).toBe("D4");
  });

  const refused: [string, string][] = [
    ["a qualified child", envelope("<tns:debttype>QQ==</tns:debttype>")],
    ["children out of the WSDL's order", envelope("<nameorno>QQ==</nameorno><debttype>QQ==</debttype>")],
    ["the operation in another namespace", envelope("<debttype>QQ==</debttype>", "http://example.org/other")],
    ["a prefix bound to no namespace", envelope('<debttype xmlns:x="">QQ==</debttype>')],
    ["a value that is not base64", envelope("<debttype>not base64!</debttype>")],
    ["a DOCTYPE", `<!DOCTYPE x [<!ENTITY a "b">]>${envelope("<debttype>QQ==</debttype>")}`],
    [
      "a SOAP 1.2 envelope",
      envelope("<debttype>QQ==</debttype>").replace("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope"),
    ],
  ];
  for (const [what, xml] of refused)
    it(`refuses ${what}`, () => {
      expect(readRequest(xml, service).ok).toBe(false);
    });
});

describe("the replica's faults", () => {
  it("are namespaced soap:Fault envelopes with the declared Exception in the target namespace", () => {
    const root = readXml(writeFault(WSDL_SERVICES.queryBySubject!, "会话已超时 <&>"));
    expect([root.ns, root.name]).toEqual(["http://schemas.xmlsoap.org/soap/envelope/", "Envelope"]);
    const fault = root.children[0]!.children[0]!;
    expect([fault.ns, fault.name]).toEqual(["http://schemas.xmlsoap.org/soap/envelope/", "Fault"]);
    expect(fault.children.map((c) => [c.ns, c.name])).toEqual([
      ["", "faultcode"],
      ["", "faultstring"],
      ["", "detail"],
    ]);
    const exception = fault.children[2]!.children[0]!;
    expect([exception.ns, exception.name]).toEqual([WSDL_SERVICES.queryBySubject!.namespace, "Exception"]);
    expect(exception.children[0]).toMatchObject({ ns: "", name: "message", text: "会话已超时 <&>" });
  });

  it("login's (no fault declared) carry no detail, and the connector reads both", () => {
    const login = writeFault(WSDL_SERVICES.login!, "用户名、密码或平台授权码错误");
    expect(login).not.toContain("<detail>");
    expect(readSoapAnswer(login, "login")).toEqual({ kind: "fault", message: "用户名、密码或平台授权码错误" });
    expect(readSoapAnswer(writeFault(WSDL_SERVICES.queryBySubject!, "会话已超时"), "queryBySubject")).toEqual({
      kind: "fault",
      message: "会话已超时",
    });
  });
});
