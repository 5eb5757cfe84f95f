import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { daysLeft, hasScheduledDowngrade, isTrialPlan, type Subscription } from '@incontra/contracts/api/subscription';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { formatPrice } from '../../../utils/format';
import { useCompanyDates } from '../../../utils/use-company-dates';
import { SubscriptionState } from './subscription-state';

function trialText(subscription: Subscription, now: Date): string {
  const days = daysLeft(subscription.trialEndsAt, now);
  return days > 0 ? IT_BILLING.trialDaysLeft(days) : IT_BILLING.trialEnded;
}

function downgradeText(subscription: Subscription, formatDate: (iso: string) => string): string | null {
  if (!subscription.nextPlan || !hasScheduledDowngrade(subscription)) return null;
  const switchDate = subscription.currentPeriodEndsAt ?? subscription.trialEndsAt;
  return switchDate
    ? IT_BILLING.downgradeScheduled(subscription.nextPlan.name, formatDate(switchDate))
    : IT_BILLING.downgradeAtRenewal(subscription.nextPlan.name);
}

export interface SubscriptionSummaryProps {
  subscription: Subscription;
  /** Admins: the cancellation and its undo. */
  canManage?: boolean;
  /** Admins: opens the card form (a failed charge's notice offers it). */
  onUpdateCard?: () => void;
  now?: Date;
}

/** The plan, its price and status with what it means, the trial's days left and a scheduled downgrade. */
export function SubscriptionSummary({ subscription, canManage = false, onUpdateCard, now = new Date() }: SubscriptionSummaryProps) {
  const { plan } = subscription;
  const trial = isTrialPlan(plan);
  const dates = useCompanyDates();
  const downgrade = downgradeText(subscription, dates.long);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} size="h3">
            {`${IT_BILLING.plan} ${plan.name}`}
          </Title>
          {trial && <Badge variant="light">{IT_BILLING.trial}</Badge>}
        </Group>
        <Text>
          {IT_BILLING.price}: <strong>{formatPrice(plan.price)}</strong> {IT_BILLING.perMonth} {IT_BILLING_PAGES.plans.plusVat(subscription.vatRate)}
        </Text>
        <Text>
          {IT_BILLING.statusLabel}: <strong>{IT_BILLING.status[subscription.status]}</strong>
        </Text>
        {trial && <Text fw={600}>{trialText(subscription, now)}</Text>}
        {downgrade && (
          <Alert color="yellow" role="note">
            {downgrade}
          </Alert>
        )}
        <SubscriptionState subscription={subscription} canManage={canManage} onUpdateCard={onUpdateCard} />
      </Stack>
    </Card>
  );
}
