/**
 * @module The check's export links (a[data-export]) carry the reader's time zone, the browser's own, so
 * every time in the files is the reader's (GET /checks/{id}/export?tz=…); without this module the
 * server writes China's time, the registry's.
 */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone) {
  for (const link of document.querySelectorAll("a[data-export]")) {
    if (!(link instanceof HTMLAnchorElement)) continue;
    const url = new URL(link.href, location.href);
    url.searchParams.set("tz", zone);
    link.href = `${url.pathname}${url.search}`;
  }
}
