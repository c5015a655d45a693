/** Profiles of docs/permissions.md: admin, supervisor and user (the super flag sits on top). */
export type UserProfile = 'admin' | 'supervisor' | 'user';

/** Feature flags of the company's plan (spec section 3). */
export type PlanFlags = {
  useCampaigns: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
};

export type PlanFlag = keyof PlanFlags;

export type AuthCompany = {
  id: number;
  name: string;
  /** Date ('YYYY-MM-DD') or ISO date-time; login is refused once it is past. */
  dueDate: string | null;
  plan?: Partial<PlanFlags> & { id?: number; name?: string };
  /** The company settings (key/value), when the API sends them with the user. */
  settings?: { key: string; value: string | null }[];
};

/** The signed-in user, as `POST /api/auth/login` and `GET /api/auth/me` return it. */
export type AuthUser = {
  id: number;
  name: string;
  email: string;
  profile: UserProfile;
  super: boolean;
  companyId: number;
  allTicket?: 'enabled' | 'desabled' | string;
  company: AuthCompany | null;
};

export type LoginResponse = {
  token: string;
  user: AuthUser;
};
