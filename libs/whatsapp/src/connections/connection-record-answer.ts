import { OwnedRecordLookup } from '@app/platform';
import { Injectable, type OnModuleInit } from '@nestjs/common';

import { ConnectionService } from './connection.service';

/**
 * Whatsapp answers its connections in its own process to the services that keep copies of them and
 * do not have one yet (standalone; decision 0039). Over HTTP the same answer is GET /whatsapp/:id.
 */
@Injectable()
export class ConnectionRecordAnswer implements OnModuleInit {
  constructor(
    private readonly lookup: OwnedRecordLookup,
    private readonly connections: ConnectionService,
  ) {}

  onModuleInit(): void {
    this.lookup.answer('connection', (tenancy, id) => this.connections.get(tenancy, id));
  }
}
