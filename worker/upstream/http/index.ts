/** @module The http upstream's public surface (its settings are read and checked in worker/config.ts). */
export { HttpUpstream, type HttpUpstreamOptions, DEFAULT_FILE_TIMEOUT_MS, DEFAULT_LIST_TIMEOUT_MS } from "./adapter";
export { gatewayRoutes, GATEWAY_HEADERS, GATEWAY_ERROR_CODES, GATEWAY_ERROR_STATUS } from "./contract";
export { CONNECTOR_BINDING, connectorFetch } from "./connector-binding";
