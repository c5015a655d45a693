import { planCreated, planDeleted, type PlanResponse, planUpdated } from '@app/contracts';
import { AppError, OutboxWriter } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { assignDefined } from '../common/assign-defined';
import { CompanyRepository } from '../common/company.repository';
import { isUniqueViolation } from '../common/db-errors';
import { type Plan, PlanRepository } from '../common/plan.repository';
import { mapPlan, planSnapshot } from '../common/plan-answers';
import type { PlanCreateDto, PlanUpdateDto } from './plan.dto';

/** Plans: limits and feature flags; super users manage them, sign-up lists the public ones. */
@Injectable()
export class PlanService {
  constructor(
    private readonly plans: PlanRepository,
    private readonly companies: CompanyRepository,
    private readonly outbox: OutboxWriter,
  ) {}

  /** The plans a visitor may choose: every plan not marked for internal use. */
  async listPublic(): Promise<PlanResponse[]> {
    return (await this.plans.publicPlans()).map(mapPlan);
  }

  async listAll(): Promise<PlanResponse[]> {
    return (await this.plans.allPlans()).map(mapPlan);
  }

  async get(id: number): Promise<PlanResponse> {
    return mapPlan(await this.load(id));
  }

  async create(input: PlanCreateDto): Promise<PlanResponse> {
    return this.guardName(() =>
      this.plans.transaction(async (manager) => {
        const plan = await this.plans.insert(manager, input);
        await this.outbox.add(manager, { definition: planCreated, companyId: null, key: plan.id, payload: { plan: planSnapshot(plan) } });
        return mapPlan(plan);
      }),
    );
  }

  async update(id: number, input: PlanUpdateDto): Promise<PlanResponse> {
    return this.guardName(() =>
      this.plans.transaction(async (manager) => {
        const plan = await this.plans.findLocked(manager, id);
        if (!plan) throw new AppError('ERR_NOT_FOUND', 'Plan not found');
        const saved = await this.plans.save(manager, assignDefined(plan, input));
        await this.outbox.add(manager, { definition: planUpdated, companyId: null, key: saved.id, payload: { plan: planSnapshot(saved) } });
        return mapPlan(saved);
      }),
    );
  }

  /** A plan some company still uses is kept (409 ERR_PLAN_IN_USE). */
  async remove(id: number): Promise<void> {
    await this.plans.transaction(async (manager) => {
      const plan = await this.plans.findLocked(manager, id);
      if (!plan) throw new AppError('ERR_NOT_FOUND', 'Plan not found');
      if (await this.companies.anyOnPlan(manager, id)) {
        throw new AppError('ERR_PLAN_IN_USE', 'A company uses this plan');
      }
      await this.plans.delete(manager, id);
      await this.outbox.add(manager, { definition: planDeleted, companyId: null, key: id, payload: { planId: id } });
    });
  }

  private async load(id: number): Promise<Plan> {
    const plan = await this.plans.findById(id);
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
