export * from './common/whatsapp-options';
export * from './whatsapp.module';
