import {
  idempotencyKeySchema,
  partnerAppointmentBodySchema,
  partnerContactBodySchema,
  partnerScheduleBodySchema,
  partnerScheduleQuerySchema,
  partnerSlotsQuerySchema,
} from '@app/contracts';
import { Public } from '@app/platform';
import { Body, Controller, Get, Headers, HttpCode, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { Response } from 'express';

import { ApiTokenGuard, CurrentApiCaller } from './api-token.guard';
import type { ApiCaller } from './api-token.service';
import { type IdempotentResult, PartnerBookingService } from './partner-booking.service';
import { parsed } from './partner-input';

const keyOf = (header: string | undefined) => (header === undefined ? undefined : parsed(idempotencyKeySchema, header));

function answered<T>(result: IdempotentResult<T>, response: Response): T {
  if (result.replayed) response.setHeader('Idempotent-Replayed', 'true');
  return result.response;
}

/**
 * The partner API's contacts, scheduled messages, settings and external agenda (issue 26; tabs
 * Agendamentos, Configurações and Agenda Externa of /messages-api), with an API token. Declared
 * before the inbox's /messages/:ticketId routes, as PartnerMessageController is.
 */
@Controller('messages')
@Public()
@UseGuards(ApiTokenGuard)
export class PartnerBookingController {
  constructor(private readonly booking: PartnerBookingService) {}

  @Post('contacts')
  @HttpCode(200)
  saveContact(@CurrentApiCaller() caller: ApiCaller, @Body() raw: unknown) {
    return this.booking.saveContact(caller, parsed(partnerContactBodySchema, raw));
  }

  @Post('schedules')
  @HttpCode(201)
  async schedule(
    @CurrentApiCaller() caller: ApiCaller,
    @Body() raw: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    const idempotencyKey = keyOf(key);
    return answered(await this.booking.schedule(caller, parsed(partnerScheduleBodySchema, raw), idempotencyKey), response);
  }

  @Get('schedules')
  schedules(@CurrentApiCaller() caller: ApiCaller, @Query() raw: unknown) {
    return this.booking.schedules(caller, parsed(partnerScheduleQuerySchema, raw));
  }

  @Get('settings')
  settings(@CurrentApiCaller() caller: ApiCaller) {
    return this.booking.settings(caller);
  }

  @Get('agenda/services')
  agendaServices(@CurrentApiCaller() caller: ApiCaller) {
    return this.booking.agendaServices(caller);
  }

  @Get('agenda/slots')
  agendaSlots(@CurrentApiCaller() caller: ApiCaller, @Query() raw: unknown) {
    return this.booking.agendaSlots(caller, parsed(partnerSlotsQuerySchema, raw));
  }

  @Post('agenda/appointments')
  @HttpCode(201)
  async book(
    @CurrentApiCaller() caller: ApiCaller,
    @Body() raw: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ) {
    const idempotencyKey = keyOf(key);
    return answered(await this.booking.book(caller, parsed(partnerAppointmentBodySchema, raw), idempotencyKey), response);
  }
}
