/**
 * The identity API (owned by the identity service): sign-up, password reset, login answers, users,
 * company settings and global settings, companies, plans, helps, announcements, logos and the socket
 * payloads of `company-{id}-user`, `company-{id}-auth` and `company-announcement`. Server and web
 * validate with these same schemas; paths are relative to /api.
 */

export * from './announcements';
export * from './auth';
export * from './companies';
export * from './constants';
export { emailCodeSchema, type PageQuery, pageQuerySchema, STRONG_PASSWORD_PATTERN, strongPasswordSchema } from './fields';
export * from './helps';
export * from './logos';
export * from './password-reset';
export * from './permissions';
export { phoneSchema } from './phone-field';
export * from './plans';
export * from './settings';
export * from './sign-up';
export * from './users';
export * from './version';
