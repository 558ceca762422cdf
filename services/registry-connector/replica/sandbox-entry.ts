/** @module What the replica takes from the worker's own code (bundled for Node at start): the sandbox registry it serves. */
export { SandboxUpstream } from "../../../worker/upstream/sandbox/adapter";
