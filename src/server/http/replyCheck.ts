import { z } from 'zod';

/**
 * Replies are checked against their declared schema in tests (NODE_ENV=test), development
 * (`npm run dev`) and the e2e server (SEURA_CHECK_REPLIES=1), so a reply that drifted from
 * its contract fails loudly there; a plain `npm start` or production does not pay for
 * parsing every reply (a page of everyone is 100 000 rows). SEURA_CHECK_REPLIES=1/0 overrides.
 */
export function replyChecksOn(env: Record<string, string | undefined> = process.env): boolean {
  if (env.SEURA_CHECK_REPLIES === '1') return true;
  if (env.SEURA_CHECK_REPLIES === '0') return false;
  return env.NODE_ENV === 'test' || env.NODE_ENV === 'development';
}

/** A handler answered with something its route's reply schema does not accept: a server bug, answered 500. */
export class ReplyContractError extends Error {
  constructor(
    readonly route: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Reply of ${route} does not match its schema:\n${z.prettifyError(new z.ZodError(issues))}`);
    this.name = 'ReplyContractError';
  }
}

/**
 * Throws ReplyContractError when the reply does not match; the reply itself is sent as the
 * handler made it. The error handler logs it; with the logger off (the test harness) it
 * goes to stderr as well, so a failing test says which field broke the contract.
 */
export function checkReply(route: string, schema: z.ZodType, data: unknown, log: { level?: string }): void {
  const result = schema.safeParse(data);
  if (result.success) return;
  const err = new ReplyContractError(route, result.error.issues);
  if (log.level === undefined || log.level === 'silent') console.error(err.message);
  throw err;
}
