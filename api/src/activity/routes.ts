import type { ZodPluginAsync } from '../http/zod-type-provider';
import type { ManagementDeps } from '../management/deps';

/** The activity log (read) and room translations (write). (Being built: registers nothing yet.) */
export const activityRoutes: ZodPluginAsync<ManagementDeps> = async () => undefined;
