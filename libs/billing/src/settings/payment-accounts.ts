import type { PaymentSettingKey } from '@app/contracts';
import { Inject, Injectable } from '@nestjs/common';

import { type AsaasAccount, BILLING_OPTIONS, type BillingOptions, type StaticPixAccount } from '../common/billing-options';
import { ProviderSettingsRepository } from './provider-settings.repository';
import { SettingsCipher } from './settings-cipher';

const DEFAULT_ASAAS_URL = 'https://api.asaas.com/v3';

/**
 * The payment accounts in use: each value from the super user's settings when set there, otherwise
 * the environment's. Read at each use (one small statement), so a change made on one replica is the
 * one every replica charges with at once.
 */
@Injectable()
export class PaymentAccounts {
  constructor(
    @Inject(BILLING_OPTIONS) private readonly options: BillingOptions,
    private readonly settings: ProviderSettingsRepository,
    private readonly cipher: SettingsCipher,
  ) {}

  /** The values the super user set, opened. */
  async stored(): Promise<Map<PaymentSettingKey, { value: string; updatedAt: Date }>> {
    const rows = await this.settings.all();
    return new Map(rows.map((row) => [row.key as PaymentSettingKey, { value: this.cipher.open(row.sealed), updatedAt: row.updated_at }]));
  }

  /** Each key's value from the environment, when it gives one. */
  envValues(): Partial<Record<PaymentSettingKey, string>> {
    const { asaas, staticPix } = this.options;
    return {
      ...(asaas && { asaas: asaas.apiKey, asaaswebhook: asaas.webhookToken }),
      ...(staticPix && { pixkey: staticPix.key, pixname: staticPix.merchantName, pixcity: staticPix.merchantCity }),
    };
  }

  /** Asaas when both its API key and its webhook token are known; otherwise none. */
  async asaas(): Promise<AsaasAccount | undefined> {
    const value = await this.values();
    if (!value.asaas || !value.asaaswebhook) return undefined;
    return {
      apiUrl: this.options.asaas?.apiUrl ?? this.options.asaasApiUrl ?? DEFAULT_ASAAS_URL,
      apiKey: value.asaas,
      webhookToken: value.asaaswebhook,
    };
  }

  async staticPix(): Promise<StaticPixAccount | undefined> {
    const value = await this.values();
    if (!value.pixkey) return undefined;
    return { key: value.pixkey, merchantName: value.pixname || 'Zapdesk', merchantCity: value.pixcity || 'Sao Paulo' };
  }

  /** The provider invoices are charged through now. */
  async provider(): Promise<'asaas' | 'static-pix' | 'none'> {
    if (await this.asaas()) return 'asaas';
    return (await this.staticPix()) ? 'static-pix' : 'none';
  }

  private async values(): Promise<Partial<Record<PaymentSettingKey, string>>> {
    const stored = await this.stored();
    return { ...this.envValues(), ...Object.fromEntries([...stored].map(([key, { value }]) => [key, value])) };
  }
}
