/**
 * @module Generated task creations (POST /queries, POST /checks): bodies from the request schemas
 * with wrong types, missing and unknown fields, hostile and over-long strings, identity numbers good
 * and bad; then the envelope around them: Idempotency-Key, Content-Type, malformed JSON, non-UTF-8,
 * oversized (> 256 KiB) and streamed bodies. Sent by accounts without a subscription, so a body
 * that passes every check is refused with 402 and nothing is ever created.
 */
import fc from "fast-check";
import { MAX_BODY_BYTES } from "../worker/middleware/json-body";
import {
  admittedText,
  all,
  unpaired,
  badIdentityNumber,
  chars,
  headerValue,
  hostile,
  identityNumber,
  marked,
  marker,
  type Validity,
} from "./fuzz.strings";
import type { Auth, FuzzCase } from "./fuzz.verify";
import { OPEN } from "./fuzz.reads";

interface Value {
  json: unknown;
  valid: Validity;
  markers: string[];
}

/** A value and its validity; a string with an unpaired surrogate is never valid in a JSON body. */
const v = (json: unknown, valid: Validity, markers: string[] = []): Value => ({
  json,
  valid: typeof json === "string" && unpaired(json) ? false : valid,
  markers,
});

/** JSON values of the wrong type for a string or an array-of-strings field. */
const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }).filter((j) => typeof j !== "string" && !Array.isArray(j)),
);

/** An enterprise name that stays 2–100 characters after normalisation, carrying a marker. */
const goodName = fc
  .tuple(
    marker,
    fc.constantFrom("上海", "深圳前海", "北京", "Acme ", "杭州"),
    fc.constantFrom("有限公司", "供应链管理有限公司", " Trading Co., Ltd.", "合伙企业"),
  )
  .map(([m, a, b]) => v(`${a}${m}${b}`, true, [m]));

export const subjectValue: fc.Arbitrary<Value> = fc.oneof(
  { weight: 12, arbitrary: goodName },
  { weight: 2, arbitrary: identityNumber.map((id) => v(id, true)) },
  { weight: 1, arbitrary: badIdentityNumber.map((id) => v(id, false)) },
  { weight: 1, arbitrary: fc.stringMatching(/^[1-9]\d{14}$/).map((id) => v(id, false)) },
  // Hostile text: only the length bounds are certain (normalisation may shrink it below 2).
  { weight: 3, arbitrary: marked(60).map(({ value, marker: m }) => v(value, chars(value) < 2 || chars(value) > 100 ? false : null, [m])) },
  { weight: 1, arbitrary: fc.tuple(marker, fc.integer({ min: 90, max: 400 })).map(([m, n]) => v(m + "名".repeat(n), n + m.length <= 100, [m])) },
  { weight: 1, arbitrary: wrongType.map((w) => v(w, false)) },
);

/** A value of the object's own fields plus, sometimes, an unknown field (refused: strict objects). */
function object(fields: Array<[string, fc.Arbitrary<Value | undefined>]>): fc.Arbitrary<Value> {
  const extraField = fc.oneof({ weight: 8, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: marked(20) });
  return fc.tuple(fc.tuple(...fields.map(([, arb]) => arb)), extraField).map(([values, extra]) => {
    const json: Record<string, unknown> = {};
    const parts: Validity[] = [];
    const markers: string[] = [];
    values.forEach((value, i) => {
      if (value === undefined) return;
      json[fields[i]![0]] = value.json;
      parts.push(value.valid);
      markers.push(...value.markers);
    });
    if (extra) {
      json[`x${extra.marker}`] = extra.value;
      parts.push(false);
      markers.push(extra.marker);
    }
    return v(json, all(...parts), markers);
  });
}

function arrayOf(item: fc.Arbitrary<Value>, max: number): fc.Arbitrary<Value> {
  return fc
    .oneof(
      { weight: 8, arbitrary: fc.array(item, { minLength: 1, maxLength: 3 }) },
      { weight: 1, arbitrary: fc.constant([] as Value[]) },
      { weight: 1, arbitrary: item.map((one) => Array.from({ length: max + 1 }, () => one)) },
    )
    .map((items) =>
      v(
        items.map((i) => i.json),
        items.length === 0 || items.length > max ? false : all(...items.map((i) => i.valid)),
        items.flatMap((i) => i.markers),
      ),
    );
}

