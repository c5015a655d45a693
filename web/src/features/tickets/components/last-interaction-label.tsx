import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { getLastInteraction } from '../utils/last-interaction';

type LastInteractionLabelProps = { updatedAt: string; now: Date };

const COLORS = { green: 'green.600', orange: 'orange.500', red: 'red.500' } as const;

/** '(5 m atrás)' in the spec's colour bands; nothing between them. */
export function LastInteractionLabel({ updatedAt, now }: LastInteractionLabelProps) {
  const { t } = useTranslation();
  const interaction = getLastInteraction(updatedAt, now);
  if (!interaction) return null;
  return (
    <Text as="span" fontSize="xs" color={COLORS[interaction.color]} data-testid="last-interaction" data-color={interaction.color}>
      {t(`tickets.lastInteraction.${interaction.unit}`, { count: interaction.value })}
    </Text>
  );
}
