import type { ErrorBody, ErrorCode } from '@app/contracts';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ZodValidationException } from 'nestjs-zod';
import { ZodError } from 'zod';

import { AppError } from './app-error';

export function zodFields(error: ZodError): NonNullable<ErrorBody['fields']> {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: 'ERR_VALIDATION',
  [HttpStatus.UNAUTHORIZED]: 'ERR_SESSION_EXPIRED',
  [HttpStatus.FORBIDDEN]: 'ERR_NO_PERMISSION',
  [HttpStatus.NOT_FOUND]: 'ERR_NOT_FOUND',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'ERR_VALIDATION',
  [HttpStatus.TOO_MANY_REQUESTS]: 'ERR_RATE_LIMITED',
};

/**
 * An error of the HTTP layer below Nest (body-parser's http-errors: a body over the limit, malformed
 * JSON, an unsupported charset): a client error with a status and a message meant to be shown.
 */
interface HttpLayerError {
  status: number;
  expose: true;
  message: string;
  type?: string;
  limit?: number;
}

function isHttpLayerError(error: unknown): error is HttpLayerError {
  if (!(error instanceof Error)) return false;
  const { status, expose } = error as Partial<HttpLayerError>;
  return expose === true && typeof status === 'number' && status >= 400 && status < 500;
}

function httpLayerMessage(error: HttpLayerError): string {
  switch (error.type) {
    case 'entity.too.large': {
      const limit = error.limit ?? 0;
      const size = limit >= 1_048_576 ? `${Math.round(limit / 1_048_576)} MB` : `${limit} bytes`;
      return `The request body is larger than the ${size} limit`;
    }
    case 'entity.parse.failed':
      return `The request body is not valid JSON: ${error.message}`;
    default:
      return error.message;
  }
}

/** Maps every error to `{ error: 'ERR_...', message }`; validation errors list the bad fields. */
export function toErrorBody(exception: unknown): { status: number; body: ErrorBody } {
  if (exception instanceof AppError) {
    return {
      status: exception.status,
      body: { ...exception.details, error: exception.code, message: exception.message },
    };
  }
  if (exception instanceof ZodValidationException) {
    const zodError = exception.getZodError();
    const fields = zodError instanceof ZodError ? zodFields(zodError) : [];
    const message = fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join('; ');
    return { status: 400, body: { error: 'ERR_VALIDATION', message: message || 'Invalid input', fields } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message = typeof response === 'string' ? response : String((response as { message?: unknown }).message ?? exception.message);
    return { status, body: { error: STATUS_CODES[status] ?? 'ERR_INTERNAL', message } };
  }
  if (isHttpLayerError(exception)) {
    return {
      status: exception.status,
      body: { error: STATUS_CODES[exception.status] ?? 'ERR_VALIDATION', message: httpLayerMessage(exception) },
    };
  }
  return { status: 500, body: { error: 'ERR_INTERNAL', message: 'Internal server error' } };
}

@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const { status, body } = toErrorBody(exception);
    if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    // A 429 says when to come back, in the header clients and proxies read as well as in the body.
    const retryAfter = (body as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    if (typeof retryAfter === 'number') response.setHeader('Retry-After', String(retryAfter));
    response.status(status).json(body);
  }
}
