import { Box, Center, CloseButton, Dialog, Flex, Image, List, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
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
 */
export function QrCodeModal({ connection, onClose }: QrCodeModalProps) {
  const { t } = useTranslation();
  const qrcode = connection?.qrcode ?? '';
  const image = isQrImage(qrcode) ? qrcode : (connection?.qrcodeImage ?? '');
  const drawn = isQrImage(qrcode) ? '' : qrcode;
  const hadQrCode = useRef(false);

  useEffect(() => {
    if (qrcode) {
      hadQrCode.current = true;
    } else if (hadQrCode.current || !connection) {
      onClose();
    }
  }, [qrcode, connection, onClose]);

  const steps = [t('connections.qrModal.step1'), t('connections.qrModal.step2'), t('connections.qrModal.step3'), t('connections.qrModal.step4')];

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="xl" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="qr-code-modal">
            <Dialog.Header>
              <Dialog.Title>{t('connections.qrModal.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Flex direction={{ base: 'column', md: 'row' }} gap="6" align="center">
                <List.Root as="ol" gap="2" flex="1" ps="4" data-testid="qr-code-steps">
                  {steps.map((step) => (
                    <List.Item key={step}>{step}</List.Item>
                  ))}
                </List.Root>
                <Center minW={`${QR_SIZE}px`} minH={`${QR_SIZE}px`}>
                  {qrcode ? (
                    <Box bg="white" p="3" borderRadius="md" data-testid="qr-code" data-qrcode={qrcode}>
                      {!drawn && image ? (
                        <Image src={image} alt={t('connections.qrModal.imageAlt', { name: connection?.name ?? '' })} boxSize={`${QR_SIZE}px`} />
                      ) : (
                        <QRCodeSVG value={drawn} size={QR_SIZE} role="img" aria-label={t('connections.qrModal.imageAlt', { name: connection?.name ?? '' })} />
                      )}
                    </Box>
                  ) : (
                    <Stack align="center" gap="3" data-testid="qr-code-waiting">
                      <Spinner />
                      <Text>{t('connections.qrModal.waiting')}</Text>
                    </Stack>
                  )}
                </Center>
              </Flex>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
