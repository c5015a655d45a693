import { TAG_NAME_MIN } from '@app/contracts';
import { Badge, Box, CloseButton, Flex, IconButton, Input, Stack, Text, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuTag } from 'react-icons/lu';

import { PopoverPanel } from '@/components/ui/popover-panel';
import { toastError } from '@/components/ui/toaster';
import { nextQueueColor, QUEUE_COLORS } from '@/lib/color-palette';
import { contrastText } from '@/lib/contrast-text';

import { useCreateTag } from '../api/create-tag';
import { useTags } from '../api/get-tags';
import { useSyncTicketTags } from '../api/sync-ticket-tags';
import type { Ticket } from '../types';
import { CheckboxOptionList } from './checkbox-popover';

/** The chat's tag editor: the ticket's tags as chips, chosen from the company's tags or created here. */
export function TagEditor({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const tagsQuery = useTags();
  const syncMutation = useSyncTicketTags();
  const createMutation = useCreateTag();
  const [selected, setSelected] = useState<number[]>(() => ticket.tags.map((tag) => tag.id));
  // The ticket's tags as the server last said: a change from elsewhere replaces the selection,
  // without remounting the editor (which would close it while the agent adds several tags).
  const serverTags = ticket.tags.map((tag) => tag.id).join(',');
  const [seenServerTags, setSeenServerTags] = useState(serverTags);
  if (seenServerTags !== serverTags) {
    setSeenServerTags(serverTags);
    setSelected(ticket.tags.map((tag) => tag.id));
  }
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState(false);
  const allTags = tagsQuery.data ?? [];
  /** The new tag's colour: the agent's pick, else the first palette colour no tag uses. */
  const [pickedColor, setPickedColor] = useState<string | null>(null);
  const color = pickedColor ?? nextQueueColor(allTags.map((tag) => tag.color));
  const shown = selected
    .map((id) => allTags.find((tag) => tag.id === id) ?? ticket.tags.find((tag) => tag.id === id))
    .filter((tag) => tag != null);

  async function sync(next: number[]) {
    const previous = selected;
    setSelected(next);
    try {
      await syncMutation.mutateAsync({ ticketId: ticket.id, tags: next.map((id) => ({ id })) });
    } catch (error) {
      setSelected(previous);
      toastError(error);
    }
  }

  async function handleCreate(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (name.trim().length < TAG_NAME_MIN) {
      setNameError(true);
      return;
    }
    try {
      const tag = await createMutation.mutateAsync({ name: name.trim(), color });
      setName('');
      setNameError(false);
      setPickedColor(null);
      await sync([...selected, tag.id]);
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Flex gap="2" px="3" py="1.5" align="center" wrap="wrap" borderBottomWidth="1px" bg="bg.panel" data-testid="tag-editor">
      <PopoverPanel
        placement="bottom-start"
        trigger={
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={t('tickets.tags.edit')}
            title={t('tickets.tags.edit')}
            data-testid="tag-editor-open"
          >
            <LuTag />
          </IconButton>
        }
        contentProps={{ w: '64', maxH: '80' }}
        bodyProps={{ p: '3' }}
      >
        <Stack gap="2">
          <Input
            size="sm"
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => void handleCreate(event)}
            placeholder={t('tickets.tags.create')}
            data-testid="tag-editor-new"
          />
          {nameError && (
            <Text fontSize="xs" color="fg.error">
              {t('tickets.tags.tooShort')}
            </Text>
          )}
          <Wrap gap="1" role="radiogroup" aria-label={t('tickets.tags.color')} data-testid="tag-editor-colors">
            {QUEUE_COLORS.map((swatch) => (
              <Box
                key={swatch}
                as="button"
                role="radio"
                aria-checked={swatch === color.toLowerCase()}
                aria-label={swatch}
                boxSize="5"
                borderRadius="full"
                bg={swatch}
                borderWidth="2px"
                borderColor={swatch === color.toLowerCase() ? 'fg' : 'transparent'}
                cursor="pointer"
                onClick={() => setPickedColor(swatch)}
                data-testid="tag-editor-color"
              />
            ))}
            <Input
              type="color"
              size="2xs"
              w="8"
              p="0"
              value={color}
              onChange={(event) => setPickedColor(event.target.value)}
              aria-label={t('tickets.tags.customColor')}
              data-testid="tag-editor-custom-color"
            />
          </Wrap>
          <CheckboxOptionList
            options={allTags}
            selected={selected}
            onToggle={(id, checked) => void sync(checked ? [...selected, id] : selected.filter((item) => item !== id))}
          />
        </Stack>
      </PopoverPanel>
      {shown.length === 0 && (
        <Text fontSize="xs" color="fg.muted">
          {t('tickets.tags.none')}
        </Text>
      )}
      {shown.map((tag) => (
        <Badge key={tag.id} size="sm" style={{ backgroundColor: tag.color, color: contrastText(tag.color) }} data-testid="ticket-tag">
          {tag.name}
          <CloseButton
            size="2xs"
            color="inherit"
            aria-label={t('tickets.tags.remove', { name: tag.name })}
            onClick={() => void sync(selected.filter((id) => id !== tag.id))}
          />
        </Badge>
      ))}
    </Flex>
  );
}
