import { IdParam, Public, Roles } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post, Put } from '@nestjs/common';

import { PlanCreateDto, PlanUpdateDto } from './plan.dto';
import { PlanService } from './plan.service';

@Controller('plans')
export class PlanController {
  constructor(private readonly plans: PlanService) {}

  @Public()
  @Get('list')
  list() {
    return this.plans.listPublic();
  }

  /** The plans offered on the sign-up page (`listpublic`: the ticketz client's sign-up and plan change). */
  @Public()
  @Get(['register', 'listpublic'])
  register() {
    return this.plans.listPublic();
  }

  @Roles('super')
  @Get('all')
  all() {
    return this.plans.listAll();
  }

  @Roles('super')
  @Get()
  index() {
    return this.plans.listAll();
  }

  @Roles('super')
  @Get(':id')
  get(@IdParam() id: number) {
    return this.plans.get(id);
  }

  @Roles('super')
  @Post()
  create(@Body() body: PlanCreateDto) {
    return this.plans.create(body);
  }

  @Roles('super')
  @Put(':id')
  update(@IdParam() id: number, @Body() body: PlanUpdateDto) {
    return this.plans.update(id, body);
  }

  @Roles('super')
  @Delete(':id')
  @HttpCode(204)
  async remove(@IdParam() id: number) {
    await this.plans.remove(id);
  }
}
