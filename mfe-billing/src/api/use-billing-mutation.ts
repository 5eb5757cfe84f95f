import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { queryKeys } from '@incontra/contracts/query-keys';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { billingKeys } from './billing-keys';

export interface BillingMutationOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** The toast once it worked (a function when it names what changed; null: nothing to say yet). */
  success: string | ((result: Result, variables: Variables) => string | null);
  /** What it changes; by default the subscription and every billing read (card, payments, data). */
  invalidate?: (companyId: string) => readonly QueryKey[];
}

const everything = (companyId: string) => [queryKeys.subscription(companyId), billingKeys.all(companyId)];

/**
 * A billing write: on success a toast, and the reads it changed fetched again (the back office's
 * header and limits read the same subscription key). Failures are the caller's to show: a dialog
 * keeps the card's refusal, a form puts a field's message under the field.
 */
export function useBillingMutation<Variables = void, Result = unknown>({
  mutationFn,
  success,
  invalidate = everything,
}: BillingMutationOptions<Variables, Result>) {
  const { company, notify } = useMfeProps();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      const message = typeof success === 'string' ? success : success(result, variables);
      if (message) notify.show({ kind: 'success', message });
      await Promise.all(invalidate(company.id).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
