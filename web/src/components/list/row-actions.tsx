import { HStack, IconButton } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPencil, LuTrash2 } from 'react-icons/lu';

type RowActionsProps = {
  onEdit: () => void;
  /** Absent: the row has no delete button (the signed-in user's own row). */
  onDelete?: () => void;
  editTestId?: string;
  deleteTestId?: string;
  /** Buttons between edit and delete (the companies' schedules). */
  children?: ReactNode;
};

/** A row's edit and delete buttons, at the end of the row. */
export function RowActions({ onEdit, onDelete, editTestId, deleteTestId, children }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <HStack gap="1" justify="flex-end">
      <IconButton size="xs" variant="ghost" aria-label={t('common.edit')} onClick={onEdit} data-testid={editTestId}>
        <LuPencil />
      </IconButton>
      {children}
      {onDelete && (
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={t('common.delete')}
          onClick={onDelete}
          data-testid={deleteTestId}
        >
          <LuTrash2 />
        </IconButton>
      )}
    </HStack>
  );
}
