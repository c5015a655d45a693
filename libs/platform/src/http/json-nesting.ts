import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How deep a JSON body may nest objects and arrays. The deepest body the product takes is a few
 * levels (a queue's schedules: object > array > object > array); 64 leaves room for any client's
 * payload while every recursive reader after the parser (zod, the storable-text pipe, TypeORM's
 * jsonb) stays far from the stack's end. 8,000 levels once overflowed it: a 500 on one route.
 */
export const MAX_JSON_NESTING = 64;

export const JSON_TOO_DEEP_MESSAGE = `The request body nests objects and arrays deeper than ${MAX_JSON_NESTING} levels`;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether UTF-8 JSON text opens more than `max` objects and arrays inside one another. One pass over
 * the bytes, no recursion and no parse, so a body of a million `[` costs a millisecond and no stack.
 * Brackets inside strings do not count (every byte of a multi-byte UTF-8 character is above 0x7f).
 */
export function nestsDeeperThan(utf8: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < utf8.length; i += 1) {
    const byte = utf8[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth += 1;
      if (depth > max) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}

/** An error body-parser passes on as is: the exception filter answers it 400 ERR_VALIDATION with its message. */
function clientError(status: number, message: string, type: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true, type });
}

/**
 * body-parser's `verify` for every JSON body of every app (configureHttpApp): refuses a body nested
 * deeper than MAX_JSON_NESTING before it is parsed, whatever route it was sent to.
 */
export function refuseDeepJson(_request: IncomingMessage, _response: ServerResponse, body: Buffer, encoding: string | null): void {
  let utf8: Uint8Array = body;
  if (encoding && encoding !== 'utf-8') {
    try {
      utf8 = Buffer.from(new TextDecoder(encoding).decode(body), 'utf8');
    } catch {
      throw clientError(415, `Unsupported charset "${encoding.toUpperCase()}"`, 'charset.unsupported');
    }
  }
  if (nestsDeeperThan(utf8, MAX_JSON_NESTING)) throw clientError(400, JSON_TOO_DEEP_MESSAGE, 'entity.too.deep');
}
