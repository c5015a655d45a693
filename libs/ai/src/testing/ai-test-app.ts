import { randomBytes, randomUUID } from 'node:crypto';

import { TOPICS } from '@app/contracts';
import { AccessTokenService } from '@app/platform';
import { type ServiceTestApp, startServiceTestApp } from '@app/platform/testing';

import { AiModule } from '../ai.module';
import type { AiOptions } from '../common/ai-options';

export type AiTestApp = ServiceTestApp & {
  keysSecret: string;
  /** A super user's token (agent templates are theirs to write). */
  superToken(companyId: number): string;
};

/** The ai module over HTTP on a fresh database, in-process transport; collects ai.events. */
export async function startAiTestApp(
  options: Partial<AiOptions> = {},
  platform: { outboundAllowedHosts?: string[]; watch?: string[] } = {},
): Promise<AiTestApp> {
  const keysSecret = options.keysSecret ?? randomBytes(32).toString('hex');
  const app = await startServiceTestApp({
    schema: 'ai',
    module: AiModule.forRoot({ ...options, keysSecret }),
    watch: [TOPICS.aiEvents, ...(platform.watch ?? [])],
    outboundAllowedHosts: platform.outboundAllowedHosts,
  });
  const tokens = app.app.get(AccessTokenService);
  return Object.assign(app, {
    keysSecret,
    superToken: (companyId: number) =>
      tokens.sign({ sub: '99', companyId, profile: 'admin', super: true, sid: randomUUID(), plan: ['useIntegrations', 'useOpenAi'] }),
  });
}
