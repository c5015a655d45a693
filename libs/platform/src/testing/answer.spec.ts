import { z } from 'zod';

import { expectAnswer, expectErrorAnswer } from './answer';

const ticket = z.object({ id: z.number(), status: z.string(), contact: z.object({ name: z.string(), number: z.string().optional() }) });

describe('expectAnswer', () => {
  it('returns the parsed body of a response, typed by the schema', () => {
    const body = { id: 1, status: 'open', contact: { name: 'Ana' } };
    expect(expectAnswer(ticket, { status: 200, body })).toEqual(body);
    expect(expectAnswer(z.array(ticket), [body])).toEqual([body]);
  });

  it('a field renamed by the server fails, naming the path', () => {
    expect(() => expectAnswer(ticket, { status: 200, body: { id: 1, state: 'open', contact: { name: 'Ana' } } })).toThrow(
      /status[\s\S]*"state": "open"/,
    );
  });

  it('a field the contract does not name fails, even beside an optional one renamed', () => {
    expect(() => expectAnswer(ticket, { status: 200, body: { id: 1, status: 'open', contact: { name: 'Ana', phone: '55' } } })).toThrow(
      /contract does not name: contact\.phone/,
    );
  });

  it('an error answer is held to the error body and, when given, its code', () => {
    const refused = { status: 403, body: { error: 'ERR_NO_PERMISSION', message: 'no', extra: 1 } };
    expect(expectErrorAnswer(refused, 'ERR_NO_PERMISSION').error).toBe('ERR_NO_PERMISSION');
    expect(() => expectErrorAnswer(refused, 'ERR_NOT_FOUND')).toThrow(/ERR_NOT_FOUND/);
    expect(() => expectErrorAnswer({ status: 500, body: { error: 'ERR_MADE_UP', message: 'x' } })).toThrow(/does not match/);
  });
});
