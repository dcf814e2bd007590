import fs from 'node:fs';
import { DEFAULT_MESSAGE_PRICES, messagePricesSchema, type MessagePrices } from '../../../shared/messages/prices';

// The deployment's message price list: the defaults shipped in src/shared, or a JSON file
// named by MESSAGE_PRICES_FILE (the whole list, checked at start-up so a typo stops the start
// rather than charging a wrong price).

export function loadMessagePrices(env: Record<string, string | undefined>): MessagePrices {
  const file = env.MESSAGE_PRICES_FILE?.trim();
  if (!file) return DEFAULT_MESSAGE_PRICES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`MESSAGE_PRICES_FILE ${file} cannot be read as JSON: ${(err as Error).message}`, { cause: err });
  }
  const r = messagePricesSchema.safeParse(parsed);
  if (!r.success) throw new Error(`MESSAGE_PRICES_FILE ${file}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data;
}

/** The price list in force: a deployment's own, else the defaults. */
export function pricesOf(config: { messagePrices?: MessagePrices }): MessagePrices {
  return config.messagePrices ?? DEFAULT_MESSAGE_PRICES;
}
