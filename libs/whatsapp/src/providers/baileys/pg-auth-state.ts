import type { AuthenticationCreds, AuthenticationState, SignalDataTypeMap } from '@whiskeysockets/baileys';

import type { AuthStateRepository } from '../../common/auth-state.repository';
import type { SessionLease } from '../../common/session-lease.repository';
import type { BaileysLib } from './baileys-runtime';

export interface PostgresAuthState {
  state: AuthenticationState;
  /** Persists the whole creds document (Baileys has merged the update into it already). */
  saveCreds(): Promise<void>;
  readonly paired: boolean;
}

/**
 * Baileys' auth state in PostgreSQL: creds and signal keys serialised with the package's own
 * BufferJSON, new sessions from its initAuthCreds; key writes in one transaction, fenced by the lease.
 */
export async function usePostgresAuthState(
  baileys: Pick<BaileysLib, 'initAuthCreds' | 'BufferJSON' | 'proto'>,
  repository: AuthStateRepository,
  lease: SessionLease,
): Promise<PostgresAuthState> {
  const { BufferJSON, proto } = baileys;
  const serialise = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
  const deserialise = (text: string) => JSON.parse(text, BufferJSON.reviver);
  const stored = await repository.loadCreds(lease.connectionId);
  const creds: AuthenticationCreds = stored ? deserialise(stored) : baileys.initAuthCreds();

  const state: AuthenticationState = {
    creds,
    keys: {
      get: async <T extends keyof SignalDataTypeMap>(type: T, ids: string[]) => {
        const found = await repository.getKeys(lease.connectionId, type, ids);
        const result: { [id: string]: SignalDataTypeMap[T] } = {};
        for (const [id, text] of found) {
          let value = deserialise(text);
          if (type === 'app-state-sync-key' && value) value = proto.Message.AppStateSyncKeyData.fromObject(value);
          result[id] = value;
        }
        return result;
      },
      set: async (data) => {
        const writes = [];
        for (const [type, entries] of Object.entries(data)) {
          for (const [id, value] of Object.entries(entries ?? {})) {
            writes.push({ type, id, value: value == null ? null : serialise(value) });
          }
        }
        await repository.setKeys(lease, writes);
      },
    },
  };
  return {
    state,
    saveCreds: () => repository.saveCreds(lease, serialise(state.creds)),
    get paired() {
      return !!state.creds.me;
    },
  };
}
