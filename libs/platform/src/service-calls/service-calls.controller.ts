import { Body, Controller, Headers, HttpCode, Param, Post } from '@nestjs/common';

import { AccessTokenService } from '../auth/access-token.service';
import { bearerToken } from '../auth/auth.guard';
import { Public } from '../auth/decorators';
import { AppError } from '../errors/app-error';
import { ServiceCalls } from './service-calls';

/**
 * POST /api/service-calls/{name} `{ input }` → `{ result }`: the calls this process answers for other
 * services (decision 0050). Mounted only in distributed processes; user tokens are refused (the token
 * must be a service-call token naming this very call), and the gateway routes no public path here.
 */
@Public()
@Controller('service-calls')
export class ServiceCallsController {
  constructor(
    private readonly tokens: AccessTokenService,
    private readonly calls: ServiceCalls,
  ) {}

  @Post(':name')
  @HttpCode(200)
  async handle(@Param('name') name: string, @Headers('authorization') authorization: string | undefined, @Body() body: unknown) {
    const claims = this.tokens.verifyServiceCall(bearerToken(authorization));
    if (claims.call !== name) throw new AppError('ERR_INVALID_TOKEN', 'The service token names another call');
    const input = (body as { input?: unknown } | undefined)?.input;
    return { result: await this.calls.run(name, claims.companyId, input) };
  }
}
