import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { CurrentTenancy, Roles, type Tenancy } from '@app/platform';
import { UserCreateDto, UserSearchDto } from '../dtos/user.dto';
import { UserService } from './user.service';

@Controller('users')
@Roles('admin')
export class UserController {
  constructor(private readonly users: UserService) {}

  @Get()
  list(@CurrentTenancy() tenancy: Tenancy, @Query() query: UserSearchDto) {
    return this.users.list(tenancy, query);
  }

  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: UserCreateDto) {
    return this.users.create(tenancy, body);
  }
}
