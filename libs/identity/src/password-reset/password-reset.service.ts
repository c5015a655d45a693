import { IDENTITY_MESSAGES } from '@app/contracts';
import { AppError } from '@app/platform';
import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

import { RefreshTokenRepository } from '../auth/refresh-token.repository';
import { UserRepository } from '../common/user.repository';
import { EmailCodeRepository } from '../email-codes/email-code.repository';
import { EMAIL_CODE_TTL_MS, EmailCodeService } from '../email-codes/email-code.service';
import { MailSender } from '../mail/mail-sender';
import { RateLimiter } from '../rate-limit/rate-limiter.service';
import type { ResetPasswordDto } from './password-reset.dto';

/** Forgot password: a code by e-mail, then a new password (in the body) with that code. */
@Injectable()
export class PasswordResetService {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: RefreshTokenRepository,
    private readonly emailCodes: EmailCodeRepository,
    private readonly codes: EmailCodeService,
    private readonly mail: MailSender,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /**
   * The same answer whether or not a user has the e-mail, so the endpoint does not tell who has an
   * account (the spec's 404 'Email não encontrado' did). Either way a mail goes to the address: the
   * code, or a note that no account uses it; so the answer 'Email enviado' is true for both, the work
   * and the time are alike, and only the mailbox's owner learns which it was (docs/api.md).
   */
  async sendCode(email: string, ip: string): Promise<{ status: 200; message: string }> {
    await this.rateLimiter.consume('reset', ip, email);
    const user = await this.users.findByEmail(email);
    if (!user) {
      await this.mail.send({
        to: email,
        subject: 'Redefinição de senha',
        text:
          'Olá!\n\nAlguém pediu para redefinir a senha de uma conta com este e-mail, mas não há conta cadastrada com ele. ' +
          'Se foi você, talvez tenha se cadastrado com outro e-mail. Se não foi, ignore este e-mail.',
      });
      return { status: 200, message: IDENTITY_MESSAGES.resetMailSent };
    }
    const code = await this.emailCodes.transaction((manager) => this.codes.issue(manager, 'reset', email));
    await this.mail.send({
      to: email,
      subject: 'Redefinição de senha',
      text:
        `Olá, ${user.name}!\n\nSeu código para redefinir a senha é: ${code}\n\n` +
        `Ele vale por ${EMAIL_CODE_TTL_MS.reset / 60_000} minutos. Se você não pediu a redefinição, ignore este e-mail.`,
    });
    return { status: 200, message: IDENTITY_MESSAGES.resetMailSent };
  }

  /** Sets the new password and ends every session of the user. */
  async reset(input: ResetPasswordDto, ip: string): Promise<{ message: string }> {
    await this.rateLimiter.consume('reset', ip, input.email);
    // A wrong guess must count, so the transaction commits either way and reports the outcome.
    const done = await this.users.transaction(async (manager) => {
      const code = await this.codes.check(manager, 'reset', input.email, input.token);
      if (!code) return false;
      const user = await this.users.findByEmail(input.email, manager);
      if (!user) return false;
      await this.users.setPasswordHash(manager, user.id, await argon2.hash(input.password));
      await this.tokens.revokeAllOfUser(manager, user.id);
      await this.emailCodes.markConsumed(manager, code.id);
      return true;
    });
    if (!done) throw new AppError('ERR_INVALID_CODE', 'The code is wrong or expired');
    return { message: IDENTITY_MESSAGES.resetDone };
  }
}
