import { Flex, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuForward, LuX } from 'react-icons/lu';

type ForwardSelectionBarProps = {
  count: number;
  onCancel: () => void;
  onForward: () => void;
};

/** In place of the input while messages are being ticked: how many, cancel, forward (as WhatsApp Web). */
export function ForwardSelectionBar({ count, onCancel, onForward }: ForwardSelectionBarProps) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap="3" px="3" py="2" borderTopWidth="1px" bg="bg.panel" data-testid="forward-selection-bar">
      <IconButton
        variant="ghost"
        aria-label={t('tickets.forward.cancelSelection')}
        title={t('tickets.forward.cancelSelection')}
        onClick={onCancel}
        data-testid="forward-selection-cancel"
      >
        <LuX />
      </IconButton>
      <Text flex="1" fontWeight="medium" data-testid="forward-selection-count">
        {count === 0 ? t('tickets.forward.noMessages') : t('tickets.forward.selected', { count })}
      </Text>
      <IconButton
        colorPalette="brand"
        aria-label={t('tickets.messageMenu.forward')}
        title={t('tickets.messageMenu.forward')}
        onClick={onForward}
        data-testid="forward-selection-submit"
      >
        <LuForward />
      </IconButton>
    </Flex>
  );
}
