/** Types of redactor.mjs, for TypeScript callers. */
export class Redactor {
  constructor(settings: { account: { userName: string; password: string; platformAuthCode: string }; token: string });
  remember(secret: string): void;
  redact(text: string, values?: string[]): string;
  logger(write?: (line: string) => void): (line: string, ...values: string[]) => void;
}
