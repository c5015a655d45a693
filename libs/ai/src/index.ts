export * from './ai.module';
export * from './common/ai-config';
export * from './common/ai-options';
