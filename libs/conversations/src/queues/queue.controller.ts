import { Body, Controller, Delete, Get, Param, ParseIntPipe, Post, Put } from '@nestjs/common';
import { CurrentTenancy, Roles, type Tenancy } from '@app/platform';
import { QueueCreateDto, QueueUpdateDto } from '../dtos/queue.dto';
import { QueueService } from './queue.service';

/** GET /queue is for every user of the company (ticket dialogs, filters); changes need an admin. */
@Controller('queue')
export class QueueController {
  constructor(private readonly queues: QueueService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy) {
    return this.queues.list(tenancy);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @Param('id', ParseIntPipe) id: number) {
    return this.queues.get(tenancy, id);
  }

  @Post()
  @Roles('admin')
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: QueueCreateDto) {
    return this.queues.create(tenancy, body);
  }

  @Put(':id')
  @Roles('admin')
  update(@CurrentTenancy() tenancy: Tenancy, @Param('id', ParseIntPipe) id: number, @Body() body: QueueUpdateDto) {
    return this.queues.update(tenancy, id, body);
  }

  @Delete(':id')
  @Roles('admin')
  async delete(@CurrentTenancy() tenancy: Tenancy, @Param('id', ParseIntPipe) id: number) {
    await this.queues.delete(tenancy, id);
    return { message: 'Queue deleted' };
  }
}
