import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { DataSource, IsNull } from 'typeorm';
import { IDENTITY_MESSAGES } from '@app/contracts';
import { AppError } from '@app/platform';
import type { ResetPasswordDto } from '../dtos/password-reset.dto';
import { RefreshToken } from '../entities/refresh-token.entity';
import { User } from '../entities/user.entity';
import { MailSender } from '../mail/mail-sender';
import { RateLimiter } from '../rate-limit/rate-limiter.service';
import { EMAIL_CODE_TTL_MS, EmailCodeService } from '../email-codes/email-code.service';

/** Forgot password: a code by e-mail, then a new password (in the body) with that code. */
@Injectable()
export class PasswordResetService {
  constructor(
    @InjectDataSource('identity') private readonly dataSource: DataSource,
    private readonly codes: EmailCodeService,
    private readonly mail: MailSender,
    private readonly rateLimiter: RateLimiter,
  ) {}

  /** 404 ERR_NO_USER_FOUND for an unknown e-mail, as the spec's page expects ('Email não encontrado'). */
  async sendCode(email: string, ip: string): Promise<{ status: 200; message: string }> {
    await this.rateLimiter.consume('reset', ip, email);
    const user = await this.dataSource.getRepository(User).findOne({ where: { email } });
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 'Email não encontrado');
    const code = await this.dataSource.transaction((manager) => this.codes.issue(manager, 'reset', email));
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
    const done = await this.dataSource.transaction(async (manager) => {
      const code = await this.codes.check(manager, 'reset', input.email, input.token);
      if (!code) return false;
      const user = await manager.findOne(User, { where: { email: input.email } });
      if (!user) return false;
      await manager.update(User, { id: user.id }, { passwordHash: await argon2.hash(input.password) });
      await manager.update(RefreshToken, { userId: user.id, revokedAt: IsNull() }, { revokedAt: new Date() });
      await this.codes.consume(manager, code);
      return true;
    });
    if (!done) throw new AppError('ERR_INVALID_CODE', 'The code is wrong or expired');
    return { message: IDENTITY_MESSAGES.resetDone };
  }
}
