/**
 * A bench's account on a dev server (scripts/lib/dev-server.mjs's `call`): made through the management
 * API, subscribed to the enterprise plan, with one API key; returns the key.
 */
export async function benchAccountKey(call, name) {
  const account = (await call("/api/admin/v1/accounts", { method: "POST", json: { name }, admin: true })).body;
  await call(`/api/admin/v1/accounts/${account.id}/subscriptions`, {
    method: "POST",
    json: { planId: "enterprise", cycle: "monthly" },
    admin: true,
  });
  return (await call(`/api/admin/v1/accounts/${account.id}/keys`, { method: "POST", json: {}, admin: true })).body.key;
}
