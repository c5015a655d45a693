import { FairTurns } from './fair-turns';

const A = 1;
const B = 2;
const C = 3;

/** Lets every pending promise callback run (works given a turn start): no timer, no waiting. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Works that start when given a turn (their name recorded in order) and end when the test says. */
function works(turns: FairTurns) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const running = { now: 0, most: 0, byKey: new Map<number, number>(), mostOfAKey: 0 };
  const submit = (key: number, name: string) =>
    void turns.run(
      key,
      () =>
        new Promise<void>((resolve) => {
          started.push(name);
          running.now += 1;
          running.most = Math.max(running.most, running.now);
          running.byKey.set(key, (running.byKey.get(key) ?? 0) + 1);
          running.mostOfAKey = Math.max(running.mostOfAKey, running.byKey.get(key)!);
          finishers.set(name, () => {
            running.now -= 1;
            running.byKey.set(key, running.byKey.get(key)! - 1);
            resolve();
          });
        }),
    );
  /** Ends a running work and lets the turn it frees be handed out. */
  const finish = async (name: string) => {
    finishers.get(name)!();
    await settle();
  };
  return { started, submit, finish, running };
}

describe('fair turns between companies', () => {
  it("a second company's work is not queued behind the first company's backlog: it takes the next free turn", async () => {
    const turns = new FairTurns(2, 2);
    const { started, submit, finish } = works(turns);
    for (let i = 1; i <= 5; i++) submit(A, `a${i}`);
    submit(B, 'b1');
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    await finish('a1');
    // In the order of arrival a3, a4 and a5 would go first.
    expect(started).toEqual(['a1', 'a2', 'b1']);
    await finish('a2');
    await finish('b1');
    await finish('a3');
    expect(started).toEqual(['a1', 'a2', 'b1', 'a3', 'a4', 'a5']);
  });

  it('a company at its own limit leaves the other turns to other companies at once', async () => {
    const turns = new FairTurns(4, 2);
    const { started, submit } = works(turns);
    for (let i = 1; i <= 4; i++) submit(A, `a${i}`);
    submit(B, 'b1');
    submit(C, 'c1');
    await settle();
    expect(started).toEqual(['a1', 'a2', 'b1', 'c1']);
    expect(turns.inFlight).toBe(4);
  });

  it('freed turns go round the waiting companies, the one with the fewest running first, never past either limit', async () => {
    const turns = new FairTurns(3, 3);
    const { started, submit, finish, running } = works(turns);
    for (let i = 1; i <= 6; i++) submit(A, `a${i}`);
    for (let i = 1; i <= 3; i++) submit(B, `b${i}`);
    for (let i = 1; i <= 2; i++) submit(C, `c${i}`);
    await settle();
    expect(started).toEqual(['a1', 'a2', 'a3']);
    await finish('a1');
    await finish('a2');
    await finish('a3');
    // B and C had none running: they go before A's backlog, taking turns.
    expect(started.slice(3)).toEqual(['b1', 'c1', 'a4']);
    await finish('b1');
    await finish('c1');
    await finish('a4');
    expect(started.slice(6)).toEqual(['b2', 'c2', 'a5']);
    await finish('b2');
    await finish('c2');
    await finish('a5');
    expect(started.slice(9)).toEqual(['b3', 'a6']);
    expect(running.most).toBe(3);
    expect(running.mostOfAKey).toBe(3);
  });

  it('a company alone uses every turn up to its own limit, one after another', async () => {
    const turns = new FairTurns(10, 2);
    const { started, submit, finish } = works(turns);
    for (let i = 1; i <= 4; i++) submit(A, `a${i}`);
    await settle();
    expect(started).toEqual(['a1', 'a2']);
    await finish('a2');
    expect(started).toEqual(['a1', 'a2', 'a3']);
  });

  it('a work that fails gives its turn back', async () => {
    const turns = new FairTurns(1, 1);
    await expect(turns.run(A, () => Promise.reject(new Error('provider down')))).rejects.toThrow('provider down');
    expect(turns.inFlight).toBe(0);
    await expect(turns.run(B, async () => 'answered')).resolves.toBe('answered');
  });
});
