/** @module Chooses the upstream adapter from UPSTREAM (sandbox by default, http for a registry gateway; worker/config.ts). */
import { readConfig } from "../config";
import { D1FixtureStore } from "../db/fixtures";
import { SandboxUpstream } from "./sandbox/adapter";
import { HttpUpstream } from "./http";
import type { UpstreamAdapter } from "./types";

export function createUpstream(env: Env): UpstreamAdapter {
  const { upstream } = readConfig(env);
  if (upstream.kind === "http") return new HttpUpstream({ url: upstream.url, token: upstream.token });
  return new SandboxUpstream({ fixtures: new D1FixtureStore(env), slowCallMs: upstream.slowCallMs });
}
