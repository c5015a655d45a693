import { CurrentTenancy, IdParam, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';

import { UserCreateDto, UserListQueryDto, UserSearchDto, UserUpdateDto } from './user.dto';
import { UserService } from './user.service';

/** Permissions per route are decided in the service (docs/permissions.md). */
@Controller('users')
export class UserController {
  constructor(private readonly users: UserService) {}

  @Get()
  page(@CurrentTenancy() tenancy: Tenancy, @Query() query: UserSearchDto) {
    return this.users.page(tenancy, query);
  }

  @Get('list')
  list(@CurrentTenancy() tenancy: Tenancy, @Query() query: UserListQueryDto) {
    return this.users.list(tenancy, query.companyId);
  }

  /**
   * The user as identity's events carry it, to any user of the same company: what another service
   * whose copy does not have the user yet takes into it (decision 0039).
   */
  @Get(':id/snapshot')
  snapshot(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.users.snapshot(tenancy, id);
  }

  @Get(':id')
  get(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    return this.users.get(tenancy, id);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: UserCreateDto) {
    return this.users.create(tenancy, body);
  }

  @Put(':id')
  update(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number, @Body() body: UserUpdateDto) {
    return this.users.update(tenancy, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    await this.users.remove(tenancy, id);
  }
}
