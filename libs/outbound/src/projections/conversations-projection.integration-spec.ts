import { connectionDeleted, type Contact, contactDeleted, contactSaved, tagDeleted, tagSaved, ticketTagsChanged } from '@app/contracts';
import { connectionFixture } from '@app/platform/testing';

import { type OutboundTestApp, startOutboundTestApp } from '../testing/outbound-test-app';
import { ConnectionRepository } from './connection.repository';
import { ContactRepository } from './contact.repository';
import { TagContactRepository } from './tag-contact.repository';

const A = 1;

const contact = (id: number, name: string): Contact => {
  const at = new Date().toISOString();
  return {
    id,
    uuid: '6f1c2b1e-8d1a-4a55-9c7e-0a1b2c3d4e5f',
    name,
    number: `55119000${id}`,
    email: '',
    profilePicUrl: '',
    active: true,
    isGroup: false,
    whatsappId: null,
    extraInfo: [],
    companyId: A,
    lastInteractionAt: null,
    createdAt: at,
    updatedAt: at,
  };
};
const tag = (id: number, name: string) => ({ id, name, color: '#0f0', kanban: 0, companyId: A });

/**
 * Conversations' tags and tickets' tags come under different keys (`tag-{id}`, the ticket's id), so a
 * tag's deletion may be handled before a ticket event or a save written earlier (another lane, another
 * partition). The projection ends as conversations is all the same (docs/decisions/0038).
 */
describe("outbound's projection of conversations' tags", () => {
  let t: OutboundTestApp;

  beforeAll(async () => {
    t = await startOutboundTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('a tag deleted before an older ticket event or save is handled stays deleted, and off the ticket', async () => {
    await t.publish(tagSaved, A, 'tag-70', { tag: { id: 70, name: 'Fica', color: '#0f0', kanban: 0, companyId: A }, created: true });
    await t.publish(tagDeleted, A, 'tag-71', { tagId: 71 });
    await t.published();
    // Written before the deletion, handled after it.
    await t.publish(ticketTagsChanged, A, 700, {
      ticketId: 700,
      contactId: 7,
      tags: [
        { id: 71, name: 'Some' },
        { id: 70, name: 'Fica' },
      ],
    });
    await t.publish(tagSaved, A, 'tag-71', { tag: { id: 71, name: 'Some', color: '#f00', kanban: 0, companyId: A }, created: false });
    await t.published();
    expect(await t.dataSource.query(`SELECT id, name FROM outbound.tags WHERE company_id = $1 ORDER BY id`, [A])).toEqual([
      { id: 70, name: 'Fica' },
    ]);
    expect(await t.dataSource.query(`SELECT tag_ids FROM outbound.ticket_tags WHERE ticket_id = 700`)).toEqual([{ tag_ids: [70] }]);

    // In order, a deletion still takes the tag off every ticket.
    await t.publish(tagDeleted, A, 'tag-70', { tagId: 70 });
    await t.published();
    expect(await t.dataSource.query(`SELECT tag_ids FROM outbound.ticket_tags WHERE ticket_id = 700`)).toEqual([{ tag_ids: [] }]);
    expect(await t.dataSource.query(`SELECT 1 FROM outbound.tags WHERE company_id = $1`, [A])).toEqual([]);
  });

  it("a record its owner answered before a deletion handled here is not taken back; one the copy has keeps the events' version (decision 0039)", async () => {
    const contacts = t.app.get(ContactRepository);
    const tags = t.app.get(TagContactRepository);
    const connections = t.app.get(ConnectionRepository);
    await t.publish(contactDeleted, A, 'contact-80', { contactId: 80 });
    await t.publish(tagDeleted, A, 'tag-81', { tagId: 81 });
    await t.publish(connectionDeleted, A, 82, { connectionId: 82, companyId: A });
    await t.published();
    // The owners' answers, given before those deletions.
    expect(await contacts.fill(contact(80, 'Apagado'))).toBe(false);
    expect(await tags.fill(tag(81, 'Apagada'))).toBe(false);
    expect(await connections.fill(connectionFixture(A, 82))).toBe(false);
    expect(await t.dataSource.query(`SELECT id FROM outbound.contacts WHERE id = 80`)).toEqual([]);
    expect(await t.dataSource.query(`SELECT id FROM outbound.tags WHERE id = 81`)).toEqual([]);
    expect(await t.dataSource.query(`SELECT id FROM outbound.connections WHERE id = 82`)).toEqual([]);

    // A contact the events brought first is not overwritten by an answer; one filled first is updated by the events after it.
    await t.publish(contactSaved, A, 'contact-83', { contact: contact(83, 'Pelo evento'), created: true });
    await t.published();
    expect(await contacts.fill(contact(83, 'Pela resposta'))).toBe(true);
    expect(await contacts.fill(contact(84, 'Pela resposta'))).toBe(true);
    await t.publish(contactSaved, A, 'contact-84', { contact: contact(84, 'Pelo evento'), created: false });
    await t.published();
    expect(await t.dataSource.query(`SELECT id, name FROM outbound.contacts WHERE id IN (83, 84) ORDER BY id`)).toEqual([
      { id: 83, name: 'Pelo evento' },
      { id: 84, name: 'Pelo evento' },
    ]);
    // And its deletion, handled after the fill, removes it.
    await t.publish(contactDeleted, A, 'contact-84', { contactId: 84 });
    await t.published();
    expect(await t.dataSource.query(`SELECT id FROM outbound.contacts WHERE id = 84`)).toEqual([]);
  });
});
