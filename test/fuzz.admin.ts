/**
 * @module Generated requests for every management-API endpoint (management-api.md): accounts,
 * plans, subscriptions, grants, keys, reviews and sandbox fixtures, with the body envelope of
 * fuzz.writes.ts and bad bearer tokens. Statuses follow the handlers' documented order: zod
 * validation (400), then the account (404), then the rule of the endpoint.
 */
import fc from "fast-check";
import {
  admittedText,
  all,
  unpaired,
  chars,
  enc,
  headerValue,
  idSegment,
  marked,
  marker,
  wellFormed,
  type Segment,
  type Validity,
} from "./fuzz.strings";
import { envelope, subjectValue } from "./fuzz.writes";
import type { Auth, FuzzCase } from "./fuzz.verify";

export const ADMIN = "/api/admin/v1";

export interface AdminResources {
  /** Accounts with a subscription that the fuzz may disable, extend and give keys. */
  accountIds: string[];
  /** Keys of those accounts (revocable once). */
  keys: Array<{ accountId: string; keyId: string }>;
  /** A finished check and its registrations (reviews). */
  checkId: string;
  registrationIds: string[];
}

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
const wrongType = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant({}), fc.constant([]));
const absent = fc.constant(undefined);

/** ISO 8601 with an offset, or something else: only offset timestamps that Date.parse reads are valid. */
const timestamp = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .date({ min: new Date("1970-01-02"), max: new Date("2199-12-31"), noInvalidDate: true })
      .map((d) => ({ ...v(d.toISOString(), true), at: d.getTime() })),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.integer({ min: 2020, max: 2030 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 28, max: 31 })).map(([y, m, d]) => {
      const text = `${y}-${String(m).padStart(2, "0")}-${d}T00:00:00+08:00`;
      const at = Date.parse(text);
      return { ...v(text, null), at };
    }),
  },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom("2026-01-01", "2026-01-01T00:00:00", "2026-13-01T00:00Z", "tomorrow", "", "2026-01-01T00:00:00.1234567891Z")
      .map((t) => ({ ...v(t, false), at: NaN })),
  },
  { weight: 1, arbitrary: marked(20).map(({ value, marker: m }) => ({ ...v(value, false, [m]), at: NaN })) },
);

type Field = [string, fc.Arbitrary<(Value & { at?: number }) | undefined>];

function object(fields: Field[]): fc.Arbitrary<{ value: Value; parts: Record<string, (Value & { at?: number }) | undefined> }> {
  const extra = fc.oneof({ weight: 10, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: marker });
  return fc.tuple(fc.tuple(...fields.map(([, a]) => a)), extra).map(([values, unknown]) => {
    const json: Record<string, unknown> = {};
    const parts: Record<string, (Value & { at?: number }) | undefined> = {};
    values.forEach((x, i) => {
      parts[fields[i]![0]] = x;
      if (x !== undefined) json[fields[i]![0]] = x.json;
    });
    if (unknown) json[`x${unknown}`] = 1;
    const valid = all(...values.map((x) => (x === undefined ? true : x.valid)), unknown ? false : true);
    return { value: v(json, valid, values.flatMap((x) => x?.markers ?? []).concat(unknown ? [unknown] : [])), parts };
  });
}

const opt = <T>(a: fc.Arbitrary<T>) => fc.oneof(absent, a);
const req = <T>(a: fc.Arbitrary<T>) => fc.oneof({ weight: 10, arbitrary: a }, { weight: 1, arbitrary: absent });

