export * from './ai.module';
export * from './ai-config';
export * from './ai-options';
