import type { ServiceName } from '@app/contracts';

export const GATEWAY_OPTIONS = Symbol('GATEWAY_OPTIONS');

export interface GatewayOptions {
  /** Names this replica's consumer group: every gateway replica receives every event. */
  instanceId: string;
  /** The built web app to serve, when present. */
  webDist?: string;
  /** Distributed mode: where each service answers; absent in standalone, where they run in process. */
  serviceUrls?: Partial<Record<ServiceName, string>>;
  /**
   * Where the conversations service answers `GET /api/tickets/{id}`: `joinChatBox` asks it whether the
   * socket's user may see the ticket. Standalone: this process's own address.
   */
  conversationsUrl?: string;
}