function jsonCase(
  auth: Auth,
  label: string,
  method: string,
  path: string,
  segments: Segment[],
  body: Value,
  verdict: (valid: Validity, empty: boolean) => readonly number[] | undefined,
  echoes = false,
  bodyOptional = false,
): fc.Arbitrary<FuzzCase> {
  return envelope(JSON.stringify(body.json), false, bodyOptional).map((e) => {
    // An empty body is {} (all optional fields absent) where the body is optional.
    const valid = all(e.empty && bodyOptional ? true : body.valid, ...segments.map((s) => s.valid));
    const ruled = e.decided ?? verdict(valid, e.empty);
    // A segment the URL parser may resolve away (`..`) changes the route: only the invariants apply.
    const rerouted = segments.some((s) => s.valid === null);
    // An empty body passes the body reader, so the path is validated before the media type is judged.
    const pathFirst = e.empty && e.decided?.includes(415) && segments.some((s) => s.valid === false) ? [400] : null;
    const expect = auth.kind === "raw" ? [401] : rerouted ? undefined : (pathFirst ?? (ruled ? [...ruled, ...e.alternatives] : undefined));
    return {
      label,
      method,
      path: `${ADMIN}${path}`,
      headers: e.headers,
      ...(e.body !== undefined ? { body: e.body } : {}),
      ...(e.chunked ? { chunked: true } : {}),
      auth,
      markers: [...body.markers, ...e.markers, ...segments.flatMap((s) => s.markers)],
      ...(expect ? { expect } : {}),
      echoes,
    };
  });
}

function plain(auth: Auth, label: string, method: string, path: string, segments: Segment[], found: boolean, ok: number): FuzzCase {
  const valid = all(...segments.map((s) => s.valid));
  const rerouted = segments.some((s) => s.valid === null);
  const expect = auth.kind === "raw" ? [401] : rerouted ? undefined : valid === false ? [400] : [found ? ok : 404];
  return { label, method, path: `${ADMIN}${path}`, headers: {}, auth, markers: segments.flatMap((s) => s.markers), ...(expect ? { expect } : {}) };
}

/** A subject name as a path segment: a lone surrogate there becomes U+FFFD, so only the length and a known-good name are certain. */
function subjectSegment(text: string, subject: Value): Segment {
  const valid: Validity = /^\.{1,2}$/.test(text) ? null : chars(text) < 2 || chars(text) > 100 ? false : subject.valid === true ? true : null;
  return { raw: enc(text), valid, real: false, markers: subject.markers };
}

const byValidity = (ok: readonly number[]) => (valid: Validity) => (valid === true ? ok : valid === false ? [400] : [400, ...ok]);

