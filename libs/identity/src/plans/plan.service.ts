import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { planCreated, planDeleted, planUpdated, type PlanResponse } from '@app/contracts';
import { AppError, OutboxWriter } from '@app/platform';
import { mapPlan, planSnapshot, type PlanCreateDto, type PlanUpdateDto } from '../dtos/plan.dto';
import { Company } from '../entities/company.entity';
import { Plan } from '../entities/plan.entity';
import { isUniqueViolation } from '../common/db-errors';

/** Plans: limits and feature flags; super users manage them, sign-up lists the public ones. */
@Injectable()
export class PlanService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
  ) {}

  /** The plans a visitor may choose: every plan not marked for internal use. */
  async listPublic(): Promise<PlanResponse[]> {
    const plans = await this.dataSource.getRepository(Plan).find({ where: { useInternal: false }, order: { id: 'ASC' } });
    return plans.map(mapPlan);
  }

  async listAll(): Promise<PlanResponse[]> {
    return (await this.dataSource.getRepository(Plan).find({ order: { id: 'ASC' } })).map(mapPlan);
  }

  async get(id: number): Promise<PlanResponse> {
    return mapPlan(await this.load(id));
  }

  async create(input: PlanCreateDto): Promise<PlanResponse> {
    return this.guardName(() =>
      this.dataSource.transaction(async (manager) => {
        const plan = await manager.save(manager.create(Plan, input));
        await this.outbox.add(manager, { definition: planCreated, companyId: null, key: plan.id, payload: { plan: planSnapshot(plan) } });
        return mapPlan(plan);
      }),
    );
  }

  async update(id: number, input: PlanUpdateDto): Promise<PlanResponse> {
    return this.guardName(() =>
      this.dataSource.transaction(async (manager) => {
        const plan = await manager.findOne(Plan, { where: { id }, lock: { mode: 'pessimistic_write' } });
        if (!plan) throw new AppError('ERR_NOT_FOUND', 'Plan not found');
        const saved = await manager.save(Object.assign(plan, input));
        await this.outbox.add(manager, { definition: planUpdated, companyId: null, key: saved.id, payload: { plan: planSnapshot(saved) } });
        return mapPlan(saved);
      }),
    );
  }

  /** A plan some company still uses is kept (409 ERR_PLAN_IN_USE). */
  async remove(id: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const plan = await manager.findOne(Plan, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!plan) throw new AppError('ERR_NOT_FOUND', 'Plan not found');
      if (await manager.exists(Company, { where: { planId: id } })) {
        throw new AppError('ERR_PLAN_IN_USE', 'A company uses this plan');
      }
      await manager.delete(Plan, { id });
      await this.outbox.add(manager, { definition: planDeleted, companyId: null, key: id, payload: { planId: id } });
    });
  }

  private async load(id: number): Promise<Plan> {
    const plan = await this.dataSource.getRepository(Plan).findOne({ where: { id } });
    if (!plan) throw new AppError('ERR_NOT_FOUND', 'Plan not found');
    return plan;
  }

  private async guardName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('ERR_VALIDATION', 'A plan with this name exists', {
          fields: [{ path: 'name', message: 'Já existe um plano com este nome' }],
        });
      }
      throw error;
    }
  }
}
