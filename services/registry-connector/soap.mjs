/**
 * @module SOAP 1.1 document/literal envelopes as the registry's WSDLs describe them (certain, from the
 * WSDLs): the operation element in the service's target namespace, its children unqualified, every
 * parameter and every `<return>` an xs:base64Binary, a failure a SOAP Fault whose detail is
 * `Exception{message}`. Built and read with fast-xml-parser. The replica writes and reads the other side
 * with code of its own (replica/soap-envelope.mjs), so that the two can disagree.
 */
import { XMLBuilder, XMLParser } from "fast-xml-parser";

const ENVELOPE_NS = "http://schemas.xmlsoap.org/soap/envelope/";
const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", suppressEmptyNode: false });
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: true,
});

function envelope(body) {
  return XML_DECLARATION + builder.build({ "soap:Envelope": { "@_xmlns:soap": ENVELOPE_NS, "soap:Body": body } });
}

/**
 * A request envelope.
 * @param {string} namespace the service's target namespace (services.mjs)
 * @param {string} operation
 * @param {Array<[string, Uint8Array]>} parameters in the WSDL's order
 */
export function soapRequest(namespace, operation, parameters) {
  const element = { "@_xmlns:tns": namespace };
  for (const [name, bytes] of parameters) element[name] = Buffer.from(bytes).toString("base64");
  return envelope({ [`tns:${operation}`]: element });
}

function bodyOf(xml) {
  const doc = parser.parse(xml);
  const body = doc?.Envelope?.Body;
  return body && typeof body === "object" ? body : null;
}

const text = (value) => (typeof value === "string" ? value : value === undefined || value === null ? "" : String(value["#text"] ?? ""));

/**
 * What an answer says: the `<return>` bytes, a fault's message (detail first, then faultstring), or
 * malformed (not a SOAP envelope of this operation).
 * @returns {{kind: "return", bytes: Buffer} | {kind: "fault", message: string} | {kind: "malformed"}}
 */
export function readSoapAnswer(xml, operation) {
  let body;
  try {
    body = bodyOf(xml);
  } catch {
    return { kind: "malformed" };
  }
  if (!body) return { kind: "malformed" };
  if (body.Fault) {
    const fault = body.Fault;
    const message = text(fault.detail?.Exception?.message) || text(fault.faultstring);
    return { kind: "fault", message };
  }
  const response = body[`${operation}Response`];
  if (!response || typeof response !== "object" || !("return" in response)) return { kind: "malformed" };
  const encoded = text(response.return);
  if (!/^[A-Za-z0-9+/=\s]*$/.test(encoded)) return { kind: "malformed" };
  return { kind: "return", bytes: Buffer.from(encoded, "base64") };
}
