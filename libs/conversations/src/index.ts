export * from './common/conversations-options';
export * from './conversations.module';
