import { type ConversationsTestApp, startConversationsTestApp } from '../testing/conversations-test-app';
import { ProjectionRepository } from './projection.repository';
import { maySeeTicket, type Viewer, type VisibleTicket } from './ticket-visibility';
import { sqlParams, ticketVisibleColumnSql, ticketVisibleSql } from './ticket-visibility.sql';

/** The SQL rule that reads go through, the users' audience and the TypeScript rule for new tickets agree on every case. */
describe('the visibility rule in SQL and in TypeScript', () => {
  let t: ConversationsTestApp;

  beforeAll(async () => {
    t = await startConversationsTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const viewers: Viewer[] = [
    { id: 5, profile: 'user', super: false, queueIds: [1, 2] },
    { id: 6, profile: 'user', super: false, queueIds: [] },
    { id: 7, profile: 'supervisor', super: false, queueIds: [] },
    { id: 8, profile: 'admin', super: false, queueIds: [] },
    { id: 9, profile: 'user', super: true, queueIds: [] },
  ];
  const tickets: VisibleTicket[] = [
    { queueId: null, userId: null },
    { queueId: 1, userId: null },
    { queueId: 3, userId: null },
    { queueId: 3, userId: 5 },
    { queueId: 3, userId: 6 },
    { queueId: null, userId: 7 },
  ];

  it('a viewer reading a ticket row sees it exactly when maySeeTicket says so, as a filter and as a column', async () => {
    for (const viewer of viewers) {
      for (const ticket of tickets) {
        const { params, param } = sqlParams([ticket.queueId, ticket.userId]);
        const [row] = await t.dataSource.query(
          `SELECT ${ticketVisibleColumnSql(viewer, 'x', param)} AS visible,
                  EXISTS (SELECT 1 FROM (SELECT x.*) y WHERE ${ticketVisibleSql(viewer, 'y', param)}) AS filtered
           FROM (SELECT $1::int AS queue_id, $2::int AS user_id) x`,
          params,
        );
        const expected = maySeeTicket(viewer, ticket);
        expect({ viewer: viewer.id, ticket, ...row }).toEqual({ viewer: viewer.id, ticket, visible: expected, filtered: expected });
      }
    }
  });

  it("a ticket's audience is exactly the company's users for whom maySeeTicket holds", async () => {
    for (const viewer of viewers) {
      await t.dataSource.query(
        `INSERT INTO conversations.users (id, company_id, name, profile, super, queue_ids) VALUES ($1, 77, 'u', $2, $3, $4)`,
        [viewer.id, viewer.profile, viewer.super, viewer.queueIds],
      );
    }
    for (const ticket of tickets) {
      const expected = viewers.filter((viewer) => maySeeTicket(viewer, ticket)).map((viewer) => viewer.id);
      expect(await t.app.get(ProjectionRepository).ticketAudience(t.dataSource.manager, 77, ticket)).toEqual(expected);
    }
  });
});
