import { CompanyQueueIds } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * identity.company_queues, the ids of each company's queues as conversations announces them: users
 * may only be given queues of their own company (`lock`, `assertKnown`, `remember`, `forget`).
 */
@Injectable()
export class CompanyQueueRepository extends CompanyQueueIds {
  constructor(@InjectDataSource('identity') dataSource: DataSource) {
    super('identity', dataSource);
  }
}
