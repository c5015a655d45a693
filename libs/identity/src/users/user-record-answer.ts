import { OwnedRecordLookup } from '@app/platform';
import { Injectable, type OnModuleInit } from '@nestjs/common';

import { UserService } from './user.service';

/**
 * Identity answers its users in its own process to the services that keep copies of them and do not
 * have one yet (standalone; decision 0039). Over HTTP the same answer is GET /users/:id/snapshot.
 */
@Injectable()
export class UserRecordAnswer implements OnModuleInit {
  constructor(
    private readonly lookup: OwnedRecordLookup,
    private readonly users: UserService,
  ) {}

  onModuleInit(): void {
    this.lookup.answer('user', (tenancy, id) => this.users.snapshot(tenancy, id));
  }
}
