export * from './test-database';
export * from './wait-for';
export * from './service-test-app';
