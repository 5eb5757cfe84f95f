import { and, eq } from 'drizzle-orm';
import type { Tx } from '../db/database';
import { roomTranslations, rooms } from '../db/schema';

export function findRoomName(tx: Tx, companyId: string, roomId: string) {
  return tx
    .select({ name: rooms.name })
    .from(rooms)
    .where(and(eq(rooms.companyId, companyId), eq(rooms.id, roomId)))
    .then(([room]) => room?.name ?? null);
}

export interface TranslationRow {
  roomId: string;
  key: string;
  language: string;
  label: string;
}

/** One text per room, key and language: a second save replaces the first. */
export async function upsertTranslation(tx: Tx, companyId: string, row: TranslationRow) {
  const [saved] = await tx
    .insert(roomTranslations)
    .values({ companyId, ...row })
    .onConflictDoUpdate({ target: [roomTranslations.roomId, roomTranslations.key, roomTranslations.language], set: { label: row.label } })
    .returning({ key: roomTranslations.key, label: roomTranslations.label, language: roomTranslations.language });
  if (!saved) throw new Error('upsert returned no row');
  return saved;
}

/** Whether the room had a text of its own for the key and language. */
export async function deleteTranslation(tx: Tx, companyId: string, row: Omit<TranslationRow, 'label'>): Promise<boolean> {
  const deleted = await tx
    .delete(roomTranslations)
    .where(
      and(
        eq(roomTranslations.companyId, companyId),
        eq(roomTranslations.roomId, row.roomId),
        eq(roomTranslations.key, row.key),
        eq(roomTranslations.language, row.language),
      ),
    )
    .returning({ id: roomTranslations.id });
  return deleted.length > 0;
}
