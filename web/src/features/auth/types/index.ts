import type { LoginResponse as ContractLoginResponse, UserResponse } from '@app/contracts';

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

/** The user's company as login and `GET /api/auth/me` carry it (the contract's user company). */
export type AuthCompany = NonNullable<UserResponse['company']>;

/** The signed-in user, as `POST /api/auth/login` and `GET /api/auth/me` return it (the contract's UserResponse). */
export type AuthUser = UserResponse;

/** `POST /api/auth/login`: the token, the session's id, the user and the subscription. */
export type LoginResponse = ContractLoginResponse;
