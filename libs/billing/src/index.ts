export * from './billing.module';
export * from './billing-config';
export * from './common/billing-options';
