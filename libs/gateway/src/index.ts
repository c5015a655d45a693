export * from './gateway.module';
export * from './gateway-options';
export * from './realtime/socket-events';
export * from './realtime/socket-emit';
export * from './http/service-proxy';
export * from './http/web-app';
