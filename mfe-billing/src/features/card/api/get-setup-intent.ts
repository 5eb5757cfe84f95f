import { setupIntentSchema, type SetupIntent } from '@incontra/contracts/api/subscription';
import { apiRequest } from '@incontra/contracts/http';

/**
 * GET /api/subscription/setup-intent: what the card form needs (the secret our test form sends
 * back, or Stripe's SetupIntent secret and publishable key). Asked when a form starts, never
 * cached: a secret serves one card.
 */
export function getSetupIntent(signal?: AbortSignal): Promise<SetupIntent> {
  return apiRequest('/api/subscription/setup-intent', { schema: setupIntentSchema, signal });
}
