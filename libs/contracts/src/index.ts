export * from './envelope';
export * from './topics';
export * from './errors';
export * from './events';
export * from './version';
export * from './routes';
export * from './api/whatsapp';
export * from './api/identity';
