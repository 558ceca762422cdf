/** Types of review-queue.js (browser code, plain JavaScript) for TypeScript callers: its test. */
export interface Navigation {
  total: number;
  position: number | null;
  previousRegistrationId: string | null;
  nextRegistrationId: string | null;
}
export declare const AWAITING_REVIEW: string;
export function createReviewQueue(
  api: { json(path: string): Promise<unknown> },
  checkId: string,
): {
  load(registrationId: string): Promise<{ result: unknown; navigation: Navigation }>;
  pass(registrationId: string): void;
  readonly passedCount: number;
  restart(): void;
  next(navigation: Pick<Navigation, "nextRegistrationId"> | null): Promise<{ registrationId: string | null; awaiting?: number }>;
};
