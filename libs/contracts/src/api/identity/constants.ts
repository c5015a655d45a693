import { z } from 'zod';

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
  passwordRule: 'Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.',
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
