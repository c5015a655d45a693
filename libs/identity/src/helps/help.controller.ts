import { IdParam, Roles } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';

import { HelpCreateDto, HelpSearchDto, HelpUpdateDto } from './help.dto';
import { HelpService } from './help.service';

@Controller('helps')
export class HelpController {
  constructor(private readonly helps: HelpService) {}

  @Get()
  page(@Query() query: HelpSearchDto) {
    return this.helps.page(query);
  }

  @Get('list')
  list() {
    return this.helps.list();
  }

  @Get(':id')
  get(@IdParam() id: number) {
    return this.helps.get(id);
  }

  @Roles('super')
  @Post()
  create(@Body() body: HelpCreateDto) {
    return this.helps.create(body);
  }

  @Roles('super')
  @Put(':id')
  update(@IdParam() id: number, @Body() body: HelpUpdateDto) {
    return this.helps.update(id, body);
  }

  @Roles('super')
  @Delete(':id')
  @HttpCode(204)
  async remove(@IdParam() id: number) {
    await this.helps.remove(id);
  }
}
