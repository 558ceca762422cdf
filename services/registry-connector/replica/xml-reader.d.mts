/** Types of xml-reader.mjs, for TypeScript callers (the tests). */
export interface XmlElement {
  ns: string;
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}
export function readXml(xml: string): XmlElement;
