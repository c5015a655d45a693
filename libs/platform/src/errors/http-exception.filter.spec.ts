import { ERROR_CODES } from '@app/contracts';
import { BadRequestException, NotFoundException } from '@nestjs/common';
import { ZodValidationException } from 'nestjs-zod';
import { z } from 'zod';

import { AppError } from './app-error';
import { ERROR_STATUS } from './error-status';
import { toErrorBody } from './http-exception.filter';

describe('error mapping', () => {
  it('every ERR_* code has an HTTP status', () => {
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });

  it('an AppError answers its status with { error, message } and its extra details', () => {
    expect(toErrorBody(new AppError('ERR_OTHER_OPEN_TICKET', 'taken', { userId: 3 }))).toEqual({
      status: 409,
      body: { error: 'ERR_OTHER_OPEN_TICKET', message: 'taken', userId: 3 },
    });
  });

  it('details can never overwrite the code or the message', () => {
    const { body } = toErrorBody(new AppError('ERR_NO_PERMISSION', 'no', { error: 'ERR_FAKE', message: 'x' }));
    expect(body).toMatchObject({ error: 'ERR_NO_PERMISSION', message: 'no' });
  });

  it('a validation failure lists the bad fields', () => {
    const result = z.object({ name: z.string().min(2, 'Too Short!'), age: z.number() }).safeParse({ name: 'a' });
    const { status, body } = toErrorBody(new ZodValidationException(result.error));
    expect(status).toBe(400);
    expect(body.error).toBe('ERR_VALIDATION');
    expect(body.fields).toEqual([
      { path: 'name', message: 'Too Short!' },
      { path: 'age', message: expect.any(String) },
    ]);
  });

  it('framework errors get a code by status; anything unknown is a 500 that reveals nothing', () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /api/nothing')).body).toEqual({
      error: 'ERR_NOT_FOUND',
      message: 'Cannot GET /api/nothing',
    });
    expect(toErrorBody(new BadRequestException('bad json')).body.error).toBe('ERR_VALIDATION');
    expect(toErrorBody(new Error('secret internals'))).toEqual({
      status: 500,
      body: { error: 'ERR_INTERNAL', message: 'Internal server error' },
    });
  });

  it("the body parser's client errors keep their status: 413 over the limit, 400 for malformed JSON", () => {
    // As body-parser raises them (http-errors): status, expose and type.
    const tooLarge = Object.assign(new Error('request entity too large'), {
      status: 413,
      statusCode: 413,
      expose: true,
      type: 'entity.too.large',
      limit: 1_048_576,
    });
    expect(toErrorBody(tooLarge)).toEqual({
      status: 413,
      body: { error: 'ERR_VALIDATION', message: 'The request body is larger than the 1 MB limit' },
    });
    const malformed = Object.assign(new SyntaxError('Unexpected end of JSON input'), {
      status: 400,
      statusCode: 400,
      expose: true,
      type: 'entity.parse.failed',
    });
    expect(toErrorBody(malformed)).toEqual({
      status: 400,
      body: { error: 'ERR_VALIDATION', message: 'The request body is not valid JSON: Unexpected end of JSON input' },
    });
    const hidden = Object.assign(new Error('stream encoding should not be set'), {
      status: 500,
      expose: false,
      type: 'stream.encoding.set',
    });
    expect(toErrorBody(hidden).status).toBe(500);
  });
});
