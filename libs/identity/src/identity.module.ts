import { eventConsumers, ServiceDatabaseModule, SESSION_AUTHORITY } from '@app/platform';
import { type DynamicModule, Module } from '@nestjs/common';

import { AnnouncementController } from './announcements/announcement.controller';
import { AnnouncementRepository } from './announcements/announcement.repository';
import { AnnouncementService } from './announcements/announcement.service';
import { AuthController } from './auth/auth.controller';
import { LoginDeviceCookies } from './auth/login-device-cookies';
import { RefreshTokenRepository } from './auth/refresh-token.repository';
import { SessionService } from './auth/session.service';
import { SessionStateRepository } from './auth/session-state.repository';
import { CompanyBackfill } from './billing/company-backfill';
import { CompanyRenewalRepository } from './billing/company-renewal.repository';
import { InvoicePaidConsumer } from './billing/invoice-paid.consumer';
import { PendingAnnouncementRepository } from './billing/pending-announcement.repository';
import { CompanyRepository } from './common/company.repository';
import { IDENTITY_OPTIONS, type IdentityOptions } from './common/identity-options';
import { PlanRepository } from './common/plan.repository';
import { UserRepository } from './common/user.repository';
import { AdminInvitationMail } from './companies/admin-invitation-mail';
import { CompanyController } from './companies/company.controller';
import { CompanyService } from './companies/company.service';
import { EmailCodeRepository } from './email-codes/email-code.repository';
import { EmailCodeService } from './email-codes/email-code.service';
import { HelpController } from './helps/help.controller';
import { HelpRepository } from './helps/help.repository';
import { HelpService } from './helps/help.service';
import { LogoController } from './logos/logo.controller';
import { LogoService } from './logos/logo.service';
import { MailRepository } from './mail/mail.repository';
import { MailSender } from './mail/mail-sender';
import { IdentityInitial1732180000000 } from './migrations/1732180000000-identity-initial';
import { IdentityAdministration1763712000000 } from './migrations/1763712000000-identity-administration';
import { CompanyQueues1763712000001 } from './migrations/1763712000001-company-queues';
import { RateLimiterFlexible1763900000000 } from './migrations/1763900000000-rate-limiter-flexible';
import { CompanyConnections1763900000010 } from './migrations/1763900000010-company-connections';
import { ProjectionTombstones1763900000039 } from './migrations/1763900000039-projection-tombstones';
import { CompanyBillingFields1763900000040 } from './migrations/1763900000040-company-billing-fields';
import { BillingBackfill1763900000041 } from './migrations/1763900000041-billing-backfill';
import { PaymentKeysToBilling1763900000042 } from './migrations/1763900000042-payment-keys-to-billing';
import { PlansAnnouncedForPartnerSchedules1763900000043 } from './migrations/1763900000043-plans-announced-for-partner-schedules';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetService } from './password-reset/password-reset.service';
import { PlanController } from './plans/plan.controller';
import { PlanService } from './plans/plan.service';
import { RateLimitRepository } from './rate-limit/rate-limit.repository';
import { RateLimiter } from './rate-limit/rate-limiter.service';
import { PlatformSeedService } from './seed/platform-seed.service';
import { SettingController } from './settings/setting.controller';
import { SettingRepository } from './settings/setting.repository';
import { SettingService } from './settings/setting.service';
import { SignUpController } from './sign-up/sign-up.controller';
import { SignUpService } from './sign-up/sign-up.service';
import { CompanyConnectionRepository } from './users/company-connection.repository';
import { CompanyQueueRepository } from './users/company-queue.repository';
import { ConnectionProjectionConsumer } from './users/connection-projection.consumer';
import { PresenceConsumer } from './users/presence.consumer';
import { QueueDeletionConsumer } from './users/queue-deletion.consumer';
import { UserController } from './users/user.controller';
import { UserService } from './users/user.service';
import { UserRecordAnswer } from './users/user-record-answer';
import { UserWriter } from './users/user-writer';
import { VersionController } from './version.controller';

export const IDENTITY_MIGRATIONS = [
  IdentityInitial1732180000000,
  IdentityAdministration1763712000000,
  CompanyQueues1763712000001,
  RateLimiterFlexible1763900000000,
  CompanyConnections1763900000010,
  ProjectionTombstones1763900000039,
  CompanyBillingFields1763900000040,
  BillingBackfill1763900000041,
  PaymentKeysToBilling1763900000042,
  PlansAnnouncedForPartnerSchedules1763900000043,
];

/** Auth and tenancy: companies, plans, users, sessions, settings, sign-up, helps, announcements, logos. */
@Module({})
export class IdentityModule {
  static forRoot(options: IdentityOptions): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        ServiceDatabaseModule.forService({
          schema: 'identity',
          migrations: IDENTITY_MIGRATIONS,
        }),
      ],
      controllers: [
        AuthController,
        SignUpController,
        PasswordResetController,
        UserController,
        SettingController,
        LogoController,
        CompanyController,
        PlanController,
        HelpController,
        AnnouncementController,
        VersionController,
      ],
      providers: [
        { provide: IDENTITY_OPTIONS, useValue: options },
        // Repositories: every SQL statement of identity.
        UserRepository,
        CompanyRepository,
        PlanRepository,
        RefreshTokenRepository,
        SessionStateRepository,
        SettingRepository,
        EmailCodeRepository,
        MailRepository,
        HelpRepository,
        AnnouncementRepository,
        RateLimitRepository,
        CompanyQueueRepository,
        CompanyConnectionRepository,
        CompanyRenewalRepository,
        PendingAnnouncementRepository,
        CompanyBackfill,
        UserRecordAnswer,
        { provide: SESSION_AUTHORITY, useExisting: SessionStateRepository },
        // Every event consumer of identity.
        ...eventConsumers(PresenceConsumer, QueueDeletionConsumer, ConnectionProjectionConsumer, InvoicePaidConsumer),
        RateLimiter,
        LoginDeviceCookies,
        MailSender,
        EmailCodeService,
        SessionService,
        UserWriter,
        UserService,
        SettingService,
        CompanyService,
        AdminInvitationMail,
        SignUpService,
        PasswordResetService,
        PlanService,
        HelpService,
        AnnouncementService,
        LogoService,
        PlatformSeedService,
      ],
    };
  }
}
