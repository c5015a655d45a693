import { CONTACT_SHEET_MAX_BYTES } from '@app/contracts';
import { AppError, CurrentTenancy, IdParam, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Headers, HttpCode, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';

import { ContactCreateDto, ContactListQueryDto, ContactUpdateDto } from './contact.dto';
import { ContactService } from './contact.service';

/** Contacts of the caller's company; `companyId` in a query is ignored (the token decides). */
@Controller('contacts')
export class ContactController {
  constructor(private readonly contacts: ContactService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy, @Query() query: ContactListQueryDto) {
    return this.contacts.list(tenancy, query.searchParam ?? '', query.pageNumber ?? 1);
  }

  @Get('list')
  all(@CurrentTenancy() tenancy: Tenancy) {
    return this.contacts.all(tenancy);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.contacts.get(tenancy, id);
  }

  /** The number is checked on WhatsApp (ERR_WAPP_INVALID_CONTACT) when the company has a connected connection. */
  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: ContactCreateDto, @Headers('authorization') authorization: string) {
    return this.contacts.create(tenancy, body, authorization);
  }

  /** The connected phones' address books become contacts; existing numbers are skipped. */
  @Post('import')
  @HttpCode(200)
  importFromPhone(@CurrentTenancy() tenancy: Tenancy) {
    return this.contacts.importFromPhone(tenancy);
  }

  /** Multipart `file`: an .xlsx, .xls or .csv sheet of contacts, answered row by row. */
  @Post('upload')
  @HttpCode(200)
  @UseInterceptors(FileInterceptor('file', { limits: { fileSize: CONTACT_SHEET_MAX_BYTES, files: 1 } }))
  upload(@CurrentTenancy() tenancy: Tenancy, @UploadedFile() file: { originalname: string; buffer: Buffer } | undefined) {
    if (!file) throw new AppError('ERR_VALIDATION', 'file is required', { fields: [{ path: 'file', message: 'Required' }] });
    return this.contacts.upload(tenancy, file);
  }

  @Put(':id')
  update(
    @CurrentTenancy() tenancy: Tenancy,
    @IdParam() id: number,
    @Body() body: ContactUpdateDto,
    @Headers('authorization') authorization: string,
  ) {
    return this.contacts.update(tenancy, id, body, authorization);
  }

  @Delete(':id')
  async delete(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    await this.contacts.delete(tenancy, id);
    return { message: 'Contact deleted' };
  }
}
