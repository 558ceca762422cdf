/**
 * @module A new invitation for a user who has not accepted one (console-api.md: POST
 * /users/{id}/invitation, "the old link stops working"): in one batch, every open invitation of the
 * user ends now, the new one is written, and its audit event; all three only while the user is still
 * invited, so an acceptance that lands first leaves nothing half done.
 */
import { sql } from "drizzle-orm";
import type { AuditEvent } from "../domain/audit";
import { appendToAuditOutboxIf, preparedSql } from "./audit";
import { runBatch } from "./batch";
import { invites, users } from "./schema";

/** False when the user is no longer invited (accepted or disabled meanwhile): nothing was written. */
export async function replaceInvite(
  db: D1Database,
  userId: string,
  invite: { id: string; tokenHash: string; expiresAt: number },
  now: number,
  event: AuditEvent,
): Promise<boolean> {
  const stillInvited = sql`EXISTS (SELECT 1 FROM ${users} WHERE id = ${userId} AND status = 'invited')`;
  const [, inserted] = await runBatch(db, [
    // Raw SQL through drizzle's template: its builders have no UPDATE … WHERE EXISTS over another table's row.
    preparedSql(
      db,
      sql`UPDATE ${invites} SET expires_at = MIN(expires_at, ${now})
          WHERE user_id = ${userId} AND used_at IS NULL AND expires_at > ${now} AND ${stillInvited}`,
    ),
    preparedSql(
      db,
      sql`INSERT INTO ${invites} (id, user_id, token_hash, expires_at, created_at)
          SELECT ${invite.id}, ${userId}, ${invite.tokenHash}, ${invite.expiresAt}, ${now} WHERE ${stillInvited}`,
    ),
    appendToAuditOutboxIf(db, event, sql`EXISTS (SELECT 1 FROM ${invites} WHERE id = ${invite.id})`),
  ]);
  return inserted?.meta.changes === 1;
}
