import {
  IDENTITY_MESSAGES,
  type SignUpResponse,
  TRIAL_DAYS_DEFAULT,
  TRIAL_DAYS_MAX,
  TRIAL_DAYS_MIN,
  type VerifyCodeResponse,
} from '@app/contracts';
import { AppError } from '@app/platform';
import { Injectable } from '@nestjs/common';

import { CompanyRepository } from '../common/company.repository';
import { PlanRepository } from '../common/plan.repository';
import { UserRepository } from '../common/user.repository';
import { CompanyService } from '../companies/company.service';
import { EmailCodeRepository } from '../email-codes/email-code.repository';
import { EMAIL_CODE_TTL_MS, EmailCodeService } from '../email-codes/email-code.service';
import { MailSender } from '../mail/mail-sender';
import { RateLimiter } from '../rate-limit/rate-limiter.service';
import { SettingService } from '../settings/setting.service';
import { UserWriter } from '../users/user-writer';
import type { SignUpDto, VerifyCodeDto, VerifyEmailDto } from './sign-up.dto';

/** YYYY-MM-DD of today plus the given days (UTC). */
export function dateInDays(days: number, from = new Date()): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days));
  return date.toISOString().slice(0, 10);
}

/** The global `trial` setting as a number of days, 1 to 7 (5 when unreadable). */
export function trialDays(value: string): number {
  const days = Number(value);
  return Number.isInteger(days) && days >= TRIAL_DAYS_MIN && days <= TRIAL_DAYS_MAX ? days : TRIAL_DAYS_DEFAULT;
}

/**
 * A visitor's sign-up in two steps: a code mailed to the e-mail, the code checked, then the company
 * created unapproved with a trial. Refused while the global setting allowregister is disabled.
 */
@Injectable()
export class SignUpService {
  constructor(
    private readonly users: UserRepository,
    private readonly plans: PlanRepository,
    private readonly companyRows: CompanyRepository,
    private readonly emailCodes: EmailCodeRepository,
    private readonly codes: EmailCodeService,
    private readonly mail: MailSender,
    private readonly rateLimiter: RateLimiter,
    private readonly settings: SettingService,
    private readonly companies: CompanyService,
    private readonly userWriter: UserWriter,
  ) {}

  /**
   * The same answer for a new and a registered e-mail, so sign-up does not tell who has an account
   * (it answered 409). A registered e-mail gets no code, so no second account can be made with it;
   * its mail says an account exists and how to get back in (docs/api.md).
   */
  async sendCode(input: VerifyEmailDto, ip: string): Promise<{ sent: true; message: string }> {
    await this.rateLimiter.consume('signup', ip, input.email);
    await this.assertRegistrationOpen();
    if (await this.users.emailTaken(input.email)) {
      await this.mail.send({
        to: input.email,
        subject: 'Código de verificação',
        text:
          `Olá, ${input.name}!\n\nAlguém tentou criar uma conta com este e-mail, mas ele já tem uma conta. ` +
          'Para entrar, use a tela de login; se esqueceu a senha, use "Esqueci minha senha". ' +
          'Se não foi você, ignore este e-mail: nada foi alterado.',
      });
      return { sent: true, message: IDENTITY_MESSAGES.codeSent };
    }
    const code = await this.emailCodes.transaction((manager) => this.codes.issue(manager, 'signup', input.email));
    await this.mail.send({
      to: input.email,
      subject: 'Código de verificação',
      text:
        `Olá, ${input.name}!\n\nSeu código de verificação é: ${code}\n\n` +
        `Ele vale por ${EMAIL_CODE_TTL_MS.signup / 60_000} minutos. Se você não pediu este cadastro, ignore este e-mail.`,
    });
    return { sent: true, message: IDENTITY_MESSAGES.codeSent };
  }

  async verifyCode(input: VerifyCodeDto, ip: string): Promise<VerifyCodeResponse> {
    await this.rateLimiter.consume('verification', ip, input.email);
    await this.assertRegistrationOpen();
    // A wrong guess must count, so the transaction commits either way and reports the outcome.
    const valid = await this.emailCodes.transaction(async (manager) => {
      const code = await this.codes.check(manager, 'signup', input.email, input.code);
      if (code) await this.emailCodes.markVerified(manager, code.id);
      return code !== null;
    });
    return { valid };
  }

  async signUp(input: SignUpDto, ip: string): Promise<SignUpResponse> {
    await this.rateLimiter.consume('signup', ip, input.email);
    await this.assertRegistrationOpen();
    return this.companyRows.transaction(async (manager) => {
      const verified = await this.codes.findVerifiedSignUp(manager, input.email);
      if (!verified) throw new AppError('ERR_INVALID_CODE', 'Verify the e-mail with its code first');
      const plan = await this.plans.findById(input.planId, manager);
      if (!plan || plan.useInternal) {
        throw new AppError('ERR_VALIDATION', IDENTITY_MESSAGES.planPlaceholder, {
          fields: [{ path: 'planId', message: IDENTITY_MESSAGES.planPlaceholder }],
        });
      }
      const days = trialDays(await this.settings.globalValue('trial', manager));
      const company = await this.companies.insertCompany(manager, {
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        planId: plan.id,
        status: true,
        approved: false,
        dueDate: dateInDays(days),
        recurrence: 'MENSAL',
        // The trial ends with the first due date; invoices go to the e-mail signed up with until changed.
        billing: { trialExpiration: dateInDays(days), billingEmail: input.email },
      });
      await this.settings.createDefaults(manager, company.id, { campaignsEnabled: 'true' });
      await this.userWriter.insert(manager, {
        companyId: company.id,
        name: input.name,
        email: input.email,
        password: input.password,
        profile: 'admin',
        allTicket: 'enabled',
      });
      await this.emailCodes.markConsumed(manager, verified.id);
      return {
        message: IDENTITY_MESSAGES.signUpDone,
        company: { id: company.id, name: company.name, dueDate: company.dueDate, approved: company.approved },
      };
    });
  }

  private async assertRegistrationOpen(): Promise<void> {
    if ((await this.settings.globalValue('allowregister')) !== 'enabled') {
      throw new AppError('ERR_USER_CREATION_DISABLED', 'Registration is disabled');
    }
  }
}
