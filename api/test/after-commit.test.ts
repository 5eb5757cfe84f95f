import { sql } from 'drizzle-orm';
import { afterCommit, markCompanyChanged, type Database, type Tx } from '../src/db/database';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/*
 * afterCommit(tx, effect): the one way a write does something once committed (e-mail delivery,
 * realtime notices, room put-outs), on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let testDatabase: TestDatabase;
let db: Database;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = await testDatabase.open();
});
afterAll(async () => {
  await db.close();
  await testDatabase.drop();
});

class Refused extends Error {}

/** Whether the transaction's work is seen by another transaction (committed), asked from inside an effect. */
async function committedValue(): Promise<number | null> {
  const rows = await db.asOwner((tx) => tx.execute<{ value: number }>(sql`select value from after_commit_probe`));
  return (rows as unknown as { rows: { value: number }[] }).rows[0]?.value ?? null;
}

beforeAll(async () => {
  await db.asOwner((tx) => tx.execute(sql`create table if not exists after_commit_probe (value integer not null)`));
});

describe('afterCommit', () => {
  it('runs each effect once, in order, after the commit and before the call answers', async () => {
    const ran: string[] = [];
    let seenByEffect: number | null = -1;
    const answer = await db.asOwner(async (tx) => {
      await tx.execute(sql`insert into after_commit_probe (value) values (7)`);
      afterCommit(tx, async () => {
        seenByEffect = await committedValue();
        ran.push('first');
      });
      afterCommit(tx, () => {
        ran.push('second');
      });
      expect(ran).toEqual([]);
      return 'answer';
    });
    expect(answer).toBe('answer');
    expect(ran).toEqual(['first', 'second']);
    // The effect ran once the write was visible to others: after the commit, not before.
    expect(seenByEffect).toBe(7);
    await db.asOwner((tx) => tx.execute(sql`delete from after_commit_probe`));
  });

  it('never runs an effect of a transaction that rolled back', async () => {
    const ran: string[] = [];
    await expect(
      db.asOwner(async (tx) => {
        afterCommit(tx, () => {
          ran.push('effect');
        });
        throw new Refused('rolled back');
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(ran).toEqual([]);
  });

  it('runs the others when one throws, logs the failure, and keeps the answer', async () => {
    const ran: string[] = [];
    const failures: unknown[] = [];
    const stop = db.onEffectFailure((error) => failures.push(error));
    try {
      const answer = await db.asOwner(async (tx) => {
        afterCommit(tx, () => {
          ran.push('before');
        });
        afterCommit(tx, () => {
          throw new Error('notifier down');
        });
        afterCommit(tx, async () => {
          await Promise.reject(new Error('put-out refused'));
        });
        afterCommit(tx, () => {
          ran.push('after');
        });
        return 42;
      });
      expect(answer).toBe(42);
    } finally {
      stop();
    }
    expect(ran).toEqual(['before', 'after']);
    expect(failures.map((error) => (error as Error).message)).toEqual(['notifier down', 'put-out refused']);
  });

  it('keeps the effects of a released savepoint for the commit, and drops those of one rolled back', async () => {
    const ran: string[] = [];
    await db.asOwner(async (tx) => {
      afterCommit(tx, () => {
        ran.push('outer');
      });
      await tx.transaction(async (savepoint) => {
        afterCommit(savepoint, () => {
          ran.push('released savepoint');
        });
        await savepoint.transaction(async (inner) => {
          afterCommit(inner, () => {
            ran.push('nested savepoint');
          });
        });
      });
      await tx
        .transaction(async (savepoint) => {
          afterCommit(savepoint, () => {
            ran.push('rolled-back savepoint');
          });
          throw new Refused('savepoint rolled back');
        })
        .catch((error: unknown) => {
          if (!(error instanceof Refused)) throw error;
        });
      // Not yet: the savepoint's release is not the commit.
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['outer', 'released savepoint', 'nested savepoint']);
  });

  it('drops a savepoint effect when the whole transaction rolls back after the savepoint was released', async () => {
    const ran: string[] = [];
    await expect(
      db.asOwner(async (tx) => {
        await tx.transaction(async (savepoint) => {
          afterCommit(savepoint, () => {
            ran.push('savepoint');
          });
        });
        throw new Refused('rolled back');
      }),
    ).rejects.toBeInstanceOf(Refused);
    expect(ran).toEqual([]);
  });

  it('refuses a handle whose transaction is over, or not one of ours', async () => {
    let ended: Tx | undefined;
    await db.asOwner(async (tx) => {
      ended = tx;
    });
    expect(() => afterCommit(ended!, () => undefined)).toThrow('afterCommit outside an open transaction opened by Database');
    expect(() => afterCommit({} as Tx, () => undefined)).toThrow('afterCommit outside an open transaction opened by Database');
  });

  it('registered by an effect on its own finished transaction is refused, not run later', async () => {
    const failures: unknown[] = [];
    const ran: string[] = [];
    const stop = db.onEffectFailure((error) => failures.push(error));
    try {
      await db.asOwner(async (tx) => {
        afterCommit(tx, () => {
          afterCommit(tx, () => {
            ran.push('late');
          });
        });
      });
    } finally {
      stop();
    }
    expect(ran).toEqual([]);
    expect(failures).toHaveLength(1);
  });

  it('runs after the cache marks are announced, so a notice never meets a stale cache', async () => {
    const order: string[] = [];
    const stop = db.onCommittedChange(() => order.push('mark'));
    try {
      await db.asOwner(async (tx) => {
        afterCommit(tx, () => {
          order.push('effect');
        });
        markCompanyChanged(tx, '00000000-0000-4000-8000-000000000000');
      });
    } finally {
      stop();
    }
    expect(order).toEqual(['mark', 'effect']);
  });
});
