import {
  companyCreateSchema,
  type CompanyResponse,
  companySchedulesUpdateSchema,
  type CompanySnapshot,
  companyUpdateSchema,
  pageQuerySchema,
  type Recurrence,
} from '@app/contracts';
import { createZodDto } from 'nestjs-zod';

import type { Company } from '../common/company.repository';
import { mapPlan } from '../common/plan-answers';
import { mapSetting } from '../settings/setting.dto';
import type { CompanySetting } from '../settings/setting.repository';

export class CompanyCreateDto extends createZodDto(companyCreateSchema) {}
export class CompanyUpdateDto extends createZodDto(companyUpdateSchema) {}
export class CompanySchedulesUpdateDto extends createZodDto(companySchedulesUpdateSchema) {}
export class CompanySearchDto extends createZodDto(pageQuerySchema) {}

export function companySnapshot(company: Company): CompanySnapshot {
  return {
    id: company.id,
    name: company.name,
    planId: company.planId,
    status: company.status,
    approved: company.approved,
    dueDate: company.dueDate,
    recurrence: company.recurrence,
    schedules: company.schedules,
  };
}

export function mapCompany(company: Company, settings?: CompanySetting[]): CompanyResponse {
  const campaigns = settings?.find((setting) => setting.key === 'campaignsEnabled');
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone,
    planId: company.planId,
    plan: company.plan ? mapPlan(company.plan) : undefined,
    status: company.status,
    approved: company.approved,
    dueDate: company.dueDate,
    recurrence: company.recurrence as Recurrence,
    campaignsEnabled: campaigns ? campaigns.value === 'true' || campaigns.value === 'enabled' : undefined,
    schedules: company.schedules,
    ...company.billing,
    settings: settings?.map(mapSetting),
    createdAt: company.createdAt.toISOString(),
    updatedAt: company.updatedAt.toISOString(),
  };
}
