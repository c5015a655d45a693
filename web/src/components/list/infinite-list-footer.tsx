import { Button, Center } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { useNearBottom } from '@/hooks/use-near-bottom';

type InfiniteListFooterProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** A 'Carregar mais' button besides the scroll sentinel. */
  showLoadMore?: boolean;
};

/** Below a paged list: the next page loads when the end scrolls into view (or on 'Carregar mais'). */
export function InfiniteListFooter({ hasNextPage, isFetchingNextPage, onLoadMore, showLoadMore = false }: InfiniteListFooterProps) {
  const { t } = useTranslation();
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
