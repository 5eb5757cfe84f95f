import type { ZodPluginAsync } from '../http/zod-type-provider';
import type { ManagementDeps } from '../management/deps';

/** Rooms, their slots, weekly opening and dated exceptions. (Being built: registers nothing yet.) */
export const roomsRoutes: ZodPluginAsync<ManagementDeps> = async () => undefined;
