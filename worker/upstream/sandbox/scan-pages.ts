/**
 * @module The real-scale debtor's scanned pages (issue 24): a subject named with 扫描页 gets, on every
 * other registration, a run of 200-dpi A4 JPEG pages like the real registry's attachments
 * (付款确认及授权书: a heading, a paragraph, a ruled table of payees with account, invoice code, invoice
 * number, amount and due date in columns, stamps over it). 规模71扫描页… has 71 registrations and 167
 * pages on 36 of them, the real debtor's counts. What each page prints is a pure function of its number
 * (this module); the pixels are drawn by bench/lib/scan-page-drawing.mjs from it (Node, @napi-rs/canvas, a
 * font from npm) into a directory the static assets take in (scripts/build-static-assets.mjs,
 * SANDBOX_SCANS_DIR), so the repository carries code, not 167 pictures.
 */
import { companyName } from "./parties";
import { Rng } from "./prng";
import { BANKS, BRANCH_SUFFIXES } from "./vocab";

/** The marker in a subject name that gives it the scanned pages. */
export const SCAN_PAGES_MARKER = "扫描页";
/** Pages over all registrations of such a subject whatever its size, and the registrations carrying them. */
export const SCAN_PAGE_TOTAL = 167;
export const SCAN_PAGE_REGISTRATIONS = 36;

export interface ScanPageRow {
  payee: string;
  account: string;
  invoiceCode: string;
  invoiceNumber: string;
  amount: string;
  dueDate: string;
}

export interface ScanPageContent {
  /** 1 … SCAN_PAGE_TOTAL, over the whole subject. */
  number: number;
  /** The file the static assets hold it under (sandbox/scans/<file>). */
  file: string;
  serial: string;
  bank: string;
  accountName: string;
  accountNumber: string;
  rows: ScanPageRow[];
}

export function hasScanPages(subject: string): boolean {
  return subject.includes(SCAN_PAGES_MARKER);
}

/** Pages per carrying registration: 1 to 8 in a fixed pattern, topped up to SCAN_PAGE_TOTAL. */
function pageCounts(): number[] {
  const counts = Array.from({ length: SCAN_PAGE_REGISTRATIONS }, (_, k) => 1 + ((k * 5) % 8));
  for (let j = 0; counts.reduce((a, b) => a + b, 0) < SCAN_PAGE_TOTAL; j++) counts[j % counts.length]! += 1;
  return counts;
}

const COUNTS = pageCounts();
const FIRST_PAGE = COUNTS.map((_, k) => 1 + COUNTS.slice(0, k).reduce((a, b) => a + b, 0));

/** The page numbers registration `index` carries: every even index below 2 × SCAN_PAGE_REGISTRATIONS. */
export function scanPagesOf(index: number): number[] {
  if (index % 2 !== 0 || index / 2 >= SCAN_PAGE_REGISTRATIONS) return [];
  const k = index / 2;
  return Array.from({ length: COUNTS[k]! }, (_, j) => FIRST_PAGE[k]! + j);
}

const digits = (rng: Rng, n: number) => Array.from({ length: n }, (_, i) => (i === 0 ? rng.int(1, 9) : rng.int(0, 9))).join("");

export function scanPageFile(number: number): string {
  return `scan-page-${String(number).padStart(3, "0")}.jpg`;
}

export function scanPageContent(number: number): ScanPageContent {
  const rng = Rng.of("scan-page", number);
  const rows = Array.from({ length: rng.int(2, 7) }, (): ScanPageRow => {
    const cents = rng.int(50_000_00, 9_000_000_00);
    return {
      payee: companyName(rng),
      account: digits(rng, rng.pick([16, 17, 19])),
      invoiceCode: digits(rng, rng.pick([10, 12])),
      invoiceNumber: digits(rng, 8),
      amount: `${Math.floor(cents / 100).toLocaleString("en-US")}.${String(cents % 100).padStart(2, "0")}`,
      dueDate: `20${rng.int(18, 25)}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`,
    };
  });
  return {
    number,
    file: scanPageFile(number),
    serial: `ZB${digits(rng, 5)}-20${rng.int(18, 25)}0${rng.int(1, 9)}${rng.int(10, 28)}-${digits(rng, 4)}`,
    bank: `${rng.pick(BANKS).replace("股份有限公司", "")}${rng.pick(["北京", "深圳", "上海", "广州", "杭州"])}${rng.pick(BRANCH_SUFFIXES)}营业部`,
    accountName: companyName(rng),
    accountNumber: digits(rng, 20),
    rows,
  };
}
