export * from './tenancy';
export * from './decorators';
export * from './access-token.service';
export * from './auth.guard';
