import { Field, Input, NativeSelect } from '@chakra-ui/react';
import { type ChangeEvent, useEffect, useState } from 'react';

type SettingFieldProps = {
  settingKey: string;
  label: string;
  value: string;
  /** The values the key accepts with their labels; null for free text. */
  options: { value: string; label: string }[] | null;
  disabled?: boolean;
  onChange: (value: string) => void;
};

/** One setting: a selector for an enumerated key, a text box (saved on blur) for a free one. */
export function SettingField({ settingKey, label, value, options, disabled, onChange }: SettingFieldProps) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);

  function handleSelect(event: ChangeEvent<HTMLSelectElement>) {
    onChange(event.target.value);
  }

  function handleTextChange(event: ChangeEvent<HTMLInputElement>) {
    setDraft(event.target.value);
  }

  function handleTextBlur() {
    if (draft !== value) onChange(draft);
  }

  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      {options ? (
        <NativeSelect.Root size="sm">
          <NativeSelect.Field name={settingKey} value={value} onChange={handleSelect} data-testid={`setting-${settingKey}`}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : (
        <Input
          size="sm"
          name={settingKey}
          value={draft}
          maxLength={500}
          onChange={handleTextChange}
          onBlur={handleTextBlur}
          data-testid={`setting-${settingKey}`}
        />
      )}
    </Field.Root>
  );
}
