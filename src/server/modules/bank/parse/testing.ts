import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StatementError } from '../types';

// What the parser tests share: the sample files and the error a parse throws.

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** A sample file of fixtures/ (SOURCES.md says where each comes from). */
export const fixture = (name: string): Buffer => fs.readFileSync(path.join(dir, name));

/** The StatementError `f` throws; anything else it throws, or nothing, fails the test. */
export function errorOf(f: () => unknown): StatementError {
  try {
    f();
  } catch (e) {
    if (e instanceof StatementError) return e;
    throw e;
  }
  throw new Error('no StatementError');
}
