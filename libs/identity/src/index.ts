export * from './identity.module';
export * from './identity-options';
export { REFRESH_COOKIE } from './auth/auth.controller';
export { PLATFORM_COMPANY_NAME } from './seed/platform-seed.service';
