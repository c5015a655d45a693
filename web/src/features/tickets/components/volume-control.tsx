import { IconButton, Popover, Portal, Slider } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuVolume2, LuVolumeX } from 'react-icons/lu';

import { useVolume } from '../hooks/use-volume';

/** The top bar's volume slider (0 to 1, step 0.1), kept in the browser; the notification sound follows it. */
export function VolumeControl() {
  const { t } = useTranslation();
  const [volume, setVolume] = useVolume();
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount>
      <Popover.Trigger asChild>
        <IconButton
          aria-label={t('tickets.notifications.volume')}
          title={t('tickets.notifications.volume')}
          variant="ghost"
          size="sm"
          data-testid="volume-button"
        >
          {volume > 0 ? <LuVolume2 /> : <LuVolumeX />}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="48" data-testid="volume-popover">
            <Popover.Body p="4">
              <Slider.Root
                min={0}
                max={1}
                step={0.1}
                value={[volume]}
                onValueChange={(details) => setVolume(details.value[0] ?? 0)}
                aria-label={[t('tickets.notifications.volume')]}
              >
                <Slider.Control>
                  <Slider.Track>
                    <Slider.Range />
                  </Slider.Track>
                  <Slider.Thumbs />
                </Slider.Control>
              </Slider.Root>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
