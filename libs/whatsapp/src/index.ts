export * from './whatsapp.module';
export * from './whatsapp-options';
export { SessionsHost } from './sessions/sessions.host';
