/** @module Chooses the upstream adapter from UPSTREAM (sandbox by default, http for a registry gateway). */
import { D1FixtureStore } from "../db/fixtures";
import { SandboxUpstream } from "./sandbox/adapter";
import { HttpUpstream, httpOptionsFromEnv } from "./http";
import type { UpstreamAdapter } from "./types";

export function createUpstream(env: Env): UpstreamAdapter {
  switch (env.UPSTREAM) {
    case "sandbox":
    case "":
    case undefined:
      return new SandboxUpstream({ fixtures: new D1FixtureStore(env), slowCallMs: Number(env.SANDBOX_SLOW_MS) || 1000 });
    case "http":
      return new HttpUpstream(httpOptionsFromEnv(env));
    default:
      throw new Error(`unknown UPSTREAM "${env.UPSTREAM}"`);
  }
}
