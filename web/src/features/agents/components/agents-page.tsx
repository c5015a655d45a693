import type { Agent } from '@app/contracts';
import { Badge, Button, Card, Flex, Heading, HStack, SimpleGrid, Spinner, Stack, Switch, Tabs, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useQueues } from '@/api/get-queues';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { queueLimit } from '@/features/queues/utils/queue-form';

import { useAgents, useDeleteAgent, useUpdateAgent } from '../api/agents';
import { AgentWizard } from './agent-wizard';

/** The Integrações tab, composed by the route (another feature's panel): its count and its content. */
export type IntegrationsTab = {
  count: number;
  render: (props: { showNewForm: boolean; onNewFormClose: () => void; limitReached: boolean }) => ReactNode;
};

type AgentsPageProps = {
  companyId: number;
  maxQueues?: number | null;
  integrationsTab?: IntegrationsTab;
  /** What a page variant shows under the heading, above the tabs (/agents: its template choice). */
  children?: ReactNode;
};

/** /integrations-and-agents, tab Agentes IA (spec 3 section 2): the agent cards, the wizard, the queue limit. */
export function AgentsPage({ companyId, maxQueues, integrationsTab, children }: AgentsPageProps) {
  const { t } = useTranslation();
  const agents = useAgents(companyId);
  const queues = useQueues({ silent: true });
  const remove = useDeleteAgent();
  const update = useUpdateAgent();
  const [wizard, setWizard] = useState<{ agent: Agent | null; step: number } | null>(null);
  const [deleting, setDeleting] = useState<Agent | null>(null);
  const [tab, setTab] = useState(integrationsTab ? 'integrations' : 'agents');
  const [newIntegration, setNewIntegration] = useState(false);
  const onIntegrations = integrationsTab !== undefined && tab === 'integrations';
  const limit = queueLimit(queues.data?.length ?? 0, maxQueues);
  const list = agents.data ?? [];

  async function confirmDelete() {
    if (!deleting) return;
    try {
      const removed = await remove.mutateAsync(deleting.id);
      toastSuccess(t('agents.toasts.deleted', { count: removed }));
      setDeleting(null);
    } catch (error) {
      toastError(error);
    }
  }

  async function toggle(agent: Agent, isActive: boolean) {
    try {
      await update.mutateAsync({ id: agent.id, body: { isActive } });
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Stack gap="4" data-testid="agents-page">
      <Flex justify="space-between" align="center">
        <Heading as="h1" size="xl">
          {t('agents.title')}
        </Heading>
        <Button
          colorPalette="blue"
          disabled={limit.reached}
          onClick={() => (onIntegrations ? setNewIntegration(true) : setWizard({ agent: null, step: 0 }))}
          data-testid="agent-new"
        >
          {limit.reached ? t('queues.limitReached', { label: limit.label }) : onIntegrations ? t('integrations.new') : t('agents.new')}
        </Button>
      </Flex>
      {children}
      <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)}>
        <Tabs.List>
          {integrationsTab && (
            <Tabs.Trigger value="integrations" data-testid="tab-integrations">
              {t('integrations.tab', { total: integrationsTab.count })}
            </Tabs.Trigger>
          )}
          <Tabs.Trigger value="agents" data-testid="tab-agents">
            {t('agents.tab', { total: list.length })}
          </Tabs.Trigger>
        </Tabs.List>
        {integrationsTab && (
          <Tabs.Content value="integrations">
            {integrationsTab.render({
              showNewForm: newIntegration,
              onNewFormClose: () => setNewIntegration(false),
              limitReached: limit.reached,
            })}
          </Tabs.Content>
        )}
        <Tabs.Content value="agents">
          {wizard && (
            <AgentWizard key={wizard.agent?.id ?? 'new'} agent={wizard.agent} initialStep={wizard.step} onClose={() => setWizard(null)} />
          )}
          {agents.isLoading ? (
            <Spinner />
          ) : !list.length ? (
            <Text color="fg.muted" py="6" textAlign="center">
              {t('agents.empty')}
            </Text>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4" mt="4">
              {list.map((agent) => (
                <Card.Root key={agent.id} data-testid={`agent-card-${agent.id}`}>
                  <Card.Body gap="2">
                    <Heading as="h2" size="md">
                      {agent.name}
                    </Heading>
                    <HStack wrap="wrap">
                      <Badge>{agent.mode === 'template' ? 'Template' : 'Avançado'}</Badge>
                      <Badge colorPalette={agent.isActive ? 'green' : 'gray'}>{agent.isActive ? 'Ativo' : 'Inativo'}</Badge>
                      <Badge variant="outline">{agent.canSchedule ? 'Agendamento' : 'Sem agendamento'}</Badge>
                      {agent.voiceEnabled && <Badge variant="outline">Voz</Badge>}
                    </HStack>
                    <Text fontSize="sm">
                      {agent.provider} · {agent.model}
                    </Text>
                    <Text fontSize="sm">{t('agents.card.settings', { temperature: agent.temperature, maxTokens: agent.maxTokens })}</Text>
                    <Text fontSize="sm" color="fg.muted" data-testid="agent-usage">
                      {t('agents.card.usage', {
                        tokens: (agent.usage.promptTokens + agent.usage.completionTokens).toLocaleString('pt-BR'),
                        cost: agent.usage.costUsd.toLocaleString('pt-BR', { style: 'currency', currency: 'USD' }),
                      })}
                    </Text>
                  </Card.Body>
                  <Card.Footer justifyContent="space-between">
                    <HStack>
                      <Button size="sm" variant="outline" onClick={() => setWizard({ agent, step: 0 })}>
                        {t('agents.edit')}
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setWizard({ agent, step: 3 })}>
                        {t('agents.config')}
                      </Button>
                      <Button
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        onClick={() => setDeleting(agent)}
                        data-testid={`agent-delete-${agent.id}`}
                      >
                        {t('agents.delete')}
                      </Button>
                    </HStack>
                    <Switch.Root
                      checked={agent.isActive}
                      onCheckedChange={(details) => toggle(agent, details.checked)}
                      data-testid={`agent-active-${agent.id}`}
                    >
                      <Switch.HiddenInput />
                      <Switch.Control />
                      <Switch.Label>{t('agents.active')}</Switch.Label>
                    </Switch.Root>
                  </Card.Footer>
                </Card.Root>
              ))}
            </SimpleGrid>
          )}
        </Tabs.Content>
      </Tabs.Root>
      <ConfirmDialog
        open={deleting !== null}
        title={t('agents.deleteTitle')}
        message={t('agents.deleteMessage', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        confirmTestId="agent-delete-confirm"
      />
    </Stack>
  );
}
