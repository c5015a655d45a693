import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

import { ConnectionEntity } from '../entities/connection.entity';

/** The connections (`whatsapp.connections`): a company's list, its default, and the rows sessions run. */
@Injectable()
export class ConnectionRepository {
  constructor(@InjectDataSource('whatsapp') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Statements on their own, outside any transaction (for a write that is one statement). */
  get autocommit(): EntityManager {
    return this.dataSource.manager;
  }

  /** Serialises the changes of one company's connections (limit count, the one default, queue lists). */
  async lockCompany(manager: EntityManager, companyId: number): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('whatsapp.connections'), $1)`, [companyId]);
  }

  listOfCompany(companyId: number): Promise<ConnectionEntity[]> {
    return this.dataSource.getRepository(ConnectionEntity).find({ where: { companyId }, order: { name: 'ASC', id: 'ASC' } });
  }

  /** Every connection of the company, oldest first. */
  allOfCompanyById(companyId: number): Promise<ConnectionEntity[]> {
    return this.dataSource.getRepository(ConnectionEntity).find({ where: { companyId }, order: { id: 'ASC' } });
  }

  allOfCompany(manager: EntityManager, companyId: number): Promise<ConnectionEntity[]> {
    return manager.getRepository(ConnectionEntity).find({ where: { companyId } });
  }

  /** The company's connection with this id; null for another company's (in the transaction when given). */
  ofCompany(manager: EntityManager | null, companyId: number, id: number): Promise<ConnectionEntity | null> {
    return (manager ?? this.dataSource.manager).getRepository(ConnectionEntity).findOne({ where: { id, companyId } });
  }

  /** Only what steering a session needs of a connection of the company (a lean read for hot paths). */
  async sessionOf(companyId: number, id: number): Promise<{ status: string; provider: string } | null> {
    const rows: { status: string; provider: string }[] = await this.dataSource.query(
      `SELECT status, provider FROM whatsapp.connections WHERE id = $1 AND company_id = $2`,
      [id, companyId],
    );
    return rows[0] ?? null;
  }

  ofCompanyOrFail(companyId: number, id: number): Promise<ConnectionEntity> {
    return this.dataSource.getRepository(ConnectionEntity).findOneOrFail({ where: { id, companyId } });
  }

  defaultOfCompany(companyId: number): Promise<ConnectionEntity | null> {
    return this.dataSource.getRepository(ConnectionEntity).findOne({ where: { companyId, isDefault: true } });
  }

  /** The company's oldest connection (the next default when the default one goes). */
  firstOfCompany(manager: EntityManager, companyId: number): Promise<ConnectionEntity | null> {
    return manager.getRepository(ConnectionEntity).findOne({ where: { companyId }, order: { id: 'ASC' } });
  }

  countOfCompany(manager: EntityManager, companyId: number): Promise<number> {
    return manager.getRepository(ConnectionEntity).count({ where: { companyId } });
  }

  /** The company's connections that offer the queue or transfer to it, by id. */
  withQueue(manager: EntityManager, companyId: number, queueId: number): Promise<ConnectionEntity[]> {
    return manager
      .getRepository(ConnectionEntity)
      .createQueryBuilder('connection')
      .where('connection.companyId = :companyId AND (:queueId = ANY(connection.queueIds) OR connection.transferQueueId = :queueId)', {
        companyId,
        queueId,
      })
      .orderBy('connection.id')
      .getMany();
  }

  /** Every name the company's connections hold in an API media position. */
  async apiMediaNamesHeld(companyId: number): Promise<string[]> {
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT DISTINCT held.name
         FROM whatsapp.connections connection,
              jsonb_array_elements_text(connection.api1_medias || connection.api2_medias || connection.api3_medias) AS held(name)
        WHERE connection.company_id = $1 AND held.name IS NOT NULL`,
      [companyId],
    );
    return rows.map((row) => row.name);
  }

  /**
   * The company's connections whose API media positions hold the name, by name, each with those
   * positions as paths ('api2_medias.0'), in the transaction.
   */
  async apiMediaHolders(
    manager: EntityManager,
    companyId: number,
    name: string,
  ): Promise<{ id: number; name: string; positions: string[] }[]> {
    return manager.query(
      `SELECT connection.id, connection.name,
              array_agg(held.field || '.' || (held.position - 1) ORDER BY held.field, held.position) AS positions
         FROM whatsapp.connections connection
         CROSS JOIN LATERAL (
           SELECT 'api1_medias' AS field, item.value, item.position
             FROM jsonb_array_elements_text(connection.api1_medias) WITH ORDINALITY AS item(value, position)
           UNION ALL
           SELECT 'api2_medias', item.value, item.position
             FROM jsonb_array_elements_text(connection.api2_medias) WITH ORDINALITY AS item(value, position)
           UNION ALL
           SELECT 'api3_medias', item.value, item.position
             FROM jsonb_array_elements_text(connection.api3_medias) WITH ORDINALITY AS item(value, position)
         ) AS held
        WHERE connection.company_id = $1 AND held.value = $2
        GROUP BY connection.id, connection.name
        ORDER BY connection.name, connection.id`,
      [companyId, name],
    );
  }

  byId(id: number): Promise<ConnectionEntity | null> {
    return this.dataSource.getRepository(ConnectionEntity).findOne({ where: { id } });
  }

  /** What the session manager needs of every connection to know which sessions to run. */
  allForSessions(): Promise<Pick<ConnectionEntity, 'id' | 'companyId' | 'provider' | 'proxyUrl' | 'status'>[]> {
    return this.dataSource.getRepository(ConnectionEntity).find({ select: ['id', 'companyId', 'provider', 'proxyUrl', 'status'] });
  }

  /** The connection, its row locked for the transaction. */
  lockedById(manager: EntityManager, id: number): Promise<ConnectionEntity | null> {
    return manager.findOne(ConnectionEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** No other connection of the company is the default any more. */
  async clearDefault(manager: EntityManager, companyId: number): Promise<void> {
    await manager.getRepository(ConnectionEntity).update({ companyId, isDefault: true }, { isDefault: false });
  }

  insert(manager: EntityManager, fields: Partial<ConnectionEntity>): Promise<ConnectionEntity> {
    const repository = manager.getRepository(ConnectionEntity);
    return repository.save(repository.create(fields));
  }

  /** Saves the row with the change merged into it. */
  update(manager: EntityManager, row: ConnectionEntity, change: Partial<ConnectionEntity>): Promise<ConnectionEntity> {
    const repository = manager.getRepository(ConnectionEntity);
    return repository.save(repository.merge(row, change));
  }

  save(manager: EntityManager, row: ConnectionEntity): Promise<ConnectionEntity> {
    return manager.getRepository(ConnectionEntity).save(row);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(ConnectionEntity).delete({ id });
  }
}
