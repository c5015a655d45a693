import { Button, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { InfoDialog } from '@/components/ui/info-dialog';

import { MORE_REACTIONS, QUICK_REACTIONS } from '../utils/message-menu';

type ReactionPickerDialogProps = { onPick: (emoji: string) => void; onClose: () => void };

/** The larger reaction set behind the quick row's '+'. */
export function ReactionPickerDialog({ onPick, onClose }: ReactionPickerDialogProps) {
  const { t } = useTranslation();
  return (
    <InfoDialog open onClose={onClose} title={t('tickets.messageMenu.moreReactions')} testId="reaction-picker" size="sm" placement="center">
      <SimpleGrid columns={6} gap="1">
        {[...QUICK_REACTIONS, ...MORE_REACTIONS].map((emoji) => (
          <Button key={emoji} variant="ghost" size="sm" fontSize="xl" onClick={() => onPick(emoji)}>
            {emoji}
          </Button>
        ))}
      </SimpleGrid>
    </InfoDialog>
  );
}
