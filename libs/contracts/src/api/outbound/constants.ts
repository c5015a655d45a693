// ---------------------------------------------------------------------------------------------
// Messages the spec gives (spec 2, section 5), as the API answers them; the web says them in the
// user's language.
// ---------------------------------------------------------------------------------------------

export const OUTBOUND_MESSAGES = {
  tooShort: 'Too Short!',
  tooLong: 'Too Long!',
  required: 'Required',
  invalidEmail: 'Invalid email',
  invalidNumber: 'Número inválido',
  /** File list name under 3 characters. */
  fileListNameTooShort: 'nome muito curto',
  genericRequired: 'Obrigatório',
  genericTooLong: 'Muito grande!',
  /** A campaign variable whose key is already in the list. */
  variableKeyTaken: 'Variável já existe',
  invalidOption: 'Opção inválida',
  /** Campaigns (ours: the spec does not show the rest of the campaign schema). */
  invalidHour: 'Hora inválida',
  endHourBeforeStart: 'A hora final deve ser depois da inicial',
  invalidScheduledAt: 'Data inválida',
  scheduledAtPast: 'A data agendada já passou',
  repeatedConnection: 'Conexão repetida',
  listOrTag: 'Escolha uma lista de contatos ou uma tag, não as duas',
  messageRequired: 'Informe ao menos uma mensagem',
  templateRequired: 'Escolha um modelo aprovado: a conexão é da API oficial (Cloud API)',
  invalidTemplateName: 'Nome de modelo inválido (letras minúsculas, números e _)',
  invalidTemplateLanguage: 'Idioma do modelo inválido (ex.: pt_BR)',
  confirmationMessageRequired: 'Informe ao menos uma mensagem de confirmação',
  connectionRequired: 'Escolha ao menos uma conexão',
  recipientsRequired: 'Escolha uma lista de contatos ou uma tag',
} as const;

export const CONTACT_LIST_NAME_MIN = 2;
export const CONTACT_LIST_NAME_MAX = 50;
export const CONTACT_LISTS_PAGE_SIZE = 20;
export const CONTACT_LIST_ITEMS_PAGE_SIZE = 40;
export const CONTACT_LIST_ITEM_NAME_MIN = 2;
export const CONTACT_LIST_ITEM_NAME_MAX = 50;
export const CONTACT_LIST_ITEM_NUMBER_MIN = 8;
export const CONTACT_LIST_ITEM_NUMBER_MAX = 50;
/** The company fields of an item (CNPJ, address...) are free text up to this length. */
export const CONTACT_LIST_ITEM_FIELD_MAX = 200;
export const CONTACT_LIST_ITEM_NOTE_MAX = 2_000;

/** Sheets accepted by POST /contact-lists/{id}/upload (spec 2 names .xls and .xlsx; CSV too, as contacts take it: docs/api.md). */
export const CONTACT_LIST_SHEET_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const CONTACT_LIST_SHEET_MAX_BYTES = 5 * 1024 * 1024;
export const CONTACT_LIST_SHEET_MAX_ROWS = 10_000;

/**
 * Number checks: at most this many numbers per check command, and one command per company in flight
 * every this many milliseconds (a 10,000-row list takes about 35 minutes on one connection; the spec
 * expects import results within an hour).
 */
export const NUMBER_CHECK_BATCH = 25;
export const NUMBER_CHECK_INTERVAL_MS = 5_000;

export const FILE_LIST_NAME_MIN = 3;
export const FILE_LIST_NAME_MAX = 100;
export const FILE_LIST_MESSAGE_MAX = 10_000;
export const FILE_LIST_OPTIONS_MAX = 20;
export const FILE_LISTS_PAGE_SIZE = 20;

/** Campaign settings (spec 2, section 9): options and defaults, in seconds. */
export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const CAMPAIGN_SETTINGS_DEFAULTS = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 } as const;
export const CAMPAIGN_VARIABLES_MAX = 50;

/** Campaigns (spec 2 sections 5 and 9). */
export const CAMPAIGN_NAME_MIN = 2;
export const CAMPAIGN_NAME_MAX = 50;
export const CAMPAIGN_MESSAGE_MAX = 4_096;
export const CAMPAIGNS_PAGE_SIZE = 20;
/** A PROGRAMADA campaign is editable while its scheduled time is more than this far ahead. */
export const CAMPAIGN_EDIT_WINDOW_MS = 60 * 60 * 1_000;
/** The campaign's one attachment (POST /campaigns/{id}/media-upload). */
export const CAMPAIGN_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
/**
 * A connection whose sends fail this many times in a row is paused for the campaign (WhatsApp is
 * refusing it); a failure whose reason names a reach-out refusal pauses it at once.
 */
export const CAMPAIGN_FAILURES_TO_PAUSE = 3;
