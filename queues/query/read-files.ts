/**
 * @module Reading the fetched files (outside the upstream slot: CPU and OCR work should not keep a
 * connector session): PDF page text by extraction, images and PDF pages without a text layer by OCR.
 * Page texts and the boxes of their runs or OCR lines go to R2 in one object (`text/<query>/<doc>.json`,
 * worker/domain/page-reading.ts), and how each page was read to the documents row (`pages`).
 * A transient OCR failure asks for a retry of the step; the pages already read are cached by SHA-256.
 */
import { readConfig } from "../../worker/config";
import type { DocumentRecord } from "../../worker/db/schema/shard";
import { storedPagesJson, type PageReading } from "../../worker/domain/page-reading";
import type { TextBox } from "../../worker/domain/text/page";
import type { OcrConfig } from "../../worker/ocr/client";
import { imageKind, SNIFF_BYTES, type ImageKind } from "../../worker/ocr/image-kind";
import { extractPdf, type PdfGenerator } from "../../worker/pdf/extract";
import { forEachBounded } from "../bounded";
import type { FetchedDocument } from "./fetch-files";
import { OCR_MAX_PAGES, ocrRead, ocrReading, type OcrRead } from "./ocr-read";

export interface ReadPage {
  text: string;
  width: number;
  height: number;
  rotation: number;
  boxes: TextBox[];
}

/** A file fetched and read: its row but for the parse (record.ts adds that). */
export interface GatheredDocument {
  row: Omit<DocumentRecord, "parseStatus" | "parsedAt" | "createdAt">;
  /** Pages with their text, when the file could be read (a PDF that opened, an image OCR read). */
  pages: ReadPage[] | null;
  /** A PDF that opened: the programs that wrote it (the operator's parse outcomes by generator). */
  generator?: PdfGenerator;
  /** The OCR service kept failing on this file (or a page of it) and it was given up for now (ocr-read.ts `given_up`). */
  gaveUp?: true;
}

/**
 * `retry`: an OCR read failed transiently (a failure, counted); `wait`: the OCR service holds pages it
 * has not finished and expects them in `seconds` (the longest of its estimates: by then all should be in).
 */
export type ReadOutcome = { kind: "ok"; documents: GatheredDocument[] } | { kind: "retry" } | { kind: "wait"; seconds: number };

const IMAGE_TYPES: Record<ImageKind, string> = { jpeg: "image/jpeg", png: "image/png", tiff: "image/tiff", bmp: "image/bmp" };

interface Reading {
  textStatus: DocumentRecord["textStatus"];
  pageCount: number | null;
  pages: ReadPage[] | null;
  readings: PageReading[] | null;
  /** Set when the bytes say image although the file was announced as something else. */
  mimeType?: string;
  generator?: PdfGenerator;
  gaveUp?: true;
}

/** A file not read yet: "retry" after a transient failure, or the seconds the OCR service asked to wait. */
type NotYet = "retry" | { wait: number };
type ReadResult = Reading | NotYet;

/**
 * Files read at once (and pages of one scanned PDF): all of a registration's scans, as a rule, go to
 * the OCR service together. The service queues what it cannot read yet and answers busy within the
 * call's preferred wait, so a step costs at most about one wait (OCR_PREFERRED_WAIT_S) however many
 * pages it asks for, and every page is in the service's queue at once: with 4 at a time a registration
 * of 9 scans held its step three waits long while the queue consumer (one batch at a time locally)
 * delivered nothing else, and the service ran dry between batches.
 */
export const FILES_READ_AT_ONCE = 16;

/** `attempt` is the delivery's attempt: OCR that keeps failing transiently is given up on (ocr-read.ts). */
export async function readFiles(env: Env, fetched: readonly FetchedDocument[], attempt: number): Promise<ReadOutcome> {
  const config = readConfig(env).ocr;
  const documents: Array<GatheredDocument | NotYet> = new Array(fetched.length);
  await forEachBounded([...fetched.keys()], FILES_READ_AT_ONCE, async (i) => {
    documents[i] = await gather(env, config, attempt, fetched[i]!);
  });
  const later = notYet(documents.map((d) => (d === "retry" || "wait" in d ? d : null)));
  if (later === "retry") return { kind: "retry" };
  if (later) return { kind: "wait", seconds: later.wait };
  return { kind: "ok", documents: documents as GatheredDocument[] };
}

/**
 * What a set of reads still needs: a retry if any failed, else the longest wait the OCR service asked
 * for (by then all should be in), else nothing (null: all read).
 */
function notYet(reads: Array<NotYet | null>): NotYet | null {
  if (reads.includes("retry")) return "retry";
  const waits = reads.flatMap((r) => (r && r !== "retry" ? [r.wait] : []));
  return waits.length > 0 ? { wait: Math.max(...waits) } : null;
}

async function gather(env: Env, config: OcrConfig | null, attempt: number, doc: FetchedDocument): Promise<GatheredDocument | NotYet> {
  const reading = await readOne(env, config, attempt, doc);
  if (reading === "retry" || "wait" in reading) return reading;
  const textKey = reading.textStatus === "extracted" ? `text/${doc.row.queryId}/${doc.row.id}.json` : null;
  if (textKey && reading.pages) {
    await env.FILES.put(textKey, storedPagesJson(reading.pages), { httpMetadata: { contentType: "application/json" } });
  }
  return {
    row: {
      ...doc.row,
      mimeType: reading.mimeType ?? doc.row.mimeType,
      pageCount: reading.pageCount,
      pages: reading.readings ? JSON.stringify(reading.readings) : null,
      textKey,
      textStatus: reading.textStatus,
    },
    pages: reading.pages,
    ...(reading.generator ? { generator: reading.generator } : {}),
    ...(reading.gaveUp ? { gaveUp: true as const } : {}),
  };
}

