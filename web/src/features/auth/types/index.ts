export type UserProfile = 'admin' | 'user';

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

export type AuthCompany = {
  id: number;
  name: string;
  /** Date ('YYYY-MM-DD') or ISO date-time; login is refused once it is past. */
  dueDate: string | null;
  plan?: Partial<PlanFlags> & { id?: number; name?: string };
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
