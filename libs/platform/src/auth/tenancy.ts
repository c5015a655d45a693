import { z } from 'zod';

export const PLAN_FLAGS = [
  'useCampaigns',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

/**
 * The claims of an access token; identity signs them, every service verifies them. The signed token
 * also carries `userId`, the user's id as a number beside `sub` (AccessTokenService).
 */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  companyId: z.number().int().positive(),
  profile: z.enum(['admin', 'supervisor', 'user']),
  super: z.boolean(),
  /** The refresh-token family this access token was issued from: the login session. */
  sid: z.uuid(),
  plan: z.array(z.enum(PLAN_FLAGS)),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** Who is calling, taken only from a verified token, never from the request body or query. */
export interface Tenancy {
  userId: number;
  companyId: number;
  profile: 'admin' | 'supervisor' | 'user';
  super: boolean;
  sessionId: string;
  planFlags: ReadonlySet<PlanFlag>;
}

export function tenancyFromClaims(claims: AccessTokenClaims): Tenancy {
  return {
    userId: Number(claims.sub),
    companyId: claims.companyId,
    profile: claims.profile,
    super: claims.super,
    sessionId: claims.sid,
    planFlags: new Set(claims.plan),
  };
}

export const isAdmin = (tenancy: Tenancy) => tenancy.super || tenancy.profile === 'admin';
