import { Anchor, Button, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { subscriptionSchema, type Subscription } from '@incontra/contracts/api/subscription';
import { UNLIMITED } from '@incontra/contracts/constants';
import { apiRequest } from '@incontra/contracts/http';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { queryKeys } from '@incontra/contracts/query-keys';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useSectionLink } from '../use-section-link';

export type LimitedResource = 'users' | 'rooms';

export interface PlanUsage {
  used: number;
  /** -1 means unlimited. */
  limit: number;
  /** Nothing more of this kind may be created. */
  full: boolean;
  /** «3 / 5 utenti»; empty while the subscription is unknown. */
  text: string;
}

const NOUNS: Record<LimitedResource, string> = { users: 'utenti', rooms: 'stanze' };

function limitOf(subscription: Subscription, resource: LimitedResource): number {
  return resource === 'users' ? subscription.plan.usersLimit : subscription.plan.rooms;
}

/** GET /api/subscription under the billing remote's key, so both read (and refresh) one copy (`enabled`: false for a role that may not read it then). */
export function useSubscriptionForLimits(enabled = true) {
  const { company } = useMfeProps();
  return useQuery({
    queryKey: queryKeys.subscription(company.id),
    enabled,
    queryFn: ({ signal }) => apiRequest('/api/subscription', { schema: subscriptionSchema, signal }),
    // Opening a management page should not ask again each time: the writes that move the usage invalidate it.
    staleTime: 30_000,
    refetchOnWindowFocus: false,
  });
}

/**
 * How much of the plan's allowance of users or rooms is taken. While the subscription is unknown
 * (loading, none, failed) nothing is blocked: the API checks the limit again on every creation.
 */
export function usePlanUsage(resource: LimitedResource): PlanUsage {
  const { data } = useSubscriptionForLimits();
  if (!data) return { used: 0, limit: UNLIMITED, full: false, text: '' };
  const used = data.usage[resource];
  const limit = limitOf(data, resource);
  return { used, limit, full: limit !== UNLIMITED && used >= limit, text: IT_MANAGEMENT.planLimit.usage(used, limit, NOUNS[resource]) };
}

/**
 * A «create» button that the plan's limit disables. The reason is written beside it (not only in
 * a tooltip, so that keyboard and screen-reader users get it too), with the way out: the
 * subscription page, which belongs to the billing remote.
 */
export function LimitedCreateButton({ resource, onClick, children }: { resource: LimitedResource; onClick: () => void; children: ReactNode }) {
  const { full } = usePlanUsage(resource);
  const reasonId = useId();
  const sectionLink = useSectionLink();
  return (
    <Group gap="xs" wrap="wrap">
      <Button onClick={onClick} disabled={full} aria-describedby={full ? reasonId : undefined}>
        {children}
      </Button>
      {full && (
        <Text id={reasonId} size="sm" c="dimmed">
          {IT_MANAGEMENT.planLimit[resource]}{' '}
          <Anchor {...sectionLink(ROUTES.billing)} size="sm">
            {IT_MANAGEMENT.planLimit.upgrade}
          </Anchor>
        </Text>
      )}
    </Group>
  );
}
