export type {
  Connection,
  ConnectionProvider,
  ConnectionSession,
  WhatsappSessionSocketPayload as ConnectionSessionSocketEvent,
  WhatsappSocketPayload as ConnectionSocketEvent,
  ConnectionStatus,
} from '@app/contracts';

/** A queue as `GET /api/queue` lists it (spec section 3, "Queue (as seen here)"). */
export type ConnectionQueue = {
  id: number;
  name: string;
  color: string;
  /** Set when the queue is an AI agent's (agent creation makes one): the connection's active agents. */
  agentId?: number | null;
};
