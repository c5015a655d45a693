import type { OwnedRecord, OwnedRecordKind } from '@app/contracts';

import { AppError } from '../errors/app-error';

/**
 * A service's copy of another service's records (a projection fed by the owner's events) that can
 * take one record from its owner's answer. `fill` writes it under the same guards as the events (a
 * record the events deleted stays deleted) and says whether the copy has it now.
 */
export interface ReadThroughProjection<K extends OwnedRecordKind = OwnedRecordKind> {
  readonly kind: K;
  fill(record: OwnedRecord<K>): Promise<boolean>;
}

export interface MissedIds {
  projection: ReadThroughProjection;
  ids: number[];
}

/**
 * The answer to a request that named ids of another service's records its copy does not have (yet):
 * the `error` the caller gets when the owner does not know them either. Thrown inside the request's
 * transaction before any effect outside it, so ReadThroughInterceptor may run the request again once
 * the copy has them (docs/decisions/0039-ids-usable-at-once-read-through.md).
 */
export class ProjectionMiss extends AppError {
  constructor(
    readonly companyId: number,
    readonly misses: MissedIds[],
    error: AppError,
  ) {
    super(error.code, error.message, error.details);
    this.name = 'ProjectionMiss';
  }
}

/** Throws `error` as a ProjectionMiss of these ids of `projection` (when there are any). */
export function assertProjected(
  companyId: number,
  projection: ReadThroughProjection,
  missing: readonly number[],
  error: () => AppError,
): void {
  if (missing.length > 0) throw new ProjectionMiss(companyId, [{ projection, ids: [...new Set(missing)] }], error());
}
