/**
 * @module The sandbox upstream: public surface for the rest of the service and for tests.
 */
export { SandboxUpstream, type SandboxOptions } from "./adapter";
export { type FixtureRegistration, type FixtureStore, type FixtureSubject, MemoryFixtureStore } from "./fixtures";
export type { InvoiceForm, InvoiceMention } from "./invoices";
export { type RegistrationTruth, sandboxRegistry, type SubjectTruth } from "./registry";
export { type Scenario, scenarioOf, MAX_SCALE } from "./scenario";
/** Lower-level pieces for tests and benchmarks that alter a generated registration before printing it. */
export { buildRegistration, type GeneratedRegistration } from "./registration";
export { layOut, renderLaidOut, type LaidOutRegistration } from "./registry";
export type { RenderStyle } from "./style";
export { HISTORY_CHAINS, HISTORY_MARKER, historyChainStart, type HistoryChainName } from "./history";
