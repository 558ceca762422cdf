/**
 * @module OcrContainer: the OCR service (services/ocr, its Dockerfile) as a Cloudflare Container of this
 * Worker. Each Durable Object of the class owns one container instance; the Worker reaches them through
 * the OCR binding (worker/ocr/transport.ts spreads files over OCR_INSTANCES of them), so the service has
 * no public address and needs no token. Size and cap: wrangler.toml [[containers]] (docs/ocr.md,
 * "Production").
 *
 * A request to a sleeping instance starts its container and waits until the port answers
 * (pingEndpoint: the service's /healthz, served as soon as it listens); if the start takes longer than
 * the library's limits, the answer is a 5xx, which the client counts as transient and the pipeline
 * retries with its backoff: a cold container is a wait, not a failed read.
 */
import { Container } from "@cloudflare/containers";

/** The port the image's service listens on (services/ocr/Dockerfile: OCR_PORT). */
export const OCR_CONTAINER_PORT = 8790;

export class OcrContainer extends Container<Env> {
  override defaultPort = OCR_CONTAINER_PORT;
  /**
   * Idle this long, the container stops (scale to zero): a query's OCR calls come within seconds of
   * each other, so five minutes keeps an instance warm through one subject's pipeline and its retries
   * without paying for idle hours.
   */
  override sleepAfter = "5m";
  /** The models are in the image: the service needs no outbound network. */
  override enableInternet = false;
  override pingEndpoint = "localhost/healthz";
  override envVars = { OCR_HOST: "0.0.0.0", OCR_PORT: String(OCR_CONTAINER_PORT) };
}
