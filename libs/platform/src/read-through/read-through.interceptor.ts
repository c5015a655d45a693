import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';

import type { AuthenticatedRequest } from '../auth/decorators';
import { OwnedRecordLookup } from './owned-record-lookup';
import { ProjectionMiss } from './projection-miss';

/**
 * Ids of another service's records are usable in the request right after the one that created them
 * (docs/decisions/0039-ids-usable-at-once-read-through.md). A request that found one missing from
 * its service's copy (a ProjectionMiss) asks the owner for each missing id; when the owner knows it
 * for the caller's company, the copy takes it and the request runs once more. Otherwise, or when it
 * misses again, the caller gets the request's own not-found answer. A request that finds its ids
 * costs nothing more.
 */
@Injectable()
export class ReadThroughInterceptor implements NestInterceptor {
  constructor(private readonly lookup: OwnedRecordLookup) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    let retried = false;
    return next.handle().pipe(
      catchError((error: unknown, again: Observable<unknown>) => {
        if (!(error instanceof ProjectionMiss) || retried || !request.tenancy || request.tenancy.companyId !== error.companyId) {
          return throwError(() => error);
        }
        retried = true;
        return from(this.fillFromOwners(error, request)).pipe(mergeMap((filled) => (filled ? again : throwError(() => error))));
      }),
    );
  }

  /** Whether the copy took at least one of the missing records. */
  private async fillFromOwners(miss: ProjectionMiss, request: AuthenticatedRequest): Promise<boolean> {
    const caller = { tenancy: request.tenancy!, authorization: request.headers.authorization ?? '' };
    const filled = await Promise.all(
      miss.misses.flatMap(({ projection, ids }) =>
        ids.map(async (id) => {
          const record = await this.lookup.find(projection.kind, caller, id);
          return record !== null && record.id === id && record.companyId === miss.companyId && (await projection.fill(record));
        }),
      ),
    );
    return filled.some(Boolean);
  }
}
