/**
 * The static assets (public/, scripts/build-static-assets.mjs) hold what the viewer, the docs page and
 * the sandbox need, built from their sources as they are today; and how a quad becomes a box.
 */
import { describe, expect, it } from "vitest";
import { buildStaticAssets, wantedFiles } from "../../scripts/build-static-assets.mjs";
import { quadBounds } from "../../worker/routes/viewer/browser/geometry.js";
import truth from "../../worker/upstream/sandbox/scans/truth.json";

// The project's types are the Workers runtime's: Node's modules are loaded untyped, as in ocr.service.test.ts.
const load = (name: string) => import(/* @vite-ignore */ name);
const [fs, process] = await Promise.all([load("node:fs"), load("node:process")]);
const ROOT = `${process.cwd()}/`;
const bytes = (path: string): Uint8Array => new Uint8Array(fs.readFileSync(`${ROOT}${path}`));
const text = (file: Uint8Array | undefined): string => new TextDecoder().decode(file);

describe("the static assets", () => {
  it("are the viewer's modules, pdf.js, the GB CMaps, Swagger UI, the sandbox's scans and the export's font, byte for byte from their sources", () => {
    const files = wantedFiles();
    const browser: string[] = fs.readdirSync(`${ROOT}worker/routes/viewer/browser`).filter((n: string) => /\.(js|css)$/.test(n));
    expect(browser).toContain("viewer.js");
    for (const name of browser)
      expect(new Uint8Array(files.get(`viewer/assets/${name}`)!), name).toEqual(bytes(`worker/routes/viewer/browser/${name}`));
    for (const name of ["pdf.min.mjs", "pdf.worker.min.mjs"]) {
      const script = text(files.get(`viewer/assets/${name}`));
      expect(script, name).toContain("Mozilla Foundation");
      expect(script, name).not.toContain("sourceMappingURL");
    }
    expect(files.has("viewer/cmaps/UniGB-UCS2-H.bcmap")).toBe(true);
    expect([...files.keys()].filter((p) => p.startsWith("viewer/cmaps/")).every((p) => /\/(Adobe-GB1-|GB|UniGB-)/.test(p))).toBe(true);
    for (const name of ["swagger-ui-bundle.js", "swagger-ui.css", "swagger-ui-bundle.js.LICENSE.txt", "init.js"]) {
      expect(files.has(`api/open/v1/docs/${name}`), name).toBe(true);
    }
    for (const scan of truth.files) {
      expect(new Uint8Array(files.get(`sandbox/scans/${scan.file}`)!), scan.file).toEqual(bytes(`worker/upstream/sandbox/scans/${scan.file}`));
    }
    // The check export's font: the PDF embeds a subset of it (worker/console/export/export-font.ts).
    expect(new Uint8Array(files.get("fonts/NotoSansSC-Regular.otf")!)).toEqual(
      bytes("node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf"),
    );
    expect(files.has("_headers")).toBe(true);
  });

  it("are rebuilt only where a source changed: a second build writes nothing", () => {
    buildStaticAssets();
    expect(buildStaticAssets()).toMatchObject({ written: 0 });
  });
});

describe("a quad on the page", () => {
  it("is the bounds of its points, clamped to the page, whatever its corner order", () => {
    expect(quadBounds([0.4, 0.1, 0.5, 0.1, 0.5, 0.12, 0.4, 0.12])).toEqual({ left: 0.4, top: 0.1, right: 0.5, bottom: 0.12 });
    // A slanted OCR region: the box covers it whole.
    expect(quadBounds([0.2, 0.3, 0.6, 0.25, 0.62, 0.35, 0.22, 0.4])).toEqual({ left: 0.2, top: 0.25, right: 0.62, bottom: 0.4 });
    expect(quadBounds([-0.1, 0.9, 1.2, 0.9, 1.2, 1.1, -0.1, 1.1])).toEqual({ left: 0, top: 0.9, right: 1, bottom: 1 });
    expect(quadBounds([0.1, 0.2])).toBeNull();
    expect(quadBounds([0.1, Number.NaN, 0.2, 0.3])).toBeNull();
  });
});
