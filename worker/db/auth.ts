/**
 * @module The one D1 read behind an open-API request: key, account, current subscription and plan
 * (the auth middleware serves it from the isolate's short-lived cache when it holds the key).
 */

export interface PlanInfo {
  id: string;
  name: string;
  queryAllowance: number;
  checkAllowance: number;
  checkEnabled: boolean;
  apiEnabled: boolean;
}

export interface SubscriptionInfo {
  id: string;
  cycle: "monthly" | "annual";
  startsAt: number;
  endsAt: number;
  plan: PlanInfo;
}

export interface KeyLookup {
  keyId: string;
  expiresAt: number;
  revokedAt: number | null;
  accountId: string;
  accountDisabled: boolean;
  subscription: SubscriptionInfo | null;
}

interface Row {
  key_id: string;
  expires_at: number;
  revoked_at: number | null;
  account_id: string;
  disabled: number;
  sub_id: string | null;
  cycle: "monthly" | "annual" | null;
  starts_at: number | null;
  ends_at: number | null;
  plan_id: string | null;
  plan_name: string | null;
  query_allowance: number | null;
  check_allowance: number | null;
  check_enabled: number | null;
  api_enabled: number | null;
}

/** The subscription in force at `now`: the latest started one that has not ended. */
export const CURRENT_SUBSCRIPTION_SQL = `SELECT id FROM subscriptions WHERE account_id = ?1 AND starts_at <= ?2 AND ends_at > ?2
  ORDER BY starts_at DESC, created_at DESC LIMIT 1`;

export async function lookupKey(db: D1Database, keyHash: string, now: number): Promise<KeyLookup | null> {
  const row = await db
    .prepare(
      `SELECT k.id AS key_id, k.expires_at, k.revoked_at, a.id AS account_id, a.disabled,
         s.id AS sub_id, s.cycle, s.starts_at, s.ends_at, p.id AS plan_id, p.name AS plan_name,
         p.query_allowance, p.check_allowance, p.check_enabled, p.api_enabled
       FROM api_keys k JOIN accounts a ON a.id = k.account_id
       LEFT JOIN subscriptions s ON s.id = (SELECT id FROM subscriptions WHERE account_id = a.id
         AND starts_at <= ?2 AND ends_at > ?2 ORDER BY starts_at DESC, created_at DESC LIMIT 1)
       LEFT JOIN plans p ON p.id = s.plan_id
       WHERE k.key_hash = ?1`,
    )
    .bind(keyHash, now)
    .first<Row>();
  if (!row) return null;
  return {
    keyId: row.key_id,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    accountId: row.account_id,
    accountDisabled: row.disabled === 1,
    subscription: toSubscription(row),
  };
}

function toSubscription(row: Row): SubscriptionInfo | null {
  if (!row.sub_id || !row.plan_id) return null;
  return {
    id: row.sub_id,
    cycle: row.cycle ?? "monthly",
    startsAt: row.starts_at ?? 0,
    endsAt: row.ends_at ?? 0,
    plan: {
      id: row.plan_id,
      name: row.plan_name ?? row.plan_id,
      queryAllowance: row.query_allowance ?? 0,
      checkAllowance: row.check_allowance ?? 0,
      checkEnabled: row.check_enabled === 1,
      apiEnabled: row.api_enabled === 1,
    },
  };
}
