import { COPILOT_LANGUAGES, COPILOT_REWRITE_MODES, type CopilotLanguage, type CopilotRewriteMode } from '@app/contracts';
import { Box, Button, HStack, IconButton, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSparkles } from 'react-icons/lu';

import { PopoverPanel } from '@/components/ui/popover-panel';
import { getErrorMessage } from '@/lib/errors';

import { type CopilotRequest, useCopilot } from '../api/copilot';

type CopilotPanelProps = {
  ticketId: number;
  /** The composer's draft: what a rewrite works on. */
  draft: string;
  /** Puts a text into the composer's draft (never sends it). */
  onUseText: (text: string) => void;
};

/**
 * The copilot in an open chat: a summary of the conversation (shown), a suggested reply or a rewrite
 * of the draft (shown, and put into the draft on request). Nothing is sent: the person presses send.
 */
export function CopilotPanel({ ticketId, draft, onUseText }: CopilotPanelProps) {
  const { t, i18n } = useTranslation();
  const copilot = useCopilot(ticketId);
  const [mode, setMode] = useState<CopilotRewriteMode>('fix');
  const [language, setLanguage] = useState<CopilotLanguage>('en');
  const [asked, setAsked] = useState<CopilotRequest['kind'] | null>(null);

  const ask = (request: CopilotRequest) => {
    setAsked(request.kind);
    copilot.mutate(request);
  };
  const answer = copilot.data;
  const canUse = answer && !copilot.isPending && asked !== 'summary';

  return (
    <PopoverPanel
      placement="bottom-start"
      testId="copilot-panel"
      contentProps={{ width: '22rem', maxH: '28rem' }}
      trigger={
        <IconButton variant="ghost" aria-label={t('copilot.open')} title={t('copilot.open')} data-testid="copilot-open">
          <LuSparkles />
        </IconButton>
      }
    >
      <Stack gap="3">
        <Text fontWeight="semibold">{t('copilot.title')}</Text>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={() => ask({ kind: 'summary' })} data-testid="copilot-summary">
            {t('copilot.summary')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => ask({ kind: 'suggestion' })} data-testid="copilot-suggestion">
            {t('copilot.suggestion')}
          </Button>
        </HStack>
        <Stack gap="2">
          <HStack gap="2">
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                aria-label={t('copilot.mode')}
                value={mode}
                onChange={(event) => setMode(event.target.value as CopilotRewriteMode)}
                data-testid="copilot-mode"
              >
                {COPILOT_REWRITE_MODES.map((value) => (
                  <option key={value} value={value}>
                    {t(`copilot.modes.${value}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {mode === 'translate' && (
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  aria-label={t('copilot.language')}
                  value={language}
                  onChange={(event) => setLanguage(event.target.value as CopilotLanguage)}
                  data-testid="copilot-language"
                >
                  {COPILOT_LANGUAGES.map((value) => (
                    <option key={value} value={value}>
                      {t(`copilot.languages.${value}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
          </HStack>
          <Button
            size="sm"
            variant="outline"
            disabled={!draft.trim()}
            title={draft.trim() ? undefined : t('copilot.draftRequired')}
            onClick={() => ask({ kind: 'rewrite', draft, mode, language: mode === 'translate' ? language : undefined })}
            data-testid="copilot-rewrite"
          >
            {t('copilot.rewrite')}
          </Button>
        </Stack>
        {copilot.isPending && (
          <Text fontSize="sm" color="fg.muted" data-testid="copilot-thinking">
            {t('copilot.thinking')}
          </Text>
        )}
        {copilot.isError && !copilot.isPending && (
          <Text fontSize="sm" color="fg.error" role="alert" data-testid="copilot-error">
            {getErrorMessage(copilot.error, i18n)}
          </Text>
        )}
        {answer && !copilot.isPending && (
          <Box borderWidth="1px" borderRadius="md" p="2" bg="bg.subtle">
            <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="copilot-answer">
              {answer.text}
            </Text>
            {answer.sources.length > 0 && (
              <Text fontSize="xs" color="fg.muted" mt="1" data-testid="copilot-sources">
                {t('copilot.sources', { titles: answer.sources.join(', ') })}
              </Text>
            )}
          </Box>
        )}
        {canUse && (
          <Button size="sm" colorPalette="brand" onClick={() => onUseText(answer.text)} data-testid="copilot-use">
            {t('copilot.useInDraft')}
          </Button>
        )}
      </Stack>
    </PopoverPanel>
  );
}
