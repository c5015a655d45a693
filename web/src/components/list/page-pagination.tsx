import { ButtonGroup, Flex, IconButton, Pagination, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuChevronLeft, LuChevronRight } from 'react-icons/lu';

type PagePaginationProps = {
  /** 1-based. */
  page: number;
  pageSize: number;
  count: number;
  onPageChange: (page: number) => void;
  /** The range label, e.g. t('services.pageRange', { from, to, count }). */
  label: (range: { from: number; to: number; count: number }) => string;
  testId?: string;
};

/** Below a numbered list: the range shown ('1–20 de 45') and the page buttons. */
export function PagePagination({ page, pageSize, count, onPageChange, label, testId }: PagePaginationProps) {
  const { t } = useTranslation();
  const from = count === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, count);
  return (
    <Flex gap="3" align="center" justify="space-between" wrap="wrap" data-testid={testId}>
      <Text textStyle="sm" color="fg.muted" data-testid={testId ? `${testId}-range` : undefined}>
        {label({ from, to, count })}
      </Text>
      {count > pageSize && (
        <Pagination.Root count={count} pageSize={pageSize} page={page} onPageChange={(details) => onPageChange(details.page)}>
          <ButtonGroup variant="ghost" size="sm">
            <Pagination.PrevTrigger asChild>
              <IconButton aria-label={t('common.previousPage')}>
                <LuChevronLeft />
              </IconButton>
            </Pagination.PrevTrigger>
            <Pagination.Items render={(item) => <IconButton variant={{ base: 'ghost', _selected: 'outline' }}>{item.value}</IconButton>} />
            <Pagination.NextTrigger asChild>
              <IconButton aria-label={t('common.nextPage')}>
                <LuChevronRight />
              </IconButton>
            </Pagination.NextTrigger>
          </ButtonGroup>
        </Pagination.Root>
      )}
    </Flex>
  );
}
