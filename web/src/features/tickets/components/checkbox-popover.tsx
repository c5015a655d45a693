import { Badge, Box, Button, Checkbox, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuChevronDown } from 'react-icons/lu';

import { PopoverPanel } from '@/components/ui/popover-panel';

export type CheckboxOption = { id: number; name: string; color?: string };

type CheckboxPopoverProps = {
  label: string;
  options: CheckboxOption[];
  selected: number[];
  emptyText: string;
  testId: string;
  icon?: ReactNode;
  onChange: (selected: number[]) => void;
};

/** A button opening a list of checkboxes: the queue selector and the search tab's tag and user filters. */
export function CheckboxPopover({ label, options, selected, emptyText, testId, icon, onChange }: CheckboxPopoverProps) {
  function handleToggle(id: number, checked: boolean) {
    onChange(checked ? [...selected, id] : selected.filter((item) => item !== id));
  }

  return (
    <PopoverPanel
      placement="bottom-start"
      trigger={
        <Button size="xs" variant="outline" data-testid={testId}>
          {icon}
          {label}
          {selected.length > 0 && (
            <Badge size="xs" variant="solid" colorPalette="brand" borderRadius="full">
              {selected.length}
            </Badge>
          )}
          <LuChevronDown />
        </Button>
      }
      testId={`${testId}-options`}
      contentProps={{ w: '64', maxH: '80' }}
      bodyProps={{ p: '3' }}
    >
      <Stack gap="2">
        {options.length === 0 && <Text color="fg.muted">{emptyText}</Text>}
        <CheckboxOptionList options={options} selected={selected} onToggle={handleToggle} />
      </Stack>
    </PopoverPanel>
  );
}

type CheckboxOptionListProps = {
  options: CheckboxOption[];
  selected: number[];
  onToggle: (id: number, checked: boolean) => void;
};

/** One checkbox per option, with its colour dot when it has one (queues, tags). */
export function CheckboxOptionList({ options, selected, onToggle }: CheckboxOptionListProps) {
  return options.map((option) => (
    <Checkbox.Root
      key={option.id}
      size="sm"
      checked={selected.includes(option.id)}
      onCheckedChange={(details) => onToggle(option.id, details.checked === true)}
    >
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        {option.color && (
          <Box as="span" display="inline-block" w="2.5" h="2.5" borderRadius="full" mr="2" style={{ backgroundColor: option.color }} />
        )}
        {option.name}
      </Checkbox.Label>
    </Checkbox.Root>
  ));
}
