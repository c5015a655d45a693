export { REFRESH_COOKIE } from './auth/auth.controller';
export * from './common/identity-config';
export * from './common/identity-options';
export { DEFAULT_RATE_LIMITS, type RateLimitBucket, type RateLimitRule } from './common/rate-limits';
export * from './identity.module';
export { PLATFORM_COMPANY_NAME } from './seed/platform-seed.service';
