import { useMutation } from '@tanstack/react-query';
import type { WebinarJoin } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_LIVE } from '@incontra/contracts/messages/it-webinar-live';
import { apiErrorMessage } from './api-error';
import { useMfeProps } from './mfe-props-context';
import { keepWebinarJoin, webinarLivePath } from './webinar-join-handoff';

/** Session storage refused: the live page could not read the credential. */
export class JoinNotKeptError extends Error {
  constructor() {
    super(IT_WEBINAR_LIVE.storageBlocked);
  }
}

/**
 * «Entra nel webinar», «Entra come relatore»: asks the API for the credential on a click (it is
 * short-lived, and asking is the participant's decision), hands it to the live page through this
 * tab's storage and goes there through the shell. A refusal stays on the asking page.
 */
export function useEnterWebinar<Vars>(ask: (vars: Vars) => Promise<WebinarJoin>) {
  const { navigate } = useMfeProps();
  return useMutation({
    mutationFn: async (vars: Vars) => {
      const join = await ask(vars);
      if (!keepWebinarJoin(join)) throw new JoinNotKeptError();
      return join;
    },
    onSuccess: (join) => navigate(webinarLivePath(join.webinarId)),
    retry: false,
  });
}

/** What to say when entering failed: the storage refusal, or the API's own words. */
export function enterWebinarErrorMessage(error: unknown): string {
  return error instanceof JoinNotKeptError ? error.message : apiErrorMessage(error);
}
