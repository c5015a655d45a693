import { messageVariableToken } from '@app/contracts';
import { Button, HStack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

type MessageVariablesProps = {
  /** The variables' names, e.g. CONTACT_MESSAGE_VARIABLES and a campaign's own. */
  variables: readonly string[];
  /** Called with the message's new text once a variable is put where its cursor was. */
  onInsert: (text: string) => void;
  /** The message field the variables go into. */
  input: () => HTMLTextAreaElement | HTMLInputElement | null | undefined;
  disabled?: boolean;
  testId?: string;
};

/** The text with `token` in place of the selection (at the end when the field never had the cursor), and where the cursor goes. */
export function insertAtSelection(text: string, start: number | null | undefined, end: number | null | undefined, token: string) {
  const from = Math.min(start ?? text.length, text.length);
  const to = Math.max(Math.min(end ?? from, text.length), from);
  return { text: `${text.slice(0, from)}${token}${text.slice(to)}`, caret: from + token.length };
}

/**
 * The variables a message field takes (decision 0040), listed beside it: clicking one puts
 * `{{name}}` where the field's cursor is and gives the field its focus back, the cursor after it.
 */
export function MessageVariables({ variables, onInsert, input, disabled, testId = 'message-variables' }: MessageVariablesProps) {
  const { t } = useTranslation();
  // Where the field's cursor was when the pointer went down on a variable (before the focus moved); none
  // when the field did not have the focus then, and the variable goes at the end.
  const selection = useRef<{ start: number | null; end: number | null } | null>(null);

  function remember() {
    const field = input();
    selection.current = field && document.activeElement === field ? { start: field.selectionStart, end: field.selectionEnd } : null;
  }

  function insert(key: string) {
    const field = input();
    const text = field?.value ?? '';
    const at = selection.current;
    const next = insertAtSelection(text, at?.start, at?.end, messageVariableToken(key));
    selection.current = null;
    onInsert(next.text);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(next.caret, next.caret);
    });
  }

  return (
    <HStack gap="1.5" wrap="wrap" data-testid={testId}>
      <Text fontSize="xs" color="fg.muted">
        {t('messageVariables.label')}
      </Text>
      {variables.map((key) => (
        <Button
          key={key}
          size="2xs"
          variant="subtle"
          disabled={disabled}
          title={t('messageVariables.insert', { variable: messageVariableToken(key) })}
          onPointerDown={remember}
          onClick={() => insert(key)}
          data-testid={`${testId}-item`}
        >
          {messageVariableToken(key)}
        </Button>
      ))}
    </HStack>
  );
}
