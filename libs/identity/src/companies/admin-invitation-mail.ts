import { Inject, Injectable } from '@nestjs/common';

import { IDENTITY_OPTIONS, type IdentityOptions } from '../common/identity-options';
import { MailSender } from '../mail/mail-sender';

/** An admin created without a password, to be asked to set one. */
export interface AdminInvitation {
  email: string;
  name: string;
  /** The password reset's code, issued for the invitation's time. */
  code: string;
  validDays: number;
  /** The web origin of the super user's request: the link's base when PUBLIC_URL is unset. */
  origin?: string;
}

/** The base of links in mails: PUBLIC_URL, else an http(s) origin the request came from, else none. */
export function linkBase(publicUrl: string | undefined, origin: string | undefined): string | null {
  for (const candidate of [publicUrl, origin]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
    } catch {
      // Not a URL: try the next one.
    }
  }
  return null;
}

/**
 * The invitation mail: the link opens the web's reset page (/forgetpsw) at its second step with the
 * e-mail and code filled in; the code is in the text too, for the reset page opened by hand.
 */
@Injectable()
export class AdminInvitationMail {
  constructor(
    private readonly mail: MailSender,
    @Inject(IDENTITY_OPTIONS) private readonly options: IdentityOptions,
  ) {}

  async send(invitation: AdminInvitation): Promise<void> {
    const base = linkBase(this.options.mail?.publicUrl, invitation.origin);
    const query = new URLSearchParams({ email: invitation.email, code: invitation.code });
    const link = base ? `${base}/forgetpsw?${query.toString()}` : null;
    await this.mail.send({
      to: invitation.email,
      subject: 'Convite: defina sua senha',
      text:
        `Olá, ${invitation.name}!\n\nSua empresa foi cadastrada e você é o administrador. Para entrar, defina sua senha` +
        (link ? ` neste endereço:\n\n${link}\n\n` : ' na página "Esqueci minha senha", com o código abaixo.\n\n') +
        `Seu código para definir a senha é: ${invitation.code}\n\n` +
        `Ele vale por ${invitation.validDays} dias. Se você não esperava este convite, ignore este e-mail.`,
    });
  }
}
