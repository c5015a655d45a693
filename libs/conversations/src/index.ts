export * from './conversations.module';
export * from './conversations-options';
