import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { DataSource, IsNull, Not, type EntityManager } from 'typeorm';
import {
  can,
  USERS_PAGE_SIZE,
  userDeleted,
  userUpdated,
  type PageQuery,
  type UserListItem,
  type UserPageResponse,
  type UserResponse,
} from '@app/contracts';
import { AppError, OutboxWriter, type Tenancy } from '@app/platform';
import { isUniqueViolation } from '../common/db-errors';
import { mapUser, mapUserListItem, userSnapshot, type UserCreateDto, type UserUpdateDto } from '../dtos/user.dto';
import { Company } from '../entities/company.entity';
import { Plan } from '../entities/plan.entity';
import { RefreshToken } from '../entities/refresh-token.entity';
import { User } from '../entities/user.entity';
import { companyQueues } from './company-queues';
import { assertMayCreate, assertMayDelete, assertMayRead, assertMayUpdate } from './user-permissions';
import { UserWriter } from './user-writer';

const lastAdmin = () => new AppError('ERR_LAST_ADMIN', 'The company needs at least one admin');

/** A company's users; the permission rules are in user-permissions.ts (docs/permissions.md). */
@Injectable()
export class UserService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly writer: UserWriter,
  ) {}

  async page(tenancy: Tenancy, query: PageQuery): Promise<UserPageResponse> {
    if (!can(tenancy, 'users-page:view')) throw new AppError('ERR_NO_PERMISSION', 'Only admins and supervisors list users');
    const search = `%${query.searchParam.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [users, count] = await this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .where('user.companyId = :companyId', { companyId: tenancy.companyId })
      .andWhere('(lower(user.name) LIKE :search OR user.email LIKE :search)', { search })
      .orderBy('user.name', 'ASC')
      .addOrderBy('user.id', 'ASC')
      .skip((query.pageNumber - 1) * USERS_PAGE_SIZE)
      .take(USERS_PAGE_SIZE)
      .getManyAndCount();
    return { users: users.map((user) => mapUser(user)), count, hasMore: count > query.pageNumber * USERS_PAGE_SIZE };
  }

  /** Every user of the company (transfer dialogs, filters); another company's only for super users. */
  async list(tenancy: Tenancy, companyId?: number): Promise<UserListItem[]> {
    const target = companyId ?? tenancy.companyId;
    if (target !== tenancy.companyId && !tenancy.super) {
      throw new AppError('ERR_NO_PERMISSION', "Only super users list another company's users");
    }
    const users = await this.dataSource.getRepository(User).find({ where: { companyId: target }, order: { name: 'ASC', id: 'ASC' } });
    return users.map(mapUserListItem);
  }

  async get(tenancy: Tenancy, id: number): Promise<UserResponse> {
    const user = await this.load(this.dataSource.manager, id);
    assertMayRead(tenancy, user);
    return mapUser(user);
  }

  async create(tenancy: Tenancy, input: UserCreateDto): Promise<UserResponse> {
    assertMayCreate(tenancy, input);
    const user = await this.dataSource.transaction(async (manager) => {
      // Locks the company row so two creations cannot both pass the plan's limit.
      const company = await manager.findOneOrFail(Company, { where: { id: tenancy.companyId }, lock: { mode: 'pessimistic_write' } });
      const plan = await manager.findOneByOrFail(Plan, { id: company.planId });
      const count = await manager.count(User, { where: { companyId: tenancy.companyId } });
      if (count >= plan.users) throw new AppError('ERR_USER_LIMIT_REACHED', `The plan allows ${plan.users} users`);
      if (input.queueIds?.length) {
        await companyQueues.lock(manager, tenancy.companyId);
        await companyQueues.assertKnown(manager, tenancy.companyId, input.queueIds);
      }
      return this.writer.insert(manager, { ...input, companyId: tenancy.companyId });
    });
    return mapUser(user);
  }

  async update(tenancy: Tenancy, id: number, input: UserUpdateDto): Promise<UserResponse> {
    try {
      const user = await this.dataSource.transaction(async (manager) => {
        // Before the user's row lock, in the order the queue-deletion consumer takes them.
        if (input.queueIds?.length) await companyQueues.lock(manager, tenancy.companyId);
        const target = await this.load(manager, id, true);
        assertMayUpdate(tenancy, target, input);
        if (input.queueIds?.length) {
          // Only ids being added: the ones the user has stay valid while the projection catches up.
          await companyQueues.assertKnown(manager, target.companyId, input.queueIds.filter((queueId) => !target.queueIds.includes(queueId)));
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
          if (target.id !== tenancy.userId) {
            await manager.update(RefreshToken, { userId: target.id, revokedAt: IsNull() }, { revokedAt: new Date() });
          }
        }
        const saved = await manager.save(target);
        await this.outbox.add(manager, {
          definition: userUpdated,
          companyId: saved.companyId,
          key: saved.id,
          payload: { user: userSnapshot(saved) },
        });
        return saved;
      });
      return mapUser(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('ERR_EMAIL_ALREADY_EXISTS', 'A user with this e-mail already exists');
      throw error;
    }
  }

  async remove(tenancy: Tenancy, id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const target = await this.load(manager, id, true);
      assertMayDelete(tenancy, target);
      if (target.profile === 'admin') await this.assertAnotherAdmin(manager, target);
      await manager.delete(User, { id: target.id });
      await this.outbox.add(manager, {
        definition: userDeleted,
        companyId: target.companyId,
        key: target.id,
        payload: { userId: target.id, companyId: target.companyId },
      });
    });
  }

  /** Locks the company's admins, so two demotions cannot leave it with none. */
  private async assertAnotherAdmin(manager: EntityManager, target: User): Promise<void> {
    const admins = await manager.find(User, {
      where: { companyId: target.companyId, profile: 'admin', id: Not(target.id) },
      lock: { mode: 'pessimistic_write' },
    });
    if (admins.length === 0) throw lastAdmin();
  }

  private async load(manager: EntityManager, id: number, lock = false): Promise<User> {
    const user = await manager.findOne(User, { where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 'User not found');
    return user;
  }
}
