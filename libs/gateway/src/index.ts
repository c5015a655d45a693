export * from './gateway.module';
export * from './gateway-options';
export * from './http/json-compression';
export * from './http/service-proxy';
export * from './http/web-app';
export * from './realtime/socket-emit';
export * from './realtime/socket-events';
