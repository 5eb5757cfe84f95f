import * as z from 'zod/mini';

export const ACTIVITY_ACTIONS = ['create', 'update', 'delete'] as const;
export const activityActionSchema = z.enum(ACTIVITY_ACTIONS);
export type ActivityAction = z.infer<typeof activityActionSchema>;

/** What a management write may touch. */
export const ACTIVITY_ENTITIES = ['user', 'store', 'room', 'topic', 'opening', 'translation', 'document', 'company'] as const;
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
  createdAt: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const ACTIVITY_PAGE_SIZE = 50;

/** GET /api/activity?userId=&entityType=&before= : newest first, a page at a time. */
export const activityQuerySchema = z.object({
  userId: z.optional(z.uuid()),
  entityType: z.optional(activityEntitySchema),
  /** The createdAt of the last entry of the previous page (ISO): the next page starts below it. */
  before: z.optional(z.iso.datetime()),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  /** Pass as `before` for the next page; null on the last one. */
  next: z.nullable(z.string()),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;