const required = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 12, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(undefined) });

export const queriesBody: fc.Arbitrary<Value> = fc
  .oneof(
    {
      weight: 8,
      arbitrary: object([
        [
          "subjectNames",
          required(fc.oneof({ weight: 5, arbitrary: arrayOf(subjectValue, 100) }, { weight: 1, arbitrary: wrongType.map((w) => v(w, false)) })),
        ],
      ]),
    },
    { weight: 1, arbitrary: fc.constant(v({}, false)) },
  )
  .map((b) => ("subjectNames" in (b.json as object) ? b : { ...b, valid: false }));

const criterionValue = (kind: string): fc.Arbitrary<Value> =>
  kind === "invoice_no"
    ? fc.oneof(
        { weight: 4, arbitrary: fc.stringMatching(/^\d{6,20}$/).map((s) => v(s, true)) },
        { weight: 1, arbitrary: fc.constantFrom("１２３４５６７８", "1234 5678", " 01492921 ").map((s) => v(s, true)) },
        { weight: 1, arbitrary: fc.constantFrom("12AB", "12345", "1".repeat(21), "", "   ", "No.12345678", "-1234567").map((s) => v(s, false)) },
        { weight: 1, arbitrary: marked(30).map(({ value, marker: m }) => v(value, false, [m])) },
      )
    : fc.oneof(
        { weight: 6, arbitrary: marked(60).map(({ value, marker: m }) => v(value, admittedText(value, "line", 1, 200), [m])) },
        { weight: 1, arbitrary: fc.constantFrom("", "   ", "\u3000").map((s) => v(s, false)) },
        {
          weight: 1,
          arbitrary: fc.tuple(marker, fc.integer({ min: 150, max: 400 })).map(([m, n]) => v(m + "词".repeat(n), m.length + n <= 200, [m])),
        },
      );

const criterion: fc.Arbitrary<Value> = fc
  .oneof(
    {
      weight: 16,
      arbitrary: fc.constantFrom("invoice_no", "keyword").chain((kind) =>
        object([
          ["kind", fc.constant(v(kind, true))],
          ["value", required(criterionValue(kind))],
        ]),
      ),
    },
    {
      weight: 1,
      arbitrary: object([
        ["kind", marked(10).map(({ value, marker: m }) => v(value, false, [m]))],
        ["value", fc.constant(v("x", true))],
      ]),
    },
    { weight: 1, arbitrary: wrongType.map((w) => v(w, false)) },
  )
  .map((c) => (c.json && typeof c.json === "object" && !Array.isArray(c.json) && !("value" in c.json) ? { ...c, valid: false } : c));

const sourceId: fc.Arbitrary<Value | undefined> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: marked(40).map(({ value, marker: m }) => v(value, chars(value) >= 1 && chars(value) <= 100, [m])) },
  { weight: 1, arbitrary: fc.constantFrom("", "x".repeat(101)).map((s) => v(s, false)) },
  { weight: 1, arbitrary: wrongType.map((w) => v(w, false)) },
);

export const checkBody: fc.Arbitrary<Value & { sourceQuery: boolean }> = object([
  ["applicant", required(subjectValue)],
  ["criteria", required(fc.oneof({ weight: 6, arbitrary: arrayOf(criterion, 100) }, { weight: 1, arbitrary: wrongType.map((w) => v(w, false)) }))],
  ["sourceRegistryQueryId", sourceId],
]).map((b) => {
  const json = b.json as Record<string, unknown>;
  const complete = "applicant" in json && "criteria" in json;
  return { ...b, valid: complete ? b.valid : false, sourceQuery: "sourceRegistryQueryId" in json };
});

