import { Box, Center, Flex, Image, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

import { InfoDialog } from '@/components/ui/info-dialog';

import type { Connection } from '../types';

type QrCodeModalProps = {
  /** The connection as the live list holds it; null once it is gone. */
  connection: Connection | null;
  onClose: () => void;
};

const QR_SIZE = 256;

/** True for a QR code sent as an image (a data URL) rather than as the text to encode. */
export function isQrImage(qrcode: string): boolean {
  return qrcode.startsWith('data:image/');
}

/**
 * The four steps and the live QR code. It follows the connection's `qrcode` as session updates
 * change it, and closes itself when the QR code becomes empty (read, or the session ended).
 * The QR code is drawn once, by the server: `qrcodeImage` (a PNG data URL written with each new
 * `qrcode`, in the same session update), or `qrcode` itself when a server sends it as an image.
 */
export function QrCodeModal({ connection, onClose }: QrCodeModalProps) {
  const { t } = useTranslation();
  const qrcode = connection?.qrcode ?? '';
  const image = isQrImage(qrcode) ? qrcode : (connection?.qrcodeImage ?? '');
  const hadQrCode = useRef(false);

  useEffect(() => {
    if (qrcode) {
      hadQrCode.current = true;
    } else if (hadQrCode.current || !connection) {
      onClose();
    }
  }, [qrcode, connection, onClose]);

  const steps = [
    t('connections.qrModal.step1'),
    t('connections.qrModal.step2'),
    t('connections.qrModal.step3'),
    t('connections.qrModal.step4'),
  ];

  return (
    <InfoDialog open onClose={onClose} title={t('connections.qrModal.title')} testId="qr-code-modal" size="xl" placement="center">
      <Flex direction={{ base: 'column', md: 'row' }} gap="6" align="center">
        <List.Root as="ol" gap="2" flex="1" ps="4" data-testid="qr-code-steps">
          {steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List.Root>
        <Center minW={`${QR_SIZE}px`} minH={`${QR_SIZE}px`}>
          {qrcode && image ? (
            <Box bg="white" p="3" borderRadius="md" data-testid="qr-code" data-qrcode={qrcode}>
              <Image src={image} alt={t('connections.qrModal.imageAlt', { name: connection?.name ?? '' })} boxSize={`${QR_SIZE}px`} />
            </Box>
          ) : (
            <Stack align="center" gap="3" data-testid="qr-code-waiting">
              <Spinner />
              <Text>{t('connections.qrModal.waiting')}</Text>
            </Stack>
          )}
        </Center>
      </Flex>
    </InfoDialog>
  );
}
