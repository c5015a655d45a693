import { List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

import { InfoDialog } from '@/components/ui/info-dialog';

import type { Tutorial } from '../types';

type TutorialDialogProps = {
  tutorial: Tutorial | null;
  onClose: () => void;
};

/** The steps of a text tutorial; Escape closes it. */
export function TutorialDialog({ tutorial, onClose }: TutorialDialogProps) {
  const { t } = useTranslation();

  return (
    <InfoDialog
      open={tutorial !== null}
      onClose={onClose}
      title={tutorial && t(`helps.tutorials.${tutorial.id}.title` as 'helps.title')}
      testId="tutorial-dialog"
      size="lg"
    >
      {tutorial && (
        <>
          <Text color="fg.muted" mb="3">
            {t('helps.minutes', { count: tutorial.minutes })}
          </Text>
          <List.Root as="ol" gap="2" ps="5">
            {Array.from({ length: tutorial.steps }, (_, index) => (
              <List.Item key={index}>{t(`helps.tutorials.${tutorial.id}.s${index + 1}` as 'helps.title')}</List.Item>
            ))}
          </List.Root>
        </>
      )}
    </InfoDialog>
  );
}
