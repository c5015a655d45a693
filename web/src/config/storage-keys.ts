/** Browser storage keys, named as the spec names them (section 3, "Browser-stored keys"). */
export const STORAGE_KEYS = {
  /** The access token, stored as a JSON string (as Whaticket does). */
  token: 'token',
  companyId: 'companyId',
  userId: 'userId',
  /** The company's subscription due date (ISO string) as received at login. */
  companyDueDate: 'companyDueDate',
  /** 'light' | 'dark'; absent means "follow the system preference". */
  preferredTheme: 'preferredTheme',
  /** The to-do list (spec 2): a JSON list of { text, createdAt, updatedAt }, kept only in this browser. */
  tasks: 'tasks',
  /** Present (any value) while the company has campaigns enabled: the campaign screens exist only then (spec 1). */
  campaignsShown: 'cshow',
  /** Written by i18next-browser-languagedetector. */
  language: 'i18nextLng',
} as const;
