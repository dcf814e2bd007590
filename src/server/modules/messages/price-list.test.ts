import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MESSAGE_PRICES } from '../../../shared/messages/prices';
import { loadMessagePrices, pricesOf } from './price-list';

describe('the deployment price list (MESSAGE_PRICES_FILE)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seura-prices-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, value: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
    return file;
  };

  it('is the shipped defaults without a file', () => {
    expect(loadMessagePrices({})).toBe(DEFAULT_MESSAGE_PRICES);
    expect(pricesOf({})).toBe(DEFAULT_MESSAGE_PRICES);
  });

  it("reads a deployment's own list", () => {
    const own = structuredClone(DEFAULT_MESSAGE_PRICES);
    own.announcement.sms.sms_part = 12;
    const prices = loadMessagePrices({ MESSAGE_PRICES_FILE: write('ok.json', own) });
    expect(prices.announcement.sms.sms_part).toBe(12);
    expect(pricesOf({ messagePrices: prices })).toBe(prices);
  });

  it('stops the start on a wrong or unreadable file, naming the problem', () => {
    const bad = structuredClone(DEFAULT_MESSAGE_PRICES) as unknown as { announcement: { sms: { sms_part: unknown } } };
    bad.announcement.sms.sms_part = -1;
    expect(() => loadMessagePrices({ MESSAGE_PRICES_FILE: write('bad.json', bad) })).toThrow(/announcement\.sms\.sms_part/);
    expect(() => loadMessagePrices({ MESSAGE_PRICES_FILE: write('broken.json', '{') })).toThrow(/cannot be read as JSON/);
    expect(() => loadMessagePrices({ MESSAGE_PRICES_FILE: path.join(dir, 'missing.json') })).toThrow(/cannot be read/);
  });
});
