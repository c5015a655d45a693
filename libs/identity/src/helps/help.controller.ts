import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put, Query } from '@nestjs/common';
import { Roles } from '@app/platform';
import { HelpCreateDto, HelpSearchDto, HelpUpdateDto } from '../dtos/help.dto';
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
  get(@Param('id', ParseIntPipe) id: number) {
    return this.helps.get(id);
  }

  @Roles('super')
  @Post()
  create(@Body() body: HelpCreateDto) {
    return this.helps.create(body);
  }

  @Roles('super')
  @Put(':id')
  update(@Param('id', ParseIntPipe) id: number, @Body() body: HelpUpdateDto) {
    return this.helps.update(id, body);
  }

  @Roles('super')
  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.helps.remove(id);
  }
}
