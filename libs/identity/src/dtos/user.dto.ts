import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import type { UserSnapshot } from '@app/contracts';
import type { PlanFlag } from '@app/platform';
import type { Company } from '../entities/company.entity';
import type { Plan } from '../entities/plan.entity';
import type { User } from '../entities/user.entity';

const name = z
  .string({ error: 'Required' })
  .trim()
  .min(2, 'Too Short!')
  .max(50, 'Too Long!');
const email = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .pipe(z.email('Invalid email'));
const password = z.string({ error: 'Required' }).min(5, 'Too Short!').max(50, 'Too Long!');

export const userCreateSchema = z.object({
  name,
  email,
  password,
  profile: z.enum(['admin', 'user']).default('user'),
  allTicket: z.enum(['enabled', 'desabled']).default('desabled'),
  whatsappId: z.number().int().positive().nullable().default(null),
  queueIds: z.array(z.number().int().positive()).max(500).default([]),
});
export class UserCreateDto extends createZodDto(userCreateSchema) {}

export const userSearchSchema = z.object({
  searchParam: z.string().trim().max(100).default(''),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});
export class UserSearchDto extends createZodDto(userSearchSchema) {}

export const loginSchema = z.object({
  email: z.string({ error: 'Required' }).trim().toLowerCase().max(254),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(200),
});
export class LoginDto extends createZodDto(loginSchema) {}

export function planFlags(plan: Plan): PlanFlag[] {
  const flags: Record<PlanFlag, boolean> = {
    useCampaigns: plan.useCampaigns,
    useKanban: plan.useKanban,
    useOpenAi: plan.useOpenAi,
    useIntegrations: plan.useIntegrations,
    useSchedules: plan.useSchedules,
    useInternalChat: plan.useInternalChat,
    useExternalApi: plan.useExternalApi,
  };
  return (Object.keys(flags) as PlanFlag[]).filter((flag) => flags[flag]);
}

export function mapPlan(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    users: plan.users,
    connections: plan.connections,
    queues: plan.queues,
    value: plan.value,
    useCampaigns: plan.useCampaigns,
    useSchedules: plan.useSchedules,
    useInternalChat: plan.useInternalChat,
    useExternalApi: plan.useExternalApi,
    useKanban: plan.useKanban,
    useOpenAi: plan.useOpenAi,
    useIntegrations: plan.useIntegrations,
    useInternal: plan.useInternal,
  };
}

export function mapCompany(company: Company) {
  return {
    id: company.id,
    name: company.name,
    dueDate: company.dueDate,
    status: company.status,
    approved: company.approved,
    planId: company.planId,
    plan: company.plan ? mapPlan(company.plan) : undefined,
  };
}

/** The user as the API shows it: never the password hash. */
export function mapUser(user: User) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    online: user.online,
    companyId: user.companyId,
    queues: user.queueIds.map((id) => ({ id })),
    company: user.company ? mapCompany(user.company) : undefined,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
export type UserResponseDto = ReturnType<typeof mapUser>;

export function userSnapshot(user: User): UserSnapshot {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    profile: user.profile,
    super: user.super,
    companyId: user.companyId,
    allTicket: user.allTicket,
    whatsappId: user.whatsappId,
    queueIds: user.queueIds,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
