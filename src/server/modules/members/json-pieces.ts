import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

// A reply with a long list, serialised piece by piece: one JSON.stringify of the page of
// everyone (100 000 rows, tens of megabytes) holds the event loop for a few hundred
// milliseconds, during which no other request is served. The text is the same as
// JSON.stringify(reply) byte for byte; only the list is cut into pieces.

/** Rows serialised per piece; about a hundred kilobytes of JSON. */
export const ROWS_PER_PIECE = 500;

/** Items of a list already serialised and joined by commas: a piece built ahead and kept as text. */
export class JsonItems {
  constructor(readonly text: string) {}
}

function* slices(list: readonly unknown[], every: number): Generator<readonly unknown[]> {
  for (let i = 0; i < list.length; i += every) yield list.slice(i, i + every);
}

/**
 * The JSON text of `reply` in pieces: the keys before `listKey`, then its items `every` at
 * a time, then the rest, with a turn of the event loop before each piece after the first.
 * The list may also be an async iterable of arrays (rows built while they are written,
 * so a long page is never held whole) or of JsonItems; each is then one piece.
 */
export async function* jsonInPieces(reply: object, listKey: string, every = ROWS_PER_PIECE): AsyncGenerator<string> {
  let head = '{';
  let first = true;
  const sep = () => {
    const s = first ? '' : ',';
    first = false;
    return s;
  };
  for (const [key, value] of Object.entries(reply)) {
    const json = key === listKey ? undefined : JSON.stringify(value);
    if (key !== listKey) {
      // JSON.stringify leaves out keys whose value has no JSON form.
      if (json !== undefined) head += `${sep()}${JSON.stringify(key)}:${json}`;
      continue;
    }
    head += `${sep()}${JSON.stringify(key)}:[`;
    let any = false;
    for await (const items of Array.isArray(value) ? slices(value, every) : (value as AsyncIterable<readonly unknown[] | JsonItems>)) {
      const text = items instanceof JsonItems ? items.text : items.map((item) => JSON.stringify(item) ?? 'null').join(',');
      if (text === '') continue;
      yield `${head}${any ? ',' : ''}${text}`;
      any = true;
      head = '';
      await yieldToLoop();
    }
    head += ']';
  }
  yield `${head}}`;
}

/** As a readable stream for `reply.send()`; utf-8 bytes. */
export function jsonStream(reply: object, listKey: string, every = ROWS_PER_PIECE): Readable {
  return Readable.from(jsonInPieces(reply, listKey, every), { objectMode: false });
}
