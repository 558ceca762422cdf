#!/usr/bin/env node
/**
 * Vendors Swagger UI for the documentation page (GET /api/open/v1/docs), which serves it from our own
 * origin so the page needs no CDN: writes swagger-ui-bundle.js, swagger-ui.css and the licence notice
 * into static/api/open/v1/docs/ (committed; scripts/build-static-assets.mjs copies static/ into the
 * Worker's static assets). Run it to move to another Swagger UI version
 * (`node scripts/build-docs-assets.mjs`): it fetches the pinned package with `npm pack` into
 * node_modules/.cache/docs-assets and runs none of its install scripts.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { packed, untar } from "./npm-tarball.mjs";

const ROOT = new URL("..", import.meta.url).pathname;
const OUT = join(ROOT, "static/api/open/v1/docs");
const VERSION = "5.35.0";
const FILES = {
  script: "package/swagger-ui-bundle.js",
  style: "package/swagger-ui.css",
  licenses: "package/swagger-ui-bundle.js.LICENSE.txt",
  notice: "package/NOTICE",
};

const tarball = packed(`swagger-ui-dist@${VERSION}`, join(ROOT, "node_modules/.cache/docs-assets"));
const wanted = new Set(Object.values(FILES));
const files = untar(tarball, (name) => wanted.has(name));
const text = (name) => {
  const bytes = files.get(name);
  if (!bytes) throw new Error(`${name} not found in swagger-ui-dist@${VERSION}`);
  // Source maps are not shipped: drop the references so browsers do not ask for them.
  return Buffer.from(bytes)
    .toString("utf8")
    .replace(/\n?\/\*# sourceMappingURL=[^*]*\*\/\s*$/, "")
    .replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, "");
};
const script = text(FILES.script);
const style = text(FILES.style);
const licenses = `${text(FILES.notice).trim()}\nLicensed under the Apache License, Version 2.0: https://www.apache.org/licenses/LICENSE-2.0\n\nLicences of the components bundled in swagger-ui-bundle.js:\n\n${text(FILES.licenses)}`;

writeFileSync(join(OUT, "swagger-ui-bundle.js"), script);
writeFileSync(join(OUT, "swagger-ui.css"), style);
writeFileSync(join(OUT, "swagger-ui-bundle.js.LICENSE.txt"), licenses);
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`swagger-ui-dist@${VERSION}: script ${kib(script.length)}, style ${kib(style.length)}`);
