import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type DeepPartial, type EntityManager } from 'typeorm';

import { Plan } from '../entities/plan.entity';

/** identity.plans. */
@Injectable()
export class PlanRepository {
  constructor(@InjectDataSource('identity') private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Every plan not marked for internal use, by id. */
  publicPlans(): Promise<Plan[]> {
    return this.dataSource.getRepository(Plan).find({ where: { useInternal: false }, order: { id: 'ASC' } });
  }

  allPlans(): Promise<Plan[]> {
    return this.dataSource.getRepository(Plan).find({ order: { id: 'ASC' } });
  }

  findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<Plan | null> {
    return manager.findOne(Plan, { where: { id } });
  }

  /** Like `findById`, failing (EntityNotFoundError) when there is no such plan. */
  findByIdOrFail(manager: EntityManager, id: number): Promise<Plan> {
    return manager.findOneByOrFail(Plan, { id });
  }

  /** The plan, its row locked for the caller's transaction. */
  findLocked(manager: EntityManager, id: number): Promise<Plan | null> {
    return manager.findOne(Plan, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  exists(manager: EntityManager, id: number): Promise<boolean> {
    return manager.exists(Plan, { where: { id } });
  }

  insert(manager: EntityManager, plan: DeepPartial<Plan>): Promise<Plan> {
    return manager.save(manager.create(Plan, plan));
  }

  save(manager: EntityManager, plan: Plan): Promise<Plan> {
    return manager.save(plan);
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.delete(Plan, { id });
  }
}
