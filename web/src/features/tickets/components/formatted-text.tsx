import { Box } from '@chakra-ui/react';

import { parseWhatsAppFormat } from '../utils/whatsapp-format';

/** A message text with WhatsApp's markup shown as styles. */
export function FormattedText({ text }: { text: string }) {
  return (
    <>
      {parseWhatsAppFormat(text).map((token, index) => (
        <Box
          as={token.mono ? 'code' : 'span'}
          key={index}
          fontWeight={token.bold ? 'bold' : undefined}
          fontStyle={token.italic ? 'italic' : undefined}
          textDecoration={token.strike ? 'line-through' : undefined}
          fontFamily={token.mono ? 'mono' : undefined}
        >
          {token.text}
        </Box>
      ))}
    </>
  );
}
