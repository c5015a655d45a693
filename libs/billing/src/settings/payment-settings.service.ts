import {
  isPaymentSettingKey,
  PAYMENT_SETTING_KEYS,
  PAYMENT_SETTINGS,
  type PaymentSetting,
  type PaymentSettingKey,
  type PaymentSettingsResponse,
  secretHint,
} from '@app/contracts';
import { AppError, OutboundUrlGuard } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { PaymentAccounts } from './payment-accounts';
import { ProviderSettingsRepository } from './provider-settings.repository';
import { SettingsCipher } from './settings-cipher';

const refuse = (message: string): never => {
  throw new AppError('ERR_VALIDATION', message, { fields: [{ path: 'value', message }] });
};

/** The payment settings of the super user's settings page: kept sealed, answered without their secrets. */
@Injectable()
export class PaymentSettingsService {
  constructor(
    private readonly accounts: PaymentAccounts,
    private readonly settings: ProviderSettingsRepository,
    private readonly cipher: SettingsCipher,
    private readonly guard: OutboundUrlGuard,
  ) {}

  async list(): Promise<PaymentSettingsResponse> {
    const stored = await this.accounts.stored();
    const env = this.accounts.envValues();
    return {
      provider: await this.accounts.provider(),
      settings: PAYMENT_SETTING_KEYS.map((key) => this.show(key, stored.get(key), env[key])),
    };
  }

  /** Sets a key (an empty value removes it: the environment's is used again); a URL must be one the outbound guard allows. */
  async update(key: string, value: string): Promise<PaymentSetting> {
    if (!isPaymentSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', `No payment setting ${key}`);
    const definition = PAYMENT_SETTINGS[key];
    if (value.length > definition.max) refuse('Muito longo!');
    if (value === '') {
      await this.settings.remove(key);
      return this.show(key, undefined, this.accounts.envValues()[key]);
    }
    if ('url' in definition) await this.assertUrl(value);
    const row = await this.settings.put(key, this.cipher.seal(value));
    return this.show(key, { value, updatedAt: row.updated_at }, undefined);
  }

  private async assertUrl(value: string): Promise<void> {
    if (!/^https?:\/\//i.test(value)) refuse('Valor inválido');
    try {
      await this.guard.check(value, 'webhook');
    } catch {
      refuse('Endereço não permitido');
    }
  }

  private show(key: PaymentSettingKey, stored: { value: string; updatedAt: Date } | undefined, env: string | undefined): PaymentSetting {
    const value = stored?.value ?? env ?? '';
    return {
      key,
      source: stored ? 'settings' : env ? 'env' : 'none',
      value: value && PAYMENT_SETTINGS[key].secret ? secretHint(value) : value,
      updatedAt: stored ? new Date(stored.updatedAt).toISOString() : null,
    };
  }
}
