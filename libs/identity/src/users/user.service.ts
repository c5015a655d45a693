import {
  can,
  type PageQuery,
  userDeleted,
  type UserListItem,
  type UserPageResponse,
  type UserResponse,
  USERS_PAGE_SIZE,
  type UserSnapshot,
  userUpdated,
} from '@app/contracts';
import { AppError, likeContaining, OutboxWriter, SessionRegistry, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';
import type { EntityManager } from 'typeorm';

import { SessionService } from '../auth/session.service';
import { CompanyRepository } from '../common/company.repository';
import { isUniqueViolation } from '../common/db-errors';
import { PlanRepository } from '../common/plan.repository';
import { type User, UserRepository } from '../common/user.repository';
import { mapUser, mapUserListItem, userSnapshot } from '../common/user-answers';
import { CompanyConnectionRepository } from './company-connection.repository';
import { CompanyQueueRepository } from './company-queue.repository';
import type { UserCreateDto, UserUpdateDto } from './user.dto';
import { assertMayCreate, assertMayDelete, assertMayRead, assertMayUpdate } from './user-permissions';
import { UserWriter } from './user-writer';

const lastAdmin = () => new AppError('ERR_LAST_ADMIN', 'The company needs at least one admin');
const userNotFound = (): never => {
  throw new AppError('ERR_NO_USER_FOUND', 'User not found');
};

/** A company's users; the permission rules are in user-permissions.ts (docs/permissions.md). */
@Injectable()
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly companies: CompanyRepository,
    private readonly plans: PlanRepository,
    private readonly companyQueues: CompanyQueueRepository,
    private readonly companyConnections: CompanyConnectionRepository,
    private readonly outbox: OutboxWriter,
    private readonly writer: UserWriter,
    private readonly sessions: SessionService,
    private readonly sessionRegistry: SessionRegistry,
  ) {}

  async page(tenancy: Tenancy, query: PageQuery): Promise<UserPageResponse> {
    if (!can(tenancy, 'users-page:view')) throw new AppError('ERR_NO_PERMISSION', 'Only admins and supervisors list users');
    const search = likeContaining(query.searchParam.toLowerCase());
    const [users, count] = await this.users.page(tenancy.companyId, search, query.pageNumber, USERS_PAGE_SIZE);
    return { users: users.map((user) => mapUser(user)), count, hasMore: count > query.pageNumber * USERS_PAGE_SIZE };
  }

  /** Every user of the company (transfer dialogs, filters); another company's only for super users. */
  async list(tenancy: Tenancy, companyId?: number): Promise<UserListItem[]> {
    const target = companyId ?? tenancy.companyId;
    if (target !== tenancy.companyId && !tenancy.super) {
      throw new AppError('ERR_NO_PERMISSION', "Only super users list another company's users");
    }
    return (await this.users.ofCompany(target)).map(mapUserListItem);
  }

  async get(tenancy: Tenancy, id: number): Promise<UserResponse> {
    const user = await this.load(id);
    assertMayRead(tenancy, user);
    return mapUser(user);
  }

  /** The user as identity's events announce it; only a user of the caller's own company (decision 0039). */
  async snapshot(tenancy: Tenancy, id: number): Promise<UserSnapshot> {
    const user = await this.load(id);
    if (user.companyId !== tenancy.companyId) userNotFound();
    return userSnapshot(user);
  }

  async create(tenancy: Tenancy, input: UserCreateDto): Promise<UserResponse> {
    assertMayCreate(tenancy, input);
    const user = await this.users.transaction(async (manager) => {
      // Locks the company row so two creations cannot both pass the plan's limit.
      const company = await this.companies.findLockedOrFail(manager, tenancy.companyId);
      const plan = await this.plans.findByIdOrFail(manager, company.planId);
      const count = await this.users.countOfCompany(manager, tenancy.companyId);
      if (count >= plan.users) throw new AppError('ERR_USER_LIMIT_REACHED', `The plan allows ${plan.users} users`);
      if (input.queueIds?.length) {
        await this.companyQueues.lock(manager, tenancy.companyId);
        await this.companyQueues.assertKnown(manager, tenancy.companyId, input.queueIds);
      }
      if (input.whatsappId) {
        await this.companyConnections.lock(manager, tenancy.companyId);
        await this.companyConnections.assertKnown(manager, tenancy.companyId, [input.whatsappId]);
      }
      return this.writer.insert(manager, { ...input, companyId: tenancy.companyId });
    });
    return mapUser(user);
  }

  async update(tenancy: Tenancy, id: number, input: UserUpdateDto): Promise<UserResponse> {
    let endedSessions: string[] = [];
    try {
      const user = await this.users.transaction(async (manager) => {
        // Before the user's row lock, in the order the queue-deletion consumer takes them.
        if (input.queueIds?.length) await this.companyQueues.lock(manager, tenancy.companyId);
        if (input.whatsappId) await this.companyConnections.lock(manager, tenancy.companyId);
        if (input.profile !== undefined) await this.users.lockAdminChanges(manager, tenancy.companyId);
        const target = await this.loadLocked(manager, id);
        assertMayUpdate(tenancy, target, input);
        if (input.queueIds?.length) {
          // Only ids being added: the ones the user has stay valid while the projection catches up.
          await this.companyQueues.assertKnown(
            manager,
            target.companyId,
            input.queueIds.filter((queueId) => !target.queueIds.includes(queueId)),
          );
        }
        // Likewise the default connection: checked when it changes, against the company's connections.
        if (input.whatsappId && input.whatsappId !== target.whatsappId) {
          await this.companyConnections.assertKnown(manager, target.companyId, [input.whatsappId]);
        }
        if (target.profile === 'admin' && input.profile !== undefined && input.profile !== 'admin') {
          await this.assertAnotherAdmin(manager, target);
        }
        const { password, ...fields } = input;
        for (const [key, value] of Object.entries(fields)) {
          if (value !== undefined) Object.assign(target, { [key]: value });
        }
        if (password) {
          target.passwordHash = await argon2.hash(password);
          // Someone else set this password: the user's open sessions end.
          if (target.id !== tenancy.userId) endedSessions = await this.sessions.endSessionsOfUser(manager, target.id);
        }
        const saved = await this.users.save(manager, target);
        await this.outbox.add(manager, {
          definition: userUpdated,
          companyId: saved.companyId,
          key: saved.id,
          payload: { user: userSnapshot(saved) },
        });
        return saved;
      });
      this.sessions.forget(endedSessions);
      this.sessionRegistry.apply({ kind: 'user-changed', userId: user.id, profile: user.profile, super: user.super });
      return mapUser(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 'A user with this e-mail already exists');
      throw error;
    }
  }

  async remove(tenancy: Tenancy, id: number): Promise<void> {
    await this.users.transaction(async (manager) => {
      await this.users.lockAdminChanges(manager, tenancy.companyId);
      const target = await this.loadLocked(manager, id);
      assertMayDelete(tenancy, target);
      if (target.profile === 'admin') await this.assertAnotherAdmin(manager, target);
      await this.users.delete(manager, target.id);
      await this.outbox.add(manager, {
        definition: userDeleted,
        companyId: target.companyId,
        key: target.id,
        payload: { userId: target.id, companyId: target.companyId },
      });
    });
    this.sessionRegistry.apply({ kind: 'user-deleted', userId: id });
  }

  /** Locks the company's admins, so two demotions cannot leave it with none. */
  private async assertAnotherAdmin(manager: EntityManager, target: User): Promise<void> {
    const admins = await this.users.otherAdminsLocked(manager, target.companyId, target.id);
    if (admins.length === 0) throw lastAdmin();
  }

  private async load(id: number): Promise<User> {
    return (await this.users.findById(id)) ?? userNotFound();
  }

  /** The user, locked for the caller's transaction. */
  private async loadLocked(manager: EntityManager, id: number): Promise<User> {
    return (await this.users.findLocked(manager, id)) ?? userNotFound();
  }
}
