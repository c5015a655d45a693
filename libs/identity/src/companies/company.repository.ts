import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type DeepPartial, type EntityManager } from 'typeorm';

import { Company } from '../entities/company.entity';

/** identity.companies. */
@Injectable()
export class CompanyRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** One page of the companies whose lower-cased name or e-mail matches `search` (a LIKE pattern), with plans, by name. */
  page(search: string, pageNumber: number, pageSize: number): Promise<[Company[], number]> {
    return this.dataSource
      .getRepository(Company)
      .createQueryBuilder('company')
      .leftJoinAndSelect('company.plan', 'plan')
      .where("(lower(company.name) LIKE :search OR lower(coalesce(company.email, '')) LIKE :search)", { search })
      .orderBy('company.name', 'ASC')
      .addOrderBy('company.id', 'ASC')
      .skip((pageNumber - 1) * pageSize)
      .take(pageSize)
      .getManyAndCount();
  }

  /** Every company with its plan, by name. */
  allWithPlans(): Promise<Company[]> {
    return this.dataSource.getRepository(Company).find({ relations: { plan: true }, order: { name: 'ASC' } });
  }

  findWithPlan(id: number, manager: EntityManager = this.dataSource.manager): Promise<Company | null> {
    return manager.findOne(Company, { where: { id }, relations: { plan: true } });
  }

  /** The company, its row locked for the caller's transaction. */
  findLocked(manager: EntityManager, id: number): Promise<Company | null> {
    return manager.findOne(Company, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Like `findLocked`, failing (EntityNotFoundError) when there is no such company. */
  findLockedOrFail(manager: EntityManager, id: number): Promise<Company> {
    return manager.findOneOrFail(Company, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  nameTaken(manager: EntityManager, name: string): Promise<boolean> {
    return manager.exists(Company, { where: { name } });
  }

  anyOnPlan(manager: EntityManager, planId: number): Promise<boolean> {
    return manager.exists(Company, { where: { planId } });
  }

  async hasAny(manager: EntityManager): Promise<boolean> {
    return (await manager.count(Company)) > 0;
  }

  /** Serialises the first-start seed of replicas starting together (until the caller's transaction ends). */
  async lockSeed(manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['identity:seed']);
  }

  insert(manager: EntityManager, company: DeepPartial<Company>): Promise<Company> {
    return manager.save(manager.create(Company, company));
  }

  save(manager: EntityManager, company: Company): Promise<Company> {
    return manager.save(company);
  }

  /** Deletes the company; its users and settings go with it (foreign keys on delete cascade). */
  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(Company, { id });
  }
}
