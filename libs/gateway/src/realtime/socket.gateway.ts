import { idParamSchema, type SocketEventMap } from '@app/contracts';
import {
  AccessTokenService,
  AppError,
  EVENT_TRANSPORT,
  type EventTransport,
  type SessionChange,
  SessionRegistry,
  type Tenancy,
} from '@app/platform';
import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';

import { GATEWAY_OPTIONS, type GatewayOptions } from '../common/gateway-options';
import type { SocketEmit } from '../common/socket-emit';
import { rooms } from '../common/socket-events';
import { coalesceWrites } from './coalesced-writes';
import { PRESENCE_MIN_INTERVAL_MS, presenceReport } from './presence-report';
import { checkTicketAccess } from './ticket-access';

type AuthedSocket = Socket & { data: { tenancy: Tenancy; token?: string; chatBox?: string } };

const ticketIdSchema = idParamSchema;

const ticketStatusSchema = z.enum(['open', 'pending', 'closed']);

/**
 * The browser's real-time channel. The token (query `token`, or `auth.token`) is verified at the
 * handshake, with its login session; a socket then only ever joins rooms of the company in its
 * token, and is disconnected the moment its session ends (logout, revoked, user deleted or
 * demoted, company deactivated), so no ended session keeps hearing company events.
 */
