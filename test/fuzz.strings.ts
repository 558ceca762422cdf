/**
 * @module Building blocks of the fuzz suites (fast-check): hostile strings, markers that must never
 * come back in a response, path segments and query parameters that know whether the API must accept
 * them. Pure: no Workers imports, so bench/fuzz.mjs bundles the same generators for Node.
 *
 * Validity is three-valued: true (the API must accept it), false (it must answer 400), null (either
 * is defensible: only the global invariants apply).
 */
import fc from "fast-check";
import { canonicalText, firstHiddenCharacter, type TextShape } from "../worker/schemas/text";

export type Validity = boolean | null;

/** Every answer is judged valid only as far as all of its parts are. */
export function all(...parts: Validity[]): Validity {
  if (parts.includes(false)) return false;
  return parts.includes(null) ? null : true;
}

/** A marker is a value no response may echo (open-api-v1.md, Errors: messages never echo client values). */
export const marker = fc.integer({ min: 0, max: 36 ** 6 - 1 }).map((n) => `QzMk${n.toString(36).padStart(6, "0")}Wv`);

/** Strings that broke parsers, databases, normalisers and log viewers elsewhere. */
export const SPECIAL_STRINGS = [
  "",
  " ",
  "  \t ",
  "\u0000",
  "a\u0000b",
  "\u202Eevil\u202C",
  "\u200F\u05E9\u05DC\u05D5\u05DD",
  "مرحبا بالعالم",
  "𠮷野家",
  "😀".repeat(3),
  "👨‍👩‍👧‍👦",
  "\uD800",
  "x\uDC00y",
  "\uFEFF",
  "e\u0301\u0301\u0301",
  "\u3000全角\u3000",
  "ＡＢＣ１２３",
  "１２３４５６７８",
  "١٢٣٤٥٦٧٨",
  "..",
  ".",
  "../../etc/passwd",
  "..\\..\\windows",
  "%2e%2e%2f",
  "%00",
  "%",
  "%zz",
  "%25",
  "' OR '1'='1",
  '"; DROP TABLE queries; --',
  "%_!",
  "${jndi:ldap://x}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "\r\nX-Injected: 1",
  "null",
  "undefined",
  "NaN",
  "-0",
  "1e309",
  "0x10",
  "__proto__",
  "constructor",
  "无登记",
  "规模5000",
  "慢",
  "\u0085\u2028\u2029",
  "\u0007\u001b[31m",
];

/** Any string, hostile or plain, up to `max` UTF-16 units (long ones are built by repetition). */
export function hostile(max = 60): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
    { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: max }) },
    { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: max }) },
    { weight: 2, arbitrary: fc.string({ maxLength: max }) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.constantFrom("长", "a", "𠮷", "\u0000", "%"), fc.integer({ min: 90, max: 5000 })).map(([c, n]) => c.repeat(n)),
    },
  );
}

/** A hostile string with a marker inside it (start, end or middle). */
export function marked(max = 60): fc.Arbitrary<{ value: string; marker: string }> {
  return fc.tuple(hostile(max), marker, fc.nat(2)).map(([s, m, where]) => {
    const cut = Math.floor(s.length / 2);
    const value = where === 0 ? m + s : where === 1 ? s + m : s.slice(0, cut) + m + s.slice(cut);
    return { value, marker: m };
  });
}

/** A header value that a fetch client can send: Latin-1 without NUL, CR, LF or DEL. */
export function headerValue(max = 40): fc.Arbitrary<string> {
  const unit = fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c));
  return fc.string({ unit, maxLength: max });
}

