/**
 * @module An HTTP answer's body, read as a stream and cut at a bound: a registry that sends more than
 * REGISTRY_MAX_ANSWER_BYTES is refused after that many bytes, not after it has filled memory. A
 * Content-Length beyond the bound is refused before a byte is read.
 */
import { AnswerRefused } from "./bounds.mjs";

/**
 * @param {Response} response
 * @param {number} maxBytes
 * @returns {Promise<Uint8Array>}
 */
export async function readBoundedBody(response, maxBytes) {
  const tooLarge = () => new AnswerRefused("bounds", `the answer is larger than REGISTRY_MAX_ANSWER_BYTES (${maxBytes})`);
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}
