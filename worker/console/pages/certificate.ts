/**
 * @module GET /console/queries/{id}/registrations/{registrationId}: one registration's certificate (or,
 * with ?document={id}, one of its attachments) opened in the browser, every page drawn by the evidence
 * viewer's own renderer (/viewer/assets/render.js, through browser/certificate.js), beside the list of
 * the registration's files, each downloadable, and the certificate as parsed (view/certificate-facts.ts:
 * dl#certificate-parsed, or p#certificate-unparsed). The registration is read through the console's JSON as
 * this user (GET /queries/{id}/registrations/{registrationId}): another account's, or an unknown one,
 * is the 404 page, and so is a ?document that is none of this registration's files.
 *
 * Stable hooks: h1#certificate-number, a#back-to-query, ul#certificate-files with li[data-document-id]
 * (a.file-open, a.file-download; aria-current on the one shown), #certificate-view[data-document]
 * (data-state: starting, loading, ready, failed), #certificate-status, #certificate-pages, #no-certificate.
 */
import type { Registration } from "../../schemas/registration";
import { certificateFacts } from "../view/certificate-facts";
import { defineMessages } from "../view/i18n";
import { failedReadPage, html, notFoundPage, raw, renderPage } from "../view/layout";
import { certificatePagePath, consoleDocumentPath } from "../view/document-paths";
import type { PageGroup } from "../view/page-group";
import { CONSOLE_BASE, readConsoleApi, type PageContext } from "../view/page-session";

const messages = defineMessages(
  {
    title: "登记证明",
    back: "返回查询",
    files: "文件",
    certificate: "登记证明",
    open: "查看",
    download: "下载",
    noCertificate: "未取得此登记的证明文件。",
    "certificate.loading": "正在打开文件……",
    "certificate.failed": "无法显示此文件，请下载后查看。",
  },
  {
    title: "Certificate",
    back: "Back to the query",
    files: "Files",
    certificate: "Certificate",
    open: "View",
    download: "Download",
    noCertificate: "No certificate file was obtained for this registration.",
    "certificate.loading": "Opening the file…",
    "certificate.failed": "This file cannot be shown here; download it to read it.",
  },
);

interface RegistrationFile {
  documentId: string;
  label: string;
  content: string;
}

function filesOf(registration: Registration, certificateLabel: string): RegistrationFile[] {
  const listed = [
    { documentId: registration.pdf?.documentId, label: certificateLabel, url: registration.pdf?.url },
    ...(registration.attachments ?? []).map((a) => ({ documentId: a.id, label: a.fileName, url: a.url })),
  ];
  return listed.flatMap(({ documentId, label, url }) => {
    const content = consoleDocumentPath(url);
    return documentId && content ? [{ documentId, label, content }] : [];
  });
}

async function certificatePage(c: PageContext): Promise<Response> {
  const words = messages(c.var.lang);
  const queryId = c.req.param("id") ?? "";
  const registrationId = c.req.param("registrationId") ?? "";
  const read = await readConsoleApi<Registration>(c, `/queries/${encodeURIComponent(queryId)}/registrations/${encodeURIComponent(registrationId)}`);
  if (!read.ok) return failedReadPage(c, read);
  const registration = read.data;
  const files = filesOf(registration, words.certificate);
  const asked = c.req.query("document");
  const shown = asked === undefined ? files[0] : files.find((f) => f.documentId === asked);
  if (asked !== undefined && !shown) return notFoundPage(c);
  const here = certificatePagePath(queryId, registrationId);
  const list = files.map(
    (f) =>
      html`<li data-document-id="${f.documentId}">
        <a class="file-open" href="${here}?document=${encodeURIComponent(f.documentId)}" ${f === shown ? raw('aria-current="page"') : ""}
          >${words.open}: ${f.label}</a
        >
        <a class="file-download" href="${f.content}" download>${words.download}</a>
      </li>`,
  );
  return renderPage(c, {
    title: `${words.title} · ${registration.certificateNumber}`,
    active: "queries",
    scripts: shown ? ["certificate.js"] : [],
    scriptText: { "certificate.loading": words["certificate.loading"], "certificate.failed": words["certificate.failed"] },
    body: html`<p><a id="back-to-query" href="${CONSOLE_BASE}/queries/${encodeURIComponent(queryId)}">← ${words.back}</a></p>
      <h1 id="certificate-number">${registration.certificateNumber}</h1>
      ${certificateFacts(c.var.lang, registration.certificate)}
      ${
        shown
          ? html`<h2>${words.files}</h2>
              <ul id="certificate-files">
                ${list}
              </ul>
              <section id="certificate-view" data-document="${shown.content}" data-state="starting">
                <p id="certificate-status" role="status" aria-live="polite"></p>
                <div id="certificate-pages"></div>
              </section>`
          : html`<p id="no-certificate">${words.noCertificate}</p>`
      }`,
  });
}

export function registerCertificatePage(pages: PageGroup): void {
  pages.signedInPage("/queries/:id/registrations/:registrationId", certificatePage);
}
