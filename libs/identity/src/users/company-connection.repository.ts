import { AppError, CompanyOwnedIds } from '@app/platform';
import { Injectable } from '@nestjs/common';

/**
 * identity.company_connections, the ids of each company's connections as whatsapp announces them: a
 * user's default connection must be one of the own company's (404 ERR_NO_WAPP_FOUND otherwise;
 * `lock`, `assertKnown`, `remember`, `forget`).
 */
@Injectable()
export class CompanyConnectionRepository extends CompanyOwnedIds {
  constructor() {
    super({
      schema: 'identity',
      table: 'company_connections',
      column: 'connection_id',
      notFound: (missing) =>
        new AppError('ERR_NO_WAPP_FOUND', `No connection ${missing.join(', ')} in this company`, { whatsappIds: missing }),
    });
  }
}
