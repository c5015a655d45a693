import { userCreated } from '@app/contracts';
import { AppError, OutboxWriter } from '@app/platform';
import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import type { EntityManager } from 'typeorm';

import { isUniqueViolation } from '../common/db-errors';
import { type AllTicket, type User, type UserProfile, UserRepository } from '../common/user.repository';
import { userSnapshot } from '../common/user-answers';

export interface NewUser {
  companyId: number;
  name: string;
  email: string;
  password: string;
  profile: UserProfile;
  super?: boolean;
  allTicket?: AllTicket;
  whatsappId?: number | null;
  queueIds?: number[];
}

/** Inserts a user and its identity.user.created event in the caller's transaction. */
@Injectable()
export class UserWriter {
  constructor(
    private readonly users: UserRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  async insert(manager: EntityManager, input: NewUser): Promise<User> {
    const email = input.email.toLowerCase();
    if (await this.users.emailTaken(email, manager)) {
      throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 'A user with this e-mail already exists');
    }
    const user = await this.users
      .insert(manager, {
        companyId: input.companyId,
        name: input.name,
        email,
        passwordHash: await argon2.hash(input.password),
        profile: input.profile,
        super: input.super ?? false,
        allTicket: input.allTicket ?? 'desabled',
        whatsappId: input.whatsappId ?? null,
        queueIds: input.queueIds ?? [],
        online: false,
        lastSeenAt: null,
      })
      .catch((error: unknown) => {
        // Two requests raced past the check above; the unique index decided.
        if (isUniqueViolation(error)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 'A user with this e-mail already exists');
        throw error;
      });
    await this.outbox.add(manager, {
      definition: userCreated,
      companyId: user.companyId,
      key: user.id,
      payload: { user: userSnapshot(user) },
    });
    return user;
  }
}
