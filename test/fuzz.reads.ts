/**
 * @module Generated requests for every open-API read (GET) endpoint and nested path: hostile ids,
 * query parameters, Range / If-Range headers, wrong methods, unknown paths and bad credentials,
 * each with the statuses the API must answer (fuzz.strings.ts: validity) for a caller who owns the
 * resources and for one who does not (404, as if they did not exist).
 */
import fc from "fast-check";
import { CheckPageSchema, CheckSchema } from "../worker/schemas/check";
import { CheckResultSchema, NavigationSchema, ResultPageSchema } from "../worker/schemas/check-result";
import { CHECK_STATUSES, MATCH_STATUSES, RESULT_SORTS, RESULT_STATUSES, STRENGTHS } from "../worker/schemas/check-vocabulary";
import { MAX_PAGE } from "../worker/schemas/common";
import { EntitlementsSchema } from "../worker/schemas/entitlements";
import { EvidenceLocationsSchema } from "../worker/schemas/evidence";
import { QueryPageSchema, QuerySchema } from "../worker/schemas/query";
import { QUERY_STATUSES, REGISTRATION_PARSE_STATUSES } from "../worker/schemas/query-vocabulary";
import { RegistrationPageSchema, RegistrationSchema } from "../worker/schemas/registration";
import {
  all,
  enc,
  enumParam,
  headerValue,
  idSegment,
  intParam,
  junkParam,
  marked,
  marker,
  multiParam,
  queryString,
  textParam,
  type Param,
  type Segment,
  type Validity,
} from "./fuzz.strings";
import type { Auth, FuzzCase } from "./fuzz.verify";

export const OPEN = "/api/open/v1";

/** What one owner account holds: a finished query, a finished check over it, and the query's files. */
export interface OwnerResources {
  queryId: string;
  registrationIds: string[];
  checkId: string;
  criterionIds: string[];
  documents: Array<{ id: string; registrationId: string; pageCount: number; sha256: string; bytes: Uint8Array }>;
}

type Schema = FuzzCase["schema"];

/**
 * The answer a read must give: 400 for a part the schemas refuse; else 404 when the caller does not
 * own what it names; else 400 for a part the handler refuses (`late`), else 200.
 */
function expected(valid: Validity, found: boolean, late: Validity = true): readonly number[] | undefined {
  if (valid === false) return [400];
  if (valid === null) return undefined;
  if (!found) return [404];
  return late === false ? [400] : late === null ? undefined : [200];
}

function paged(): fc.Arbitrary<Param[]> {
  return fc.tuple(intParam("page", MAX_PAGE), intParam("pageSize", 100));
}

function build(
  auth: Auth,
  label: string,
  path: string,
  params: Param[],
  valid: Validity,
  found: boolean,
  schema: Schema,
  segments: Segment[] = [],
): FuzzCase {
  const v = all(valid, ...params.filter((p) => !p.late).map((p) => p.valid));
  const late = all(...params.filter((p) => p.late).map((p) => p.valid));
  // A segment the URL parser may resolve away (`..`) changes the route: only the invariants apply.
  const expect = segments.some((s) => s.valid === null) ? undefined : expected(v, found, late);
  return {
    label,
    method: "GET",
    path: `${OPEN}${path}${queryString(params)}`,
    headers: {},
    auth,
    markers: [...params.flatMap((p) => p.markers), ...segments.flatMap((s) => s.markers)],
    ...(expect ? { expect } : {}),
    schema,
  };
}

