export * from './common/gateway-options';
export * from './common/socket-emit';
export * from './common/socket-events';
export * from './gateway.module';
export * from './http/json-compression';
export * from './http/service-proxy';
export * from './http/web-app';
