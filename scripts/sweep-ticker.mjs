/**
 * @module The local stand-in for the production cron. In production a Cron Trigger
 * (wrangler.toml `crons`) runs the Worker's scheduled handler, whose sweep (queues/sweep.ts)
 * re-drives tasks stuck in a non-terminal state. `wrangler dev` never fires crons, and it keeps queue
 * messages in memory: after the local server is killed mid-pipeline and started again, nothing
 * would move for good. This ticker asks `wrangler dev` to run the same scheduled handler every
 * SWEEP_EVERY_SECONDS (default 60; 0 turns it off).
 *
 * It calls `/cdn-cgi/local/scheduled`, the trigger endpoint Miniflare serves in every `wrangler dev`
 * session, rather than `/__scheduled` (which needs `--test-scheduled` and wraps the Worker in one
 * more middleware) or an admin route (which would be code that exists only to be run locally): the
 * Worker that runs is exactly the one deployed, and the endpoint does not exist in production.
 */

/** The cron the production trigger fires with (wrangler.toml); the handler does not read it. */
const CRON = "*/5 * * * *";

export function sweepInterval(env = process.env) {
  const seconds = Number(env.SWEEP_EVERY_SECONDS ?? "60");
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
}

/** Starts ticking at once (a restart sweeps right away) and then every interval; returns a stop function. */
export function startSweepTicker(base, seconds = sweepInterval()) {
  if (seconds === 0) return () => {};
  let failing = false;
  const tick = async () => {
    try {
      const res = await fetch(`${base}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(CRON)}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      if (failing) console.error("[sweep] the scheduled handler answers again");
      failing = false;
    } catch (error) {
      // Said once per outage, not every minute.
      if (!failing) console.error(`[sweep] could not run the scheduled handler (${error.message}); retrying every ${seconds} s`);
      failing = true;
    }
  };
  void tick();
  const timer = setInterval(tick, seconds * 1000);
  return () => clearInterval(timer);
}
