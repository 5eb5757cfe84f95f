import * as z from 'zod/mini';
import { IT_ACTIVITY } from '../messages/it-activity';

export const ACTIVITY_ACTIONS = ['create', 'update', 'delete'] as const;
export const activityActionSchema = z.enum(ACTIVITY_ACTIONS);
export type ActivityAction = z.infer<typeof activityActionSchema>;

/** What a management write may touch. */
export const ACTIVITY_ENTITIES = [
  'user',
  'store',
  'room',
  'topic',
  'opening',
  'translation',
  'document',
  'company',
  'reservation',
  'mail',
  'payment',
  'webinar',
] as const;
export const activityEntitySchema = z.enum(ACTIVITY_ENTITIES);
export type ActivityEntity = z.infer<typeof activityEntitySchema>;

/** One line of the activity log. */
export const activityEntrySchema = z.object({
  id: z.uuid(),
  userId: z.nullable(z.uuid()),
  userName: z.string(),
  action: activityActionSchema,
  entityType: activityEntitySchema,
  entityId: z.nullable(z.string()),
  summary: z.string(),
  /** ISO, to the microsecond. */
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const ACTIVITY_PAGE_SIZE = 50;

/*
 * Where a page ends: the last entry's createdAt (ISO, to the microsecond) and id, joined by '_'.
 * The id breaks ties: the entries of one transaction share their createdAt.
 */
const ACTIVITY_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function activityCursor(entry: Pick<ActivityEntry, 'createdAt' | 'id'>): string {
  return `${entry.createdAt}_${entry.id}`;
}

export function parseActivityCursor(cursor: string): { createdAt: string; id: string } {
  const at = cursor.indexOf('_');
  return { createdAt: cursor.slice(0, at), id: cursor.slice(at + 1) };
}

/** GET /api/activity?userId=&entityType=&before= : newest first, a page at a time. */
export const activityQuerySchema = z.object({
  userId: z.optional(z.uuid(IT_ACTIVITY.validation.userInvalid)),
  entityType: z.optional(z.enum(ACTIVITY_ENTITIES, { error: IT_ACTIVITY.validation.entityInvalid })),
  /** The previous page's `next`: this page starts below it. */
  before: z.optional(z.string().check(z.regex(ACTIVITY_CURSOR, IT_ACTIVITY.validation.beforeInvalid))),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Pass as `before` for the next page; null on the last one. */
  next: z.nullable(z.string()),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/**
 * How long the log keeps its entries, in days; null: for ever (the default: nothing is deleted).
 * The API's periodic sweep deletes the entries older than the chosen days.
 */
export const ACTIVITY_RETENTION_DAYS = [90, 180, 365, 730] as const;
export type ActivityRetentionDays = (typeof ACTIVITY_RETENTION_DAYS)[number];
const retentionChoiceSchema = z.literal(ACTIVITY_RETENTION_DAYS, IT_ACTIVITY.validation.retentionInvalid);

/** PUT /api/activity/retention. */
export const activityRetentionInputSchema = z.object({
  retentionDays: z.nullable(retentionChoiceSchema),
});
export type ActivityRetentionInput = z.infer<typeof activityRetentionInputSchema>;

/**
 * GET /api/activity/retention: the company's choice and, for each choice, how many entries are
 * older than it now (what choosing it would delete), so that the screen says so before saving.
 */
export const activityRetentionSchema = z.object({
  retentionDays: z.nullable(retentionChoiceSchema),
  olderThan: z.array(z.object({ days: retentionChoiceSchema, entries: z.int() })),
});
export type ActivityRetention = z.infer<typeof activityRetentionSchema>;
