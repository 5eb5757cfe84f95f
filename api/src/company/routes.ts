import type { ZodPluginAsync } from '../http/zod-type-provider';
import type { ManagementDeps } from '../management/deps';

/** The company's data, look, time zone, privacy, terms and wall; editor images. (Being built: registers nothing yet.) */
export const companyRoutes: ZodPluginAsync<ManagementDeps> = async () => undefined;
