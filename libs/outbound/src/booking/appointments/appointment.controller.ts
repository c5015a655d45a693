import { MEDIA_UPLOAD_MAX_BYTES } from '@app/contracts';
import { CurrentTenancy, IdParam, RequirePlan, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';

import { AppointmentBodyDto, AppointmentPageQueryDto } from './appointment.dto';
import { AppointmentService, type UploadedMedia } from './appointment.service';

/**
 * /schedules and /calendars/{calendarId}/schedules (spec 2): the company's appointments, for every
 * user of a company whose plan has schedules.
 */
@RequirePlan('useSchedules')
@Controller()
export class AppointmentController {
  constructor(private readonly schedules: AppointmentService) {}

  @Get('schedules')
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: AppointmentPageQueryDto) {
    return this.schedules.page(tenancy, null, query);
  }

  @Get('calendars/:calendarId/schedules')
  pageOfCalendar(@CurrentTenancy() tenancy: Tenancy, @IdParam('calendarId') calendarId: number, @Query() query: AppointmentPageQueryDto) {
    return this.schedules.page(tenancy, calendarId, query);
  }

  @Get('schedules/:id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.schedules.get(tenancy, id);
  }

  @Post('schedules')
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: AppointmentBodyDto) {
    return this.schedules.create(tenancy, null, body);
  }

  @Post('calendars/:calendarId/schedules')
  createInCalendar(@CurrentTenancy() tenancy: Tenancy, @IdParam('calendarId') calendarId: number, @Body() body: AppointmentBodyDto) {
    return this.schedules.create(tenancy, calendarId, body);
  }

  @Put('schedules/:id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: AppointmentBodyDto) {
    return this.schedules.update(tenancy, null, id, body);
  }

  @Put('calendars/:calendarId/schedules/:id')
  updateInCalendar(
    @CurrentTenancy() tenancy: Tenancy,
    @IdParam('calendarId') calendarId: number,
    @IdParam() id: number,
    @Body() body: AppointmentBodyDto,
  ) {
    return this.schedules.update(tenancy, calendarId, id, body);
  }

  @Delete('schedules/:id')
  delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.schedules.delete(tenancy, id);
  }

  @Post('schedules/:id/media-upload')
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: MEDIA_UPLOAD_MAX_BYTES, files: 1 } }))
  attachMedia(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @UploadedFile() file: UploadedMedia | undefined) {
    return this.schedules.attachMedia(tenancy, id, file);
  }

  @Delete('schedules/:id/media-upload')
  detachMedia(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.schedules.detachMedia(tenancy, id);
  }
}
