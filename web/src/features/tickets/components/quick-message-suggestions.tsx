import type { QuickMessage } from '@app/contracts';
import { Box, HStack, Text } from '@chakra-ui/react';
import { LuPaperclip } from 'react-icons/lu';

import { quickMessageLabel } from '../utils/quick-message-text';

export const QUICK_MESSAGE_SUGGESTIONS_ID = 'quick-message-suggestions';
export const quickMessageOptionId = (id: number) => `quick-message-option-${id}`;

type QuickMessageSuggestionsProps = {
  suggestions: readonly QuickMessage[];
  /** The option the arrow keys are on. */
  activeIndex: number;
  onPick: (quickMessage: QuickMessage) => void;
};

/** The quick messages matching what follows '/' in the chat input, above it; picked by click, Enter or Tab. */
export function QuickMessageSuggestions({ suggestions, activeIndex, onPick }: QuickMessageSuggestionsProps) {
  return (
    <Box
      id={QUICK_MESSAGE_SUGGESTIONS_ID}
      role="listbox"
      mx="3"
      mt="2"
      maxH="48"
      overflowY="auto"
      borderWidth="1px"
      borderRadius="md"
      bg="bg.panel"
      shadow="sm"
      data-testid="quick-message-suggestions"
    >
      {suggestions.map((quickMessage, index) => (
        <HStack
          key={quickMessage.id}
          id={quickMessageOptionId(quickMessage.id)}
          role="option"
          aria-selected={index === activeIndex}
          px="3"
          py="1.5"
          gap="2"
          cursor="pointer"
          bg={index === activeIndex ? 'bg.emphasized' : undefined}
          _hover={{ bg: 'bg.muted' }}
          // Picked on mouse down, before the text area loses its focus.
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(quickMessage);
          }}
          data-testid="quick-message-option"
        >
          <Text fontSize="sm" flex="1" minW="0" truncate>
            {quickMessageLabel(quickMessage)}
          </Text>
          {quickMessage.isMedia && <LuPaperclip aria-hidden />}
        </HStack>
      ))}
    </Box>
  );
}
