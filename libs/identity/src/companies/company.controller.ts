import { CurrentTenancy, IdParam, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, Headers, HttpCode, Post, Put, Query } from '@nestjs/common';

import { CompanyCreateDto, CompanySchedulesUpdateDto, CompanySearchDto, CompanyUpdateDto } from './company.dto';
import { CompanyService } from './company.service';

@Controller('companies')
export class CompanyController {
  constructor(private readonly companies: CompanyService) {}

  @Roles('super')
  @Get()
  page(@Query() query: CompanySearchDto) {
    return this.companies.page(query);
  }

  @Roles('super')
  @Get('list')
  list() {
    return this.companies.listAll();
  }

  @Get('listPlan/:companyId')
  plan(@CurrentTenancy() tenancy: Tenancy, @IdParam('companyId') companyId: number) {
    return this.companies.plan(tenancy, companyId);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.companies.get(tenancy, id);
  }

  /** Without a password the admin is invited by e-mail; the page's origin is the link's base when PUBLIC_URL is unset. */
  @Roles('super')
  @Post()
  create(@Body() body: CompanyCreateDto, @Headers('origin') origin: string | undefined) {
    return this.companies.create(body, origin);
  }

  @Roles('super')
  @Put(':id')
  update(@IdParam() id: number, @Body() body: CompanyUpdateDto) {
    return this.companies.update(id, body);
  }

  /** The +Vencimento button: the due date moves on by one period of the company's recurrence. */
  @Roles('super')
  @Post(':id/advanceDueDate')
  @HttpCode(200)
  advanceDueDate(@IdParam() id: number) {
    return this.companies.advanceDueDate(id);
  }

  @Put(':id/schedules')
  schedules(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: CompanySchedulesUpdateDto) {
    return this.companies.updateSchedules(tenancy, id, body.schedules);
  }

  @Roles('super')
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    await this.companies.remove(tenancy, id);
  }
}
