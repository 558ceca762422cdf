// @ts-check
/**
 * Lint rules for the whole tree. Formatting is Prettier's job (.prettierrc.json); these rules catch
 * what review kept catching by hand: `any`, silenced type errors, debug output, unused code.
 */
import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      ".wrangler/",
      "**/*.generated.*",
      "test/corpus*/**/*.pdf",
      "services/ocr/models/",
      "public/",
      "static/",
      "client/dist/",
      "bench/out/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: { ...globals.node, ...globals.worker } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
      eqeqeq: ["error", "always", { null: "ignore" }],
    },
  },
  {
    // Modules the evidence viewer and the console pages run in the browser, and the probes the browser tests inject.
    files: ["worker/routes/viewer/browser/**/*.js", "worker/console/browser/**/*.js", "test/node/*.probes.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The Worker logs through console (Workers Logs), but only warnings and errors: no debug output.
    files: ["worker/**/*.ts", "queues/**/*.ts", "durable-objects/**/*.ts"],
    rules: { "no-console": ["error", { allow: ["warn", "error"] }] },
  },
  {
    // The one structured line per request and pipeline step (signals.ts) is written here, and only here.
    files: ["worker/observability/record.ts"],
    rules: { "no-console": ["error", { allow: ["log", "warn", "error"] }] },
  },
);
