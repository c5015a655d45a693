export * from './common/outbound-options';
export * from './outbound.module';