export interface Envelope {
  headers: Record<string, string>;
  body?: string | Uint8Array;
  chunked?: boolean;
  /** Statuses decided before the body's fields are read; null: the body decides. */
  decided: readonly number[] | null;
  /** Statuses that may come instead of the body's verdict (an odd but acceptable Content-Type). */
  alternatives: readonly number[];
  markers: string[];
  idempotencyValid: Validity;
  /** The body sent is empty (read as {}). */
  empty: boolean;
}

type IdempotencyPlan = { headers: Record<string, string>; valid: Validity; markers: string[] };
const idempotencyKey: fc.Arbitrary<IdempotencyPlan> = fc.oneof(
  { weight: 18, arbitrary: fc.uuid().map((k) => ({ headers: { "Idempotency-Key": k }, valid: true as Validity, markers: [] })) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(headerValue(100), marker)
      .map(([k, m]) => ({ headers: { "Idempotency-Key": `${k}${m}` }, valid: (`${k}${m}`.trim().length <= 128) as Validity, markers: [m] })),
  },
  { weight: 1, arbitrary: fc.constant<IdempotencyPlan>({ headers: {}, valid: false, markers: [] }) },
  { weight: 1, arbitrary: fc.constantFrom("", " ", "\t").map((k) => ({ headers: { "Idempotency-Key": k }, valid: false as Validity, markers: [] })) },
  // A lone NBSP is one byte of obs-text on the wire: whitespace to JavaScript, a key to a byte-reading server.
  { weight: 1, arbitrary: fc.constant<IdempotencyPlan>({ headers: { "Idempotency-Key": "\u00a0" }, valid: null, markers: [] }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(marker, fc.integer({ min: 129, max: 4000 }))
      .map(([m, n]) => ({ headers: { "Idempotency-Key": m + "k".repeat(n - m.length) }, valid: false as Validity, markers: [m] })),
  },
);

const GOOD_TYPES = ["application/json", "application/json; charset=utf-8", "application/json;charset=UTF-8"];
/** Case and spacing variants the media-type grammar allows but a strict matcher may not: 415 or accepted. */
const ODD_TYPES = ["APPLICATION/JSON", "application/json;", "application/json ; charset=utf-8", "application/vnd.api+json"];
const BAD_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/jsonx",
  "text/json",
  "application/xml",
  "*/*",
];

