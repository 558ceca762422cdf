/**
 * @module The OCR service's answer (docs/ocr.md), parsed without bindings: what the Worker relies on and
 * nothing more. Boxes and quads are in pixels of the image the service read, origin top-left.
 */
import { z } from "zod";

const Point = z.tuple([z.number(), z.number()]);
const Box = z.tuple([z.number(), z.number(), z.number(), z.number()]);

/** A word of a line where the service found it in the ink (a table row read as one line: each cell's text). */
export const OcrWordSchema = z.object({ text: z.string(), box: Box });

export const OcrLineSchema = z.object({
  text: z.string(),
  confidence: z.number().min(0).max(1),
  box: Box,
  quad: z.tuple([Point, Point, Point, Point]).optional(),
  /** Present only when every word of `text` (split at whitespace) was placed, in order. */
  words: z.array(OcrWordSchema).optional(),
});

export const OcrResultSchema = z.object({
  width: z.number().positive(),
  height: z.number().positive(),
  pages: z.number().int().positive().optional(),
  lines: z.array(OcrLineSchema),
  ms: z.number().optional(),
});

export const OcrErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string().optional() }) });

export type OcrLine = z.infer<typeof OcrLineSchema>;
export type OcrWord = z.infer<typeof OcrWordSchema>;
export type OcrResult = z.infer<typeof OcrResultSchema>;
