/**
 * @module A small, strict, namespace-aware XML reader for the replica (XML 1.0 + Namespaces in XML 1.0),
 * written apart from the connector's fast-xml-parser so that the two can disagree: it resolves every
 * prefix to its namespace (an undeclared prefix, `xmlns:p=""` or a mismatched end tag is an error, as in
 * a Java SOAP stack), and refuses a DOCTYPE (no entity expansion). Enough for SOAP envelopes.
 */

/** @typedef {{ns: string, name: string, attributes: Record<string, string>, children: XmlElement[], text: string}} XmlElement */

const XML_NS = "http://www.w3.org/XML/1998/namespace";
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/;
const ENTITIES = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function unescape(text) {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);|&/g, (whole, ref) => {
    if (!ref) throw new Error("a bare & in text");
    if (ref[0] === "#") return String.fromCodePoint(ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10));
    if (!(ref in ENTITIES)) throw new Error(`undeclared entity &${ref};`);
    return ENTITIES[ref];
  });
}

/**
 * The document's root element with namespaces resolved; throws on anything that is not well-formed.
 * @param {string} xml
 * @returns {XmlElement}
 */
export function readXml(xml) {
  let at = 0;
  const fail = (why) => {
    throw new Error(`${why} at ${at}`);
  };
  /** The position after the next `marker`, or an error naming what is unclosed. */
  const past = (marker, what) => {
    const i = xml.indexOf(marker, at);
    return i < 0 ? fail(`unclosed ${what}`) : i + marker.length;
  };
  const skipMisc = () => {
    for (;;) {
      const ws = /^\s*/.exec(xml.slice(at))[0].length;
      at += ws;
      if (xml.startsWith("<?", at)) at = past("?>", "processing instruction");
      else if (xml.startsWith("<!--", at)) at = past("-->", "comment");
      else if (xml.startsWith("<!DOCTYPE", at)) fail("a DOCTYPE");
      else return;
    }
  };

  function element(scope) {
    if (xml[at] !== "<") fail("an element expected");
    at++;
    const qname = NAME.exec(xml.slice(at))?.[0] ?? fail("an element name expected");
    at += qname.length;
    const raw = {};
    for (;;) {
      at += /^\s*/.exec(xml.slice(at))[0].length;
      if (xml[at] === ">" || xml.startsWith("/>", at)) break;
      const attr = NAME.exec(xml.slice(at))?.[0] ?? fail("an attribute name expected");
      at += attr.length;
      const m = /^\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(xml.slice(at)) ?? fail("an attribute value expected");
      at += m[0].length;
      if (attr in raw) fail(`attribute ${attr} twice`);
      raw[attr] = unescape(m[2] ?? m[3]);
    }
    const inner = { ...scope };
    for (const [attr, value] of Object.entries(raw)) {
      if (attr === "xmlns") inner[""] = value;
      else if (attr.startsWith("xmlns:")) {
        if (!value) fail(`prefix ${attr.slice(6)} bound to no namespace`);
        inner[attr.slice(6)] = value;
      }
    }
    const resolve = (q, isAttribute) => {
      const [prefix, local] = q.includes(":") ? q.split(":") : [isAttribute ? null : "", q];
      if (prefix === null || (prefix === "" && !("" in inner))) return { ns: "", local };
      if (prefix === "xml") return { ns: XML_NS, local };
      if (!(prefix in inner)) fail(`undeclared prefix ${prefix}`);
      return { ns: inner[prefix], local };
    };
    const { ns, local } = resolve(qname, false);
    const attributes = {};
    for (const [attr, value] of Object.entries(raw))
      if (attr !== "xmlns" && !attr.startsWith("xmlns:")) attributes[resolve(attr, true).local] = value;
    const node = { ns, name: local, attributes, children: [], text: "" };
    if (xml.startsWith("/>", at)) {
      at += 2;
      return node;
    }
    at++;
    for (;;) {
      if (at >= xml.length) fail(`unclosed <${qname}>`);
      if (xml.startsWith("</", at)) {
        const end = /^<\/([^\s>]+)\s*>/.exec(xml.slice(at)) ?? fail("a malformed end tag");
        if (end[1] !== qname) fail(`</${end[1]}> closes <${qname}>`);
        at += end[0].length;
        return node;
      }
      if (xml.startsWith("<![CDATA[", at)) {
        const close = xml.indexOf("]]>", at);
        if (close < 0) fail("unclosed CDATA");
        node.text += xml.slice(at + 9, close);
        at = close + 3;
      } else if (xml.startsWith("<!--", at)) at = past("-->", "comment");
      else if (xml.startsWith("<?", at)) at = past("?>", "processing instruction");
      else if (xml[at] === "<") node.children.push(element(inner));
      else {
        const next = xml.indexOf("<", at);
        node.text += unescape(xml.slice(at, next < 0 ? xml.length : next));
        at = next < 0 ? xml.length : next;
      }
    }
  }

  skipMisc();
  const root = element({});
  skipMisc();
  if (at !== xml.length) fail("content after the root element");
  return root;
}
