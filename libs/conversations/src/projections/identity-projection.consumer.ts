import {
  companyCreated,
  companyDeleted,
  companyUpdated,
  type EventEnvelope,
  planCreated,
  planDeleted,
  planUpdated,
  settingUpdated,
  TOPICS,
  userCreated,
  userDeleted,
  userUpdated,
} from '@app/contracts';
import { type EventConsumer, readEvent } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';

import { ProcessedEventRepository } from '../common/processed-event.repository';
import { ProjectionRepository } from '../common/projection.repository';

export const IDENTITY_PROJECTION_CONSUMER = 'conversations-identity';

/** Keeps users (name, profile, queues), company settings and plan queue limits from identity's events. */
@Injectable()
export class IdentityProjectionConsumer implements EventConsumer {
  private readonly logger = new Logger(IdentityProjectionConsumer.name);
  readonly subscription = { groupId: IDENTITY_PROJECTION_CONSUMER, topics: [TOPICS.identityEvents] };

  constructor(
    private readonly processed: ProcessedEventRepository,
    private readonly projections: ProjectionRepository,
  ) {}

  async handle(envelope: EventEnvelope): Promise<void> {
    const user = readEvent(userCreated, envelope) ?? readEvent(userUpdated, envelope);
    const userGone = readEvent(userDeleted, envelope);
    const setting = readEvent(settingUpdated, envelope);
    const company = readEvent(companyCreated, envelope) ?? readEvent(companyUpdated, envelope);
    const companyGone = readEvent(companyDeleted, envelope);
    const plan = readEvent(planCreated, envelope) ?? readEvent(planUpdated, envelope);
    const planGone = readEvent(planDeleted, envelope);
    if (!user && !userGone && !setting?.companyId && !company && !companyGone && !plan && !planGone) return;
    await this.processed.applyOnce(IDENTITY_PROJECTION_CONSUMER, envelope, async (manager) => {
      if (user) await this.projections.upsertUser(manager, user.user);
      if (userGone) await this.projections.deleteUser(manager, userGone.companyId, userGone.userId);
      if (setting?.companyId) await this.projections.setSetting(manager, setting.companyId, setting.key, setting.value);
      if (company) await this.projections.setCompany(manager, company.company);
      if (companyGone) await this.projections.deleteCompany(manager, companyGone.companyId);
      if (plan)
        await this.projections.setPlanLimit(manager, plan.plan.id, plan.plan.queues, plan.plan.useExternalApi, plan.plan.useSchedules);
      if (planGone) await this.projections.deletePlan(manager, planGone.planId);
    });
    this.logger.debug({ type: envelope.type }, 'identity projection updated');
  }
}
