import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';

import { IDENTITY_OPTIONS, type IdentityOptions } from '../common/identity-options';
import { MailRepository } from './mail.repository';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export const DEFAULT_MAIL_FROM = 'Zapdesk <no-reply@zapdesk.local>';

/**
 * Sends mail through SMTP_URL with nodemailer. Without it (the standalone default) the mail is kept
 * in identity.mails and written to the log, so whoever runs the install can read the code.
 */
@Injectable()
export class MailSender implements OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private readonly transport?: Transporter;

  constructor(
    private readonly mails: MailRepository,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {
    if (options.mail?.smtpUrl) this.transport = createTransport(options.mail.smtpUrl);
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.transport) {
      await this.transport.sendMail({ from: this.options.mail?.from ?? DEFAULT_MAIL_FROM, ...mail });
      return;
    }
    await this.mails.keep(mail);
    this.logger.log(`No SMTP_URL: mail to ${mail.to} kept in identity.mails\n  Subject: ${mail.subject}\n  ${mail.text}`);
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
