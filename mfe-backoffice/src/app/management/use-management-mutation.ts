import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { apiErrorMessage } from '@incontra/mfe-kit/api-error';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

export interface ManagementMutationOptions<Variables, Result> {
  mutationFn: (variables: Variables) => Promise<Result>;
  /** The lists and details this write changes (each key also refreshes the keys below it). */
  invalidate: readonly QueryKey[];
  /** The toast after it worked (a function when it names what was written). */
  success: string | ((result: Result, variables: Variables) => string);
  /** Creating or deleting users or rooms moves the plan's usage: refresh the subscription too. */
  affectsPlanUsage?: boolean;
  /** False when the caller shows the failure itself (ConfirmDeleteButton keeps it in its dialog). */
  notifyErrors?: boolean;
}

/**
 * A management write: on success the lists it touched are fetched again and a toast says so; a
 * failure is a toast with the API's reason, unless the API names a field — the form shows those
 * beside the field.
 */
export function useManagementMutation<Variables = void, Result = unknown>({
  mutationFn,
  invalidate,
  success,
  affectsPlanUsage = false,
  notifyErrors = true,
}: ManagementMutationOptions<Variables, Result>) {
  const { company, notify } = useMfeProps();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result, variables) => {
      notify.show({ kind: 'success', message: typeof success === 'string' ? success : success(result, variables) });
      const keys = affectsPlanUsage ? [...invalidate, queryKeys.subscription(company.id)] : invalidate;
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      if (!notifyErrors || (error instanceof ApiRequestError && error.field)) return;
      notify.show({ kind: 'error', message: apiErrorMessage(error) });
    },
  });
}
