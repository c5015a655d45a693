import type { IncomingMessage, ServerResponse } from 'node:http';

import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_NESTING, nestsDeeperThan, refuseDeepJson } from './json-nesting';

const utf8 = (text: string) => Buffer.from(text, 'utf8');
const arrays = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const verify = (body: Buffer, encoding: string | null = 'utf-8') =>
  refuseDeepJson({} as IncomingMessage, {} as ServerResponse, body, encoding);

describe('one nesting limit for every JSON body', () => {
  it('counts objects and arrays inside one another, not side by side', () => {
    expect(nestsDeeperThan(utf8(arrays(3)), 3)).toBe(false);
    expect(nestsDeeperThan(utf8(arrays(4)), 3)).toBe(true);
    expect(nestsDeeperThan(utf8(JSON.stringify({ a: [{ b: 1 }], c: [{ d: 2 }], e: [[1], [2], [3]] })), 3)).toBe(false);
  });

  it('brackets inside strings, escaped quotes and non-ASCII text do not count', () => {
    expect(nestsDeeperThan(utf8(JSON.stringify({ text: '[[[[{{{{ "[[[[" \\ çã 😀 ]]' })), 1)).toBe(false);
    expect(nestsDeeperThan(utf8(JSON.stringify(['\\"', ['\\', [[1]]]])), 3)).toBe(true);
  });

  it(`a body ${MAX_JSON_NESTING} levels deep passes; one level more is a 400 naming the limit`, () => {
    expect(() => verify(utf8(arrays(MAX_JSON_NESTING)))).not.toThrow();
    expect(() => verify(utf8(arrays(MAX_JSON_NESTING + 1)))).toThrow(
      expect.objectContaining({ status: 400, expose: true, type: 'entity.too.deep', message: JSON_TOO_DEEP_MESSAGE }),
    );
  });

  it('a body in UTF-16 is read in its own charset', () => {
    const deep = Buffer.from(`{"a":"${'['.repeat(100)}","b":${arrays(MAX_JSON_NESTING + 1)}}`, 'utf16le');
    expect(() => verify(deep, 'utf-16le')).toThrow(JSON_TOO_DEEP_MESSAGE);
    expect(() => verify(Buffer.from(`{"a":"${'['.repeat(100)}"}`, 'utf16le'), 'utf-16le')).not.toThrow();
  });

  it('a million opening brackets are refused in one pass, without the stack', () => {
    expect(() => verify(Buffer.alloc(1_000_000, '['))).toThrow(JSON_TOO_DEEP_MESSAGE);
  });
});
