import type { ArgumentMetadata } from '@nestjs/common';

import { AppError } from '../errors/app-error';
import { findUnstorableText, ParseIdPipe, StorableTextPipe } from './input-validation';

const body: ArgumentMetadata = { type: 'body' };

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('input validation at the edge', () => {
  it('a path id is parsed by the shared rule; past 2^31-1, 1e12 or not digits is ERR_VALIDATION naming the param', () => {
    const pipe = new ParseIdPipe();
    expect(pipe.transform('7', { type: 'param', data: 'ticketId' })).toBe(7);
    for (const bad of ['2147483648', '99999999999999999999', '1e12', 'abc', '0']) {
      const error = refusal(() => pipe.transform(bad, { type: 'param', data: 'ticketId' }));
      expect(error.code).toBe('ERR_VALIDATION');
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/^ticketId: /);
    }
  });

  it('finds a NUL byte or lone surrogate anywhere in a parsed input, keys included, and says where', () => {
    expect(findUnstorableText({ a: 'ok', b: [1, 'fine 👋'], c: { d: null } })).toBeNull();
    expect(findUnstorableText({ a: { b: ['ok', 'x\u0000'] } })).toEqual(['a', 'b', '1']);
    expect(findUnstorableText({ extraInfo: [{ name: 'x\ud800' }] })).toEqual(['extraInfo', '0', 'name']);
    expect(findUnstorableText({ ['k\u0000']: 'v' })).toEqual(['k\u0000']);
    const query = Object.assign(Object.create(null) as Record<string, string>, { searchParam: 'a\u0000' });
    expect(findUnstorableText(query)).toEqual(['searchParam']);
  });

  it('the global pipe refuses such text in bodies, queries and params with 400 ERR_VALIDATION, and lets the rest through', () => {
    const pipe = new StorableTextPipe();
    const good = { name: 'Olá', tags: [1, 2] };
    expect(pipe.transform(good, body)).toBe(good);
    expect(pipe.transform('x\u0000', { type: 'custom' })).toBe('x\u0000');
    const inBody = refusal(() => pipe.transform({ name: 'a\u0000b' }, body));
    expect([inBody.status, inBody.code, inBody.message]).toEqual([
      400,
      'ERR_VALIDATION',
      'name: Text may not contain NUL bytes or unpaired UTF-16 surrogates',
    ]);
    expect(inBody.details).toEqual({ fields: [{ path: 'name', message: expect.any(String) }] });
    expect(refusal(() => pipe.transform({ searchParam: '\ud800' }, { type: 'query' })).message).toMatch(/^searchParam: /);
    expect(refusal(() => pipe.transform('a\u0000', { type: 'param', data: 'name' })).message).toMatch(/^name: /);
  });
});
