import type { EntityManager } from 'typeorm';
import { AppError } from '@app/platform';

/**
 * The company's queue ids as conversations announced them (identity.company_queues). Saves that set
 * queue ids and the queue-deletion consumer take this lock first, so a check and a deletion of the
 * same company never interleave (docs/decisions/0019-queue-ids-checked-against-a-projection.md).
 */
export async function lockCompanyQueues(manager: EntityManager, companyId: number): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('identity.user-queues'), $1)`, [companyId]);
}

/** Remembers a queue conversations announced; its id and company never change. */
export async function rememberQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
  await manager.query(`INSERT INTO identity.company_queues (company_id, queue_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
    companyId,
    queueId,
  ]);
}

export async function forgetQueue(manager: EntityManager, companyId: number, queueId: number): Promise<void> {
  await manager.query(`DELETE FROM identity.company_queues WHERE company_id = $1 AND queue_id = $2`, [companyId, queueId]);
}

/** 400 ERR_QUEUE_NOT_FOUND unless every id is one of the company's queues. Call it holding lockCompanyQueues. */
export async function assertCompanyQueues(manager: EntityManager, companyId: number, queueIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(queueIds)];
  if (wanted.length === 0) return;
  const rows: { queue_id: number }[] = await manager.query(
    `SELECT queue_id FROM identity.company_queues WHERE company_id = $1 AND queue_id = ANY($2::int[])`,
    [companyId, wanted],
  );
  const known = new Set(rows.map((row) => row.queue_id));
  const missing = wanted.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw new AppError('ERR_QUEUE_NOT_FOUND', `No queue ${missing.join(', ')} in this company`, { queueIds: missing });
  }
}
