import { TOPICS } from '@app/contracts';
import { type ServiceTestApp, startServiceTestApp } from '@app/platform/testing';

import { ConversationsModule } from '../conversations.module';

export type ConversationsTestApp = ServiceTestApp;

/** The conversations module over HTTP on a fresh database, in-process transport; collects conversations.events and whatsapp.commands. */
export function startConversationsTestApp(): Promise<ConversationsTestApp> {
  return startServiceTestApp({
    schema: 'conversations',
    module: ConversationsModule.forRoot(),
    watch: [TOPICS.conversationsEvents, TOPICS.whatsappCommands],
  });
}
