export function startOcrStandin(options: {
  token: string;
  firstPort: number;
  read: (sha256: string, page: number, kind: "jpeg" | "png" | "tiff" | "bmp" | "pdf") => unknown;
}): Promise<{ url: string; close: () => Promise<void> }>;
