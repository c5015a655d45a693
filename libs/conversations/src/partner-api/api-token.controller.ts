import { apiTokenCreateSchema } from '@app/contracts';
import { CurrentTenancy, IdParam, RequirePlan, Roles, type Tenancy } from '@app/platform';
import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import { createZodDto } from 'nestjs-zod';

import { ApiTokenService } from './api-token.service';

class ApiTokenCreateDto extends createZodDto(apiTokenCreateSchema) {}

/** /api-tokens: the company admin's API tokens (plan flag useExternalApi). */
@Controller('api-tokens')
@Roles('admin')
@RequirePlan('useExternalApi')
export class ApiTokenController {
  constructor(private readonly tokens: ApiTokenService) {}

  @Get()
  async list(@CurrentTenancy() tenancy: Tenancy) {
    return { tokens: await this.tokens.list(tenancy) };
  }

  /** The token itself is in this answer only. */
  @Post()
  create(@CurrentTenancy() tenancy: Tenancy, @Body() body: ApiTokenCreateDto) {
    return this.tokens.create(tenancy, body);
  }

  @Delete(':id')
  @HttpCode(204)
  async revoke(@CurrentTenancy() tenancy: Tenancy, @IdParam() id: number) {
    await this.tokens.revoke(tenancy, id);
  }
}
