export function startOcrStandin(options: {
  token: string;
  firstPort: number;
  read: (sha256: string, page: number, kind: "jpeg" | "png" | "tiff" | "bmp" | "pdf") => unknown;
  /** A file holding this text answers busy (503, Retry-After: 1) on its first two calls. */
  busyMarker?: string;
}): Promise<{ url: string; close: () => Promise<void> }>;