/** A file kept in R2 but not read (yet): an attachment until its registration is indexed. */
export function unreadDocument(doc: FetchedDocument): GatheredDocument {
  return { row: { ...doc.row, pageCount: null, pages: null, textKey: null, textStatus: "not_text" }, pages: null };
}

async function readOne(env: Env, config: OcrConfig | null, attempt: number, doc: FetchedDocument): Promise<ReadResult> {
  // Without OCR a streamed file stays unread as before: no need to look at its first bytes.
  if (!config && !doc.pdfBytes) return { textStatus: "not_text", pageCount: null, pages: null, readings: null };
  const head = doc.pdfBytes ? doc.pdfBytes.subarray(0, SNIFF_BYTES) : await sniff(env.FILES, doc.row.r2Key);
  const image = head ? imageKind(head) : null;
  if (image) return readImage(env, config, attempt, doc, image);
  if (doc.pdfBytes) return readPdf(env, config, attempt, doc, doc.pdfBytes);
  return { textStatus: "not_text", pageCount: null, pages: null, readings: null };
}

async function sniff(bucket: R2Bucket, key: string): Promise<Uint8Array | null> {
  const object = await bucket.get(key, { range: { offset: 0, length: SNIFF_BYTES } });
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

async function fileBytes(env: Env, doc: FetchedDocument): Promise<Uint8Array> {
  if (doc.pdfBytes) return doc.pdfBytes;
  const object = await env.FILES.get(doc.row.r2Key);
  return object ? new Uint8Array(await object.arrayBuffer()) : new Uint8Array();
}

/** An image: one page, read by OCR; without OCR it is not text-searchable (a coverage issue, as before). */
async function readImage(env: Env, config: OcrConfig | null, attempt: number, doc: FetchedDocument, kind: ImageKind): Promise<ReadResult> {
  const mimeType = IMAGE_TYPES[kind];
  const read = await ocrRead(env, config, attempt, { sha256: doc.row.sha256, bytes: () => fileBytes(env, doc), contentType: mimeType });
  if (read.kind === "retry") return "retry";
  if (read.kind === "wait") return { wait: read.seconds };
  if (read.kind === "given_up") return { textStatus: "not_text", pageCount: null, pages: null, readings: null, mimeType, gaveUp: true };
  if (read.kind === "unread")
    return { textStatus: read.permanent ? "unreadable" : "not_text", pageCount: null, pages: null, readings: null, mimeType };
  const page = { text: read.page.text, width: read.page.width, height: read.page.height, rotation: 0, boxes: read.page.boxes };
  return { textStatus: page.text.trim() ? "extracted" : "empty", pageCount: 1, pages: [page], readings: [ocrReading(read.page)], mimeType };
}

/** A PDF: its text layer, and OCR for the pages without one (the first OCR_MAX_PAGES of them, FILES_READ_AT_ONCE at a time). */
async function readPdf(env: Env, config: OcrConfig | null, attempt: number, doc: FetchedDocument, bytes: Uint8Array): Promise<ReadResult> {
  const extraction = await extractPdf(bytes);
  if (!extraction.ok) return { textStatus: "unreadable", pageCount: null, pages: null, readings: null };
  const asked = [...extraction.pages.keys()].filter((i) => !extraction.pages[i]!.text.trim()).slice(0, OCR_MAX_PAGES);
  const ocr = new Map<number, OcrRead>();
  await forEachBounded(asked, FILES_READ_AT_ONCE, async (i) => {
    const page = extraction.pages[i]!;
    const file = { sha256: doc.row.sha256, bytes: async () => bytes, contentType: "application/pdf" };
    ocr.set(i, await ocrRead(env, config, attempt, file, { number: i + 1, width: page.width, height: page.height }));
  });
  const later = notYet([...ocr.values()].map((r) => (r.kind === "retry" ? "retry" : r.kind === "wait" ? { wait: r.seconds } : null)));
  if (later) return later;

  const pages: ReadPage[] = [];
  const readings: PageReading[] = [];
  for (const [i, page] of extraction.pages.entries()) {
    const own: PageReading = { width: page.width, height: page.height, rotation: page.rotation };
    const read = ocr.get(i);
    if (page.text.trim() || !read || read.kind !== "read") {
      pages.push(page);
      readings.push(page.text.trim() ? own : { ...own, unread: true });
      continue;
    }
    pages.push({ text: read.page.text, width: page.width, height: page.height, rotation: page.rotation, boxes: read.page.boxes });
    readings.push(ocrReading(read.page, page.rotation));
  }
  const textStatus = pages.some((p) => p.text.trim()) ? "extracted" : "empty";
  const gaveUp = [...ocr.values()].some((r) => r.kind === "given_up");
  return {
    textStatus,
    pageCount: extraction.pageCount,
    pages,
    readings,
    generator: extraction.generator,
    ...(gaveUp ? { gaveUp: true as const } : {}),
  };
}
