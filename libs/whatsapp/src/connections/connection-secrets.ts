import { can, type ConnectionUpdateBody, maskProxyUrl, maskSecret, unmaskProxyUrl } from '@app/contracts';
import type { Tenancy } from '@app/platform';

import type { StoredConnection } from '../common/connection.repository';
import type { SecretsView } from './connection.dto';

/** Admins (who edit connections) see the secrets masked; every other user not at all. */
export function secretsViewOf(tenancy: Tenancy): SecretsView {
  return can(tenancy, 'connections-page:editOrDeleteConnection') ? 'masked' : 'hidden';
}

/**
 * An edit sends back what GET /whatsapp/{id} gave: a secret equal to its masked form is no change
 * (the stored secret stays), and a proxy URL whose password is the mask gets the stored password back.
 */
export function keepMaskedSecrets<T extends Pick<ConnectionUpdateBody, 'token' | 'transcribekey' | 'proxyUrl'>>(
  current: Pick<StoredConnection, 'token' | 'transcribekey' | 'proxyUrl'>,
  change: T,
): T {
  const kept = { ...change };
  if (kept.token !== undefined && current.token && kept.token === maskSecret(current.token)) delete kept.token;
  if (kept.transcribekey !== undefined && current.transcribekey && kept.transcribekey === maskSecret(current.transcribekey))
    delete kept.transcribekey;
  if (kept.proxyUrl !== undefined && current.proxyUrl) {
    if (kept.proxyUrl === maskProxyUrl(current.proxyUrl)) delete kept.proxyUrl;
    else kept.proxyUrl = unmaskProxyUrl(kept.proxyUrl, current.proxyUrl);
  }
  return kept;
}
