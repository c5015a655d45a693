import { useTranslation } from 'react-i18next';

import { lastMessagePreview } from '../utils/last-message-preview';
import { FormattedText } from './formatted-text';

/**
 * A ticket's last message as every list shows it (the inbox, the notifications, the kanban cards):
 * a contact card or location by what it is, WhatsApp's markup as styles, a signature as its bold name.
 */
export function LastMessageText({ text }: { text: string | null | undefined }) {
  const { t } = useTranslation();
  return <FormattedText text={lastMessagePreview(text ?? '', t)} />;
}
