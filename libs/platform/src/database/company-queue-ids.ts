import type { DataSource } from 'typeorm';

import { AppError } from '../errors/app-error';
import { CompanyOwnedIds } from './company-owned-ids.repository';

/**
 * A service's copy of the companies' queue ids, as conversations announces them
 * (`<schema>.company_queues`, deletions remembered in `<schema>.deleted_company_queues`), so users and
 * connections may only name queues of their own company
 * (docs/decisions/0019-queue-ids-checked-against-a-projection.md). identity and whatsapp keep one each.
 * Unknown ids answer 400 ERR_QUEUE_NOT_FOUND with the missing `queueIds`.
 */
export class CompanyQueueIds extends CompanyOwnedIds {
  constructor(schema: string, dataSource: DataSource) {
    super(
      {
        schema,
        table: 'company_queues',
        column: 'queue_id',
        kind: 'queue',
        tombstones: 'deleted_company_queues',
        notFound: (missing) => new AppError('ERR_QUEUE_NOT_FOUND', `No queue ${missing.join(', ')} in this company`, { queueIds: missing }),
      },
      dataSource,
    );
  }
}
