import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import {
  advanceDueDate,
  companyCreated,
  companyDeleted,
  companyUpdated,
  IDENTITY_PAGE_SIZE,
  isSecretSettingKey,
  userDeleted,
  type CompanyPageResponse,
  type CompanyPlanResponse,
  type CompanyResponse,
  type PageQuery,
  type Recurrence,
  type WeeklyScheduleEntry,
} from '@app/contracts';
import { AppError, isAdmin, OutboxWriter, type Tenancy } from '@app/platform';
import { isUniqueViolation } from '../common/db-errors';
import { companySnapshot, mapCompany, type CompanyCreateDto, type CompanyUpdateDto } from '../dtos/company.dto';
import { mapPlan } from '../dtos/plan.dto';
import { Company } from '../entities/company.entity';
import { Plan } from '../entities/plan.entity';
import { User } from '../entities/user.entity';
import { SettingService } from '../settings/setting.service';
import { UserWriter } from '../users/user-writer';

export const today = () => new Date().toISOString().slice(0, 10);

const companyNameTaken = () =>
  new AppError('ERR_COMPANY_NAME_ALREADY_EXISTS', 'A company with this name already exists');

/** Companies: super users manage them all; a company's own users may read it and its plan. */
@Injectable()
export class CompanyService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly outbox: OutboxWriter,
    private readonly settings: SettingService,
    private readonly userWriter: UserWriter,
  ) {}

  async page(query: PageQuery): Promise<CompanyPageResponse> {
    const search = `%${query.searchParam.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const [companies, count] = await this.dataSource
      .getRepository(Company)
      .createQueryBuilder('company')
      .leftJoinAndSelect('company.plan', 'plan')
      .where('(lower(company.name) LIKE :search OR lower(coalesce(company.email, \'\')) LIKE :search)', { search })
      .orderBy('company.name', 'ASC')
      .addOrderBy('company.id', 'ASC')
      .skip((query.pageNumber - 1) * IDENTITY_PAGE_SIZE)
      .take(IDENTITY_PAGE_SIZE)
      .getManyAndCount();
    return {
      companies: await this.withSettings(companies),
      count,
      hasMore: count > query.pageNumber * IDENTITY_PAGE_SIZE,
    };
  }

  async listAll(): Promise<CompanyResponse[]> {
    const companies = await this.dataSource.getRepository(Company).find({ relations: { plan: true }, order: { name: 'ASC' } });
    return this.withSettings(companies);
  }

  /** A super user reads any company; anyone else only their own (others answer 404). */
  async get(tenancy: Tenancy, id: number): Promise<CompanyResponse> {
    this.assertOwnOrSuper(tenancy, id);
    const company = await this.load(this.dataSource.manager, id);
    const settings = await this.settings.companySettings(this.dataSource.manager, id);
    return mapCompany(company, tenancy.super ? settings : settings.filter((setting) => !isSecretSettingKey(setting.key)));
  }

  /** GET /companies/listPlan/:companyId: the plan and its flags. */
  async plan(tenancy: Tenancy, id: number): Promise<CompanyPlanResponse> {
    this.assertOwnOrSuper(tenancy, id);
    const company = await this.load(this.dataSource.manager, id);
    return { id: company.id, name: company.name, planId: company.planId, plan: mapPlan(company.plan!) };
  }

  /** A company with its settings and its first admin (the company's e-mail and password). */
  async create(input: CompanyCreateDto): Promise<CompanyResponse> {
    return this.dataSource.transaction(async (manager) => {
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
      });
      const settings = await this.settings.createDefaults(manager, company.id, {
        campaignsEnabled: String(input.campaignsEnabled),
      });
      await this.userWriter.insert(manager, {
        companyId: company.id,
        name: input.name,
        email: input.email,
        password: input.password,
        profile: 'admin',
        allTicket: 'enabled',
      });
      return mapCompany(await this.load(manager, company.id), settings);
    });
  }

  /** Used by sign-up too: the company row and its identity.company.created event. */
  async insertCompany(
    manager: EntityManager,
    data: Pick<Company, 'name' | 'email' | 'phone' | 'planId' | 'status' | 'approved' | 'dueDate' | 'recurrence'>,
  ): Promise<Company> {
    if (await manager.exists(Company, { where: { name: data.name } })) throw companyNameTaken();
    const company = await manager.save(manager.create(Company, { ...data, schedules: [] })).catch((error: unknown) => {
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
        if (await manager.exists(Company, { where: { name: input.name } })) throw companyNameTaken();
      }
      const { campaignsEnabled, phone, ...fields } = input;
      Object.assign(company, fields);
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
    await this.dataSource.transaction(async (manager) => {
      await this.load(manager, id, true);
      // Projections of users elsewhere hear of each user, not only of the company.
      const users = await manager.find(User, { where: { companyId: id }, select: { id: true } });
      await manager.delete(Company, { id });
      for (const user of users) {
        await this.outbox.add(manager, {
          definition: userDeleted,
          companyId: id,
          key: user.id,
          payload: { userId: user.id, companyId: id },
        });
      }
      await this.outbox.add(manager, { definition: companyDeleted, companyId: id, key: id, payload: { companyId: id } });
    });
  }

  private async change(id: number, apply: (manager: EntityManager, company: Company) => Promise<void>): Promise<CompanyResponse> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const company = await this.load(manager, id, true);
        await apply(manager, company);
        delete company.plan;
        const saved = await manager.save(company);
        await this.outbox.add(manager, {
          definition: companyUpdated,
          companyId: saved.id,
          key: saved.id,
          payload: { company: companySnapshot(saved) },
        });
        return mapCompany(await this.load(manager, id), await this.settings.companySettings(manager, id));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw companyNameTaken();
      throw error;
    }
  }

  private async load(manager: EntityManager, id: number, lock = false): Promise<Company> {
    const company = lock
      ? await manager.findOne(Company, { where: { id }, lock: { mode: 'pessimistic_write' } })
      : await manager.findOne(Company, { where: { id }, relations: { plan: true } });
    if (!company) throw new AppError('ERR_NOT_FOUND', 'Company not found');
    return company;
  }

  private async assertPlan(manager: EntityManager, planId: number): Promise<void> {
    if (!(await manager.exists(Plan, { where: { id: planId } }))) {
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
