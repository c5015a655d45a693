import { Box, chakra, Input, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';

/** What a SearchPicker holds: the text typed, and the label of the option picked ('' while none is). */
export type SearchPickerState = ReturnType<typeof useSearchPickerState>;

export function useSearchPickerState() {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState('');
  return {
    text,
    picked,
    setText,
    setPicked,
    reset() {
      setText('');
      setPicked('');
    },
  };
}

type SearchPickerProps<T extends { id: number }> = {
  state: SearchPickerState;
  /** Typing after a pick drops it: the caller clears the picked value. */
  onUnpick?: () => void;
  placeholder: string;
  disabled?: boolean;
  testId: string;
  /** The options to offer; null hides the list. */
  options: readonly T[] | null;
  renderOption: (option: T) => ReactNode;
  /** Takes the option and answers the label the input shows for it. */
  onPick: (option: T) => string;
  /** Shown in the list when there are no options (none while a search runs). */
  emptyText?: string;
  listTestId?: string;
  optionTestId: string;
  maxH?: string;
};

/** A text field that searches, with the options found listed under it to pick one from. */
export function SearchPicker<T extends { id: number }>({
  state,
  onUnpick,
  placeholder,
  disabled,
  testId,
  options,
  renderOption,
  onPick,
  emptyText,
  listTestId,
  optionTestId,
  maxH = '48',
}: SearchPickerProps<T>) {
  function handleChange(text: string) {
    state.setPicked('');
    onUnpick?.();
    state.setText(text);
  }

  return (
    <>
      <Input
        value={state.picked || state.text}
        disabled={disabled}
        onChange={(event) => handleChange(event.target.value)}
        placeholder={placeholder}
        data-testid={testId}
      />
      {options && (
        <Box borderWidth="1px" borderRadius="md" maxH={maxH} overflowY="auto" w="full" data-testid={listTestId}>
          {options.length === 0 && emptyText && (
            <Text px="3" py="2" color="fg.muted" fontSize="sm">
              {emptyText}
            </Text>
          )}
          {options.map((option) => (
            <chakra.button
              key={option.id}
              type="button"
              display="block"
              w="full"
              textAlign="start"
              px="3"
              py="2"
              _hover={{ bg: 'bg.muted' }}
              onClick={() => state.setPicked(onPick(option))}
              data-testid={optionTestId}
            >
              <Text fontSize="sm">{renderOption(option)}</Text>
            </chakra.button>
          ))}
        </Box>
      )}
    </>
  );
}
