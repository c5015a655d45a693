import { randomBytes } from 'node:crypto';

import { TOPICS } from '@app/contracts';
import { type ServiceTestApp, startServiceTestApp } from '@app/platform/testing';

import { AiModule } from '../ai.module';
import type { AiOptions } from '../ai-options';

export type AiTestApp = ServiceTestApp & { keysSecret: string };

/** The ai module over HTTP on a fresh database, in-process transport; collects ai.events. */
export async function startAiTestApp(
  options: Partial<AiOptions> = {},
  platform: { outboundAllowedHosts?: string[] } = {},
): Promise<AiTestApp> {
  const keysSecret = options.keysSecret ?? randomBytes(32).toString('hex');
  const app = await startServiceTestApp({
    schema: 'ai',
    module: AiModule.forRoot({ ...options, keysSecret }),
    watch: [TOPICS.aiEvents],
    outboundAllowedHosts: platform.outboundAllowedHosts,
  });
  return Object.assign(app, { keysSecret });
}
