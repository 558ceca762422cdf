/**
 * @module The OCR service's answer (docs/ocr.md), parsed without bindings: what the Worker relies on and
 * nothing more. Boxes and quads are in pixels of the image the service read, origin top-left.
 */
import { z } from "zod";

const Point = z.tuple([z.number(), z.number()]);

export const OcrLineSchema = z.object({
  text: z.string(),
  confidence: z.number().min(0).max(1),
  box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  quad: z.tuple([Point, Point, Point, Point]).optional(),
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
export type OcrResult = z.infer<typeof OcrResultSchema>;
