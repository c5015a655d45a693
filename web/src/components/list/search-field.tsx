import { Field, Input, InputGroup } from '@chakra-ui/react';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LuSearch } from 'react-icons/lu';

type SearchFieldProps = {
  value: string;
  onChange: (value: string) => void;
  testId: string;
  placeholder?: string;
  name?: string;
};

/** The lists' search box: a magnifier, 'Pesquisar' as its label for screen readers. */
export function SearchField({ value, onChange, testId, placeholder, name }: SearchFieldProps) {
  const { t } = useTranslation();

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    onChange(event.target.value);
  }

  return (
    <Field.Root maxW="sm">
      <Field.Label srOnly>{t('common.search')}</Field.Label>
      <InputGroup startElement={<LuSearch />}>
        <Input
          type="search"
          name={name}
          value={value}
          onChange={handleChange}
          placeholder={placeholder ?? t('common.search')}
          data-testid={testId}
        />
      </InputGroup>
    </Field.Root>
  );
}
