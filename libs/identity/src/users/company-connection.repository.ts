import { AppError, CompanyOwnedIds } from '@app/platform';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * identity.company_connections, the ids of each company's connections as whatsapp announces them: a
 * user's default connection must be one of the own company's (404 ERR_NO_WAPP_FOUND otherwise;
 * `lock`, `assertKnown`, `remember`, `forget`).
 */
@Injectable()
export class CompanyConnectionRepository extends CompanyOwnedIds {
  constructor(@InjectDataSource('identity') dataSource: DataSource) {
    super(
      {
        schema: 'identity',
        table: 'company_connections',
        column: 'connection_id',
        kind: 'connection',
        tombstones: 'deleted_company_connections',
        notFound: (missing) =>
          new AppError('ERR_NO_WAPP_FOUND', `No connection ${missing.join(', ')} in this company`, { whatsappIds: missing }),
      },
      dataSource,
    );
  }
}
