import { Badge, Box, Card, Center, Heading, Image, SimpleGrid, Spinner, Stack, Tabs, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useHelps } from '../api/get-helps';
import { type HelpResponse, type Tutorial, TUTORIAL_CATEGORIES } from '../types';
import { TUTORIALS, videoThumbnailUrl } from '../utils/tutorials';
import { TutorialDialog } from './tutorial-dialog';
import { VideoDialog } from './video-dialog';

/** /helps: tutorials by category, and every help video. */
export function HelpCenter() {
  const { t } = useTranslation();
  const helpsQuery = useHelps();
  const [tutorial, setTutorial] = useState<Tutorial | null>(null);
  const [video, setVideo] = useState<HelpResponse | null>(null);
  const videos = (helpsQuery.data ?? []).filter((help) => help.video);

  return (
    <Tabs.Root defaultValue="tutorials" lazyMount data-testid="help-center">
      <Tabs.List>
        <Tabs.Trigger value="tutorials">{t('helps.tabs.tutorials')}</Tabs.Trigger>
        <Tabs.Trigger value="videos">{t('helps.tabs.videos')}</Tabs.Trigger>
      </Tabs.List>

      <Tabs.Content value="tutorials">
        <Stack gap="6">
          {TUTORIAL_CATEGORIES.map((category) => (
            <Stack key={category} gap="3">
              <Heading as="h2" size="md">
                {t(`helps.categories.${category}`)}
              </Heading>
              <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
                {TUTORIALS.filter((item) => item.category === category).map((item) => (
                  <Card.Root
                    key={item.id}
                    as="button"
                    textAlign="start"
                    cursor="pointer"
                    _hover={{ borderColor: 'brand.solid' }}
                    onClick={() => setTutorial(item)}
                    data-testid={`tutorial-${item.id}`}
                  >
                    <Card.Body gap="2">
                      <Text fontWeight="semibold">{t(`helps.tutorials.${item.id}.title` as 'helps.title')}</Text>
                      <Badge alignSelf="flex-start">{t('helps.minutes', { count: item.minutes })}</Badge>
                    </Card.Body>
                  </Card.Root>
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      </Tabs.Content>

      <Tabs.Content value="videos">
        {helpsQuery.isPending ? (
          <Center py="6">
            <Spinner aria-label={t('common.loading')} />
          </Center>
        ) : videos.length === 0 ? (
          <Text color="fg.muted" data-testid="helps-no-videos">
            {t('helps.noVideos')}
          </Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
            {videos.map((help) => (
              <Card.Root
                key={help.id}
                as="button"
                textAlign="start"
                cursor="pointer"
                overflow="hidden"
                onClick={() => setVideo(help)}
                data-testid="help-video"
              >
                <Image src={videoThumbnailUrl(help.video)} alt={help.title} aspectRatio={16 / 9} objectFit="cover" />
                <Card.Body gap="1">
                  <Text fontWeight="semibold">{help.title}</Text>
                  <Box color="fg.muted" fontSize="sm">
                    {help.description}
                  </Box>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        )}
      </Tabs.Content>

      <TutorialDialog tutorial={tutorial} onClose={() => setTutorial(null)} />
      <VideoDialog help={video} onClose={() => setVideo(null)} />
    </Tabs.Root>
  );
}
