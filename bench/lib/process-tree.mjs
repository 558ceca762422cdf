/**
 * A server's processes from Linux /proc: the CPU seconds of a process and all its descendants, and the
 * resident memory of those among them that are workerd (the Worker's runtime under `wrangler dev`),
 * sampled while a run goes on so that its peak is seen. Elsewhere than Linux both read 0.
 */
import { readFileSync, readdirSync } from "node:fs";

/** The process and its descendants, as pids. */
export function descendants(pid) {
  let children = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    /* gone, or no children listed: the process alone */
  }
  return [pid, ...children.flatMap(descendants)];
}

/** CPU seconds (user + system) of a process and its descendants. */
export function treeCpuSeconds(pid) {
  return descendants(pid).reduce((sum, p) => {
    try {
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1].split(" ");
      // Clock ticks are 10 ms on Linux (USER_HZ 100).
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return sum;
    }
  }, 0);
}

/** Resident MB of the workerd processes among a process's descendants. */
export function workerdRssMb(pid) {
  return descendants(pid).reduce((sum, p) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, "utf8");
      if (!/^Name:\s*workerd/m.test(status)) return sum;
      return sum + Number(/^VmRSS:\s*(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return sum;
    }
  }, 0);
}

/** Samples workerdRssMb every `everyMs` until stopped; `peak()` is the highest sum seen so far. */
export function sampleWorkerdRss(pid, everyMs = 200) {
  let peak = workerdRssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, workerdRssMb(pid));
  }, everyMs);
  return {
    peak: () => peak,
    /** Starts a new window (its peak is taken from now on) and returns the memory at its start. */
    reset: () => (peak = workerdRssMb(pid)),
    stop: () => clearInterval(timer),
  };
}