/** Lone surrogates replaced by U+FFFD (String.prototype.toWellFormed, which the TS lib here lacks). */
export function wellFormed(value: string): string {
  return value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** A string with an unpaired surrogate: refused in JSON bodies (it is not Unicode text). */
export function unpaired(value: string): boolean {
  return wellFormed(value) !== value;
}

/** Whether the door's text rule (docs/input-text.md) admits `value`: no hidden character once trimmed and composed, and min–max characters then. */
export function admittedText(value: string, shape: TextShape, min: number, max: number): boolean {
  const text = canonicalText(value, shape);
  return firstHiddenCharacter(text, shape) === null && chars(text) >= min && chars(text) <= max;
}

/** Length as the API counts it: Unicode code points (zod measures strings so), not UTF-16 units. */
export function chars(value: string): number {
  return Array.from(wellFormed(value)).length;
}

/** encodeURIComponent that survives lone surrogates (they become U+FFFD, as a URL parser would make them). */
export function enc(value: string): string {
  return encodeURIComponent(wellFormed(value));
}

export interface Segment {
  /** As it goes into the path, already percent-encoded. */
  raw: string;
  /** true: a well-formed id (1–100 characters); false: 400; null: the URL parser may rewrite the path. */
  valid: Validity;
  /** The id is the real one of the resource the caller may own (valid by construction). */
  real: boolean;
  markers: string[];
}

/** Path ids: real, well-formed but missing, hostile, too long, traversal and broken percent-encoding. */
export function idSegment(prefix: string, real: readonly string[], foreign: readonly string[] = []): fc.Arbitrary<Segment> {
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<Segment> }> = [
    { weight: 3, arbitrary: fc.stringMatching(/^[0-9A-Za-z]{16}$/).map((s) => ({ raw: `${prefix}_${s}`, valid: true, real: false, markers: [] })) },
    {
      weight: 4,
      arbitrary: marked(40).map(({ value, marker: m }) => {
        const dotted = /^\.{1,2}$/.test(wellFormed(value));
        return { raw: enc(value), valid: dotted ? null : chars(value) >= 1 && chars(value) <= 100, real: false, markers: [m] };
      }),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 101, max: 3000 }).map((n) => ({ raw: `${prefix}_${"x".repeat(n)}`, valid: false, real: false, markers: [] })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          "..",
          "%2e%2e",
          "..%2F..%2Fadmin",
          "%2F",
          "%5C",
          "%00",
          "%zz",
          "%",
          "a%2Fb",
          "%252e%252e",
          ".%2e",
          "~",
          "%E4%B8",
          "%C0%AE%C0%AE",
        )
        .map((raw) => ({ raw, valid: null, real: false, markers: [] })),
    },
  ];
  if (real.length > 0) options.push({ weight: 6, arbitrary: fc.constantFrom(...real).map((raw) => ({ raw, valid: true, real: true, markers: [] })) });
  // Someone else's real ids: well-formed and existing, and still 404.
  if (foreign.length > 0)
    options.push({ weight: 3, arbitrary: fc.constantFrom(...foreign).map((raw) => ({ raw, valid: true, real: false, markers: [] })) });
  return fc.oneof(...options);
}

export interface Param {
  /** Query-string fragments (`name=value`), already encoded; empty when the parameter is left out. */
  parts: string[];
  valid: Validity;
  markers: string[];
  /** Checked by the handler after the resource is found (multi-selects): a missing resource is 404 first. */
  late?: boolean;
}

const omitted: Param = { parts: [], valid: true, markers: [] };

/** A positive whole number from 1 to max, sent as text. */
export function intParam(name: string, max: number): fc.Arbitrary<Param> {
  const ok = (v: string): Param => ({ parts: [`${name}=${enc(v)}`], valid: true, markers: [] });
  const bad = (v: string, markers: string[] = []): Param => ({ parts: [`${name}=${enc(v)}`], valid: false, markers });
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(omitted) },
    { weight: 4, arbitrary: fc.integer({ min: 1, max: Math.min(max, 5) }).map((n) => ok(String(n))) },
    { weight: 2, arbitrary: fc.integer({ min: 1, max }).map((n) => ok(String(n))) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 99 }).map((n) => ok(String(n).padStart(6, "0"))) },
    {
      weight: 2,
      arbitrary: fc.constantFrom("0", "-1", String(max + 1), "1.5", "1e3", " 1", "0x10", "١", "１", "", "+1", "Infinity", "NaN").map((v) => bad(v)),
    },
    { weight: 2, arbitrary: fc.integer({ min: 10, max: 400 }).map((n) => bad("9".repeat(n))) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }))
        .map(([a, b]) => ({ parts: [`${name}=${a}`, `${name}=${b}`], valid: false, markers: [] })),
    },
    { weight: 2, arbitrary: marked(20).map(({ value, marker: m }) => bad(value, [m])) },
  );
}

/** One value of an enumeration (optionally the empty string for "all"). */
export function enumParam(name: string, values: readonly string[], allowEmpty: boolean): fc.Arbitrary<Param> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(omitted) },
    { weight: 4, arbitrary: fc.constantFrom(...values).map((v) => ({ parts: [`${name}=${v}`], valid: true, markers: [] })) },
    { weight: 1, arbitrary: fc.constant<Param>({ parts: [`${name}=`], valid: allowEmpty, markers: [] }) },
    { weight: 2, arbitrary: marked(30).map(({ value, marker: m }) => ({ parts: [`${name}=${enc(value)}`], valid: false, markers: [m] })) },
    { weight: 1, arbitrary: fc.constantFrom(...values).map((v) => ({ parts: [`${name}=${v.toUpperCase()}`], valid: false, markers: [] })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...values), fc.constantFrom(...values))
        .map(([a, b]) => ({ parts: [`${name}=${a}`, `${name}=${b}`], valid: false, markers: [] })),
    },
  );
}

