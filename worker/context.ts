/** @module The Hono environment: bindings plus what middleware puts on the context. */
import type { KeyLookup, SubscriptionInfo } from "./db/auth";
import type { WindowState } from "./domain/rate-limit";

export interface Principal {
  accountId: string;
  keyId: string;
  subscription: SubscriptionInfo | null;
}

export interface AppEnv {
  Bindings: Env;
  Variables: {
    requestId: string;
    principal: Principal;
    /** Set once the AccountGate has counted this creation attempt. */
    creationAdmitted: boolean;
    /** The rate window the AccountGate counted this request in (the RateLimit header). */
    rateWindow: WindowState;
  };
}

export type { KeyLookup };
