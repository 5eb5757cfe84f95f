import { Alert, Button, Stack } from '@mantine/core';
import type { UserRole } from '@incontra/contracts/api/auth';
import { IT_LOCKOUT } from '@incontra/contracts/messages/it-lockout';
import { can } from '@incontra/contracts/permissions';
import { ROUTES } from '@incontra/contracts/routes';
import { PageHeader } from '../management/page-header';
import { useSectionLink } from '../use-section-link';

const T = IT_LOCKOUT.backoffice;

/**
 * In place of a back-office page while the company is open only for billing: for an admin, why
 * and the way to the subscription; for the others, that an admin must renew. A page of its own
 * (its heading is the page's), so the keyboard and screen readers land on it as on any page.
 */
export function BillingOnlyNotice({ role }: { role: UserRole }) {
  const sectionLink = useSectionLink();
  const admin = can(role, 'manageSubscription');
  return (
    <Stack gap="md" maw={640} data-testid="billing-only-notice">
      <PageHeader title={admin ? T.adminTitle : T.operatorTitle} />
      <Alert color="orange" variant="light">
        {admin ? T.adminText : T.operatorText}
      </Alert>
      {admin && (
        <div>
          <Button component="a" {...sectionLink(ROUTES.billing)}>
            {T.toBilling}
          </Button>
        </div>
      )}
    </Stack>
  );
}
