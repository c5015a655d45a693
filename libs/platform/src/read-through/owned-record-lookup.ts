import { OWNED_RECORDS, type OwnedRecord, type OwnedRecordKind } from '@app/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';

import type { Tenancy } from '../auth/tenancy';
import { AppError } from '../errors/app-error';
import { callService } from '../http/call-service';
import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform-options';

/** How the owner's own process answers one of its records to a user of `tenancy`'s company, or null. */
export type OwnedRecordAnswerer<K extends OwnedRecordKind> = (tenancy: Tenancy, id: number) => Promise<OwnedRecord<K> | object | null>;

const TIMEOUT_MS = 3_000;

/**
 * Asks the service that owns a record for it, on behalf of the caller: in the owner's process (the
 * owner's module registered an answerer: standalone, or the owner asking itself) by a plain call;
 * otherwise over HTTP at the owner's URL with the caller's own token, so the owner applies its tenant
 * checks. Null when the owner does not know the id for the caller's company, or cannot be asked.
 */
@Injectable()
export class OwnedRecordLookup {
  private readonly logger = new Logger(OwnedRecordLookup.name);
  private readonly answerers = new Map<OwnedRecordKind, OwnedRecordAnswerer<OwnedRecordKind>>();

  constructor(@Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions) {}

  /** Registered by the owner's module: its records are answered in this process. */
  answer<K extends OwnedRecordKind>(kind: K, answerer: OwnedRecordAnswerer<K>): void {
    this.answerers.set(kind, answerer as unknown as OwnedRecordAnswerer<OwnedRecordKind>);
  }

  async find<K extends OwnedRecordKind>(
    kind: K,
    caller: { tenancy: Tenancy; authorization: string },
    id: number,
  ): Promise<OwnedRecord<K> | null> {
    const record = OWNED_RECORDS[kind];
    const local = this.answerers.get(kind);
    if (local) {
      try {
        const found = await local(caller.tenancy, id);
        return found === null ? null : (record.schema.parse(found) as OwnedRecord<K>);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    }
    const baseUrl = this.options.serviceUrls?.[record.owner];
    if (!baseUrl) return null;
    try {
      const answer = await callService<unknown>(baseUrl, record.path(id), { authorization: caller.authorization, timeoutMs: TIMEOUT_MS });
      if (answer.ok) return record.schema.parse(answer.body) as OwnedRecord<K>;
      if (answer.status !== 404) this.logger.warn({ kind, id, status: answer.status }, `${record.owner} did not answer the ${kind}`);
    } catch (error) {
      this.logger.warn({ kind, id, error: String(error) }, `${record.owner} could not be asked for the ${kind}`);
    }
    return null;
  }
}
