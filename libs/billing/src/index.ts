export * from './billing.module';
export * from './billing-options';
