/**
 * @module What the gateway stub takes from the worker's own code (bundled for Node by esbuild at
 * start): the sandbox registry it serves, and the contract it serves it through.
 */
export { SandboxUpstream } from "../worker/upstream/sandbox/adapter";
export { GATEWAY_ERROR_STATUS } from "../worker/upstream/http/contract";
export { gatewayOpenApiDocument } from "../worker/upstream/http/openapi";