/** Reads as `auth` sees them; `mine` are the resources that caller owns (none for a stranger). */
export function readCase(owners: readonly OwnerResources[], auth: Auth): fc.Arbitrary<FuzzCase> {
  const mine = auth.kind === "owner" ? [owners[auth.owner]!] : [];
  const theirs = owners.filter((o) => !mine.includes(o));
  // Everyone else's real ids are in the mix too: they must all be 404.
  const ids = (prefix: string, pick: (o: OwnerResources) => string[]) => idSegment(prefix, mine.flatMap(pick), theirs.flatMap(pick));
  const q = ids("qry", (o) => [o.queryId]);
  const r = ids("reg", (o) => o.registrationIds);
  const c = ids("chk", (o) => [o.checkId]);
  const d = ids("doc", (o) => o.documents.map((x) => x.id));
  const owns = (...segs: Segment[]) => mine.length > 0 && segs.every((s) => s.real);
  // Segments that never name the caller's own resources (the "someone else's" branches of owner cases).
  const foreign = {
    c: idSegment(
      "chk",
      [],
      theirs.map((o) => o.checkId),
    ),
    r: idSegment(
      "reg",
      [],
      theirs.flatMap((o) => o.registrationIds),
    ),
    d: idSegment(
      "doc",
      [],
      theirs.flatMap((o) => o.documents.map((x) => x.id)),
    ),
  };
  const filters = fc.tuple(
    multiParam("resultStatus", RESULT_STATUSES),
    multiParam("matchStatus", MATCH_STATUSES),
    multiParam("strength", STRENGTHS),
    textParam("criterionId", 100),
    enumParam("sort", RESULT_SORTS, false),
  );
  const junk = fc.array(junkParam, { maxLength: 2 });
  const endpoints: Array<{ weight: number; arbitrary: fc.Arbitrary<FuzzCase> }> = [
    { weight: 2, arbitrary: junk.map((j) => build(auth, "entitlements", "/account/entitlements", j, true, true, EntitlementsSchema)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(paged(), textParam("search", 200), enumParam("status", QUERY_STATUSES, true), junk)
        .map(([p, s, st, j]) => build(auth, "list queries", "/queries", [...p, s, st, ...j], true, true, QueryPageSchema)),
    },
    {
      weight: 4,
      arbitrary: fc.tuple(q, junk).map(([qs, j]) => build(auth, "query", `/queries/${qs.raw}`, j, qs.valid, owns(qs), QuerySchema, [qs])),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(q, paged(), textParam("search", 200), multiParam("parseStatus", REGISTRATION_PARSE_STATUSES))
        .map(([qs, p, s, ps]) =>
          build(auth, "registrations", `/queries/${qs.raw}/registrations`, [...p, s, ps], qs.valid, owns(qs), RegistrationPageSchema, [qs]),
        ),
    },
    {
      weight: 4,
      arbitrary: fc
        .tuple(q, r)
        .map(([qs, rs]) =>
          build(auth, "registration", `/queries/${qs.raw}/registrations/${rs.raw}`, [], all(qs.valid, rs.valid), owns(qs, rs), RegistrationSchema, [
            qs,
            rs,
          ]),
        ),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(paged(), textParam("search", 200), enumParam("status", CHECK_STATUSES, true))
        .map(([p, s, st]) => build(auth, "list checks", "/checks", [...p, s, st], true, true, CheckPageSchema)),
    },
    { weight: 3, arbitrary: c.map((cs) => build(auth, "check", `/checks/${cs.raw}`, [], cs.valid, owns(cs), CheckSchema, [cs])) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(c, paged(), filters)
        .map(([cs, p, f]) => build(auth, "results", `/checks/${cs.raw}/results`, [...p, ...f], cs.valid, owns(cs), ResultPageSchema, [cs])),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(c, r)
        .map(([cs, rs]) =>
          build(auth, "result", `/checks/${cs.raw}/results/${rs.raw}`, [], all(cs.valid, rs.valid), owns(cs, rs), CheckResultSchema, [cs, rs]),
        ),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(c, r, filters)
        .map(([cs, rs, f]) =>
          build(
            auth,
            "navigation",
            `/checks/${cs.raw}/results/${rs.raw}/navigation`,
            [...f],
            all(cs.valid, rs.valid),
            owns(cs, rs),
            NavigationSchema,
            [cs, rs],
          ),
        ),
    },
    { weight: 3, arbitrary: evidenceLocations(owners, auth, foreign.c, foreign.r, foreign.d) },
    { weight: 4, arbitrary: download(owners, auth, foreign.d) },
    { weight: 2, arbitrary: wrongMethod(auth, q, c, d) },
    { weight: 1, arbitrary: unknownPath(auth) },
  ];
  return fc.oneof(...endpoints).chain((x) =>
    // HEAD is GET without a body: the same statuses, the same headers.
    fc
      .constantFrom(false, false, false, false, false, false, false, false, false, true)
      .map((head) => (head && x.method === "GET" ? { ...x, method: "HEAD", label: `HEAD ${x.label}` } : x)),
  );
}

function evidenceLocations(
  owners: readonly OwnerResources[],
  auth: Auth,
  c: fc.Arbitrary<Segment>,
  r: fc.Arbitrary<Segment>,
  d: fc.Arbitrary<Segment>,
): fc.Arbitrary<FuzzCase> {
  const pageNumber = (pageCount: number) =>
    fc.oneof(
      fc
        .integer({ min: 1, max: Math.max(1, pageCount) + 1 })
        .map((n) => ({ parts: [`pageNumber=${n}`], valid: true as Validity, markers: [] as string[], n })),
      fc
        .constantFrom("0", "-1", "1.0", "01", "1234567", "", "一")
        .map((v) => ({ parts: [`pageNumber=${enc(v)}`], valid: false as Validity, markers: [] as string[], n: 0 })),
      fc.constant({ parts: [] as string[], valid: false as Validity, markers: [] as string[], n: 0 }),
      marked(10).map(({ value, marker: m }) => ({ parts: [`pageNumber=${enc(value)}`], valid: false as Validity, markers: [m], n: 0 })),
    );
  const stranger = fc.tuple(c, r, d, pageNumber(3)).map(([cs, rs, ds, pn]) => {
    const docParam: Param = { parts: [`documentId=${ds.raw}`], valid: ds.valid, markers: ds.markers };
    return build(
      auth,
      "evidence-locations",
      `/checks/${cs.raw}/results/${rs.raw}/evidence-locations`,
      [docParam, pn],
      all(cs.valid, rs.valid),
      false,
      EvidenceLocationsSchema,
      [cs, rs],
    );
  });
  if (auth.kind !== "owner") return stranger;
  const own = owners[auth.owner]!;
  const mine = fc.tuple(fc.constantFrom(...own.documents), fc.boolean(), fc.constantFrom(...own.registrationIds)).chain(([doc, paired, otherReg]) =>
    pageNumber(doc.pageCount).map((pn) => {
      const registrationId = paired ? doc.registrationId : otherReg;
      const found = registrationId === doc.registrationId;
      const tooFar = pn.valid === true && doc.pageCount > 0 && pn.n > doc.pageCount;
      const base = build(
        auth,
        "evidence-locations",
        `/checks/${own.checkId}/results/${registrationId}/evidence-locations`,
        [{ parts: [`documentId=${doc.id}`], valid: true, markers: [] }, pn],
        true,
        found,
        EvidenceLocationsSchema,
      );
      return pn.valid === true && found && tooFar ? { ...base, expect: [400] } : base;
    }),
  );
  return fc.oneof({ weight: 3, arbitrary: mine }, { weight: 1, arbitrary: stranger });
}

interface RangePlan {
  header: Record<string, string>;
  /** What the owner of the file must get; null: 200, 206 or 416 are all defensible. */
  expect: readonly number[] | null;
  valid: Validity;
  markers: string[];
}

function rangePlan(size: number, sha256: string): fc.Arbitrary<RangePlan> {
  const plan = (header: Record<string, string>, expect: readonly number[] | null, markers: string[] = []): RangePlan => ({
    header,
    expect,
    valid: true,
    markers,
  });
  return fc.oneof(
    fc.constant(plan({}, [200])),
    fc.tuple(fc.nat(size - 1), fc.nat(size - 1)).map(([a, b]) => plan({ Range: `bytes=${Math.min(a, b)}-${Math.max(a, b)}` }, [206])),
    fc.nat(size - 1).map((a) => plan({ Range: `bytes=${a}-` }, [206])),
    fc.integer({ min: 1, max: size * 2 }).map((n) => plan({ Range: `bytes=-${n}` }, [206])),
    fc.integer({ min: size, max: size * 3 }).map((a) => plan({ Range: `bytes=${a}-` }, [416])),
    fc.constantFrom("bytes=0-1,3-4", "bytes=0-0, 2-2", "bytes=-1,-2").map((v) => plan({ Range: v }, [416])),
    fc.constantFrom("items=0-5", "pages=1-2").map((v) => plan({ Range: v }, [200])),
    fc
      .constantFrom("bytes=", "bytes=-0", "bytes=5-1", "bytes=x-y", "bytes 0-1", "bytes=99999999999999999999-", "=0-1", "bytes==0-1")
      .map((v) => plan({ Range: v }, null)),
    fc.tuple(headerValue(60), marker).map(([v, m]) => plan({ Range: `bytes=${v}${m}` }, null, [m])),
    fc.integer({ min: 201, max: 2000 }).map((n) => ({ header: { Range: `bytes=0-${"0".repeat(n)}` }, expect: [400], valid: false, markers: [] })),
    fc.tuple(fc.nat(size - 1), marker).map(([a, m]) => plan({ Range: `bytes=${a}-`, "If-Range": `"${m}"` }, [200], [m])),
    fc.nat(size - 1).map((a) => plan({ Range: `bytes=${a}-`, "If-Range": `"${sha256}"` }, [206])),
  );
}

function download(owners: readonly OwnerResources[], auth: Auth, d: fc.Arbitrary<Segment>): fc.Arbitrary<FuzzCase> {
  const stranger = fc.tuple(d, rangePlan(1000, "0".repeat(64))).map(([ds, rp]) => ({
    label: "download",
    method: "GET",
    path: `${OPEN}/documents/${ds.raw}/content`,
    headers: rp.header,
    auth,
    markers: [...ds.markers, ...rp.markers],
    ...(ds.valid !== null && expected(all(ds.valid, rp.valid), false) ? { expect: expected(all(ds.valid, rp.valid), false)! } : {}),
  }));
  if (auth.kind !== "owner") return stranger;
  const own = owners[auth.owner]!;
  const mine = fc.constantFrom(...own.documents).chain((doc) =>
    rangePlan(doc.bytes.byteLength, doc.sha256).map((rp) => ({
      label: "download",
      method: "GET",
      path: `${OPEN}/documents/${doc.id}/content`,
      headers: rp.header,
      auth,
      markers: rp.markers,
      expect: rp.expect ?? [200, 206, 416],
      file: doc.bytes,
    })),
  );
  return fc.oneof({ weight: 3, arbitrary: mine }, { weight: 1, arbitrary: stranger });
}

/** Methods the open API does not offer on read paths: 405 with Allow (an empty id leaves no such path: 404). */
function wrongMethod(auth: Auth, q: fc.Arbitrary<Segment>, c: fc.Arbitrary<Segment>, d: fc.Arbitrary<Segment>): fc.Arbitrary<FuzzCase> {
  return fc.tuple(fc.constantFrom("POST", "PUT", "PATCH", "DELETE", "OPTIONS"), q, c, d, fc.nat(3)).map(([method, qs, cs, ds, which]) => {
    const [path, seg] = [
      [`/queries/${qs.raw}`, qs],
      [`/checks/${cs.raw}/results`, cs],
      [`/documents/${ds.raw}/content`, ds],
      [`/account/entitlements`, null],
    ][which] as [string, Segment | null];
    return {
      label: `${method} on a read path`,
      method,
      path: `${OPEN}${path}`,
      headers: {},
      auth,
      markers: seg?.markers ?? [],
      ...(seg && seg.valid === null ? {} : { expect: [seg?.raw === "" ? 404 : 405] }),
    };
  });
}

function unknownPath(auth: Auth): fc.Arbitrary<FuzzCase> {
  return marked(40).map(({ value, marker: m }) => ({
    label: "unknown path",
    method: "GET",
    path: `${OPEN}/${enc(value)}/${m}`,
    headers: {},
    auth,
    markers: [m],
    expect: [404],
  }));
}

/** Bad credentials on any protected read: one and the same 401. */
export function badCredentialCase(owners: readonly OwnerResources[], adminToken: string, validKey: string): fc.Arbitrary<FuzzCase> {
  const credentials = fc.oneof(
    fc.constant<Record<string, string>>({}),
    fc.tuple(headerValue(60), marker).map(([v, m]) => ({ "X-Api-Key": `${v}${m}` })),
    marker.map((m) => ({ "X-Api-Key": `rk_v1_${(m + "0".repeat(32)).slice(0, 32)}` })),
    fc.constant({ "X-Api-Key": adminToken }),
    fc.constant({ Authorization: `Bearer ${adminToken}` }),
    fc.constant({ Authorization: `Bearer ${validKey}` }),
    fc.constant({ Cookie: `X-Api-Key=${validKey}` }),
    fc.constant({ "X-Api-Key": `${validKey}x` }),
    fc.constant({ "X-Api-Key": validKey.slice(0, -1) }),
    fc.constant({ "X-Api-Key": validKey.toUpperCase() }),
  );
  return fc.tuple(readCase(owners, { kind: "pool" }), credentials).map(([base, headers]) => ({
    ...base,
    label: `bad credentials: ${base.label}`,
    headers: { ...base.headers, ...headers },
    auth: { kind: "raw" as const },
    markers: [
      ...base.markers,
      ...Object.values(headers)
        .filter((v) => v.includes("QzMk"))
        .flatMap((v) => v.match(/QzMk[0-9a-z]{6}Wv/g) ?? []),
    ],
    expect: [401],
    schema: undefined,
    file: undefined,
  }));
}
