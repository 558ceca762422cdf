/**
 * @module SOAP 1.1 as the replica speaks it, apart from the connector's soap.mjs: requests read with the
 * replica's own XML reader (xml-reader.mjs) and checked against the WSDL (wsdl.mjs): the SOAP 1.1
 * envelope namespace, the operation element in the service's target namespace, its children unqualified,
 * in the sequence's order, each base64. Answers and faults written as an Apache CXF service writes them:
 * `soap:Fault` with unqualified `faultcode`/`faultstring`, the declared fault's `Exception` element in the
 * target namespace under `detail` (none for `login`, whose WSDL declares no fault).
 */
import { readXml } from "./xml-reader.mjs";

const SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const escapeXml = (text) => text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]);

/**
 * The parameters of a request to `service`, or why it is not one (a CXF service would answer a fault).
 * @param {string} xml
 * @param {{operation: string, namespace: string, sequence: string[]}} service
 * @returns {{ok: true, parameters: Map<string, Buffer>} | {ok: false, reason: string}}
 */
export function readRequest(xml, service) {
  let envelope;
  try {
    envelope = readXml(xml);
  } catch (error) {
    return { ok: false, reason: `not well-formed XML: ${error.message}` };
  }
  if (envelope.ns !== SOAP11 || envelope.name !== "Envelope") return { ok: false, reason: "not a SOAP 1.1 Envelope" };
  const body = envelope.children.find((c) => c.ns === SOAP11 && c.name === "Body");
  const [call, ...more] = body?.children ?? [];
  if (!call || more.length > 0) return { ok: false, reason: "the Body does not hold one element" };
  if (call.ns !== service.namespace || call.name !== service.operation) return { ok: false, reason: `unexpected element {${call.ns}}${call.name}` };
  const parameters = new Map();
  let position = 0;
  for (const child of call.children) {
    if (child.ns !== "") return { ok: false, reason: `${child.name} is namespace-qualified (elementFormDefault is unqualified)` };
    const index = service.sequence.indexOf(child.name, position);
    if (index < 0) return { ok: false, reason: `unexpected element ${child.name}` };
    position = index + 1;
    const text = child.text.replace(/\s+/g, "");
    if (!BASE64.test(text) || text.length % 4 !== 0) return { ok: false, reason: `${child.name} is not base64Binary` };
    parameters.set(child.name, Buffer.from(text, "base64"));
  }
  return { ok: true, parameters };
}

/** The `<return>` answer of `service`, as CXF writes it. */
export function writeAnswer(service, bytes) {
  return `<soap:Envelope xmlns:soap="${SOAP11}"><soap:Body><ns2:${service.operation}Response xmlns:ns2="${service.namespace}"><return>${Buffer.from(bytes).toString("base64")}</return></ns2:${service.operation}Response></soap:Body></soap:Envelope>`;
}

/**
 * A fault as CXF writes it: faultcode soap:Server (soap:Client for a request it cannot read), the message
 * as faultstring and, when the WSDL declares the fault, as `detail/ns1:Exception/message`.
 */
export function writeFault(service, message, { client = false } = {}) {
  const text = escapeXml(message);
  const detail = service?.declaresFault
    ? `<detail><ns1:Exception xmlns:ns1="${service.namespace}"><message>${text}</message></ns1:Exception></detail>`
    : "";
  return `<soap:Envelope xmlns:soap="${SOAP11}"><soap:Body><soap:Fault><faultcode>soap:${client ? "Client" : "Server"}</faultcode><faultstring>${text}</faultstring>${detail}</soap:Fault></soap:Body></soap:Envelope>`;
}
