import type { EntityManager } from 'typeorm';
import { AppError } from '@app/platform';

/**
 * The company's queue ids as conversations announced them (whatsapp.company_queues). Checked and
 * changed under the company's connection lock (see ConnectionService.lockCompany), so a check and a
 * deletion of the same company never interleave
 * (docs/decisions/0019-queue-ids-checked-against-a-projection.md).
 */

/** Remembers a queue conversations announced; its id and company never change. */
export async function rememberQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
  await manager.query(`INSERT INTO whatsapp.company_queues (company_id, queue_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    companyId,
    queueId,
  ]);
}

export async function forgetQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
  await manager.query(`DELETE FROM whatsapp.company_queues WHERE company_id = $1 AND queue_id = $2`, [companyId, queueId]);
}

/** 400 ERR_QUEUE_NOT_FOUND unless every id is one of the company's queues. */
export async function assertCompanyQueues(manager: EntityManager, companyId: number, queueIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(queueIds)];
  if (wanted.length === 0) return;
  const rows: { queue_id: number }[] = await manager.query(
    `SELECT queue_id FROM whatsapp.company_queues WHERE company_id = $1 AND queue_id = ANY($2::int[])`,
    [companyId, wanted],
  );
  const known = new Set(rows.map((row) => row.queue_id));
  const missing = wanted.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw new AppError('ERR_QUEUE_NOT_FOUND', `No queue ${missing.join(', ')} in this company`, { queueIds: missing });
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
