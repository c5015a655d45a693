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
  /** Written by i18next-browser-languagedetector. */
  language: 'i18nextLng',
} as const;
