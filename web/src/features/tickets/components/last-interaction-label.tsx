import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { getLastInteraction } from '../utils/last-interaction';

type LastInteractionLabelProps = { updatedAt: string; now: Date };

/**
 * The spec's bands in shades text reads in (4.5:1 and more on the list, its hover and its selected row,
 * in light and dark mode): green 600, orange 500 and red 500 on white were 3.3, 2.8 and 3.8:1.
 */
const COLORS = {
  green: { _light: 'green.800', _dark: 'green.300' },
  orange: { _light: 'orange.800', _dark: 'orange.300' },
  red: { _light: 'red.700', _dark: 'red.300' },
} as const;

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
