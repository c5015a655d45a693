import type { ErrorCode } from '@app/contracts';

import { ERROR_STATUS } from './error-status';

/** A failure the client can act on: one of the API's ERR_* codes, its HTTP status and a message. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    /** Extra fields merged into the error body, e.g. the open ticket's owner. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}