/** A multi-select: repeated parameters and/or comma lists; valid when every non-empty item is known. */
export function multiParam(name: string, values: readonly string[]): fc.Arbitrary<Param> {
  const item = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...values).map((v) => ({ v, ok: true, m: [] as string[] })) },
    { weight: 1, arbitrary: fc.constantFrom("", " ", `${values[0]} `).map((v) => ({ v, ok: true, m: [] as string[] })) },
    { weight: 2, arbitrary: marked(20).map(({ value, marker: m }) => ({ v: value.replace(/,/g, ""), ok: false, m: [m] })) },
  );
  const list = fc.array(item, { minLength: 1, maxLength: 4 });
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(omitted) },
    {
      weight: 5,
      arbitrary: fc.tuple(list, fc.boolean()).map(([items, repeated]) => ({
        parts: repeated ? items.map((i) => `${name}=${enc(i.v)}`) : [`${name}=${items.map((i) => enc(i.v)).join(",")}`],
        valid: items.every((i) => i.ok),
        markers: items.flatMap((i) => i.m),
        late: true,
      })),
    },
  );
}

/** Free text up to `max` characters (search, criterionId, documentId); `min` 1 makes it required-non-empty. */
export function textParam(name: string, max: number, min = 0, required = false): fc.Arbitrary<Param> {
  const of = (value: string, m: string[]): Param => {
    const length = chars(value);
    return { parts: [`${name}=${enc(value)}`], valid: length >= min && length <= max, markers: m };
  };
  const options: Array<{ weight: number; arbitrary: fc.Arbitrary<Param> }> = [
    { weight: 5, arbitrary: marked(Math.min(max, 60)).map(({ value, marker: m }) => of(value, [m])) },
    {
      weight: 1,
      arbitrary: fc.tuple(marker, fc.integer({ min: max - 20, max: max + 300 })).map(([m, n]) => of(m + "字".repeat(Math.max(0, n - m.length)), [m])),
    },
    { weight: 1, arbitrary: fc.tuple(marker, marker).map(([a, b]) => ({ parts: [`${name}=${a}`, `${name}=${b}`], valid: false, markers: [a, b] })) },
    { weight: 1, arbitrary: fc.constantFrom("%", "_", "!", "%_!", "\u0000").map((v) => of(v, [])) },
  ];
  options.push({ weight: 2, arbitrary: fc.constant(required ? { ...omitted, valid: false } : omitted) });
  return fc.oneof(...options);
}

/** Parameters no endpoint knows: they must be ignored, whatever their names and values. */
export const junkParam: fc.Arbitrary<Param> = fc.oneof(
  { weight: 6, arbitrary: fc.constant(omitted) },
  { weight: 2, arbitrary: fc.tuple(marker, marked(20)).map(([k, v]) => ({ parts: [`x${k}=${enc(v.value)}`], valid: true, markers: [k, v.marker] })) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("__proto__=1", "__proto__=1&__proto__=2", "constructor=x", "&&", "=", "=x", "a", "%zz=1")
      .map((p) => ({ parts: [p], valid: null, markers: [] })),
  },
);

/** Joins parameters into `?a=b&…` (shuffled by the caller's generator), "" when there are none. */
export function queryString(params: readonly Param[]): string {
  const parts = params.flatMap((p) => p.parts);
  return parts.length === 0 ? "" : `?${parts.join("&")}`;
}

/** A valid 18-digit resident identity number (GB 11643) for a birth date in the past. */
export const identityNumber = fc
  .tuple(
    fc.integer({ min: 110000, max: 659999 }),
    fc.date({ min: new Date("1950-01-01"), max: new Date("2005-12-31"), noInvalidDate: true }),
    fc.integer({ min: 0, max: 999 }),
  )
  .map(([region, birth, seq]) => {
    const date = birth.toISOString().slice(0, 10).replace(/-/g, "");
    const first17 = `${region}${date}${String(seq).padStart(3, "0")}`;
    const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const sum = weights.reduce((s, w, i) => s + w * Number(first17[i]), 0);
    return first17 + "10X98765432"[sum % 11];
  });

/** The same number with a wrong check character: the whole batch must be refused. */
export const badIdentityNumber = identityNumber.map((id) => id.slice(0, 17) + (id[17] === "1" ? "2" : "1"));
