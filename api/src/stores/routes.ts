import type { ZodPluginAsync } from '../http/zod-type-provider';
import type { ManagementDeps } from '../management/deps';

/** Stores, their walls and topics. (Being built: registers nothing yet.) */
export const storesRoutes: ZodPluginAsync<ManagementDeps> = async () => undefined;
