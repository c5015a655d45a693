import { Inject, Injectable } from '@nestjs/common';

import { DEFAULT_GRAPH_URL, DEFAULT_GRAPH_VERSION, WHATSAPP_OPTIONS, type WhatsappOptions } from '../../common/whatsapp-options';
import type { StoredCloudAccount } from './cloud-account.repository';
import { CloudSecretsCipher } from './cloud-secrets-cipher';
import { GraphClient, type GraphCredentials } from './graph-client';

/** The Graph API as this installation reaches it (URL and version from configuration) and the cipher of the accounts' secrets. */
@Injectable()
export class CloudGraphFactory {
  readonly enabled: boolean;
  readonly graphUrl: string;
  readonly graphVersion: string;
  private readonly sealer: CloudSecretsCipher | null;

  constructor(@Inject(WHATSAPP_OPTIONS) options: WhatsappOptions) {
    this.enabled = !!options.cloud;
    this.graphUrl = options.cloud?.graphUrl ?? DEFAULT_GRAPH_URL;
    this.graphVersion = options.cloud?.graphVersion ?? DEFAULT_GRAPH_VERSION;
    this.sealer = options.cloud ? new CloudSecretsCipher(options.cloud.keysSecret) : null;
  }

  get cipher(): CloudSecretsCipher {
    if (!this.sealer) throw new Error('The Cloud API is not configured on this installation');
    return this.sealer;
  }

  client(credentials: GraphCredentials): GraphClient {
    return new GraphClient(this.graphUrl, this.graphVersion, credentials);
  }

  clientOf(account: Pick<StoredCloudAccount, 'accessToken' | 'appSecret'>): GraphClient {
    return this.client({
      accessToken: this.cipher.decrypt(account.accessToken.stored),
      appSecret: this.cipher.decrypt(account.appSecret.stored),
    });
  }
}
