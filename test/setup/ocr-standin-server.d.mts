export function startOcrStandin(options: {
  token: string;
  firstPort: number;
  read: (sha256: string, page: number, kind: "jpeg" | "png" | "tiff" | "bmp" | "pdf") => unknown;
  /** A file holding this text answers busy (503, Retry-After: 1) on its first two calls. */
  busyMarker?: string;
}): Promise<{
  url: string;
  /** POST /kill, POST /restart: the same as kill() and restart(), for tests inside workerd. */
  controlUrl: string;
  /** Stops answering as a crashed process would: connections dropped, new ones refused. */
  kill: () => Promise<void>;
  /** Listens again on the same port. */
  restart: () => Promise<void>;
  close: () => Promise<void>;
}>;
