import type { SocketEventMapper } from '../socket-emit';
import { identitySocketMapper } from './identity.mapper';

/** One mapper per producing service; each later service adds its own file here. */
export const SOCKET_MAPPERS: SocketEventMapper[] = [identitySocketMapper];
