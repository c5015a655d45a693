import { randomBytes } from 'node:crypto';

import {
  advanceDueDate,
  companyCreated,
  companyDeleted,
  type CompanyPageResponse,
  type CompanyPlanResponse,
  type CompanyResponse,
  companyUpdated,
  IDENTITY_PAGE_SIZE,
  type PageQuery,
  type Recurrence,
  userDeleted,
  type WeeklyScheduleEntry,
} from '@app/contracts';
import { AppError, isAdmin, likeContaining, OutboxWriter, SessionRegistry, type Tenancy } from '@app/platform';
import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { assignDefined } from '../common/assign-defined';
import {
  type Company,
  COMPANY_BILLING_FIELDS,
  type CompanyBilling,
  CompanyRepository,
  type NewCompany,
} from '../common/company.repository';
import { isUniqueViolation } from '../common/db-errors';
import { PlanRepository } from '../common/plan.repository';
import { mapPlan } from '../common/plan-answers';
import { UserRepository } from '../common/user.repository';
import { EmailCodeService } from '../email-codes/email-code.service';
import { SettingService } from '../settings/setting.service';
import { UserWriter } from '../users/user-writer';
import { type AdminInvitation, AdminInvitationMail } from './admin-invitation-mail';
import { type CompanyCreateDto, companySnapshot, type CompanyUpdateDto, mapCompany } from './company.dto';

/** The billing fields the request carries (undefined: not sent, left as it is; null: cleared). */
const billingOf = (input: Partial<CompanyBilling>): Partial<CompanyBilling> =>
  Object.fromEntries(COMPANY_BILLING_FIELDS.filter((key) => input[key] !== undefined).map((key) => [key, input[key]]));

export const today = () => new Date().toISOString().slice(0, 10);

const companyNotFound = (): never => {
  throw new AppError('ERR_NOT_FOUND', 'Company not found');
};

const companyNameTaken = () => new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS', 'A company with this name already exists');

const DAY_MS = 24 * 60 * 60_000;
/** How long the invitation of an admin created without a password stays good. */
export const ADMIN_INVITATION_TTL_MS = 7 * DAY_MS;

/** Companies: super users manage them all; a company's own users may read it and its plan. */
@Injectable()
export class CompanyService {
  private readonly logger = new Logger('Companies');

  constructor(
    private readonly companies: CompanyRepository,
    private readonly plans: PlanRepository,
    private readonly users: UserRepository,
    private readonly outbox: OutboxWriter,
    private readonly settings: SettingService,
    private readonly userWriter: UserWriter,
    private readonly sessionRegistry: SessionRegistry,
    private readonly codes: EmailCodeService,
    private readonly invitations: AdminInvitationMail,
  ) {}

  async page(query: PageQuery): Promise<CompanyPageResponse> {
    const search = likeContaining(query.searchParam.toLowerCase());
    const [companies, count] = await this.companies.page(search, query.pageNumber, IDENTITY_PAGE_SIZE);
    return {
      companies: await this.withSettings(companies),
      count,
      hasMore: count > query.pageNumber * IDENTITY_PAGE_SIZE,
    };
  }

  async listAll(): Promise<CompanyResponse[]> {
    return this.withSettings(await this.companies.allWithPlans());
  }

  /** A super user reads any company; anyone else only their own (others answer 404). */
  async get(tenancy: Tenancy, id: number): Promise<CompanyResponse> {
    this.assertOwnOrSuper(tenancy, id);
    const company = await this.load(id);
    const settings = await this.settings.companySettings(id);
    return mapCompany(company, settings);
  }

  /** GET /companies/listPlan/:companyId: the plan and its flags. */
  async plan(tenancy: Tenancy, id: number): Promise<CompanyPlanResponse> {
    this.assertOwnOrSuper(tenancy, id);
    const company = await this.load(id);
    return { id: company.id, name: company.name, planId: company.planId, plan: mapPlan(company.plan!) };
  }

  /**
   * A company with its settings and its first admin (the company's e-mail and password). Without a
   * password the admin gets none anyone knows (a random one, never told) and, once the company is
   * stored, an invitation mail with a code to set one (the password reset's), valid for a week;
   * `origin` is the web address the super user works at, for the mail's link when PUBLIC_URL is unset.
   */
  async create(input: CompanyCreateDto, origin?: string): Promise<CompanyResponse> {
    const { company, invitation } = await this.companies.transaction(async (manager) => {
      await this.assertPlan(manager, input.planId);
      const company = await this.insertCompany(manager, {
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        planId: input.planId,
        status: input.status,
        approved: input.approved,
        dueDate: input.dueDate ?? null,
        recurrence: input.recurrence,
        billing: billingOf(input),
      });
      const settings = await this.settings.createDefaults(manager, company.id, {
        campaignsEnabled: String(input.campaignsEnabled),
      });
      await this.userWriter.insert(manager, {
        companyId: company.id,
        name: input.name,
        email: input.email,
        password: input.password ?? randomBytes(32).toString('base64url'),
        profile: 'admin',
        allTicket: 'enabled',
      });
      let invitation: AdminInvitation | null = null;
      if (!input.password) {
        const code = await this.codes.issue(manager, 'reset', input.email, ADMIN_INVITATION_TTL_MS);
        invitation = { email: input.email, name: input.name, code, validDays: ADMIN_INVITATION_TTL_MS / DAY_MS, origin };
      }
      return { company: mapCompany(await this.load(company.id, manager), settings), invitation };
    });
    if (invitation) await this.invite(invitation);
    return company;
  }

