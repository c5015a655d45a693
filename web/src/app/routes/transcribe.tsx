import { GroupsPage } from '@/features/groups/components/groups-page';

/** /transcribe (spec 1: always available): the company's WhatsApp groups, their transcription and daily summaries. */
export function TranscribeRoute() {
  return <GroupsPage />;
}
