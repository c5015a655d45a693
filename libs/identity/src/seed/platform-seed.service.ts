import { randomBytes } from 'node:crypto';

import { companyCreated, planCreated, userCreated } from '@app/contracts';
import { OutboxWriter } from '@app/platform';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import * as argon2 from 'argon2';

import { CompanyRepository } from '../common/company.repository';
import { IDENTITY_OPTIONS, type IdentityOptions } from '../common/identity-options';
import { PlanRepository } from '../common/plan.repository';
import { planSnapshot } from '../common/plan-answers';
import { UserRepository } from '../common/user.repository';
import { userSnapshot } from '../common/user-answers';
import { companySnapshot } from '../companies/company.dto';
import { SettingService } from '../settings/setting.service';

export const PLATFORM_COMPANY_NAME = 'Plataforma';

/** A public plan, so that a fresh install can take sign-ups before the operator writes its own. */
export const STARTER_PLAN = {
  name: 'Plano Inicial',
  users: 10,
  connections: 5,
  queues: 10,
  value: 0,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
  useInternal: false,
};

/**
 * On the first start of an empty database: the platform's own plan and company, its super admin
 * and a public starter plan. Replicas starting together seed once (advisory lock); later starts change nothing.
 */
@Injectable()
export class PlatformSeedService implements OnModuleInit {
  constructor(
    private readonly companies: CompanyRepository,
    private readonly plans: PlanRepository,
    private readonly users: UserRepository,
    private readonly outbox: OutboxWriter,
    private readonly settings: SettingService,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    const generated = !this.options.admin.password;
    const password = this.options.admin.password ?? randomBytes(12).toString('base64url');
    const passwordHash = await argon2.hash(password);
    const seeded = await this.companies.transaction(async (manager) => {
      await this.companies.lockSeed(manager);
      if (await this.companies.hasAny(manager)) return false;
      // The starter plan first: it gets id 1, and the platform's own plan the id 2 the spec's sign-up hides.
      const starter = await this.plans.insert(manager, STARTER_PLAN);
      const plan = await this.plans.insert(manager, {
        name: PLATFORM_COMPANY_NAME,
        users: 9999,
        connections: 9999,
        queues: 9999,
        value: 0,
        useCampaigns: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
        useKanban: true,
        useOpenAi: true,
        useIntegrations: true,
        useInternal: true,
      });
      for (const created of [plan, starter]) {
        await this.outbox.add(manager, {
          definition: planCreated,
          companyId: null,
          key: created.id,
          payload: { plan: planSnapshot(created) },
        });
      }
      const company = await this.companies.insert(manager, {
        name: PLATFORM_COMPANY_NAME,
        email: this.options.admin.email,
        phone: null,
        planId: plan.id,
        status: true,
        approved: true,
        dueDate: '2999-12-31',
        recurrence: 'MENSAL',
        schedules: [],
      });
      await this.outbox.add(manager, {
        definition: companyCreated,
        companyId: company.id,
        key: company.id,
        payload: { company: companySnapshot(company) },
      });
      await this.settings.createDefaults(manager, company.id, { campaignsEnabled: 'true' });
      const admin = await this.users.insert(manager, {
        companyId: company.id,
        name: 'Admin',
        email: this.options.admin.email.toLowerCase(),
        passwordHash,
        profile: 'admin',
        super: true,
        allTicket: 'enabled',
        whatsappId: null,
        queueIds: [],
        online: false,
      });
      await this.outbox.add(manager, {
        definition: userCreated,
        companyId: company.id,
        key: admin.id,
        payload: { user: userSnapshot(admin) },
      });
      return true;
    });
    if (seeded) this.options.onAdminSeeded?.({ email: this.options.admin.email, password, generated });
  }
}
