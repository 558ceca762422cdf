/** @module The typed client of an account's AccountGate. */
export function accountGate(env: Env, accountId: string) {
  return env.ACCOUNT_GATE.get(env.ACCOUNT_GATE.idFromName(accountId));
}
