import { CompanyQueueIds } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * whatsapp.company_queues: connections may only offer and transfer to queues of their own company.
 * Checked and changed under the company's connection lock (ConnectionRepository.lockCompany), so a
 * check and a deletion of the same company never interleave. Its statements are the platform's
 * (company-owned-ids.repository.ts).
 */
@Injectable()
export class CompanyQueueRepository extends CompanyQueueIds {
  constructor(@InjectDataSource('whatsapp') dataSource: DataSource) {
    super('whatsapp', dataSource);
  }
}

/** The queue ids a save sets that the connection does not have yet (queues offered, transfer queue). */
export function newQueueIds(
  current: { queueIds: number[]; transferQueueId: number | null },
  change: { queueIds?: number[]; transferQueueId?: number | null },
): number[] {
  const added = (change.queueIds ?? []).filter((id) => !current.queueIds.includes(id));
  const transfer = change.transferQueueId;
  if (transfer !== undefined && transfer !== null && transfer !== current.transferQueueId) added.push(transfer);
  return added;
}
