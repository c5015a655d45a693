import { Text } from '@chakra-ui/react';

type ContactOptionProps = { name: string; number: string };

/** A contact offered by a search: the name, then the number in a muted colour. */
export function ContactOption({ name, number }: ContactOptionProps) {
  return (
    <>
      {name}{' '}
      <Text as="span" color="fg.muted">
        {number}
      </Text>
    </>
  );
}
