/**
 * @module The drizzle schema: the one description of every D1 table. drizzle-kit generates
 * migrations/ from it (`npm run db:generate`); `npm run db:check` fails when the two differ.
 */
export * from "./platform";
export * from "./queries";
export * from "./checks";
export * from "./fixtures";
