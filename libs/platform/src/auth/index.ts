export * from './access-token.service';
export * from './auth.guard';
export * from './decorators';
export * from './session-authority';
export * from './session-registry';
export * from './tenancy';
