export * from './outbound.module';
export * from './outbound-options';