  /** The company is stored: a mail that fails is logged, and the admin can still ask for a reset code (/forgetpsw). */
  private async invite(invitation: AdminInvitation): Promise<void> {
    await this.invitations.send(invitation).catch((error: unknown) => {
      this.logger.warn(`The invitation to ${invitation.email} was not sent: ${(error as Error).message}`);
    });
  }

  /** Used by sign-up too: the company row and its identity.company.created event. */
  async insertCompany(manager: EntityManager, data: Omit<NewCompany, 'schedules'>): Promise<Company> {
    if (await this.companies.nameTaken(manager, data.name)) throw companyNameTaken();
    const company = await this.companies.insert(manager, { ...data, schedules: [] }).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw companyNameTaken();
      throw error;
    });
    await this.outbox.add(manager, {
      definition: companyCreated,
      companyId: company.id,
      key: company.id,
      payload: { company: companySnapshot(company) },
    });
    return company;
  }

  async update(id: number, input: CompanyUpdateDto): Promise<CompanyResponse> {
    return this.change(id, async (manager, company) => {
      if (input.planId !== undefined) await this.assertPlan(manager, input.planId);
      if (input.name !== undefined && input.name !== company.name) {
        if (await this.companies.nameTaken(manager, input.name)) throw companyNameTaken();
      }
      const { campaignsEnabled, phone, ...fields } = input;
      for (const key of COMPANY_BILLING_FIELDS) delete (fields as Partial<CompanyBilling>)[key];
      assignDefined(company, fields);
      assignDefined(company.billing, billingOf(input));
      if (phone !== undefined) company.phone = phone || null;
      if (campaignsEnabled !== undefined) {
        await this.settings.setCompanyValue(manager, id, 'campaignsEnabled', String(campaignsEnabled));
      }
    });
  }

  /** +Vencimento: the due date moves on by one period of the recurrence (from today when unset). */
  async advanceDueDate(id: number): Promise<CompanyResponse> {
    return this.change(id, async (_manager, company) => {
      company.dueDate = advanceDueDate(company.dueDate ?? today(), company.recurrence as Recurrence);
    });
  }

  /** The company's opening hours: its admins, or a super user. */
  async updateSchedules(tenancy: Tenancy, id: number, schedules: WeeklyScheduleEntry[]): Promise<CompanyResponse> {
    this.assertOwnOrSuper(tenancy, id);
    if (!isAdmin(tenancy)) throw new AppError('ERR_NO_PERMISSION', 'Only admins change the opening hours');
    return this.change(id, async (_manager, company) => {
      company.schedules = schedules;
    });
  }

  /** Deletes a company with its users and settings; the caller's own company is kept. */
  async remove(tenancy: Tenancy, id: number): Promise<void> {
    if (id === tenancy.companyId) throw new AppError('ERR_NO_PERMISSION', 'You cannot delete your own company');
    await this.companies.transaction(async (manager) => {
      await this.loadLocked(manager, id);
      // Projections of users elsewhere hear of each user, not only of the company.
      const userIds = await this.users.idsOfCompany(manager, id);
      await this.companies.delete(manager, id);
      for (const userId of userIds) {
        await this.outbox.add(manager, {
          definition: userDeleted,
          companyId: id,
          key: userId,
          payload: { userId, companyId: id },
        });
      }
      await this.outbox.add(manager, { definition: companyDeleted, companyId: id, key: id, payload: { companyId: id } });
    });
    this.sessionRegistry.apply({ kind: 'company-closed', companyId: id });
  }

  private async change(id: number, apply: (manager: EntityManager, company: Company) => Promise<void>): Promise<CompanyResponse> {
    try {
      const changed = await this.companies.transaction(async (manager) => {
        const company = await this.loadLocked(manager, id);
        await apply(manager, company);
        delete company.plan;
        const saved = await this.companies.save(manager, company);
        await this.outbox.add(manager, {
          definition: companyUpdated,
          companyId: saved.id,
          key: saved.id,
          payload: { company: companySnapshot(saved) },
        });
        return { saved, answer: mapCompany(await this.load(id, manager), await this.settings.companySettings(id, manager)) };
      });
      const open = changed.saved.status && changed.saved.approved;
      this.sessionRegistry.apply({ kind: open ? 'company-reopened' : 'company-closed', companyId: id });
      return changed.answer;
    } catch (error) {
      if (isUniqueViolation(error)) throw companyNameTaken();
      throw error;
    }
  }

  /** The company with its plan. */
  private async load(id: number, manager?: EntityManager): Promise<Company> {
    return (await this.companies.findWithPlan(id, manager)) ?? companyNotFound();
  }

  /** The company without its plan, locked for the caller's transaction. */
  private async loadLocked(manager: EntityManager, id: number): Promise<Company> {
    return (await this.companies.findLocked(manager, id)) ?? companyNotFound();
  }

  private async assertPlan(manager: EntityManager, planId: number): Promise<void> {
    if (!(await this.plans.exists(manager, planId))) {
      throw new AppError('ERR_VALIDATION', 'No such plan', { fields: [{ path: 'planId', message: 'Plano é obrigatório' }] });
    }
  }

  private assertOwnOrSuper(tenancy: Tenancy, companyId: number): void {
    if (!tenancy.super && tenancy.companyId !== companyId) throw new AppError('ERR_NOT_FOUND', 'Company not found');
  }

  private async withSettings(companies: Company[]): Promise<CompanyResponse[]> {
    const settings = await this.settings.settingsOfCompanies(companies.map((company) => company.id));
    return companies.map((company) => mapCompany(company, settings.get(company.id)));
  }
}