export function adminCase(r: AdminResources, auth: Auth): fc.Arbitrary<FuzzCase> {
  const acc = idSegment("acc", r.accountIds);
  const key = idSegment(
    "key",
    r.keys.map((k) => k.keyId),
  );
  const chk = idSegment("chk", [r.checkId]);
  const reg = idSegment("reg", r.registrationIds);
  const name = fc.oneof(
    marked(40).map(({ value, marker: m }) => v(value, admittedText(value, "line", 1, 100), [m])),
    wrongType.map((w) => v(w, false)),
  );
  const plan = fc.oneof(
    fc.constantFrom("light", "professional", "enterprise").map((p) => ({ ...v(p, true), known: true })),
    marked(20).map(({ value, marker: m }) => ({ ...v(value, chars(value) >= 1 && chars(value) <= 100, [m]), known: false })),
  );
  const cycle = fc.oneof(
    fc.constantFrom("monthly", "annual").map((c) => v(c, true)),
    marked(10).map(({ value, marker: m }) => v(value, false, [m])),
  );

  const subscription = fc
    .tuple(
      acc,
      object([
        ["planId", req(plan)],
        ["cycle", req(cycle)],
        ["startsAt", opt(timestamp)],
        ["endsAt", opt(timestamp)],
      ]),
    )
    .chain(([a, { value, parts }]) => {
      const complete = parts.planId !== undefined && parts.cycle !== undefined;
      const body = complete ? value : { ...value, valid: false };
      const known = (parts.planId as { known?: boolean } | undefined)?.known ?? false;
      const start = parts.startsAt?.at ?? Date.now();
      const ordered = parts.endsAt === undefined || parts.endsAt.at! > start;
      return jsonCase(auth, "subscription", "POST", `/accounts/${a.raw}/subscriptions`, [a], body, (valid) =>
        valid === false ? [400] : !a.real ? (valid === null ? [400, 404] : [404]) : byValidity(known && ordered ? [201] : [400])(valid),
      );
    });
  const grant = fc
    .tuple(
      acc,
      object([
        [
          "kind",
          req(
            fc.oneof(
              fc.constantFrom("query", "check").map((k) => v(k, true)),
              marked(10).map(({ value, marker: m }) => v(value, false, [m])),
            ),
          ),
        ],
        [
          "amount",
          req(
            fc.oneof(
              fc.integer({ min: 1, max: 10_000_000 }).map((n) => v(n, true)),
              fc.constantFrom(0, -1, 1.5, 10_000_001, Number.MAX_VALUE, null, "5").map((n) => v(n, false)),
            ),
          ),
        ],
        [
          "source",
          req(
            fc.oneof(
              fc.constantFrom("addon", "gift").map((k) => v(k, true)),
              wrongType.map((w) => v(w, false)),
            ),
          ),
        ],
        ["startsAt", opt(timestamp)],
        ["expiresAt", opt(timestamp)],
      ]),
    )
    .chain(([a, { value, parts }]) => {
      const complete = parts.kind !== undefined && parts.amount !== undefined && parts.source !== undefined;
      const start = parts.startsAt?.at ?? Date.now();
      const ordered = parts.expiresAt === undefined || parts.expiresAt.at! > start;
      return jsonCase(auth, "grant", "POST", `/accounts/${a.raw}/allowance-grants`, [a], complete ? value : { ...value, valid: false }, (valid) =>
        valid === false ? [400] : !a.real ? (valid === null ? [400, 404] : [404]) : byValidity(ordered ? [201] : [400])(valid),
      );
    });
  const newKey = fc
    .tuple(
      acc,
      object([
        ["name", opt(name)],
        ["expiresAt", opt(timestamp)],
      ]),
    )
    .chain(([a, { value, parts }]) => {
      const at = parts.expiresAt?.at ?? Infinity;
      // Past expiries are refused before the key count; near "now" either may happen.
      const outcome = at > Date.now() + 60_000 ? [201, 409] : at < Date.now() - 60_000 || Number.isNaN(at) ? [400] : [201, 400, 409];
      return jsonCase(
        auth,
        "create key",
        "POST",
        `/accounts/${a.raw}/keys`,
        [a],
        value,
        (valid, empty) =>
          valid === false ? [400] : !a.real ? (valid === null ? [400, 404] : [404]) : byValidity(empty ? [201, 409] : outcome)(valid),
        true,
        true,
      );
    });
  const fixtureRegistration = object([
    [
      "certificateNumber",
      req(
        fc.oneof(
          fc.stringMatching(/^[0-9A-Za-z-]{1,40}$/).map((s) => v(s, true)),
          marked(20).map(({ value, marker: m }) => v(value, /^[0-9A-Za-z-]{1,40}$/.test(value), [m])),
        ),
      ),
    ],
    [
      "registerType",
      opt(
        fc.oneof(
          fc.constantFrom("initial", "change", "extension", "cancellation", "objection").map((t) => v(t, true)),
          marked(10).map(({ value, marker: m }) => v(value, false, [m])),
        ),
      ),
    ],
    ["registerTime", opt(marked(50).map(({ value, marker: m }) => v(value, chars(value) <= 40, [m])))],
    [
      "summary",
      opt(
        fc.oneof(
          fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).map((d) => v(d, true)),
          wrongType.filter((w) => typeof w !== "object" || w === null || Array.isArray(w)).map((w) => v(w, false)),
        ),
      ),
    ],
  ]).map(({ value, parts }) => (parts.certificateNumber === undefined ? { ...value, valid: false } : value));
  const subjectText = subjectValue.filter((x) => typeof x.json === "string");
  const fixtureSubject = fc
    .tuple(
      subjectText,
      object([
        [
          "registrations",
          req(
            fc.array(fixtureRegistration, { maxLength: 4 }).map((items) =>
              v(
                items.map((i) => i.json),
                all(...items.map((i) => i.valid)),
                items.flatMap((i) => i.markers),
              ),
            ),
          ),
        ],
        [
          "mode",
          opt(
            fc.oneof(
              fc.constantFrom("normal", "unavailable", "quarantined").map((m) => v(m, true)),
              marked(10).map(({ value, marker: m }) => v(value, false, [m])),
            ),
          ),
        ],
      ]),
    )
    .chain(([subject, { value, parts }]) => {
      const text = typeof subject.json === "string" ? subject.json : JSON.stringify(subject.json);
      const seg = subjectSegment(text, subject);
      return jsonCase(
        auth,
        "fixture subject",
        "PUT",
        `/upstream/subjects/${seg.raw}`,
        [seg],
        parts.registrations === undefined ? { ...value, valid: false } : value,
        byValidity([200]),
        true,
      );
    });
  const fileBody = fc.oneof(
    fc.uint8Array({ minLength: 1, maxLength: 2048 }),
    fc.constant(new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n")),
    fc.constant(new Uint8Array()),
  );
  const certificate = fc
    .tuple(
      fc.oneof(
        fc.stringMatching(/^[0-9A-Za-z-]{1,40}$/).map((s) => ({ raw: s, valid: true as Validity, m: [] as string[] })),
        marked(20).map(({ value, marker: m }) => ({
          raw: enc(value),
          valid: /^\.{1,2}$/.test(value) ? null : /^[0-9A-Za-z-]{1,40}$/.test(value),
          m: [m],
        })),
      ),
      fileBody,
      fc.oneof(fc.constant("application/pdf"), fc.constant("application/PDF; x=1"), headerValue(20), fc.constant(undefined)),
    )
    .map(([cert, bytes, type]): FuzzCase => {
      const pdf = type !== undefined && /^application\/pdf\s*(;|$)/i.test(type);
      const expect =
        auth.kind === "raw"
          ? [401]
          : cert.valid === null
            ? undefined
            : cert.valid === false
              ? [400]
              : !pdf
                ? [415]
                : bytes.byteLength === 0
                  ? [400]
                  : [200];
      return {
        label: "fixture certificate",
        method: "PUT",
        path: `${ADMIN}/upstream/documents/${cert.raw}`,
        headers: type === undefined ? {} : { "Content-Type": type },
        body: bytes,
        auth,
        markers: cert.m,
        ...(expect ? { expect } : {}),
      };
    });
  const attachment = fc
    .tuple(
      fc.stringMatching(/^[0-9A-Za-z-]{1,40}$/),
      marked(30),
      fileBody,
      fc.oneof(fc.constantFrom("application/pdf", "image/png", "text/plain; charset=utf-8"), headerValue(20)),
    )
    .map(([cert, file, bytes, type]): FuzzCase => {
      const decoded = wellFormed(file.value);
      const nameValid: Validity = /^\.{1,2}$/.test(decoded) ? null : chars(decoded) >= 1 && chars(decoded) <= 200 && !/[/\\]/.test(decoded);
      const typed = /^[a-z]+\/[a-z0-9.+-]+$/.test(type.split(";")[0]!.trim().toLowerCase());
      const expect =
        auth.kind === "raw" ? [401] : nameValid === null ? undefined : !nameValid ? [400] : !typed ? [415] : bytes.byteLength === 0 ? [400] : [200];
      return {
        label: "fixture attachment",
        method: "PUT",
        path: `${ADMIN}/upstream/documents/${cert}/attachments/${enc(file.value)}`,
        headers: { "Content-Type": type },
        body: bytes,
        auth,
        markers: [file.marker],
        ...(expect ? { expect } : {}),
      };
    });
  const review = fc
    .tuple(
      chk,
      reg,
      object([
        [
          "decision",
          req(
            fc.oneof(
              fc.constantFrom("confirmed", "false_positive").map((d) => v(d, true)),
              marked(10).map(({ value, marker: m }) => v(value, false, [m])),
            ),
          ),
        ],
        [
          "note",
          req(
            fc.oneof(
              marked(60).map(({ value, marker: m }) => v(value, admittedText(value, "note", 0, 2000), [m])),
              fc.constant(v("x".repeat(2001), false)),
              wrongType.map((w) => v(w, false)),
            ),
          ),
        ],
      ]),
    )
    .chain(([c, rg, { value, parts }]) =>
      jsonCase(
        auth,
        "review",
        "PUT",
        `/checks/${c.raw}/results/${rg.raw}/review`,
        [c, rg],
        parts.decision === undefined || parts.note === undefined ? { ...value, valid: false } : value,
        (valid) => (valid === false ? [400] : c.real && rg.real ? byValidity([200, 409])(valid) : byValidity([404])(valid)),
        true,
      ),
    );

  return fc.oneof(
    {
      weight: 3,
      arbitrary: object([["name", req(name)]]).chain(({ value, parts }) =>
        jsonCase(
          auth,
          "create account",
          "POST",
          "/accounts",
          [],
          parts.name === undefined ? { ...value, valid: false } : value,
          byValidity([201]),
          true,
        ),
      ),
    },
    { weight: 3, arbitrary: acc.map((a) => plain(auth, "account", "GET", `/accounts/${a.raw}`, [a], a.real, 200)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          acc,
          object([
            [
              "disabled",
              req(
                fc.oneof(
                  fc.boolean().map((b) => v(b, true)),
                  wrongType.filter((w) => typeof w !== "boolean").map((w) => v(w, false)),
                  fc.constantFrom("true", 1, 0).map((w) => v(w, false)),
                ),
              ),
            ],
          ]),
        )
        .chain(([a, { value, parts }]) =>
          jsonCase(
            auth,
            "patch account",
            "PATCH",
            `/accounts/${a.raw}`,
            [a],
            parts.disabled === undefined ? { ...value, valid: false } : value,
            (valid) => byValidity([a.real ? 200 : 404])(valid),
          ),
        ),
    },
    { weight: 1, arbitrary: fc.constant(plain(auth, "plans", "GET", "/plans", [], true, 200)) },
    { weight: 3, arbitrary: subscription },
    { weight: 3, arbitrary: grant },
    { weight: 2, arbitrary: newKey },
    { weight: 2, arbitrary: acc.map((a) => plain(auth, "keys", "GET", `/accounts/${a.raw}/keys`, [a], a.real, 200)) },
    {
      weight: 2,
      arbitrary: fc.tuple(acc, key).map(([a, k]) => ({
        ...plain(auth, "revoke key", "DELETE", `/accounts/${a.raw}/keys/${k.raw}`, [a, k], false, 204),
        ...(a.real && k.real && auth.kind !== "raw" && a.valid && k.valid ? { expect: [204, 404] } : {}),
      })),
    },
    { weight: 3, arbitrary: review },
    { weight: 3, arbitrary: fixtureSubject },
    {
      weight: 1,
      arbitrary: subjectText.map((s) => {
        const text = s.json as string;
        const seg = subjectSegment(text, s);
        return plain(auth, "delete fixture", "DELETE", `/upstream/subjects/${seg.raw}`, [seg], true, 204);
      }),
    },
    { weight: 2, arbitrary: certificate },
    { weight: 2, arbitrary: attachment },
  );
}

