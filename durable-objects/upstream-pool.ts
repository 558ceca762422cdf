import { DurableObject } from "cloudflare:workers";
export class UpstreamPool extends DurableObject<Env> {}
