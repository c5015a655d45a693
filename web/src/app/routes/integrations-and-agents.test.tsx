import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AgentsPage } from '@/features/agents/components/agents-page';
import { QueueIntegrationsPanel } from '@/features/queue-integrations/components/queue-integrations-panel';
import { on, stubApi } from '@/testing/fake-api';
import { renderWithProviders } from '@/testing/test-utils';

vi.mock('@/lib/socket', () => ({ useSocketEvent: () => undefined }));

describe('/integrations-and-agents', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("opens on Integrações with its count; the header's button makes an integration there and an agent on Agentes IA", async () => {
    stubApi(
      on('GET', '/agent-templates', 200, { templates: [] }),
      on('GET', '/agents', 200, []),
      on('GET', '/queue', 200, []),
      on('GET', '/queueIntegration', 200, { queueIntegrations: [], count: 0, hasMore: false }),
    );
    renderWithProviders(
      <AgentsPage
        companyId={1}
        maxQueues={5}
        integrationsTab={{ count: 3, render: (props) => <QueueIntegrationsPanel companyId={1} {...props} /> }}
      />,
    );
    expect((await screen.findByTestId('tab-integrations')).textContent).toBe('Integrações (3)');
    const button = screen.getByTestId('agent-new');
    expect(button.textContent).toBe('Nova Integração');
    fireEvent.click(button);
    expect(await screen.findByTestId('integration-new-form')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tab-agents'));
    await waitFor(() => expect(screen.getByTestId('agent-new').textContent).toBe('Novo Agente'));
  });
});
