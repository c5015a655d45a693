export * from './whatsapp.module';
export * from './whatsapp-options';
