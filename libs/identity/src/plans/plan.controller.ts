import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { Public, Roles } from '@app/platform';
import { PlanCreateDto, PlanUpdateDto } from '../dtos/plan.dto';
import { PlanService } from './plan.service';

@Controller('plans')
export class PlanController {
  constructor(private readonly plans: PlanService) {}

  @Public()
  @Get('list')
  list() {
    return this.plans.listPublic();
  }

  /** The plans offered on the sign-up page. */
  @Public()
  @Get('register')
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
  get(@Param('id', ParseIntPipe) id: number) {
    return this.plans.get(id);
  }

  @Roles('super')
  @Post()
  create(@Body() body: PlanCreateDto) {
    return this.plans.create(body);
  }

  @Roles('super')
  @Put(':id')
  update(@Param('id', ParseIntPipe) id: number, @Body() body: PlanUpdateDto) {
    return this.plans.update(id, body);
  }

  @Roles('super')
  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', ParseIntPipe) id: number) {
    await this.plans.remove(id);
  }
}
