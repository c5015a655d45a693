import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { catchError, from, mergeMap, type Observable, throwError } from 'rxjs';

import type { AuthenticatedRequest } from '../auth/decorators';
import { projectionReadThroughs } from '../health/metrics';
import { OwnedRecordLookup } from './owned-record-lookup';
import { ProjectionMiss } from './projection-miss';

/**
 * Ids of another service's records are usable in the request right after the one that created them
 * (docs/decisions/0039-ids-usable-at-once-read-through.md). A request that found one missing from
 * its service's copy (a ProjectionMiss) asks the owner for each missing id; when the owner knows it
 * for the caller's company, the copy takes it and the request runs again. Otherwise (the owner does
 * not know any of them) the caller gets the request's own not-found answer. A request that finds its ids
 * costs nothing more.
 */
/**
 * A request may name ids of several copies that its checks meet one after the other (a ticket's
 * connection, then its user): each run fills at least one more, so a few runs reach every kind.
 */
const MAX_ROUNDS = 4;

@Injectable()
export class ReadThroughInterceptor implements NestInterceptor {
  constructor(private readonly lookup: OwnedRecordLookup) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    let rounds = 0;
    return next.handle().pipe(
      catchError((error: unknown, again: Observable<unknown>) => {
        if (
          !(error instanceof ProjectionMiss) ||
          rounds >= MAX_ROUNDS ||
          !request.tenancy ||
          request.tenancy.companyId !== error.companyId
        ) {
          return throwError(() => error);
        }
        rounds++;
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
          const filled = record !== null && record.id === id && record.companyId === miss.companyId && (await projection.fill(record));
          projectionReadThroughs.inc({ kind: projection.kind, outcome: filled ? 'filled' : 'unknown' });
          return filled;
        }),
      ),
    );
    return filled.some(Boolean);
  }
}
