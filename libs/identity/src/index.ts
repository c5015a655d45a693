export * from './identity.module';
export * from './identity-options';
export * from './identity-config';
export { DEFAULT_RATE_LIMITS, type RateLimitBucket, type RateLimitRule } from './rate-limit/rate-limits';
export { REFRESH_COOKIE } from './auth/auth.controller';
export { PLATFORM_COMPANY_NAME } from './seed/platform-seed.service';
