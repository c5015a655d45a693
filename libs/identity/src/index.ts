export { REFRESH_COOKIE } from './auth/auth.controller';
export * from './identity.module';
export * from './identity-config';
export * from './identity-options';
export { DEFAULT_RATE_LIMITS, type RateLimitBucket, type RateLimitRule } from './rate-limit/rate-limits';
export { PLATFORM_COMPANY_NAME } from './seed/platform-seed.service';
