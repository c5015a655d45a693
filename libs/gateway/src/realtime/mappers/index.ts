import type { SocketEventMapper } from '../../common/socket-emit';
import { aiSocketMapper } from './ai.mapper';
import { billingSocketMapper } from './billing.mapper';
import { conversationsSocketMapper } from './conversations.mapper';
import { identitySocketMapper } from './identity.mapper';
import { outboundSocketMapper } from './outbound.mapper';
import { whatsappSocketMapper } from './whatsapp.mapper';

/** One mapper per producing service; each later service adds its own file here. */
export const SOCKET_MAPPERS: SocketEventMapper[] = [
  identitySocketMapper,
  whatsappSocketMapper,
  conversationsSocketMapper,
  outboundSocketMapper,
  aiSocketMapper,
  billingSocketMapper,
];
