import type { CloudTemplate } from '@app/contracts';
import { Alert, Field, Fieldset, Flex, Input, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { MessageVariables } from '@/components/form/message-variables';

import { useCampaignTemplates } from '../api/get-campaign-templates';
import type { CampaignFormValues } from '../utils/campaign-form';

type TemplateValue = CampaignFormValues['template'];

type CampaignTemplatePickerProps = {
  /** The campaign's Cloud API connection whose templates are offered. */
  connectionId: number;
  value: TemplateValue;
  onChange: (value: TemplateValue) => void;
  /** The message variables a variable may take ({{primeiroNome}} ...). */
  variables: readonly string[];
  disabled?: boolean;
  error?: string;
};

const keyOf = (template: { name: string; language: string }) => `${template.name}\u0000${template.language}`;
const blanks = (count: number) => Array.from({ length: count }, () => '');

/**
 * The template a campaign sends through its Cloud API connection (issue 27): one of the number's
 * approved templates, and a field per variable that takes fixed text or the contact's fields.
 */
export function CampaignTemplatePicker({ connectionId, value, onChange, variables, disabled, error }: CampaignTemplatePickerProps) {
  const { t } = useTranslation();
  const templates = useCampaignTemplates(connectionId);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const picked = value ? keyOf(value) : '';
  // The saved template stays choosable while the list loads, or if Meta no longer lists it.
  const options: Pick<CloudTemplate, 'name' | 'language'>[] = [
    ...(value && !templates.data?.some((template) => keyOf(template) === picked) ? [value] : []),
    ...(templates.data ?? []),
  ];

  function pick(key: string) {
    const template = templates.data?.find((candidate) => keyOf(candidate) === key);
    if (!template) return onChange(null);
    onChange({
      name: template.name,
      language: template.language,
      headerParameters: blanks(template.headerVariables),
      bodyParameters: blanks(template.bodyVariables),
    });
  }

  function variableInput(part: 'headerParameters' | 'bodyParameters', index: number, label: string) {
    if (!value) return null;
    const id = `${part}-${index}`;
    const set = (text: string) => onChange({ ...value, [part]: value[part].map((old, i) => (i === index ? text : old)) });
    return (
      <Field.Root key={id} required disabled={disabled}>
        <Field.Label>{label}</Field.Label>
        <Input
          size="sm"
          value={value[part][index] ?? ''}
          maxLength={part === 'headerParameters' ? 60 : 1_024}
          ref={(element) => {
            if (element) inputs.current.set(id, element);
            else inputs.current.delete(id);
          }}
          onChange={(event) => set(event.target.value)}
          data-testid={`campaign-template-${part === 'headerParameters' ? 'header' : 'variable'}-${index + 1}`}
        />
        <MessageVariables
          variables={variables}
          input={() => inputs.current.get(id)}
          onInsert={set}
          disabled={disabled}
          testId={`campaign-template-${part === 'headerParameters' ? 'header' : 'variable'}-${index + 1}-variables`}
        />
      </Field.Root>
    );
  }

  return (
    <Fieldset.Root invalid={!!error} disabled={disabled} data-testid="campaign-template">
      <Fieldset.Legend>{t('campaigns.template.title')}</Fieldset.Legend>
      <Fieldset.HelperText>{t('campaigns.template.hint')}</Fieldset.HelperText>
      <Stack gap="3" mt="2">
        {templates.isPending ? (
          <Flex gap="2" align="center" color="fg.muted" fontSize="sm">
            <Spinner size="xs" />
            <Text>{t('campaigns.template.loading')}</Text>
          </Flex>
        ) : templates.isError ? (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>{t('campaigns.template.loadFailed')}</Alert.Title>
          </Alert.Root>
        ) : (
          templates.data.length === 0 &&
          !value && (
            <Text fontSize="sm" data-testid="campaign-template-none">
              {t('campaigns.template.none')}
            </Text>
          )
        )}
        {options.length > 0 && (
          <Field.Root disabled={disabled}>
            <Field.Label>{t('campaigns.template.pick')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={picked} onChange={(event) => pick(event.target.value)} data-testid="campaign-template-pick">
                <option value="">{t('campaigns.template.pickPlaceholder')}</option>
                {options.map((template) => (
                  <option key={keyOf(template)} value={keyOf(template)}>
                    {t('campaigns.template.option', { name: template.name, language: template.language })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {value && value.headerParameters.length + value.bodyParameters.length > 0 && (
          <Stack gap="2">
            <Text fontSize="xs" color="fg.muted">
              {t('campaigns.template.variablesHint')}
            </Text>
            {value.headerParameters.map((_, index) =>
              variableInput('headerParameters', index, t('campaigns.template.headerVariable', { n: index + 1 })),
            )}
            {value.bodyParameters.map((_, index) =>
              variableInput('bodyParameters', index, t('campaigns.template.variable', { n: index + 1 })),
            )}
          </Stack>
        )}
      </Stack>
      <Fieldset.ErrorText>{error}</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
