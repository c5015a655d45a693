export * from './chatbot-servers';
export * from './fake-model-server';
