import { agentDeleted, agentSaved, promptDeleted, promptSaved, queueIntegrationDeleted, queueIntegrationSaved } from '@app/contracts';
import { readEvent } from '@app/platform';

import { companySocketEmit, type SocketEventMapper } from '../../common/socket-emit';

/**
 * The ai service's events: prompts on `company-{id}-prompt`, agents on `company-{id}-agent`, integrations on
 * `company-{id}-queueIntegration` (create, update, delete), to the whole company.
 */
export const aiSocketMapper: SocketEventMapper = {
  topic: 'ai.events',
  map(envelope) {
    const companyId = envelope.companyId;
    if (!companyId) return [];
    const company = { kind: 'company', companyId } as const;
    const saved = readEvent(promptSaved, envelope);
    if (saved)
      return [companySocketEmit(company, companyId, 'prompt', { action: saved.created ? 'create' : 'update', prompt: saved.prompt })];
    const gone = readEvent(promptDeleted, envelope);
    if (gone)
      return [
        companySocketEmit(company, companyId, 'prompt', { action: 'delete', promptId: gone.promptId, intelligenceId: gone.promptId }),
      ];
    const agent = readEvent(agentSaved, envelope);
    if (agent) return [companySocketEmit(company, companyId, 'agent', { action: agent.created ? 'create' : 'update', agent: agent.agent })];
    const agentGone = readEvent(agentDeleted, envelope);
    if (agentGone) return [companySocketEmit(company, companyId, 'agent', { action: 'delete', agentId: agentGone.agentId })];
    const integration = readEvent(queueIntegrationSaved, envelope);
    if (integration) {
      const action = integration.created ? 'create' : 'update';
      return [companySocketEmit(company, companyId, 'queueIntegration', { action, queueIntegration: integration.queueIntegration })];
    }
    const integrationGone = readEvent(queueIntegrationDeleted, envelope);
    if (integrationGone)
      return [
        companySocketEmit(company, companyId, 'queueIntegration', { action: 'delete', integrationId: integrationGone.integrationId }),
      ];
    return [];
  },
};
