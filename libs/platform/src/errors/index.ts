export * from './app-error';
export * from './error-status';
export * from './http-exception.filter';
