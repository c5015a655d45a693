import { Controller, Get, HttpCode, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';

import { Public } from '../auth/decorators';
import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform-options';
import { metricsAccess, metricsRegistry } from './metrics';
import { ReadinessRegistry } from './readiness';

@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: ReadinessRegistry,
    @Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions,
  ) {}

  @Get('health')
  @HttpCode(200)
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res() response: Response) {
    const result = await this.readiness.run();
    response.status(result.ready ? 200 : 503).json({ status: result.ready ? 'ready' : 'not ready', checks: result.checks });
  }

  /** Only for the scraper: 404 while METRICS_TOKEN is unset, 401 without its bearer token. */
  @Get('metrics')
  async metrics(@Req() request: Request, @Res() response: Response) {
    const access = metricsAccess(this.options.metricsToken, request.headers.authorization);
    if (access === 'off') {
      response.status(404).json({ error: 'ERR_NOT_FOUND', message: 'Not found' });
      return;
    }
    if (access === 'denied') {
      response
        .status(401)
        .set('WWW-Authenticate', 'Bearer realm="metrics"')
        .json({ error: 'ERR_NO_PERMISSION', message: 'Metrics need the METRICS_TOKEN' });
      return;
    }
    response.set('Content-Type', metricsRegistry.contentType).send(await metricsRegistry.metrics());
  }
}
