export * from './chatbot-turns';
export * from './dialogflow-server';
export * from './dify-server';
export * from './fake-product-server';
export * from './flowise-server';
export * from './openai-responses-server';
export * from './typebot-server';
export * from './webhook-server';
