import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type DeepPartial, type EntityManager, Not } from 'typeorm';

import { User } from '../entities/user.entity';

const forUpdate = { lock: { mode: 'pessimistic_write' as const } };

/**
 * identity.users. Methods that take a `manager` first join the caller's transaction; reads that may
 * run either way take it last, optionally.
 */
@Injectable()
export class UserRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of a company's users whose lower-cased name or e-mail matches `search` (a LIKE pattern), by name. */
  page(companyId: number, search: string, pageNumber: number, pageSize: number): Promise<[User[], number]> {
    return this.dataSource
      .getRepository(User)
      .createQueryBuilder('user')
      .where('user.companyId = :companyId', { companyId })
      .andWhere('(lower(user.name) LIKE :search OR user.email LIKE :search)', { search })
      .orderBy('user.name', 'ASC')
      .addOrderBy('user.id', 'ASC')
      .skip((pageNumber - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
  }

  /** Every user of a company, by name. */
  ofCompany(companyId: number): Promise<User[]> {
    return this.dataSource.getRepository(User).find({ where: { companyId }, order: { name: 'ASC', id: 'ASC' } });
  }

  /** The ids of a company's users. */
  async idsOfCompany(manager: EntityManager, companyId: number): Promise<number[]> {
    const users = await manager.find(User, { where: { companyId }, select: { id: true } });
    return users.map((user) => user.id);
  }

  countOfCompany(manager: EntityManager, companyId: number): Promise<number> {
    return manager.count(User, { where: { companyId } });
  }

  findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.findOne(User, { where: { id } });
  }

  /** The user, its row locked for the caller's transaction. */
  findLocked(manager: EntityManager, id: number): Promise<User | null> {
    return manager.findOne(User, { where: { id }, ...forUpdate });
  }

  /** The user if it belongs to the company, its row locked for the caller's transaction. */
  findLockedInCompany(manager: EntityManager, id: number, companyId: number): Promise<User | null> {
    return manager.findOne(User, { where: { id, companyId }, ...forUpdate });
  }

  /** Only the user's id and company. */
  findIdAndCompany(manager: EntityManager, id: number): Promise<Pick<User, 'id' | 'companyId'> | null> {
    return manager.findOne(User, { where: { id }, select: { id: true, companyId: true } });
  }

  /** The user with its company and the company's plan (login, refresh, /auth/me). */
  findWithCompanyAndPlan(where: { id?: number; email?: string; companyId?: number }): Promise<User | null> {
    return this.dataSource.getRepository(User).findOne({ where, relations: { company: { plan: true } } });
  }

  findByEmail(email: string, manager: EntityManager = this.dataSource.manager): Promise<User | null> {
    return manager.findOne(User, { where: { email } });
  }

  emailTaken(email: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager.exists(User, { where: { email } });
  }

  /**
   * Serialises a company's admin changes (deletions, demotions) before any user row is locked: two
   * admins removing each other at once would otherwise each hold one row and wait for the other's.
   */
  async lockAdminChanges(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1), $2)', ['identity.company-admins', companyId]);
  }

  /** The company's admins other than `exceptId`, locked, so two demotions cannot both pass. */
  otherAdminsLocked(manager: EntityManager, companyId: number, exceptId: number): Promise<User[]> {
    return manager.find(User, { where: { companyId, profile: 'admin', id: Not(exceptId) }, ...forUpdate });
  }

  /** A company's users that have this queue, locked, by id. */
  withQueueLocked(manager: EntityManager, companyId: number, queueId: number): Promise<User[]> {
    return manager
      .getRepository(User)
      .createQueryBuilder('user')
      .setLock('pessimistic_write')
      .where('user.companyId = :companyId AND :queueId = ANY(user.queueIds)', { companyId, queueId })
      .orderBy('user.id')
      .getMany();
  }

  /** A company's users whose default connection is this one, locked, by id. */
  withConnectionLocked(manager: EntityManager, companyId: number, connectionId: number): Promise<User[]> {
    return manager
      .getRepository(User)
      .createQueryBuilder('user')
      .setLock('pessimistic_write')
      .where('user.companyId = :companyId AND user.whatsappId = :connectionId', { companyId, connectionId })
      .orderBy('user.id')
      .getMany();
  }

  insert(manager: EntityManager, user: DeepPartial<User>): Promise<User> {
    return manager.save(manager.create(User, user));
  }

  save(manager: EntityManager, user: User): Promise<User> {
    return manager.save(user);
  }

  async setPasswordHash(manager: EntityManager, id: number, passwordHash: string): Promise<void> {
    await manager.update(User, { id }, { passwordHash });
  }

  async setPresence(manager: EntityManager, id: number, online: boolean, lastSeenAt: Date): Promise<void> {
    await manager.update(User, { id }, { online, lastSeenAt });
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(User, { id });
  }
}
