import { NativeSelect } from '@chakra-ui/react';
import type { ComponentProps } from 'react';

type SelectInputProps = ComponentProps<typeof NativeSelect.Field> & {
  /** The first option, with the value '' ('Selecione uma fila'). */
  emptyOption?: string;
  /** Records offered by id and name, after any options given as children. */
  options?: readonly { id: number; name: string }[];
};

/** A native select with Chakra's indicator; takes react-hook-form's register(...) like an input. */
export function SelectInput({ emptyOption, options, children, ...props }: SelectInputProps) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field {...props}>
        {emptyOption !== undefined && <option value="">{emptyOption}</option>}
        {children}
        {options?.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
