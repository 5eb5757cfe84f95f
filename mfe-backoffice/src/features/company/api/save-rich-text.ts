import * as z from 'zod/mini';
import { apiRequest } from '@incontra/contracts/http';
import { queryKeys } from '@incontra/contracts/query-keys';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useManagementMutation } from '../../../app/management/use-management-mutation';
import { storeKeys } from '../../../api/stores/store-keys';
import { companyKeys } from './company-keys';

/** Which text: the company's privacy, terms or wall, or a store's wall. */
export type RichTextTarget = { kind: 'privacy' } | { kind: 'tos' } | { kind: 'wall' } | { kind: 'store-wall'; storeId: string };

const FIELDS = { privacy: 'privacyPolicy', tos: 'tosPolicy', wall: 'wall', 'store-wall': 'wall' } as const;

/** The body field the API names in its answers and refusals. */
export const richTextField = (target: RichTextTarget) => FIELDS[target.kind];

function pathOf(companyId: string, target: RichTextTarget): string {
  return target.kind === 'store-wall' ? `/api/store/${target.storeId}/wall` : `/api/company/${companyId}/${target.kind}`;
}

/** POST the HTML; the API sanitises it and answers what it stored (null: nothing). */
export async function saveRichText(companyId: string, target: RichTextTarget, html: string): Promise<string | null> {
  const field = richTextField(target);
  const answer = await apiRequest(pathOf(companyId, target), {
    method: 'POST',
    body: { [field]: html },
    schema: z.record(z.string(), z.nullable(z.string())),
  });
  return answer[field] ?? null;
}

export function useSaveRichText(target: RichTextTarget, success: string) {
  const { company } = useMfeProps();
  return useManagementMutation({
    mutationFn: (html: string) => saveRichText(company.id, target, html),
    // A store's wall is in the public config (the walls' list) and in the stores' own list.
    invalidate: target.kind === 'store-wall' ? [queryKeys.companyConfig(company.id), storeKeys.all(company.id)] : [companyKeys.details(company.id)],
    success,
  });
}