/** Bearer tokens that are not the admin token (one differing only in its last character, one of another length, an API key). */
export function badAdminCredentials(token: string, apiKey: string): fc.Arbitrary<Record<string, string>> {
  const last = token.at(-1) === "x" ? "y" : "x";
  return fc.oneof(
    fc.constant<Record<string, string>>({}),
    fc
      .constantFrom(
        `Bearer ${token.slice(0, -1)}${last}`,
        `Bearer ${token}x`,
        `Bearer ${token.slice(0, -1)}`,
        `Bearer ${apiKey}`,
        `Basic ${token}`,
        `Bearer`,
        `Bearer  ${token}`,
        token,
      )
      .map((h) => ({ Authorization: h })),
    fc.constant({ "X-Api-Key": token }),
    fc.constant({ "X-Api-Key": apiKey }),
    fc.tuple(headerValue(40), marker).map(([h, m]) => ({ Authorization: `Bearer ${h}${m}` })),
  );
}

export function badAdminCase(r: AdminResources, token: string, apiKey: string): fc.Arbitrary<FuzzCase> {
  return fc.tuple(adminCase(r, { kind: "raw" }), badAdminCredentials(token, apiKey)).map(([c, headers]) => ({
    ...c,
    label: `bad admin credentials: ${c.label}`,
    headers: { ...c.headers, ...headers },
    markers: [...c.markers, ...Object.values(headers).flatMap((h) => h.match(/QzMk[0-9a-z]{6}Wv/g) ?? [])],
  }));
}
