import type { Provider, Type } from '@nestjs/common';

import type { ChatbotProtocol, ChatbotType } from './chatbot-protocol';
import { DialogflowProtocol } from './dialogflow.protocol';
import { DifyProtocol } from './dify.protocol';
import { FlowiseProtocol } from './flowise.protocol';
import { OpenAiAssistProtocol } from './openaiassist.protocol';
import { TypebotProtocol } from './typebot.protocol';
import { N8nProtocol, WebhookProtocol } from './webhook.protocol';

export * from './chatbot-protocol';

/** Every protocol the engine speaks: adding a product is one line here (its class, @Injectable, implementing ChatbotProtocol). */
export const CHATBOT_PROTOCOL_CLASSES: Type<ChatbotProtocol>[] = [
  TypebotProtocol,
  N8nProtocol,
  WebhookProtocol,
  FlowiseProtocol,
  DifyProtocol,
  OpenAiAssistProtocol,
  DialogflowProtocol,
];

/** The protocols by the type they speak (the engine's and testSession's one way to find one). */
export const CHATBOT_PROTOCOLS = Symbol('CHATBOT_PROTOCOLS');
export type ChatbotProtocols = ReadonlyMap<ChatbotType, ChatbotProtocol>;

export const chatbotProtocolsProvider: Provider = {
  provide: CHATBOT_PROTOCOLS,
  inject: CHATBOT_PROTOCOL_CLASSES,
  useFactory: (...protocols: ChatbotProtocol[]): ChatbotProtocols => new Map(protocols.map((protocol) => [protocol.type, protocol])),
};
