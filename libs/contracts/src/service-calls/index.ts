export * from './booking-calls';
export * from './define-service-call';
export * from './whatsapp-calls';
