/**
 * @module How the Worker reaches the OCR service (docs/ocr.md): one interface, two transports.
 *
 * - `http`: a URL (OCR_URL, bearer OCR_TOKEN when the service asks for one). `npm start` runs the service
 *   beside `wrangler dev` on 127.0.0.1:8790; any host running services/ocr's image works the same way.
 * - `container`: the Cloudflare Container of this Worker (the OCR binding, class OcrContainer in
 *   durable-objects/ocr-container.ts). No public address and no token: the request goes to a Durable
 *   Object that starts its container if it sleeps and proxies to it. Requests are spread over
 *   `instances` objects, each owning one container, by the file's key: a file (and page) always goes
 *   to the same instance, so a retry after a cold start lands on the instance that is now warm and
 *   that keeps its recent answers (services/ocr/recent.mjs).
 *
 * A transport only moves a request; what the answers mean is worker/ocr/client.ts's business.
 */

/** Where OCR is, as the configuration says (worker/config.ts); null when none is configured. */
export type OcrConfig = (
  { via: "http"; url: string; token?: string } | { via: "container"; namespace: DurableObjectNamespace; instances: number }
) & {
  /** How long a call may take before it counts as a transient failure (OCR_CALL_TIMEOUT_MS by default). */
  timeoutMs?: number;
};

export interface OcrTransport {
  /**
   * Sends `init` to the service's `pathAndQuery` (e.g. `/v1/ocr?page=2`). `spreadKey` names what is
   * read (the file's SHA-256 and page): a transport with several instances sends equal keys to the
   * same one. Rejects when the service cannot be reached, like fetch.
   */
  send(pathAndQuery: string, init: RequestInit, spreadKey?: string): Promise<Response>;
}

/** The transport of a configuration. */
export function ocrTransport(config: OcrConfig): OcrTransport {
  return config.via === "http" ? httpTransport(config.url, config.token) : containerTransport(config.namespace, config.instances);
}

export function httpTransport(url: string, token?: string): OcrTransport {
  return {
    send(pathAndQuery, init) {
      const headers = new Headers(init.headers);
      if (token) headers.set("Authorization", `Bearer ${token}`);
      return fetch(`${url}${pathAndQuery}`, { ...init, headers });
    },
  };
}

/** The Durable Object name of container instance `index`. */
export function ocrInstanceName(index: number): string {
  return `ocr-${index}`;
}

/**
 * Which of `instances` a key goes to: FNV-1a over the key, so that equal keys meet and distinct files
 * spread evenly; without a key (a health check), any instance.
 */
export function ocrInstanceIndex(instances: number, spreadKey?: string): number {
  if (spreadKey === undefined) return Math.floor(Math.random() * instances);
  let hash = 0x811c9dc5;
  for (let i = 0; i < spreadKey.length; i++) hash = Math.imul(hash ^ spreadKey.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % instances;
}

export function containerTransport(namespace: DurableObjectNamespace, instances: number): OcrTransport {
  return {
    send(pathAndQuery, init, spreadKey) {
      const stub = namespace.get(namespace.idFromName(ocrInstanceName(ocrInstanceIndex(instances, spreadKey))));
      // The host is never resolved: the object proxies the path to its container's port.
      return stub.fetch(new Request(`http://ocr.container${pathAndQuery}`, init));
    },
  };
}
