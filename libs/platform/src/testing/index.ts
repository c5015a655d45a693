export * from './answer';
export * from './service-test-app';
export * from './sheet-bombs';
export * from './test-database';
export * from './token-claims-sessions';
export * from './wait-for';
