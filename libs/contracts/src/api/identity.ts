import { z } from 'zod';

/**
 * The identity API (owned by the identity service): sign-up, password reset, login answers, users,
 * company settings and global settings, companies, plans, helps, announcements, logos and the socket
 * payloads of `company-{id}-user`, `company-{id}-auth` and `company-announcement`. Server and web
 * validate with these same schemas; paths are relative to /api.
 */

// ---------------------------------------------------------------------------------------------
// Messages the spec gives (Portuguese where it gives them)
// ---------------------------------------------------------------------------------------------

export const IDENTITY_MESSAGES = {
  // users (spec 1 §5)
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  required: 'Required',
  invalidEmail: 'Invalid email',
  // sign-up and reset (spec 1 §5, spec 3 §5)
  nameTooShort: 'Nome muito curto!',
  nameTooLong: 'Nome muito longo!',
  nameRequired: 'Nome é obrigatório',
  passwordRule:
    'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.',
  passwordRequired: 'Senha é obrigatória',
  emailInvalid: 'Email inválido',
  emailRequired: 'Email é obrigatório',
  planPlaceholder: 'Selecione um plano',
  planRequired: 'Plano é obrigatório',
  fieldRequired: 'Campo obrigatório',
  passwordsDoNotMatch: 'As senhas não correspondem',
  // generic (spec 1 §5)
  genericTooShort: 'Muito curto!',
  genericTooLong: 'Muito grande!',
  genericRequired: 'Obrigatório',
  genericInvalidEmail: 'E-mail inválido',
  // logos and announcements (spec 3 §5, spec 2 §5)
  logoFileType: 'Use somente arquivos em formato PNG, ICO ou SVG!',
  logoFileRequired: 'Escolha um arquivo!',
  logoDestinationRequired: 'Escolha um destino!',
  announcementFileType: 'Use somente arquivos em formato PNG, JPG ou JPEG!',
  // answers the web shows (spec 1 §8, spec 3 §8)
  codeSent: 'Código de verificação enviado para seu email',
  signUpDone: 'Cadastro realizado com sucesso! Aguarde a aprovação do administrador.',
  resetMailSent: 'Email enviado com sucesso!',
  resetDone: 'Senha redefinida com sucesso.',
  fileAttached: 'Arquivo Anexado',
  invalidValue: 'Valor inválido',
} as const;

const M = IDENTITY_MESSAGES;

// ---------------------------------------------------------------------------------------------
// Enumerations and constants
// ---------------------------------------------------------------------------------------------

/** Profiles; the super flag sits on top of any of them. */
export const USER_PROFILES = ['admin', 'supervisor', 'user'] as const;
export const userProfileEnum = z.enum(USER_PROFILES);
export type UserProfileName = (typeof USER_PROFILES)[number];

/** The spec's spelling of the user's "see pending tickets too" switch. */
export const ALL_TICKET_VALUES = ['enabled', 'desabled'] as const;
export const allTicketEnum = z.enum(ALL_TICKET_VALUES);

export const RECURRENCES = ['MENSAL', 'BIMESTRAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'] as const;
export const recurrenceEnum = z.enum(RECURRENCES);
export type Recurrence = (typeof RECURRENCES)[number];
/** Months the +Vencimento button adds to a company's due date. */
export const RECURRENCE_MONTHS: Record<Recurrence, number> = {
  MENSAL: 1,
  BIMESTRAL: 2,
  TRIMESTRAL: 3,
  SEMESTRAL: 6,
  ANUAL: 12,
};

