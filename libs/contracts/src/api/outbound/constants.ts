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

/** Sheets accepted by POST /contact-lists/{id}/upload (spec 2: only .xls and .xlsx). */
export const CONTACT_LIST_SHEET_EXTENSIONS = ['.xlsx', '.xls'] as const;
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
