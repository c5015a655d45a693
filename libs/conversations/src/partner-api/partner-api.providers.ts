import { ApiAnswerRepository } from './api-answer.repository';
import { ApiTokenController } from './api-token.controller';
import { ApiTokenGuard } from './api-token.guard';
import { ApiTokenRepository } from './api-token.repository';
import { ApiTokenService } from './api-token.service';
import { ApiTokenRateRepository } from './api-token-rate.repository';
import { OpenApiController } from './openapi.controller';
import { PartnerBookingController } from './partner-booking.controller';
import { PartnerBookingService } from './partner-booking.service';
import { PartnerMessageController } from './partner-message.controller';
import { PartnerMessageService } from './partner-message.service';
import { PartnerSendDrainer } from './partner-send.drainer';
import { PartnerSendRepository } from './partner-send.repository';
import { SharedTokenRate } from './shared-token-rate';

/** The partner API's part of the conversations module (decision 0051). */
export const PARTNER_API_CONTROLLERS = [PartnerMessageController, PartnerBookingController, ApiTokenController, OpenApiController];
export const PARTNER_API_PROVIDERS = [
  ApiAnswerRepository,
  PartnerBookingService,
  ApiTokenRepository,
  ApiTokenRateRepository,
  ApiTokenService,
  ApiTokenGuard,
  PartnerMessageService,
  PartnerSendRepository,
  PartnerSendDrainer,
  SharedTokenRate,
];
