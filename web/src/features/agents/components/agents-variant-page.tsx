import type { AgentTemplate } from '@app/contracts';
import { Button, Card, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { InfoDialog } from '@/components/ui/info-dialog';
import { useAgentTemplates } from '@/features/agent-templates/api/agent-templates';

import { AgentWizard } from './agent-wizard';
import { AgentsPage } from './agents-page';

type Choice = { mode: 'template' | 'advanced'; templateId?: number };

/** /agents (spec 3, Agents page variant): step 0 chooses a template (the first 4, 'Ver Todos' for the rest) or advanced mode; step 1 is the form; below, the agents. */
export function AgentsVariantPage({ companyId, maxQueues }: { companyId: number; maxQueues?: number | null }) {
  const { t } = useTranslation();
  const templates = useAgentTemplates();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [allOpen, setAllOpen] = useState(false);
  const pick = (template: AgentTemplate) => {
    setAllOpen(false);
    setChoice({ mode: 'template', templateId: template.id });
  };
  const card = (template: AgentTemplate) => (
    <Card.Root key={template.id} cursor="pointer" onClick={() => pick(template)} data-testid={`agents-variant-template-${template.id}`}>
      <Card.Body gap="1">
        <Text fontWeight="semibold">{template.name}</Text>
        <Text fontSize="sm" color="fg.muted">
          {template.category}
        </Text>
      </Card.Body>
    </Card.Root>
  );

  return (
    <Stack gap="6" data-testid="agents-variant-page">
      {choice === null ? (
        <Stack gap="3">
          <HStack justify="space-between">
            <Text fontWeight="semibold">{t('agents.variant.choose')}</Text>
            <Button size="sm" variant="outline" onClick={() => setAllOpen(true)} data-testid="agents-variant-all">
              {t('agents.variant.all')}
            </Button>
          </HStack>
          <SimpleGrid columns={{ base: 1, md: 5 }} gap="3">
            {(templates.data ?? []).slice(0, 4).map(card)}
            <Card.Root cursor="pointer" onClick={() => setChoice({ mode: 'advanced' })} data-testid="agents-variant-advanced">
              <Card.Body gap="1">
                <Text fontWeight="semibold">{t('agents.variant.advanced')}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('agents.variant.advancedHint')}
                </Text>
              </Card.Body>
            </Card.Root>
          </SimpleGrid>
        </Stack>
      ) : (
        <Stack gap="2">
          <Button size="sm" variant="ghost" alignSelf="flex-start" onClick={() => setChoice(null)} data-testid="agents-variant-back">
            {t('agents.back')}
          </Button>
          <AgentWizard key={`${choice.mode}-${choice.templateId ?? ''}`} agent={null} preset={choice} onClose={() => setChoice(null)} />
        </Stack>
      )}
      {allOpen && (
        <InfoDialog open title={t('agents.variant.all')} onClose={() => setAllOpen(false)} testId="agents-variant-all-dialog">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {(templates.data ?? []).map(card)}
          </SimpleGrid>
        </InfoDialog>
      )}
      <AgentsPage companyId={companyId} maxQueues={maxQueues} />
    </Stack>
  );
}