/** A due date (YYYY-MM-DD) moved on by one period of the recurrence, clamped to the month's end. */
export function advanceDueDate(dueDate: string, recurrence: Recurrence): string {
  const [year, month, day] = dueDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + RECURRENCE_MONTHS[recurrence], 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Fewer days than this left on the subscription warns at login (spec 1 §9). */
export const SUBSCRIPTION_WARNING_DAYS = 5;
/** Trial days at sign-up: the global `trial` setting, 1 to 7, 5 when unset. */
export const TRIAL_DAYS_MIN = 1;
export const TRIAL_DAYS_MAX = 7;
export const TRIAL_DAYS_DEFAULT = 5;
/** Users not seen (userStatus every 5 minutes) for longer than this count as offline. */
export const USER_ONLINE_WINDOW_MS = 6 * 60_000;
export const USER_STATUS_INTERVAL_MS = 300_000;
export const USERS_PAGE_SIZE = 20;
export const IDENTITY_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------
// Permissions (docs/permissions.md): the spec's named checks, decided per profile
// ---------------------------------------------------------------------------------------------

export const PERMISSIONS = [
  'user-modal:editProfile',
  'user-modal:editQueues',
  'tickets-manager:showall',
  'ticket-options:deleteTicket',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
  'contacts-page:deleteContact',
  'users-page:view',
  'settings-page:edit',
  'tag:editKanban',
  'quick-messages:editAny',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PERMISSION_RULES: Record<Permission, readonly UserProfileName[]> = {
  'user-modal:editProfile': ['admin'],
  'user-modal:editQueues': ['admin'],
  'tickets-manager:showall': ['admin', 'supervisor'],
  'ticket-options:deleteTicket': ['admin'],
  'connections-page:addConnection': ['admin'],
  'connections-page:editOrDeleteConnection': ['admin'],
  'contacts-page:deleteContact': ['admin', 'supervisor'],
  'users-page:view': ['admin', 'supervisor'],
  'settings-page:edit': ['admin'],
  'tag:editKanban': ['admin', 'supervisor'],
  'quick-messages:editAny': ['admin', 'supervisor'],
};

/** Whether a user may do what the named check guards; a super user may do everything. */
export function can(user: { profile: string; super?: boolean } | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (user.super) return true;
  return (PERMISSION_RULES[permission] as readonly string[]).includes(user.profile);
}

// ---------------------------------------------------------------------------------------------
// Shared field schemas
// ---------------------------------------------------------------------------------------------

const positiveId = z.number().int().positive();
const isoDateTime = z.string();
/** YYYY-MM-DD */
export const DATE_ONLY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Sign-up and reset password rule: 8+ characters with an uppercase, a lowercase and a digit. */
export const STRONG_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
export const strongPasswordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .max(100, M.passwordRule)
  .regex(STRONG_PASSWORD_PATTERN, M.passwordRule);

const signUpEmail = z
  .string({ error: M.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, M.emailRequired)
  .max(254, M.emailInvalid)
  .pipe(z.email(M.emailInvalid));

const signUpName = z
  .string({ error: M.nameRequired })
  .trim()
  .min(1, M.nameRequired)
  .min(2, M.nameTooShort)
  .max(50, M.nameTooLong);

const userName = z.string({ error: M.required }).trim().min(2, M.tooShort).max(50, M.tooLong);
const userEmail = z
  .string({ error: M.required })
  .trim()
  .toLowerCase()
  .min(1, M.required)
  .max(254, M.invalidEmail)
  .pipe(z.email(M.invalidEmail));
const userPassword = z.string({ error: M.required }).min(5, M.tooShort).max(50, M.tooLong);

/** A code sent by e-mail: six digits. */
export const emailCodeSchema = z
  .string({ error: M.fieldRequired })
  .trim()
  .regex(/^\d{6}$/, 'O código tem 6 dígitos');

/** Brazilian phone, digits only after the mask (99) 99999-9999 is stripped, at most 11. */
export const phoneSchema = z
  .string()
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(z.string().max(11, M.genericTooLong));

const searchParam = z.string().trim().max(100).default('');
const pageNumber = z.coerce.number().int().min(1).max(100_000).default(1);
export const pageQuerySchema = z.object({ searchParam, pageNumber });
export type PageQuery = z.infer<typeof pageQuerySchema>;

const messageAnswer = z.object({ message: z.string() });

// ---------------------------------------------------------------------------------------------
// Plans
// ---------------------------------------------------------------------------------------------

export const PLAN_FLAG_FIELDS = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useInternal',
] as const;

export const planResponseSchema = z.object({
  id: positiveId,
  name: z.string(),
  users: z.number().int(),
  connections: z.number().int(),
  queues: z.number().int(),
  /** Money in reais, two decimals (shown in pt-BR format by the web). */
  value: z.number(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
  /** "Uso Interno": an internal plan, hidden from the public lists (/plans/list, /plans/register). */
  useInternal: z.boolean(),
  createdAt: isoDateTime.optional(),
  updatedAt: isoDateTime.optional(),
});
export type PlanResponse = z.infer<typeof planResponseSchema>;

const limit = z.coerce.number({ error: M.genericRequired }).int(M.invalidValue).min(0, M.invalidValue).max(100_000, M.invalidValue);
/** Accepts 99.9, "99.90" or the pt-BR "99,90" / "1.234,56"; kept with two decimals. */
export const moneySchema = z.union([z.number(), z.string()]).transform((value, context) => {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(/^R\$\s*/, '');
  const normalised = /,\d{1,2}$/.test(text) ? text.replace(/\./g, '').replace(',', '.') : text;
  const amount = Number(normalised);
  if (normalised === '' || !Number.isFinite(amount) || amount < 0 || amount > 10_000_000) {
    context.addIssue({ code: 'custom', message: M.invalidValue });
    return z.NEVER;
  }
  return Math.round(amount * 100) / 100;
});

export const planCreateSchema = z.object({
  name: z.string({ error: M.genericRequired }).trim().min(2, M.genericTooShort).max(50, M.genericTooLong),
  users: limit,
  connections: limit,
  queues: limit,
  value: moneySchema,
  useCampaigns: z.boolean().default(false),
  useSchedules: z.boolean().default(false),
  useInternalChat: z.boolean().default(false),
  useExternalApi: z.boolean().default(false),
  useKanban: z.boolean().default(false),
  useOpenAi: z.boolean().default(false),
  useIntegrations: z.boolean().default(false),
  useInternal: z.boolean().default(false),
});
export type PlanCreateRequest = z.input<typeof planCreateSchema>;
export const planUpdateSchema = planCreateSchema.partial();
export type PlanUpdateRequest = z.input<typeof planUpdateSchema>;

/** GET /plans/list, GET /plans/register (public), GET /plans/all (super). */
export const planListResponseSchema = z.array(planResponseSchema);

// ---------------------------------------------------------------------------------------------
// Company settings and global settings
// ---------------------------------------------------------------------------------------------

const enabledDisabled = ['enabled', 'disabled'] as const;

/**
 * Every company setting key with the values it accepts (null: free text up to 500 characters) and
 * its default for a new company. `superOnly` keys (billing integrations) are edited by super users.
 */
export const COMPANY_SETTINGS = {
  userRating: { values: enabledDisabled, default: 'disabled' },
  scheduleType: { values: ['disabled', 'queue', 'company'], default: 'disabled' },
  call: { values: enabledDisabled, default: 'enabled' },
  CheckMsgIsGroup: { values: enabledDisabled, default: 'enabled' },
  sendGreetingAccepted: { values: enabledDisabled, default: 'disabled' },
  sendMsgTransfTicket: { values: enabledDisabled, default: 'disabled' },
  sendGreetingMessageOneQueues: { values: enabledDisabled, default: 'enabled' },
  chatBotType: { values: ['text'], default: 'text' },
  campaignsEnabled: { values: ['true', 'false', 'enabled'], default: 'false' },
  ipixc: { values: null, default: '', superOnly: true },
  tokenixc: { values: null, default: '', superOnly: true },
  ipmkauth: { values: null, default: '', superOnly: true },
  clientidmkauth: { values: null, default: '', superOnly: true },
  clientsecretmkauth: { values: null, default: '', superOnly: true },
  asaas: { values: null, default: '', superOnly: true },
} as const satisfies Record<string, { values: readonly string[] | null; default: string; superOnly?: boolean }>;
export type CompanySettingKey = keyof typeof COMPANY_SETTINGS;
export const COMPANY_SETTING_KEYS = Object.keys(COMPANY_SETTINGS) as CompanySettingKey[];

/** The billing integrations' keys: secrets that only super users read, never sent to sockets. */
export function isSecretSettingKey(key: string): boolean {
  const definition = (COMPANY_SETTINGS as Record<string, object>)[key];
  return !!definition && 'superOnly' in definition;
}

/** Platform-wide settings, edited by super users; their GETs are public (the sign-up page reads them). */
export const GLOBAL_SETTINGS = {
  allowregister: { values: enabledDisabled, default: 'enabled' },
  viewregister: { values: enabledDisabled, default: 'enabled' },
  trial: { values: ['1', '2', '3', '4', '5', '6', '7'], default: String(TRIAL_DAYS_DEFAULT) },
} as const satisfies Record<string, { values: readonly string[]; default: string }>;
export type GlobalSettingKey = keyof typeof GLOBAL_SETTINGS;
export const GLOBAL_SETTING_KEYS = Object.keys(GLOBAL_SETTINGS) as GlobalSettingKey[];

export const settingResponseSchema = z.object({
  key: z.string(),
  value: z.string(),
  /** Null for a global setting. */
  companyId: positiveId.nullable(),
  updatedAt: isoDateTime,
});
export type SettingResponse = z.infer<typeof settingResponseSchema>;

/** GET /settings: the caller's company settings, plus the global ones for a super user. */
export const settingListResponseSchema = z.array(settingResponseSchema);

/** PUT /settings/:key; the key in the body, when sent, must be the path's. */
export const settingUpdateSchema = z.object({
  key: z.string().optional(),
  value: z.string({ error: M.genericRequired }).max(500, M.genericTooLong),
});
export type SettingUpdateRequest = z.infer<typeof settingUpdateSchema>;

/** GET /settings/trial|allowregister|viewregister (public). */
export const publicSettingResponseSchema = z.object({ key: z.string(), value: z.string() });
export type PublicSettingResponse = z.infer<typeof publicSettingResponseSchema>;

/** Whether a value is one the key accepts; unknown keys accept nothing. */
export function isValidSettingValue(key: string, value: string): boolean {
  const definition =
    (COMPANY_SETTINGS as Record<string, { values: readonly string[] | null }>)[key] ??
    (GLOBAL_SETTINGS as Record<string, { values: readonly string[] }>)[key];
  if (!definition) return false;
  return definition.values === null ? value.length <= 500 : definition.values.includes(value);
}

// ---------------------------------------------------------------------------------------------
// Companies
// ---------------------------------------------------------------------------------------------

export const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '##:##');
export const weeklyScheduleEntrySchema = z.object({
  weekday: z.string().trim().max(30),
  weekdayEn: z.enum(WEEKDAYS_EN),
  startTime: timeOfDay.or(z.literal('')),
  endTime: timeOfDay.or(z.literal('')),
});
export type WeeklyScheduleEntry = z.infer<typeof weeklyScheduleEntrySchema>;
export const companySchedulesUpdateSchema = z.object({
  schedules: z.array(weeklyScheduleEntrySchema).max(7),
});
export type CompanySchedulesUpdateRequest = z.infer<typeof companySchedulesUpdateSchema>;

export const companyResponseSchema = z.object({
  id: positiveId,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  planId: positiveId,
  plan: planResponseSchema.optional(),
  status: z.boolean(),
  approved: z.boolean(),
  /** YYYY-MM-DD or null */
  dueDate: z.string().nullable(),
  recurrence: recurrenceEnum,
  campaignsEnabled: z.boolean().optional(),
  schedules: z.array(weeklyScheduleEntrySchema),
  settings: z.array(settingResponseSchema).optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type CompanyResponse = z.infer<typeof companyResponseSchema>;

/** Empty or invalid due dates are sent as null (spec 3 §5). */
const nullableDueDate = z
  .union([z.string(), z.null()])
  .transform((value) => (value && DATE_ONLY_PATTERN.test(value.trim().slice(0, 10)) ? value.trim().slice(0, 10) : null));

const companyName = z.string({ error: M.genericRequired }).trim().min(2, M.genericTooShort).max(50, M.genericTooLong);
const companyEmail = z
  .string({ error: M.genericRequired })
  .trim()
  .toLowerCase()
  .max(254, M.genericInvalidEmail)
  .pipe(z.email(M.genericInvalidEmail));

/** POST /companies (super): the company and its first admin (the company's e-mail and password). */
export const companyCreateSchema = z.object({
  name: companyName,
  email: companyEmail,
  phone: phoneSchema.optional(),
  password: userPassword,
  planId: positiveId,
  status: z.boolean().default(true),
  approved: z.boolean().default(true),
  dueDate: nullableDueDate.optional(),
  recurrence: recurrenceEnum.default('MENSAL'),
  campaignsEnabled: z.boolean().default(false),
});
export type CompanyCreateRequest = z.input<typeof companyCreateSchema>;

/** PUT /companies/:id (super). */
export const companyUpdateSchema = z.object({
  name: companyName.optional(),
  email: companyEmail.optional(),
  phone: phoneSchema.optional(),
  planId: positiveId.optional(),
  status: z.boolean().optional(),
  approved: z.boolean().optional(),
  dueDate: nullableDueDate.optional(),
  recurrence: recurrenceEnum.optional(),
  campaignsEnabled: z.boolean().optional(),
});
export type CompanyUpdateRequest = z.input<typeof companyUpdateSchema>;

/** GET /companies?searchParam=&pageNumber= (super). GET /companies/list answers the bare array. */
export const companyPageResponseSchema = z.object({
  companies: z.array(companyResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type CompanyPageResponse = z.infer<typeof companyPageResponseSchema>;

/** GET /companies/listPlan/:companyId: the company's plan and its flags (own company unless super). */
export const companyPlanResponseSchema = z.object({
  id: positiveId,
  name: z.string(),
  planId: positiveId,
  plan: planResponseSchema,
});
export type CompanyPlanResponse = z.infer<typeof companyPlanResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Sign-up
// ---------------------------------------------------------------------------------------------

/** POST /verify-email: step one; a code goes by e-mail. */
export const verifyEmailSchema = z.object({ email: signUpEmail, name: signUpName });
export type VerifyEmailRequest = z.infer<typeof verifyEmailSchema>;
export const verifyEmailResponseSchema = z.object({ sent: z.literal(true), message: z.string() });

/** POST /verify-code: step two; `valid: true` marks the e-mail verified for the sign-up that follows. */
export const verifyCodeSchema = z.object({ email: signUpEmail, code: emailCodeSchema });
export type VerifyCodeRequest = z.infer<typeof verifyCodeSchema>;
export const verifyCodeResponseSchema = z.object({ valid: z.boolean() });
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponseSchema>;

/**
 * POST /companies/cadastro: needs the e-mail verified by /verify-code within the hour. The server
 * decides recurrence (MENSAL), status (true), campaignsEnabled (true), dueDate (today + trial days)
 * and approved (false): those fields are accepted for compatibility and ignored.
 */
export const signUpSchema = z.object({
  name: signUpName,
  email: signUpEmail,
  phone: phoneSchema.optional(),
  password: strongPasswordSchema,
  planId: z.coerce
    .number({ error: M.planRequired })
    .int(M.planPlaceholder)
    .positive(M.planPlaceholder),
  recurrence: z.string().optional(),
  dueDate: z.string().nullable().optional(),
  status: z.unknown().optional(),
  campaignsEnabled: z.unknown().optional(),
});
export type SignUpRequest = z.input<typeof signUpSchema>;
export const signUpResponseSchema = z.object({
  message: z.string(),
  company: z.object({ id: positiveId, name: z.string(), dueDate: z.string().nullable(), approved: z.boolean() }),
});
export type SignUpResponse = z.infer<typeof signUpResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Password reset
// ---------------------------------------------------------------------------------------------

/** POST /forgetpassword {email} (also /forgetpassword/:email): 404 ERR_NO_USER_FOUND when unknown. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: M.fieldRequired })
    .trim()
    .toLowerCase()
    .min(1, M.fieldRequired)
    .max(254, M.invalidEmail)
    .pipe(z.email(M.invalidEmail)),
});
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordSchema>;
export const forgotPasswordResponseSchema = z.object({ status: z.literal(200), message: z.string() });

/** POST /resetpasswords: the new password in the body, never in the path. */
export const resetPasswordSchema = z
  .object({
    email: forgotPasswordSchema.shape.email,
    token: emailCodeSchema,
    password: z
      .string({ error: M.fieldRequired })
      .min(1, M.fieldRequired)
      .max(100, M.passwordRule)
      .regex(STRONG_PASSWORD_PATTERN, M.passwordRule),
    confirmPassword: z.string().optional(),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, {
    path: ['confirmPassword'],
    message: M.passwordsDoNotMatch,
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;
export const resetPasswordResponseSchema = messageAnswer;

// ---------------------------------------------------------------------------------------------
// Login answers and users
// ---------------------------------------------------------------------------------------------

export const userCompanySchema = z.object({
  id: positiveId,
  name: z.string(),
  dueDate: z.string().nullable(),
  status: z.boolean(),
  approved: z.boolean(),
  planId: positiveId,
  plan: planResponseSchema.optional(),
  settings: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
});

export const userResponseSchema = z.object({
  id: positiveId,
  name: z.string(),
  email: z.string(),
  profile: userProfileEnum,
  super: z.boolean(),
  allTicket: allTicketEnum,
  whatsappId: positiveId.nullable(),
  /** Seen by a userStatus ping within the last 6 minutes. */
  online: z.boolean(),
  lastSeenAt: isoDateTime.nullable(),
  companyId: positiveId,
  /** Queue ids; names come from the queues list (conversations service). */
  queues: z.array(z.object({ id: positiveId })),
  company: userCompanySchema.optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type UserResponse = z.infer<typeof userResponseSchema>;

/** Days left before the due date, and whether to warn (fewer than 5). Null when there is no due date. */
export const subscriptionInfoSchema = z.object({
  dueDate: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  warning: z.boolean(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

/** POST /auth/login and POST /auth/refresh_token. */
export const loginResponseSchema = z.object({
  token: z.string(),
  /** The login session; `company-{id}-auth` carries the new session's id so it can ignore its own. */
  sessionId: z.string(),
  user: userResponseSchema,
  subscription: subscriptionInfoSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /users (admins). */
export const userCreateSchema = z.object({
  name: userName,
  email: userEmail,
  password: userPassword,
  profile: userProfileEnum.default('user'),
  allTicket: allTicketEnum.default('desabled'),
  whatsappId: positiveId.nullable().default(null),
  queueIds: z.array(positiveId).max(500).default([]),
  /** Only a super user may grant it. */
  super: z.boolean().optional(),
});
export type UserCreateRequest = z.input<typeof userCreateSchema>;

/**
 * PUT /users/:id. A user may change only their own name and password; only admins change profile,
 * queues, connection and allTicket; only a super user grants or removes super. An empty password
 * keeps the current one.
 */
export const userUpdateSchema = z.object({
  name: userName.optional(),
  email: userEmail.optional(),
  password: z
    .string()
    .max(50, M.tooLong)
    .refine((value) => value === '' || value.length >= 5, M.tooShort)
    .optional(),
  profile: userProfileEnum.optional(),
  allTicket: allTicketEnum.optional(),
  whatsappId: positiveId.nullable().optional(),
  queueIds: z.array(positiveId).max(500).optional(),
  super: z.boolean().optional(),
});
export type UserUpdateRequest = z.input<typeof userUpdateSchema>;

/** GET /users?searchParam=&pageNumber= (admins and supervisors): 20 a page. */
export const userPageResponseSchema = z.object({
  users: z.array(userResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type UserPageResponse = z.infer<typeof userPageResponseSchema>;

/** GET /users/list?companyId= (any user of the company; another companyId only for super users). */
export const userListQuerySchema = z.object({ companyId: z.coerce.number().int().positive().optional() });
export const userListItemSchema = z.object({
  id: positiveId,
  name: z.string(),
  email: z.string(),
  profile: userProfileEnum,
  online: z.boolean(),
  queues: z.array(z.object({ id: positiveId })),
  whatsappId: positiveId.nullable(),
});
export const userListResponseSchema = z.array(userListItemSchema);
export type UserListItem = z.infer<typeof userListItemSchema>;

// ---------------------------------------------------------------------------------------------
// Helps
// ---------------------------------------------------------------------------------------------

export const helpResponseSchema = z.object({
  id: positiveId,
  title: z.string(),
  description: z.string(),
  /** A video code (e.g. a YouTube id). */
  video: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type HelpResponse = z.infer<typeof helpResponseSchema>;
export const helpCreateSchema = z.object({
  title: z.string({ error: M.genericRequired }).trim().min(1, M.genericRequired).max(120, M.genericTooLong),
  description: z.string().trim().max(2_000, M.genericTooLong).default(''),
  video: z.string().trim().max(200, M.genericTooLong).default(''),
});
export type HelpCreateRequest = z.input<typeof helpCreateSchema>;
export const helpUpdateSchema = helpCreateSchema.partial();
export type HelpUpdateRequest = z.input<typeof helpUpdateSchema>;
/** GET /helps?searchParam=&pageNumber= answers a page; GET /helps/list the bare array. */
export const helpPageResponseSchema = z.object({
  helps: z.array(helpResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});

// ---------------------------------------------------------------------------------------------
// Announcements
// ---------------------------------------------------------------------------------------------

/** 1 high (red), 2 medium (orange), 3 low (grey). */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export const ANNOUNCEMENT_MEDIA_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;

export const announcementResponseSchema = z.object({
  id: positiveId,
  title: z.string(),
  text: z.string(),
  priority: z.number().int().min(1).max(3),
  status: z.boolean(),
  /** Where to fetch the attachment (public URL under /api), or null. */
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type AnnouncementResponse = z.infer<typeof announcementResponseSchema>;
export const announcementCreateSchema = z.object({
  title: z.string({ error: M.genericRequired }).trim().min(1, M.genericRequired).max(200, M.genericTooLong),
  text: z.string({ error: M.genericRequired }).trim().min(1, M.genericRequired).max(5_000, M.genericTooLong),
  priority: z.coerce.number().int().min(1, M.invalidValue).max(3, M.invalidValue).default(3),
  status: z.boolean().default(true),
});
export type AnnouncementCreateRequest = z.input<typeof announcementCreateSchema>;
export const announcementUpdateSchema = announcementCreateSchema.partial();
export type AnnouncementUpdateRequest = z.input<typeof announcementUpdateSchema>;
/** GET /announcements?searchParam=&pageNumber=: super users see all, others the active ones. */
export const announcementPageResponseSchema = z.object({
  records: z.array(announcementResponseSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type AnnouncementPageResponse = z.infer<typeof announcementPageResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Logos and icons
// ---------------------------------------------------------------------------------------------

/** POST /settings/media-upload?ref=<destination> (super, multipart `file`); GET /logos/<destination> serves it. */
export const LOGO_DESTINATIONS = ['signup', 'login', 'interno', 'favicon', 'favicon-256x256', 'apple-touch-icon'] as const;
export type LogoDestination = (typeof LOGO_DESTINATIONS)[number];
export const LOGO_EXTENSIONS = ['.png', '.ico', '.svg'] as const;
export const logoUploadQuerySchema = z.object({
  ref: z.enum(LOGO_DESTINATIONS, { error: M.logoDestinationRequired }),
});
export const logoUploadResponseSchema = z.object({ mensagem: z.literal(M.fileAttached), url: z.string() });
export type LogoUploadResponse = z.infer<typeof logoUploadResponseSchema>;
/** GET /logos (public): the URL of each uploaded destination, null for those still on the default. */
export const logoListResponseSchema = z.record(z.enum(LOGO_DESTINATIONS), z.string().nullable());
export type LogoListResponse = z.infer<typeof logoListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Version
// ---------------------------------------------------------------------------------------------

export const versionResponseSchema = z.object({ version: z.string() });

// ---------------------------------------------------------------------------------------------
// Socket payloads
// ---------------------------------------------------------------------------------------------

/** `company-{id}-user`. */
export type UserSocketPayload =
  | { action: 'create' | 'update'; user: UserSocketUser }
  | { action: 'delete'; userId: number };
export type UserSocketUser = {
  id: number;
  name: string;
  email: string;
  profile: UserProfileName;
  super: boolean;
  companyId: number;
  allTicket: 'enabled' | 'desabled';
  whatsappId: number | null;
  queueIds: number[];
  online: boolean;
};

/**
 * `company-{id}-auth`, sent to the sockets of the user who just logged in: every session except
 * the one whose id is `sessionId` shows 'Sua conta foi acessada em outro computador.' and signs out.
 */
export type AuthSocketPayload = { action: 'update'; user: { id: number }; sessionId: string };

/** `company-announcement` to every socket. */
export type AnnouncementSocketPayload =
  | { action: 'create' | 'update'; record: AnnouncementResponse }
  | { action: 'delete'; id: number };

/** `company-{id}-settings`: a company setting changed (and `settings` for the global ones). */
export type SettingSocketPayload = { action: 'update'; setting: { key: string; value: string; companyId: number | null } };
