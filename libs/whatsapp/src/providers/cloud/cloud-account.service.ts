import {
  CLOUD_WEBHOOK_PATH,
  type CloudAccount,
  type CloudCosts,
  type CloudCredentialsBody,
  type CloudTemplate,
  type CloudWindow,
} from '@app/contracts';
import { AppError, type Tenancy } from '@app/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { CloudAccountRepository, type CloudNumberState, type StoredCloudAccount } from './cloud-account.repository';
import { CloudGraphFactory } from './cloud-graph.factory';
import { CloudMessageRepository } from './cloud-message.repository';
import type { SealedSecret } from './cloud-secrets-cipher';
import { GraphError, type GraphTemplate } from './graph-client';

/** Credentials checked with Meta and sealed, ready to be saved with the connection. */
export interface CheckedCloudAccount {
  phoneNumberId: string;
  wabaId: string;
  accessToken: SealedSecret;
  appSecret: SealedSecret;
  verifyToken: SealedSecret;
  state: CloudNumberState;
}

const refused = (message: string, field: keyof CloudCredentialsBody, plain: string) =>
  new AppError('ERR_VALIDATION', message, { fields: [{ path: `cloud.${field}`, message: plain }] });

const variablesIn = (text: string) => new Set([...text.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((match) => match[1])).size;

/** The Cloud API side of a connection: checking and saving its credentials, its card, templates and window. */
@Injectable()
export class CloudAccountService {
  constructor(
    private readonly accounts: CloudAccountRepository,
    private readonly messages: CloudMessageRepository,
    private readonly graph: CloudGraphFactory,
  ) {}

  assertEnabled(): void {
    if (!this.graph.enabled) {
      throw new AppError('ERR_VALIDATION', 'The Cloud API is not configured on this installation (WHATSAPP_KEYS_SECRET)', {
        fields: [{ path: 'provider', message: 'API oficial (Cloud API) não configurada nesta instalação' }],
      });
    }
  }

  /**
   * Checks the credentials with Meta before anything is saved: the token (and the app secret, through
   * appsecret_proof) must open the phone number, and the number must belong to the business account.
   * A secret sent back as its hint keeps the stored one. Refusals say in plain words what is wrong.
   */
  async check(current: StoredCloudAccount | null, body: CloudCredentialsBody | undefined): Promise<CheckedCloudAccount> {
    this.assertEnabled();
    if (!body) throw refused('A Cloud API connection needs its credentials', 'phoneNumberId', 'informe as credenciais da API oficial');
    const cipher = this.graph.cipher;
    const accessToken = cipher.keptOrSealed(body.accessToken, current?.accessToken ?? null);
    const appSecret = cipher.keptOrSealed(body.appSecret, current?.appSecret ?? null);
    const verifyToken = cipher.keptOrSealed(body.verifyToken, current?.verifyToken ?? null);
    const client = this.graph.client({ accessToken: cipher.decrypt(accessToken.stored), appSecret: cipher.decrypt(appSecret.stored) });
    let info;
    try {
      info = await client.phoneNumber(body.phoneNumberId);
    } catch (error) {
      throw this.explain(error, body);
    }
    let numbers: string[];
    try {
      numbers = await client.accountNumbers(body.wabaId);
    } catch (error) {
      if (error instanceof GraphError && error.code === 100) {
        throw refused(
          `Meta does not know the WhatsApp Business Account ${body.wabaId} with this token (${error.message})`,
          'wabaId',
          `A Meta não encontrou a conta do WhatsApp Business ${body.wabaId} com este token`,
        );
      }
      throw this.explain(error, body);
    }
    if (!numbers.includes(body.phoneNumberId)) {
      throw refused(
        `The phone number ${body.phoneNumberId} is not one of the WhatsApp Business Account ${body.wabaId}`,
        'wabaId',
        `O número ${body.phoneNumberId} não pertence à conta do WhatsApp Business ${body.wabaId}`,
      );
    }
    return {
      phoneNumberId: body.phoneNumberId,
      wabaId: body.wabaId,
      accessToken,
      appSecret,
      verifyToken,
      state: { ...info, checkError: '' },
    };
  }

  private explain(error: unknown, body: CloudCredentialsBody): AppError {
    if (!(error instanceof GraphError)) throw error;
    if (error.code === 190) {
      return refused(
        `Meta refused the access token (${error.message})`,
        'accessToken',
        'A Meta recusou o token de acesso: confira se é o token permanente do usuário do sistema',
      );
    }
    if (error.code === 100 && /appsecret_proof/i.test(error.title)) {
      return refused(
        `The app secret does not match the access token's app (${error.message})`,
        'appSecret',
        'A chave secreta do aplicativo não é a do aplicativo deste token',
      );
    }
    if (error.code === 100) {
      return refused(
        `Meta does not know the phone number id ${body.phoneNumberId} with this token (${error.message})`,
        'phoneNumberId',
        `A Meta não encontrou o número ${body.phoneNumberId} com este token`,
      );
    }
    if (error.status === 0) {
      return refused(`The Graph API did not answer (${error.details})`, 'accessToken', 'A Graph API da Meta não respondeu; tente de novo');
    }
    return refused(`Meta refused the credentials (${error.message})`, 'accessToken', `A Meta recusou as credenciais: ${error.message}`);
  }

  /** Saves the checked account with the connection (in its transaction); a number already used elsewhere is refused. */
  async save(
    manager: EntityManager,
    connection: { id: number; companyId: number },
    checked: CheckedCloudAccount,
  ): Promise<StoredCloudAccount> {
    const holder = await this.accounts.holderOf(manager, checked.phoneNumberId);
    if (holder !== null && holder !== connection.id) {
      throw refused(
        `The phone number ${checked.phoneNumberId} is already used by another connection`,
        'phoneNumberId',
        'Este número já está em uso por outra conexão',
      );
    }
    return this.accounts.save(manager, { connectionId: connection.id, companyId: connection.companyId, ...checked }, checked.state);
  }

  removeWith(manager: EntityManager, connectionId: number): Promise<void> {
    return this.accounts.delete(manager, connectionId);
  }

  current(connectionId: number): Promise<StoredCloudAccount | null> {
    return this.accounts.ofConnection(connectionId);
  }

  async card(tenancy: Tenancy, connectionId: number): Promise<CloudAccount> {
    const account = await this.of(tenancy, connectionId);
    return {
      connectionId: account.connectionId,
      phoneNumberId: account.phoneNumberId,
      wabaId: account.wabaId,
      accessToken: account.accessToken.shown,
      appSecret: account.appSecret.shown,
      verifyToken: account.verifyToken.shown,
      webhookPath: `/api/${CLOUD_WEBHOOK_PATH}/${account.webhookKey}`,
      displayPhoneNumber: account.displayPhoneNumber,
      verifiedName: account.verifiedName,
      qualityRating: account.qualityRating,
      messagingTier: account.messagingTier,
      graphVersion: this.graph.graphVersion,
      checkedAt: account.checkedAt?.toISOString() ?? null,
      checkError: account.checkError,
    };
  }

  /** The business account's templates, as Meta lists them, with their language and how many variables they take. */
  async templates(tenancy: Tenancy, connectionId: number): Promise<CloudTemplate[]> {
    const account = await this.of(tenancy, connectionId);
    let templates: GraphTemplate[];
    try {
      templates = await this.graph.clientOf(account).templates(account.wabaId);
    } catch (error) {
      if (error instanceof GraphError) throw new AppError('ERR_VALIDATION', `Meta did not list the templates: ${error.message}`);
      throw error;
    }
    return templates.map((template) => {
      const body = template.components?.find((c) => c.type === 'BODY')?.text ?? '';
      const header = template.components?.find((c) => c.type === 'HEADER' && c.format === 'TEXT')?.text ?? '';
      return {
        name: template.name,
        language: template.language,
        status: template.status,
        category: template.category,
        body,
        bodyVariables: variablesIn(body),
        headerVariables: variablesIn(header),
      };
    });
  }

  async window(tenancy: Tenancy, connectionId: number, number: string): Promise<CloudWindow> {
    const account = await this.of(tenancy, connectionId);
    const closesAt = await this.messages.windowClosesAt(account.connectionId, number);
    const open = !!closesAt && closesAt.getTime() > Date.now();
    return { open, closesAt: open ? closesAt.toISOString() : null };
  }

  costs(tenancy: Tenancy, month: string): Promise<CloudCosts> {
    return this.messages.billedInMonth(tenancy.companyId, month);
  }

  private async of(tenancy: Tenancy, connectionId: number): Promise<StoredCloudAccount> {
    const account = await this.accounts.ofCompany(tenancy.companyId, connectionId);
    if (!account) throw new AppError('ERR_NO_WAPP_FOUND', 'No Cloud API connection with this id');
    return account;
  }
}
