import { Button, Center } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { useNearBottom } from '@/hooks/use-near-bottom';

/** What the footer reads of a TanStack infinite query. */
type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

type InfiniteListFooterProps = (
  | { hasNextPage: boolean; isFetchingNextPage: boolean; onLoadMore: () => void; query?: never }
  /** The list's infinite query: its next page is what loads. */
  | { query: PagedQuery; hasNextPage?: never; isFetchingNextPage?: never; onLoadMore?: never }
) & {
  /** A 'Carregar mais' button besides the scroll sentinel. */
  showLoadMore?: boolean;
};

/** Below a paged list: the next page loads when the end scrolls into view (or on 'Carregar mais'). */
export function InfiniteListFooter({ showLoadMore = false, ...props }: InfiniteListFooterProps) {
  const { t } = useTranslation();
  const { query } = props;
  const hasNextPage = query ? query.hasNextPage : props.hasNextPage;
  const isFetchingNextPage = query ? query.isFetchingNextPage : props.isFetchingNextPage;
  const onLoadMore = query ? () => void query.fetchNextPage() : props.onLoadMore;
  const canLoadMore = hasNextPage && !isFetchingNextPage;
  const sentinelRef = useNearBottom<HTMLDivElement>(handleLoadMore, canLoadMore);

  function handleLoadMore() {
    if (canLoadMore) onLoadMore();
  }

  return (
    <>
      <div ref={sentinelRef} />
      {showLoadMore && hasNextPage && (
        <Center>
          <Button variant="outline" onClick={handleLoadMore} loading={isFetchingNextPage}>
            {t('common.loadMore')}
          </Button>
        </Center>
      )}
    </>
  );
}
