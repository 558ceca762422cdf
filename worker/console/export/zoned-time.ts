/**
 * @module An instant as a reader in a given IANA time zone reads it: ISO 8601 with that zone's offset
 * (the CSV), a spreadsheet's date serial of the wall-clock time (the XLSX, whose dates have no zone),
 * and the reader's own words (the PDF). The console works in China's zone (the registry's) unless the
 * reader's browser names another (`tz` on the export).
 */
import type { Lang } from "../view/i18n";

export const DEFAULT_TIME_ZONE = "Asia/Shanghai";

/** Days from the spreadsheet epoch (1899-12-30, ECMA-376 Part 1 §18.17.4.1, 1900 date system) to 1970-01-01. */
const SERIAL_OF_UNIX_EPOCH = 25569;
const DAY_MS = 86_400_000;

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time in `zone` as if it were UTC: its ms since the epoch. */
function wallClockMs(ms: number, zone: string): number {
  let format = partsFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(new Date(ms)).map((x) => [x.type, Number(x.value)]));
  const wholeSecond = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wholeSecond + (((ms % 1000) + 1000) % 1000);
}

/** "+08:00", "-05:00", "+05:45". */
export function offsetOf(ms: number, zone: string): string {
  const minutes = Math.round((wallClockMs(ms, zone) - ms) / 60_000);
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** 1700000000000, "Asia/Shanghai" → "2023-11-15T06:13:20+08:00" (whole seconds: what a reader needs). */
export function isoInZone(ms: number, zone: string): string {
  const wall = new Date(wallClockMs(ms, zone)).toISOString().slice(0, 19);
  return `${wall}${offsetOf(ms, zone)}`;
}

/** The spreadsheet serial (days since 1899-12-30, fraction = time of day) of the wall-clock time in `zone`. */
export function serialInZone(ms: number, zone: string): number {
  return wallClockMs(Math.floor(ms / 1000) * 1000, zone) / DAY_MS + SERIAL_OF_UNIX_EPOCH;
}

/** "2023年11月15日 06:13" / "Nov 15, 2023, 6:13 AM" in `zone`; the zone is said once, in the summary. */
export function wordsInZone(lang: Lang, ms: number, zone: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short", timeZone: zone }).format(new Date(ms));
}

/** A timestamp the registry wrote (ISO 8601 with an offset) as epoch ms; null when absent or unreadable. */
export function instantOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}
