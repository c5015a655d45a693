import { Controller, Get, Header, HttpCode, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../auth/decorators';
import { metricsRegistry } from './metrics';
import { ReadinessRegistry } from './readiness';

@Public()
@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessRegistry) {}

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

  @Get('metrics')
  @Header('Content-Type', metricsRegistry.contentType)
  metrics() {
    return metricsRegistry.metrics();
  }
}
