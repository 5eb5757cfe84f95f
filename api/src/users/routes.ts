import type { ZodPluginAsync } from '../http/zod-type-provider';
import type { ManagementDeps } from '../management/deps';

/** Users: list, read, invite (mail with a link to choose a password), change, delete. (Being built: registers nothing yet.) */
export const usersRoutes: ZodPluginAsync<ManagementDeps> = async () => undefined;