@WebSocketGateway({ transports: ['websocket'], pingInterval: 18_000, pingTimeout: 18_000 })
export class SocketGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  @WebSocketServer()
  private server!: Server;

  private readonly logger = new Logger('SocketGateway');
  private stopListening?: () => void;

  constructor(
    private readonly tokens: AccessTokenService,
    private readonly sessions: SessionRegistry,
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    @Inject(GATEWAY_OPTIONS) private readonly options: GatewayOptions,
  ) {}

  afterInit(server: Server): void {
    server.use((socket, next) => {
      const { query, auth } = socket.handshake;
      const raw = typeof query.token === 'string' ? query.token : (auth as { token?: unknown })?.token;
      const token = typeof raw === 'string' ? raw : undefined;
      this.authenticate(token)
        .then((tenancy) => {
          socket.data.tenancy = tenancy;
          socket.data.token = token;
          const admin = tenancy.super || tenancy.profile === 'admin';
          void socket.join([
            rooms.company(tenancy.companyId),
            rooms.user(tenancy.userId),
            ...(admin ? [rooms.admins(tenancy.companyId)] : []),
          ]);
          next();
        })
        .catch((error: unknown) => {
          const code = error instanceof AppError ? error.code : 'ERR_SESSION_EXPIRED';
          next(Object.assign(new Error(code), { data: { error: code } }));
        });
    });
    this.stopListening = this.sessions.onChange((change) => this.disconnectEnded(change));
  }

  onModuleDestroy(): void {
    this.stopListening?.();
  }

  private async authenticate(token: string | undefined): Promise<Tenancy> {
    const tenancy = this.tokens.verify(token);
    await this.sessions.assertLive(tenancy, token!);
    return tenancy;
  }

  /**
   * Closes the sockets a session change ends. The client hears `disconnect` with reason
   * "io server disconnect" and reconnects only after refreshing its token, which fails for an
   * ended session (and logs the user out) and succeeds for a demoted user (with the new role).
   */
  private disconnectEnded(change: SessionChange): void {
    const ends = (tenancy: Tenancy): boolean => {
      switch (change.kind) {
        case 'session-ended':
          return tenancy.sessionId === change.sessionId;
        case 'user-deleted':
          return tenancy.userId === change.userId;
        case 'user-changed':
          return tenancy.userId === change.userId && (tenancy.profile !== change.profile || tenancy.super !== change.super);
        case 'company-closed':
          return tenancy.companyId === change.companyId && !tenancy.super;
        case 'company-reopened':
          return false;
        default:
          return assertUnreachable(change);
      }
    };
    let closed = 0;
    for (const socket of this.server.sockets.sockets.values()) {
      const tenancy = (socket as AuthedSocket).data.tenancy;
      if (tenancy && ends(tenancy)) {
        const ended: SocketEventMap['sessionEnded'] = { reason: change.kind };
        socket.emit('sessionEnded', ended);
        socket.disconnect(true);
        closed++;
      }
    }
    if (closed) this.logger.log(`${change.kind}: closed ${closed} socket(s)`);
  }

  handleConnection(socket: AuthedSocket & { data: { presenceAt?: number } }): void {
    coalesceWrites(socket.conn);
    socket.data.presenceAt = Date.now();
    this.reportPresence(socket.data.tenancy, true);
  }

  /** The last of a user's sockets on this replica going away marks the user offline. */
  async handleDisconnect(socket: AuthedSocket): Promise<void> {
    const tenancy = socket.data.tenancy;
    if (!tenancy) return;
    const others = await this.server.in(rooms.user(tenancy.userId)).fetchSockets();
    if (others.length === 0) this.reportPresence(tenancy, false);
  }

  /** The browser's ping every 5 minutes: the user is online. */
  @SubscribeMessage('userStatus')
  userStatus(@ConnectedSocket() socket: AuthedSocket & { data: { presenceAt?: number } }) {
    if (Date.now() - (socket.data.presenceAt ?? 0) < PRESENCE_MIN_INTERVAL_MS) return { ok: true };
    socket.data.presenceAt = Date.now();
    this.reportPresence(socket.data.tenancy, true);
    return { ok: true };
  }

  private reportPresence(tenancy: Tenancy, online: boolean): void {
    this.transport
      .publish([presenceReport(tenancy, online)])
      .catch((error: unknown) => this.logger.warn(`presence report lost: ${String(error)}`));
  }

  @SubscribeMessage('joinNotification')
  joinNotification(@ConnectedSocket() socket: AuthedSocket) {
    void socket.join(rooms.notification(socket.data.tenancy.companyId));
    return { joined: true };
  }

  /**
   * The chat of one ticket: joined only when the conversations service says the user may see that
   * ticket; a socket is in one chat box at a time and leaves it on disconnect.
   */
  @SubscribeMessage('joinChatBox')
  async joinChatBox(@ConnectedSocket() socket: AuthedSocket, @MessageBody() body: unknown) {
    const ticketId = ticketIdSchema.safeParse(body);
    if (!ticketId.success) return { joined: false, error: 'ERR_VALIDATION' };
    const access = await checkTicketAccess(this.options.conversationsUrl, socket.data.token ?? '', ticketId.data);
    if (!access.allowed) return { joined: false, error: access.error };
    const room = rooms.chatBox(socket.data.tenancy.companyId, ticketId.data);
    if (socket.data.chatBox && socket.data.chatBox !== room) await socket.leave(socket.data.chatBox);
    socket.data.chatBox = room;
    await socket.join(room);
    return { joined: true };
  }

  @SubscribeMessage('joinTickets')
  joinTickets(@ConnectedSocket() socket: AuthedSocket, @MessageBody() body: unknown) {
    const status = ticketStatusSchema.safeParse(body);
    if (!status.success) return { joined: false, error: 'status must be open, pending or closed' };
    void socket.join(rooms.tickets(socket.data.tenancy.companyId, status.data));
    return { joined: true };
  }

  /** Sends one socket event to the sockets its target names. */
  emit({ target, event, payload }: SocketEmit): void {
    switch (target.kind) {
      case 'company':
        this.server.to(rooms.company(target.companyId)).emit(event, payload);
        return;
      case 'user':
        this.server.to(rooms.user(target.userId)).emit(event, payload);
        return;
      case 'users':
        if (target.userIds.length > 0) this.server.to(target.userIds.map(rooms.user)).emit(event, payload);
        return;
      case 'room':
        this.server.to(target.room).emit(event, payload);
        return;
      case 'everyone':
        this.server.emit(event, payload);
        return;
      default:
        assertUnreachable(target);
    }
  }
}

function assertUnreachable(value: never): never {
  throw new Error(`unhandled socket target ${JSON.stringify(value)}`);
}
