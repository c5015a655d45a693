import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { CurrentTenancy, type Tenancy } from '@app/platform';
import { ContactCreateDto, ContactListQueryDto, ContactUpdateDto } from '../dtos/contact.dto';
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
  get(@CurrentTenancy() tenancy: Tenancy, @Param('id', ParseIntPipe) id: number) {
    return this.contacts.get(tenancy, id);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: ContactCreateDto) {
    return this.contacts.create(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @Param('id', ParseIntPipe) id: number, @Body() body: ContactUpdateDto) {
    return this.contacts.update(tenancy, id, body);
  }

  @Delete(':id')
  async delete(@CurrentTenancy() tenancy: Tenancy, @Param('id', ParseIntPipe) id: number) {
    await this.contacts.delete(tenancy, id);
    return { message: 'Contact deleted' };
  }
}
