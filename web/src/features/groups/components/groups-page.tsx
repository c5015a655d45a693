import type { GroupContact } from '@app/contracts';
import { Badge, Button, Card, Flex, Heading, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSettings } from 'react-icons/lu';

import { InfiniteListFooter } from '@/components/list/infinite-list-footer';
import { SearchField } from '@/components/list/search-field';
import { toastError, toastSuccess } from '@/components/ui/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

import { useGroups } from '../api/get-groups';
import { useUpdateGroup } from '../api/update-group';
import { SummarySettingsModal } from './summary-settings-modal';

/** Spec 3 section 7: searches are debounced 500 ms. */
export const GROUPS_SEARCH_DEBOUNCE_MS = 500;

type GroupsPageProps = { now?: () => Date };

/**
 * /transcribe (spec 3, "Group contacts page"): the company's WhatsApp groups as cards, with search
 * and infinite scroll; each shows its code, the transcription toggle (saved at once), the summary
 * toggle and its settings (provider, model, key by its last 4, time) with the settings modal.
 */
export function GroupsPage({ now }: GroupsPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), GROUPS_SEARCH_DEBOUNCE_MS);
  const query = useGroups(searchParam);
  const update = useUpdateGroup();
  const [editing, setEditing] = useState<GroupContact | null>(null);
  const groups = query.data?.pages.flatMap((page) => page.contacts) ?? [];

  async function handleToggle(group: GroupContact, body: { activetranscribe: boolean } | { resumegroup: boolean }) {
    try {
      await update.mutateAsync({ id: group.id, body });
      toastSuccess(t('activetranscribe' in body ? 'groups.toggled' : 'groups.saved'));
    } catch (error) {
      toastError(error);
    }
  }

  return (
    <Stack gap="4" data-testid="groups-page">
      <Heading as="h1" size="xl">
        {t('groups.title')}
      </Heading>
      <Flex>
        <SearchField value={search} onChange={setSearch} testId="groups-search" name="searchParam" placeholder={t('common.search')} />
      </Flex>
      {!query.isPending && groups.length === 0 && (
        <Text color="fg.muted" data-testid="groups-empty">
          {t('groups.empty')}
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
        {groups.map((group) => (
          <Card.Root key={group.id} size="sm" data-testid="group-card">
            <Card.Header>
              <Heading size="md" data-testid="group-name">
                {group.name}
              </Heading>
              <Text fontSize="sm" color="fg.muted" data-testid="group-code">
                {t('groups.code')}: {group.number}
              </Text>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                <Switch.Root
                  checked={group.activetranscribe}
                  onCheckedChange={(details) => void handleToggle(group, { activetranscribe: details.checked })}
                  data-testid={`group-transcribe-${group.id}`}
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{t('groups.transcription')}</Switch.Label>
                </Switch.Root>
                <Switch.Root
                  checked={group.resumegroup}
                  onCheckedChange={(details) => void handleToggle(group, { resumegroup: details.checked })}
                  data-testid={`group-summary-${group.id}`}
                >
                  <Switch.HiddenInput />
                  <Switch.Control />
                  <Switch.Label>{t('groups.summary')}</Switch.Label>
                </Switch.Root>
                <Flex gap="2" wrap="wrap" data-testid="group-summary-panel">
                  <Badge>{t(`groups.providers.${group.resumeprovider}`)}</Badge>
                  {group.resumemodel && <Badge>{group.resumemodel}</Badge>}
                  {group.resumekey && <Badge>{group.resumekey}</Badge>}
                  <Badge>{group.timeresume.slice(0, 5)}</Badge>
                </Flex>
              </Stack>
            </Card.Body>
            <Card.Footer>
              <Button size="sm" variant="outline" onClick={() => setEditing(group)} data-testid={`group-settings-${group.id}`}>
                <LuSettings /> {t('groups.openSettings')}
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
      <InfiniteListFooter
        hasNextPage={!!query.hasNextPage}
        isFetchingNextPage={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
      />
      {editing && <SummarySettingsModal group={editing} onClose={() => setEditing(null)} now={now} />}
    </Stack>
  );
}
