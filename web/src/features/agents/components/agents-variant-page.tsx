import type { AgentTemplate } from '@app/contracts';
import { Button, Card, chakra, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { InfoDialog } from '@/components/ui/info-dialog';
import { useAgentTemplates } from '@/features/agent-templates/api/agent-templates';

import { AgentWizard } from './agent-wizard';
import { AgentsPage } from './agents-page';

type Choice = { mode: 'template' | 'advanced'; templateId?: number };

/**
 * /agents (spec 3, Agents page variant): under the page's heading, step 0 chooses a template (the
 * first 4, 'Ver Todos' for the rest) or advanced mode; step 1 is the form; below, the agents.
 */
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
    <ChoiceCard
      key={template.id}
      title={template.name}
      hint={template.category}
      onChoose={() => pick(template)}
      testId={`agents-variant-template-${template.id}`}
    />
  );

  return (
    <Stack gap="6" data-testid="agents-variant-page">
      <AgentsPage companyId={companyId} maxQueues={maxQueues}>
        {choice === null ? (
          <Stack gap="3">
            <HStack justify="space-between">
              <Heading as="h2" size="md">
                {t('agents.variant.choose')}
              </Heading>
              <Button size="sm" variant="outline" onClick={() => setAllOpen(true)} data-testid="agents-variant-all">
                {t('agents.variant.all')}
              </Button>
            </HStack>
            <SimpleGrid columns={{ base: 1, md: 5 }} gap="3">
              {(templates.data ?? []).slice(0, 4).map(card)}
              <ChoiceCard
                title={t('agents.variant.advanced')}
                hint={t('agents.variant.advancedHint')}
                onChoose={() => setChoice({ mode: 'advanced' })}
                testId="agents-variant-advanced"
              />
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
      </AgentsPage>
      {allOpen && (
        <InfoDialog open title={t('agents.variant.all')} onClose={() => setAllOpen(false)} testId="agents-variant-all-dialog">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {(templates.data ?? []).map(card)}
          </SimpleGrid>
        </InfoDialog>
      )}
    </Stack>
  );
}

type ChoiceCardProps = { title: string; hint: string; onChoose: () => void; testId: string };

/**
 * A card that is chosen with a click anywhere on it: its heading holds one real button (named by the
 * title it shows, described by the hint; Enter and Space choose it) whose hit area covers the card.
 */
function ChoiceCard({ title, hint, onChoose, testId }: ChoiceCardProps) {
  const hintId = useId();
  return (
    <Card.Root position="relative" _hover={{ bg: 'bg.muted' }}>
      <Card.Body gap="1">
        <Heading as="h3" size="md">
          <chakra.button
            type="button"
            onClick={onChoose}
            aria-describedby={hintId}
            data-testid={testId}
            textAlign="start"
            cursor="pointer"
            _after={{ content: '""', position: 'absolute', inset: '0', borderRadius: 'l3' }}
            _focusVisible={{ outline: 'none', _after: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' } }}
          >
            {title}
          </chakra.button>
        </Heading>
        <Text id={hintId} fontSize="sm" color="fg.muted">
          {hint}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
