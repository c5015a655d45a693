import { Combobox, Field, Portal, useFilter, useListCollection } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { timeZoneOptions } from '../utils/time-zones';

type TimeZoneFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
};

/**
 * The company's time zone (the setting `timezone`, decision 0037): a searchable list of the IANA
 * zones; a pick is saved at once, as the other settings' selects are.
 */
export function TimeZoneField({ label, value, onChange }: TimeZoneFieldProps) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => timeZoneOptions(value, i18n.language), [value, i18n.language]);
  const { contains } = useFilter({ sensitivity: 'base' });
  const { collection, filter, set } = useListCollection({
    initialItems: options,
    filter: (itemText, filterText) => contains(itemText, filterText) || contains(itemText.replace(/ /g, '_'), filterText),
  });
  const selectedLabel = options.find((option) => option.value === value)?.label ?? value;

  function handleValueChange(details: { value: string[] }) {
    const picked = details.value[0];
    if (picked && picked !== value) onChange(picked);
  }

  function handleOpenChange(details: { open: boolean }) {
    // Opening shows the whole list again, whatever was typed before.
    if (details.open) set(options);
  }

  return (
    <Field.Root>
      <Combobox.Root
        size="sm"
        collection={collection}
        value={[value]}
        defaultInputValue={selectedLabel}
        onValueChange={handleValueChange}
        onInputValueChange={(details) => filter(details.inputValue)}
        onOpenChange={handleOpenChange}
        openOnClick
        inputBehavior="autohighlight"
        positioning={{ sameWidth: true }}
        // The combobox's own labels are English ('Toggle suggestions'): the buttons say what they do in the user's language.
        translations={{ triggerLabel: t('settings.timeZone.toggle'), clearTriggerLabel: t('settings.timeZone.clear') }}
      >
        <Combobox.Label>{label}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input name="timezone" placeholder={t('settings.timeZone.placeholder')} data-testid="setting-timezone" />
          <Combobox.IndicatorGroup>
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="72" data-testid="setting-timezone-options">
              <Combobox.Empty>{t('settings.timeZone.empty')}</Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item item={item} key={item.value}>
                  {item.label}
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      <Field.HelperText>{t('settings.timeZone.hint')}</Field.HelperText>
    </Field.Root>
  );
}
