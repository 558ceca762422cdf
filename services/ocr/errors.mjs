/**
 * @module The service's one error envelope and its code table: {"error":{"code","message"}}, the HTTP
 * status per code. Messages are fixed sentences: they never echo what the client sent.
 */

export const ERRORS = {
  UNAUTHORIZED: { status: 401, message: "A valid bearer token is required." },
  NOT_FOUND: { status: 404, message: "No such endpoint." },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed on this endpoint." },
  TOO_LARGE: { status: 413, message: "The body is larger than the service accepts." },
  UNSUPPORTED_MEDIA: { status: 415, message: "The body is not a JPEG, PNG, TIFF, BMP or PDF file." },
  BAD_PAGE: { status: 400, message: "page must be a whole number from 1 to the document's page count (PDF only)." },
  UNREADABLE: { status: 422, message: "The file is of a supported type but could not be decoded." },
  TIMEOUT: { status: 503, message: "Recognition did not finish in time; retry later." },
  UNAVAILABLE: { status: 503, message: "The OCR models are still loading." },
  INTERNAL: { status: 500, message: "Recognition failed." },
};

/** An expected failure, carried to the HTTP edge by code. */
export class OcrError extends Error {
  /**
   * @param {keyof typeof ERRORS} code @param {string} [message]
   * @param {number} [retryAfterSeconds] when the caller should ask again (the Retry-After header): the service knows
   */
  constructor(code, message, retryAfterSeconds) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
