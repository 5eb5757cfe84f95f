import type { UserRole } from '@incontra/contracts/api/auth';
import { can } from '@incontra/contracts/permissions';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useSubscriptionForLimits } from '../management/plan-usage';

/** Whether `pathname` is `path` or below it. */
const within = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/**
 * The sections still open while the company is open only for billing, as the API's
 * OPEN_WHEN_BILLING_ONLY has it: an admin's subscription page; for the others (who cannot renew)
 * their own profile and password.
 */
export function openWhenBillingOnly(role: UserRole, path: string): boolean {
  if (can(role, 'manageSubscription')) return within(path, ROUTES.billing);
  return within(path, ROUTES.profile) || within(path, ROUTES.password);
}

/**
 * Whether the back office is open only for billing (the subscription ended: billing/lockout on the
 * API). The company the shell hands over says so (`serviceSuspended`); an admin's own read of the
 * subscription, which the billing page refreshes after a payment, says it more recently, so that
 * the back office opens again at once. Operators cannot read the subscription then.
 */
export function useBillingOnly(role: UserRole): boolean {
  const { company } = useMfeProps();
  const admin = can(role, 'manageSubscription');
  const { data } = useSubscriptionForLimits(admin);
  if (admin && data) return data.billingOnly;
  return company.serviceSuspended === true;
}
