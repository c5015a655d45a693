import { Button, Flex } from '@chakra-ui/react';
import { LuPlus } from 'react-icons/lu';

import { SearchField } from './search-field';

type ListToolbarProps = {
  search: string;
  onSearchChange: (value: string) => void;
  searchTestId: string;
  searchPlaceholder?: string;
  searchName?: string;
  addLabel: string;
  onAdd: () => void;
  addTestId: string;
};

/** Above a list: the search box on the left, the add button on the right. */
export function ListToolbar({
  search,
  onSearchChange,
  searchTestId,
  searchPlaceholder,
  searchName,
  addLabel,
  onAdd,
  addTestId,
}: ListToolbarProps) {
  return (
    <Flex gap="3" wrap="wrap" justify="space-between">
      <SearchField value={search} onChange={onSearchChange} testId={searchTestId} placeholder={searchPlaceholder} name={searchName} />
      <Button colorPalette="brand" onClick={onAdd} data-testid={addTestId}>
        <LuPlus /> {addLabel}
      </Button>
    </Flex>
  );
}
