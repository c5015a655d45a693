import { Controller, Get, HttpCode, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';

import { Public } from '../auth/decorators';
import { PLATFORM_OPTIONS, type PlatformOptions } from '../platform-options';
import { metricsAccess, metricsRegistry } from './metrics';
import { ReadinessRegistry } from './readiness';

/** GET /health: `checks` names each dependency (`database:<schema>`, `kafka`) with 'ok' or why it is not. */
export interface HealthAnswer {
  status: 'ok' | 'degraded';
  checks: Record<string, string>;
}

/** Below the liveness probe's timeout (k8s: 5 s), so a hanging dependency reads as degraded, not as a dead process. */
const HEALTH_CHECK_TIMEOUT_MS = 2_000;

@Public()
@Controller()
export class HealthController {
  constructor(
    private readonly readiness: ReadinessRegistry,
    @Inject(PLATFORM_OPTIONS) private readonly options: PlatformOptions,
  ) {}

  /**
   * Liveness: 200 for as long as the process serves, also while a dependency is down (the process
   * waits for it; restarting it would not help). The body says whether it is degraded and why.
   */
  @Get('health')
  @HttpCode(200)
  async health(): Promise<HealthAnswer> {
    const result = await this.readiness.run(HEALTH_CHECK_TIMEOUT_MS);
    return { status: result.healthy ? 'ok' : 'degraded', checks: result.checks };
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
