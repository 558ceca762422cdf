/** @module Console rows → the console's shapes (schemas/console.ts). */
import type { AuditEventRecord, ApiKeyRecord, UserRecord } from "../db/schema";
import type { AuditKind } from "../domain/audit";
import { toIso } from "../lib/time";
import type { Actor, AuditEventBody, ConsoleUser, SessionUser } from "../schemas/console";
import type { z } from "@hono/zod-openapi";
import type { ConsoleKeyListItemSchema } from "../schemas/console";
import { toKeyListItem } from "./admin";
import { csvField } from "../domain/csv";

export function toSessionUser(u: Pick<UserRecord, "id" | "email" | "name" | "role">): SessionUser {
  return { id: u.id, email: u.email, ...(u.name ? { name: u.name } : {}), role: u.role };
}

export function toConsoleUser(u: UserRecord): ConsoleUser {
  return {
    ...toSessionUser(u),
    status: u.status,
    totpEnabled: u.totpSecret !== null,
    emailProven: u.emailProvenAt !== null,
    createdAt: toIso(u.createdAt),
  };
}

export function parseActor(json: string | null): Actor | undefined {
  if (!json) return undefined;
  const value = JSON.parse(json) as Actor;
  return { type: value.type, id: value.id, label: value.label };
}

export function toConsoleKey(k: ApiKeyRecord, now: number): z.output<typeof ConsoleKeyListItemSchema> {
  const createdBy = parseActor(k.createdBy);
  return { ...toKeyListItem(k, now), ...(createdBy ? { createdBy } : {}) };
}

export function toAuditEvent(e: AuditEventRecord): AuditEventBody {
  return {
    id: e.id,
    at: toIso(e.at),
    kind: e.kind as AuditKind,
    actor: { type: e.actorType, id: e.actorId, label: e.actorLabel },
    requestId: e.requestId,
    ip: e.ip,
    userAgent: e.userAgent,
    ...(e.targetType && e.targetId ? { target: { type: e.targetType, id: e.targetId } } : {}),
    ...(e.detail ? { detail: JSON.parse(e.detail) as Record<string, unknown> } : {}),
  };
}

const CSV_COLUMNS = [
  "id",
  "at",
  "kind",
  "actorType",
  "actorId",
  "actorLabel",
  "targetType",
  "targetId",
  "requestId",
  "ip",
  "userAgent",
  "detail",
] as const;

export function auditCsvHeader(): string {
  return `${CSV_COLUMNS.join(",")}\r\n`;
}

export function toAuditCsvRow(e: AuditEventRecord): string {
  const values: Record<(typeof CSV_COLUMNS)[number], string | null> = {
    id: e.id,
    at: toIso(e.at),
    kind: e.kind,
    actorType: e.actorType,
    actorId: e.actorId,
    actorLabel: e.actorLabel,
    targetType: e.targetType,
    targetId: e.targetId,
    requestId: e.requestId,
    ip: e.ip,
    userAgent: e.userAgent,
    detail: e.detail,
  };
  return `${CSV_COLUMNS.map((c) => csvField(values[c])).join(",")}\r\n`;
}
