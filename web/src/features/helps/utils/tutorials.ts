import type { Tutorial } from '../types';

/** The built-in tutorials, one or more per category. */
export const TUTORIALS: readonly Tutorial[] = [
  { id: 'firstAccess', category: 'initialSetup', minutes: 3, steps: 4 },
  { id: 'inviteTeam', category: 'initialSetup', minutes: 2, steps: 3 },
  { id: 'connectWhatsapp', category: 'whatsapp', minutes: 4, steps: 4 },
  { id: 'createAgent', category: 'agents', minutes: 6, steps: 4 },
  { id: 'queueDistribution', category: 'queues', minutes: 5, steps: 4 },
  { id: 'scheduleMessage', category: 'scheduling', minutes: 3, steps: 3 },
  { id: 'tagsAndQuickReplies', category: 'productivity', minutes: 4, steps: 4 },
  { id: 'firstCampaign', category: 'campaigns', minutes: 9, steps: 4 },
];

/** The YouTube thumbnail and player addresses of a help video code. */
export function videoThumbnailUrl(video: string): string {
  return `https://img.youtube.com/vi/${encodeURIComponent(video)}/0.jpg`;
}

export function videoEmbedUrl(video: string): string {
  return `https://www.youtube.com/embed/${encodeURIComponent(video)}`;
}