/** The request around a JSON body; the management API takes no Idempotency-Key. */
export function envelope(bodyText: string, idempotency = true, bodyOptional = false): fc.Arbitrary<Envelope> {
  const contentType = fc.oneof(
    { weight: 30, arbitrary: fc.constantFrom(...GOOD_TYPES).map((t) => ({ t: t as string | undefined, kind: "good" as const, m: [] as string[] })) },
    { weight: 1, arbitrary: fc.constantFrom(...ODD_TYPES).map((t) => ({ t: t as string | undefined, kind: "odd" as const, m: [] as string[] })) },
    { weight: 1, arbitrary: fc.constantFrom(...BAD_TYPES).map((t) => ({ t: t as string | undefined, kind: "bad" as const, m: [] as string[] })) },
    { weight: 1, arbitrary: marker.map((m) => ({ t: `text/${m}` as string | undefined, kind: "bad" as const, m: [m] })) },
    { weight: 1, arbitrary: fc.constant({ t: undefined as string | undefined, kind: "none" as const, m: [] as string[] }) },
  );
  const encoded = new TextEncoder().encode(bodyText);
  const body = fc.oneof(
    { weight: 36, arbitrary: fc.constant({ b: bodyText as string | Uint8Array, kind: "json" as const }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(`\uFEFF${bodyText}`, `  \n${bodyText}\n `).map((b) => ({ b: b as string | Uint8Array, kind: "json" as const })),
    },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          fc.nat(Math.max(0, bodyText.length - 1)).map((n) => bodyText.slice(0, n)),
          fc.constantFrom(
            `${bodyText},`,
            `${bodyText}}`,
            `{${bodyText}`,
            bodyText.replace(/"/g, "'"),
            '{"subjectNames":["a",]}',
            "NaN",
            "{",
            "}",
            "[",
            "\u0000",
          ),
        )
        .filter((b) => b.length > 0)
        .map((b) => ({ b: b as string | Uint8Array, kind: "malformed" as const })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom("[]", "1", '"x"', "null", "true", "[{}]").map((b) => ({ b: b as string | Uint8Array, kind: "nonobject" as const })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        b: new Uint8Array([...encoded.subarray(0, 5), 0xff, 0xfe, ...encoded.subarray(5)]) as string | Uint8Array,
        kind: "badutf8" as const,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 120_000 }).map((n) => ({
        b: `{"subjectNames":["${"长".repeat(Math.ceil(MAX_BODY_BYTES / 3) + n)}"]}` as string | Uint8Array,
        kind: "oversize" as const,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1, max: 100_000 })
        .map((n) => ({ b: `{"subjectNames":${"[".repeat(85_000 + n)}${"]".repeat(85_000 + n)}}` as string | Uint8Array, kind: "deep" as const })),
    },
    { weight: 1, arbitrary: fc.constant({ b: "" as string | Uint8Array, kind: "empty" as const }) },
  );
  const idem = idempotency ? idempotencyKey : fc.constant({ headers: {}, valid: true as Validity, markers: [] as string[] });
  return fc.tuple(contentType, body, idem, fc.boolean()).map(([ct, b, idem, chunked]) => {
    const headers: Record<string, string> = { ...idem.headers, ...(ct.t !== undefined ? { "Content-Type": ct.t } : {}) };
    const size = typeof b.b === "string" ? new TextEncoder().encode(b.b).byteLength : b.b.byteLength;
    let decided: readonly number[] | null = null;
    let alternatives: readonly number[] = [];
    if (size > MAX_BODY_BYTES) decided = [413];
    // An empty body reaches the header check (Idempotency-Key) before the media type is judged.
    else if (ct.kind === "bad") decided = b.kind !== "empty" || idem.valid === true ? [415] : idem.valid === false ? [400] : [400, 415];
    else if (ct.kind === "none") decided = b.kind !== "empty" ? [415] : bodyOptional ? null : [400, 415];
    else if (b.kind === "empty" && bodyOptional) decided = null;
    else if (b.kind === "empty" || b.kind === "malformed" || b.kind === "nonobject" || b.kind === "badutf8" || b.kind === "deep") decided = [400];
    // An unknown odd type may be refused before the body is judged.
    if (ct.kind === "odd" || (ct.kind === "none" && b.kind === "empty")) alternatives = [415];
    return {
      headers,
      body: b.b,
      chunked: chunked && size > 0,
      decided,
      alternatives,
      markers: ct.m.concat(idem.markers),
      idempotencyValid: idem.valid,
      empty: b.kind === "empty",
    };
  });
}

/** A creation case: the envelope decides first, then Idempotency-Key and body validity, then 402 (or 404 for a source query). */
export function creationCase(auth: Auth): fc.Arbitrary<FuzzCase> {
  const endpoint = fc.oneof(
    queriesBody.map((b) => ({ path: "/queries", b, sourceQuery: false })),
    checkBody.map((b) => ({ path: "/checks", b, sourceQuery: b.sourceQuery })),
  );
  return endpoint.chain(({ path, b, sourceQuery }) =>
    envelope(JSON.stringify(b.json)).map((e): FuzzCase => {
      const valid = all(b.valid, e.idempotencyValid);
      const verdict = valid === true ? [sourceQuery ? 404 : 402] : valid === false ? [400] : [400, sourceQuery ? 404 : 402];
      const allowed = auth.kind === "raw" ? [401] : [...(e.decided ?? verdict), ...e.alternatives];
      return {
        label: `POST ${path}`,
        method: "POST",
        path: `${OPEN}${path}`,
        headers: e.headers,
        ...(e.body !== undefined ? { body: e.body } : {}),
        ...(e.chunked ? { chunked: true } : {}),
        auth,
        markers: [...b.markers, ...e.markers],
        expect: allowed,
      };
    }),
  );
}

/** Hostile text for the few places a test wants a raw string (re-exported for the suites). */
export { hostile };
