export * from './ai.module';
export * from './ai-options';
