import { and, asc, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { WebinarAttendee, WebinarHand, WebinarLiveRole, WebinarQuestion, WebinarQuestionStatus } from '@incontra/contracts/realtime/webinar-live';
import type { Tx } from '../../db/database';
import { webinarHands, webinarQuestions, webinarQuestionVotes, webinarSeats, webinars } from '../../db/schema';

/*
 * The live session's state in the database (schema/webinars.ts): seats, questions and their votes,
 * raised hands, the speaker and the chat's mute. Every function runs in the caller's tenant
 * transaction; the webinar's row is not locked (each change is one statement, or a few on rows of
 * their own), so a burst of votes does not queue behind the webinar.
 */

type QuestionRow = typeof webinarQuestions.$inferSelect;

export function toQuestion(row: QuestionRow): WebinarQuestion {
  return { id: row.id, text: row.text, author: row.author, votes: row.votes, status: row.status as WebinarQuestionStatus, askedAt: row.askedAt.toISOString() };
}

/**
 * A socket takes the seat: its generation one above the seat's last (the first is 1), present
 * from now. Answers the generation, or null when a presenter removed the seat (it stays out).
 */
export async function takeSeat(tx: Tx, companyId: string, webinarId: string, attendee: WebinarAttendee, now: Date): Promise<number | null> {
  const [row] = await tx
    .insert(webinarSeats)
    .values({ companyId, webinarId, seat: attendee.seat, role: attendee.role, name: attendee.name, generation: 1, seenAt: now })
    .onConflictDoUpdate({
      target: [webinarSeats.webinarId, webinarSeats.seat],
      set: { generation: sql`${webinarSeats.generation} + 1`, name: attendee.name, seenAt: now },
      setWhere: isNull(webinarSeats.removedAt),
    })
    .returning({ generation: webinarSeats.generation });
  return row?.generation ?? null;
}

/** The socket of that generation closed: the seat is no longer present (unless a newer socket holds it). */
export async function leaveSeat(tx: Tx, companyId: string, webinarId: string, seat: string, generation: number): Promise<void> {
  await tx
    .update(webinarSeats)
    .set({ seenAt: null })
    .where(
      and(eq(webinarSeats.companyId, companyId), eq(webinarSeats.webinarId, webinarId), eq(webinarSeats.seat, seat), eq(webinarSeats.generation, generation)),
    );
}

/** The sockets a process holds are still open: their seats seen now. */
export async function refreshSeats(tx: Tx, companyId: string, webinarId: string, seats: { seat: string; generation: number }[], now: Date): Promise<void> {
  if (seats.length === 0) return;
  const pairs = sql.join(
    seats.map(({ seat, generation }) => sql`(${seat}::uuid, ${generation}::int)`),
    sql`, `,
  );
  await tx
    .update(webinarSeats)
    .set({ seenAt: now })
    .where(
      and(eq(webinarSeats.companyId, companyId), eq(webinarSeats.webinarId, webinarId), sql`(${webinarSeats.seat}, ${webinarSeats.generation}) in (${pairs})`),
    );
}

/** A presenter removed the viewer: out now and for the rest of the webinar. False when it is not a viewer's seat of this webinar. */
export async function removeSeat(tx: Tx, companyId: string, webinarId: string, seat: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(webinarSeats)
    .set({ removedAt: now, seenAt: null })
    .where(and(eq(webinarSeats.companyId, companyId), eq(webinarSeats.webinarId, webinarId), eq(webinarSeats.seat, seat), eq(webinarSeats.role, 'viewer')))
    .returning({ seat: webinarSeats.seat });
  if (rows.length === 0) return false;
  await tx.delete(webinarHands).where(and(eq(webinarHands.companyId, companyId), eq(webinarHands.webinarId, webinarId), eq(webinarHands.seat, seat)));
  return true;
}

export async function isRemoved(tx: Tx, companyId: string, webinarId: string, seat: string): Promise<boolean> {
  const [row] = await tx
    .select({ removedAt: webinarSeats.removedAt })
    .from(webinarSeats)
    .where(and(eq(webinarSeats.companyId, companyId), eq(webinarSeats.webinarId, webinarId), eq(webinarSeats.seat, seat)));
  return row?.removedAt != null;
}

/** Who is present: seen since `since`, not removed; presenters first, then by name. */
export async function presentSeats(tx: Tx, companyId: string, webinarId: string, since: Date): Promise<WebinarAttendee[]> {
  const rows = await tx
    .select({ seat: webinarSeats.seat, name: webinarSeats.name, role: webinarSeats.role })
    .from(webinarSeats)
    .where(and(eq(webinarSeats.companyId, companyId), eq(webinarSeats.webinarId, webinarId), gt(webinarSeats.seenAt, since), isNull(webinarSeats.removedAt)))
    .orderBy(desc(webinarSeats.role), asc(webinarSeats.name));
  return rows.map((row) => ({ ...row, role: row.role as WebinarLiveRole }));
}

export async function viewerCount(tx: Tx, companyId: string, webinarId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(webinarSeats)
    .where(
      and(
        eq(webinarSeats.companyId, companyId),
        eq(webinarSeats.webinarId, webinarId),
        eq(webinarSeats.role, 'viewer'),
        gt(webinarSeats.seenAt, since),
        isNull(webinarSeats.removedAt),
      ),
    );
  return row?.count ?? 0;
}

/** The session's settings kept on the webinar: its status, the chat's mute, the speaker. */
export async function liveSettings(tx: Tx, companyId: string, webinarId: string) {
  const [row] = await tx
    .select({ status: webinars.status, chatMuted: webinars.chatMuted, speakerSeat: webinars.speakerSeat, speakerName: webinars.speakerName })
    .from(webinars)
    .where(and(eq(webinars.companyId, companyId), eq(webinars.id, webinarId)));
  return row ?? null;
}

/** The viewers' pin at the SFU, changed when a viewer is removed. */
export async function setMediaPin(tx: Tx, companyId: string, webinarId: string, pin: string): Promise<void> {
  await tx
    .update(webinars)
    .set({ mediaPin: pin })
    .where(and(eq(webinars.companyId, companyId), eq(webinars.id, webinarId)));
}

export async function setChatMuted(tx: Tx, companyId: string, webinarId: string, muted: boolean): Promise<void> {
  await tx
    .update(webinars)
    .set({ chatMuted: muted })
    .where(and(eq(webinars.companyId, companyId), eq(webinars.id, webinarId)));
}

/** The speaker now (null: nobody). Inviting someone ends the previous speaker's turn. */
export async function setSpeaker(tx: Tx, companyId: string, webinarId: string, speaker: { seat: string; name: string } | null): Promise<void> {
  await tx
    .update(webinars)
    .set({ speakerSeat: speaker?.seat ?? null, speakerName: speaker?.name ?? null })
    .where(and(eq(webinars.companyId, companyId), eq(webinars.id, webinarId)));
}

/** Questions, most votes first, then oldest; hidden ones only when asked for. */
export async function listQuestions(tx: Tx, companyId: string, webinarId: string, withHidden: boolean, limit: number): Promise<WebinarQuestion[]> {
  const rows = await tx
    .select()
    .from(webinarQuestions)
    .where(
      and(eq(webinarQuestions.companyId, companyId), eq(webinarQuestions.webinarId, webinarId), withHidden ? undefined : ne(webinarQuestions.status, 'hidden')),
    )
    .orderBy(desc(webinarQuestions.votes), asc(webinarQuestions.askedAt), asc(webinarQuestions.id))
    .limit(limit);
  return rows.map(toQuestion);
}

/** The questions of the webinar the seat voted for. */
export async function votedBy(tx: Tx, companyId: string, webinarId: string, seat: string): Promise<string[]> {
  const rows = await tx
    .select({ id: webinarQuestionVotes.questionId })
    .from(webinarQuestionVotes)
    .innerJoin(webinarQuestions, and(eq(webinarQuestions.id, webinarQuestionVotes.questionId), eq(webinarQuestions.companyId, companyId)))
    .where(and(eq(webinarQuestionVotes.companyId, companyId), eq(webinarQuestionVotes.seat, seat), eq(webinarQuestions.webinarId, webinarId)));
  return rows.map((row) => row.id);
}

/** How many questions the seat asked, and the webinar holds. */
export async function questionCounts(tx: Tx, companyId: string, webinarId: string, seat: string): Promise<{ bySeat: number; total: number }> {
  const [row] = await tx
    .select({ total: sql<number>`count(*)::int`, bySeat: sql<number>`(count(*) filter (where ${webinarQuestions.seat} = ${seat}))::int` })
    .from(webinarQuestions)
    .where(and(eq(webinarQuestions.companyId, companyId), eq(webinarQuestions.webinarId, webinarId)));
  return { bySeat: row?.bySeat ?? 0, total: row?.total ?? 0 };
}

export async function insertQuestion(
  tx: Tx,
  companyId: string,
  webinarId: string,
  question: { seat: string; author: string; text: string },
  now: Date,
): Promise<WebinarQuestion> {
  const [row] = await tx
    .insert(webinarQuestions)
    .values({ companyId, webinarId, ...question, askedAt: now })
    .returning();
  return toQuestion(row!);
}

/**
 * The seat's vote cast (`up`) or taken back; the count moves only when the vote row did, in the
 * same transaction, so a repeated vote counts once. Null when the question is not one of the
 * webinar's open or answered questions.
 */
export async function vote(tx: Tx, companyId: string, webinarId: string, questionId: string, seat: string, up: boolean): Promise<WebinarQuestion | null> {
  const [question] = await tx
    .select({ id: webinarQuestions.id })
    .from(webinarQuestions)
    .where(
      and(
        eq(webinarQuestions.companyId, companyId),
        eq(webinarQuestions.webinarId, webinarId),
        eq(webinarQuestions.id, questionId),
        ne(webinarQuestions.status, 'hidden'),
      ),
    );
  if (!question) return null;
  const changed = up
    ? await tx.insert(webinarQuestionVotes).values({ companyId, questionId, seat }).onConflictDoNothing().returning({ seat: webinarQuestionVotes.seat })
    : await tx
        .delete(webinarQuestionVotes)
        .where(and(eq(webinarQuestionVotes.companyId, companyId), eq(webinarQuestionVotes.questionId, questionId), eq(webinarQuestionVotes.seat, seat)))
        .returning({ seat: webinarQuestionVotes.seat });
  const [row] =
    changed.length === 0
      ? await tx
          .select()
          .from(webinarQuestions)
          .where(and(eq(webinarQuestions.companyId, companyId), eq(webinarQuestions.id, questionId)))
      : await tx
          .update(webinarQuestions)
          .set({ votes: sql`${webinarQuestions.votes} + ${up ? 1 : -1}` })
          .where(and(eq(webinarQuestions.companyId, companyId), eq(webinarQuestions.id, questionId)))
          .returning();
  return row ? toQuestion(row) : null;
}

export async function setQuestionStatus(
  tx: Tx,
  companyId: string,
  webinarId: string,
  questionId: string,
  status: WebinarQuestionStatus,
): Promise<WebinarQuestion | null> {
  const [row] = await tx
    .update(webinarQuestions)
    .set({ status })
    .where(and(eq(webinarQuestions.companyId, companyId), eq(webinarQuestions.webinarId, webinarId), eq(webinarQuestions.id, questionId)))
    .returning();
  return row ? toQuestion(row) : null;
}

/** The hand queue, oldest first. */
export async function listHands(tx: Tx, companyId: string, webinarId: string): Promise<WebinarHand[]> {
  const rows = await tx
    .select()
    .from(webinarHands)
    .where(and(eq(webinarHands.companyId, companyId), eq(webinarHands.webinarId, webinarId)))
    .orderBy(asc(webinarHands.raisedAt), asc(webinarHands.seat));
  return rows.map((row) => ({ seat: row.seat, name: row.name, raisedAt: row.raisedAt.toISOString() }));
}

/** A hand raised (kept at its first raising when raised again) or lowered. */
export async function setHand(tx: Tx, companyId: string, webinarId: string, hand: { seat: string; name: string }, raised: boolean, now: Date): Promise<void> {
  if (raised) {
    await tx
      .insert(webinarHands)
      .values({ companyId, webinarId, ...hand, raisedAt: now })
      .onConflictDoNothing();
    return;
  }
  await tx.delete(webinarHands).where(and(eq(webinarHands.companyId, companyId), eq(webinarHands.webinarId, webinarId), eq(webinarHands.seat, hand.seat)));
}

/** Whether the seat's hand is raised now. */
export async function handRaised(tx: Tx, companyId: string, webinarId: string, seat: string): Promise<{ name: string } | null> {
  const [row] = await tx
    .select({ name: webinarHands.name })
    .from(webinarHands)
    .where(and(eq(webinarHands.companyId, companyId), eq(webinarHands.webinarId, webinarId), eq(webinarHands.seat, seat)));
  return row ?? null;
}
