/**
 * @module Chromium print-to-PDF (playwright-core driving the system /usr/bin/chromium): the HTML layouts
 * with a header repeated on every page (the certificate number and the registry's name) and a footer
 * "第N页 共M页" or "第N页", drawn by Chromium's own header and footer templates. Chromium subsets and
 * embeds the Noto CJK faces itself (as Type3 glyphs with radicals in ToUnicode, the case issue 12 saw).
 */
import { type Browser, chromium } from "playwright-core";
import type { PrintedDocument } from "./document";
import { certificateHtml, escapeHtml, type HtmlLayout } from "./html";

export const CHROMIUM_PATH = "/usr/bin/chromium";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--font-render-hinting=none"] });
}

export async function renderChromium(browser: Browser, doc: PrintedDocument, layout: HtmlLayout, serif: boolean): Promise<Uint8Array> {
  const page = await browser.newPage();
  try {
    await page.setContent(certificateHtml(doc, layout, { serif, inlineHeader: false }), { waitUntil: "load" });
    const f = doc.furniture;
    const small = `font-size:8pt;width:100%;margin:0 16mm;font-family:'Noto Sans CJK SC';color:#333;`;
    const pageNumber = `第<span class="pageNumber"></span>页${f.pageCount ? ` 共<span class="totalPages"></span>页` : ""}`;
    const pdf = await page.pdf({
      format: "A4",
      printBackground: true,
      displayHeaderFooter: true,
      headerTemplate: `<div style="${small}display:flex;justify-content:space-between"><span>${escapeHtml(doc.numberRow.label)}：${escapeHtml(doc.numberRow.value)}</span><span>${escapeHtml(f.registry)}</span></div>`,
      footerTemplate: `<div style="${small}text-align:center">${pageNumber}</div>`,
      margin: { top: "22mm", bottom: "18mm", left: "16mm", right: "16mm" },
    });
    return new Uint8Array(pdf);
  } finally {
    await page.close();
  }
}
