import type { FastifyInstance } from 'fastify';
import { JSON_BODY_MAX_DEPTH } from '../../shared/constants';
import { ValidationError } from '../lib/errors';

// A body nested thousands deep parses fine but overflows the stack of whatever walks it
// later (schemas, filters): refused with a 400 before any handler sees it.
// Huge bodies stop at Fastify's bodyLimit, answered 400 by the error plugin.

/** True when arrays/objects nest deeper than `max`; iterative, so it cannot overflow itself. */
export function nestedDeeper(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const x of Array.isArray(v) ? v : Object.values(v)) if (x !== null && typeof x === 'object') stack.push([x, depth + 1]);
  }
  return false;
}

export function bodyDepthPlugin(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (req.body !== null && typeof req.body === 'object' && nestedDeeper(req.body, JSON_BODY_MAX_DEPTH)) {
      throw ValidationError.general('_validation_invalid');
    }
  });
}
