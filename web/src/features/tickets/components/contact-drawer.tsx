import { Button, CloseButton, Drawer, Heading, HStack, Portal, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCalendarPlus, LuPencil } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router';

import { paths } from '@/config/paths';
import { formatPhone } from '@/lib/format-phone';

import { useContact } from '../api/get-contact';
import type { Ticket } from '../types';
import { ContactAvatar } from './contact-avatar';
import { ContactEditForm } from './contact-edit-form';
import { TicketNotes } from './ticket-notes';

/** Spec 1 section 9: the contact drawer is 320 px wide. */
export const CONTACT_DRAWER_WIDTH = '320px';

type ContactDrawerProps = {
  ticket: Ticket;
  open: boolean;
  /** The plan has schedules: 'Agendar' books an appointment for the contact (/schedules?contactId=). */
  canSchedule?: boolean;
  onClose: () => void;
};

/** The chat's right-hand contact drawer: contact data and edit, notes, extra info. */
export function ContactDrawer({ ticket, open, canSchedule = false, onClose }: ContactDrawerProps) {
  const { t } = useTranslation();
  const contactQuery = useContact(ticket.contactId, open);
  const [editing, setEditing] = useState(false);
  const contact = contactQuery.data;

  return (
    <Drawer.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={CONTACT_DRAWER_WIDTH} w={CONTACT_DRAWER_WIDTH} data-testid="contact-drawer">
            <Drawer.Header>
              <Drawer.Title>{t('tickets.contact.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {!contact ? (
                <Spinner size="sm" />
              ) : (
                <Stack gap="4">
                  <Stack align="center" gap="1">
                    <ContactAvatar name={contact.name} src={contact.profilePicUrl} size="lg" />
                    <Heading size="sm" data-testid="contact-drawer-name">
                      {contact.name}
                    </Heading>
                    <Text fontSize="sm" color="fg.muted" data-testid="contact-drawer-number">
                      {formatPhone(contact.number)}
                    </Text>
                    {contact.email && (
                      <Text fontSize="sm" color="fg.muted">
                        {contact.email}
                      </Text>
                    )}
                    {!editing && (
                      <HStack gap="2">
                        <Button size="xs" variant="outline" onClick={() => setEditing(true)} data-testid="contact-edit">
                          <LuPencil /> {t('common.edit')}
                        </Button>
                        {canSchedule && (
                          <Button size="xs" variant="outline" asChild data-testid="contact-schedule">
                            <RouterLink to={paths.schedulesFor(contact.id)}>
                              <LuCalendarPlus /> {t('contacts.buttons.schedule')}
                            </RouterLink>
                          </Button>
                        )}
                      </HStack>
                    )}
                  </Stack>
                  {editing && <ContactEditForm contact={contact} onDone={() => setEditing(false)} />}
                  <Separator />
                  <Heading size="xs">{t('tickets.contact.notes')}</Heading>
                  <TicketNotes contactId={contact.id} ticketId={ticket.id} />
                  <Separator />
                  <Heading size="xs">{t('tickets.contact.extraInfo')}</Heading>
                  {contact.extraInfo.length === 0 ? (
                    <Text fontSize="sm" color="fg.muted">
                      {t('common.noRecords')}
                    </Text>
                  ) : (
                    contact.extraInfo.map((info, index) => (
                      <Stack key={info.id ?? index} gap="0">
                        <Text fontSize="xs" color="fg.muted">
                          {info.name}
                        </Text>
                        <Text fontSize="sm">{info.value}</Text>
                      </Stack>
                    ))
                  )}
                </Stack>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
