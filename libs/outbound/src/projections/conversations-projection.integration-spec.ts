import { tagDeleted, tagSaved, ticketTagsChanged } from '@app/contracts';

import { type OutboundTestApp, startOutboundTestApp } from '../testing/outbound-test-app';

const A = 1;

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
});
