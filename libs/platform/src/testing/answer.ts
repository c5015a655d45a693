import { errorBodySchema, type ErrorCode } from '@app/contracts';
import { z } from 'zod';

/** What a spec holds of an answer: supertest's response, or the body itself. */
type Answer = { body: unknown; status?: number } | unknown;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const bodyOf = (answer: Answer): unknown =>
  isRecord(answer) && 'body' in answer && ('status' in answer || 'statusCode' in answer) ? answer.body : answer;

/**
 * The paths of fields the answer carries but the schema does not know (zod drops them while parsing):
 * a field renamed on the server shows here even when the contract holds it as optional.
 */
function unknownFields(input: unknown, output: unknown, at = ''): string[] {
  if (Array.isArray(input) && Array.isArray(output)) {
    return input.flatMap((item, index) => unknownFields(item, output[index], `${at}[${index}]`));
  }
  if (!isRecord(input) || !isRecord(output) || input instanceof Date) return [];
  return Object.keys(input).flatMap((key) => {
    const path = at ? `${at}.${key}` : key;
    if (!(key in output)) return input[key] === undefined ? [] : [path];
    return unknownFields(input[key], output[key], path);
  });
}

/**
 * Parses an answer (a supertest response or its body) with its contract schema and returns the typed
 * value; an answer that breaks the contract, or carries a field the contract does not name, fails with
 * the list of differences and the body as received.
 *
 *   const ticket = expectAnswer(ticketSchema, await request(t.http).get('/api/tickets/1').expect(200));
 */
export function expectAnswer<S extends z.ZodType>(schema: S, answer: Answer): z.output<S> {
  const body = bodyOf(answer);
  const status = isRecord(answer) && typeof answer.status === 'number' ? answer.status : undefined;
  const result = schema.safeParse(body);
  const received = `answer${status === undefined ? '' : ` (status ${status})`} as received:\n${JSON.stringify(body, null, 2)}`;
  if (!result.success) {
    throw new Error(`the answer does not match its contract:\n${z.prettifyError(result.error)}\n${received}`);
  }
  const extra = unknownFields(body, result.data);
  if (extra.length > 0) {
    throw new Error(`the answer carries fields its contract does not name: ${extra.join(', ')}\n${received}`);
  }
  return result.data;
}

/** Parses an error answer with the contract's error body and, when given, holds its code. */
export function expectErrorAnswer(answer: Answer, code?: ErrorCode): z.output<typeof errorBodySchema> {
  const error = expectAnswer(errorBodySchema, answer);
  if (code !== undefined && error.error !== code) {
    throw new Error(`expected the error ${code}, the answer is ${error.error}: ${error.message}`);
  }
  return error;
}
