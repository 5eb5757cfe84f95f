import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { daysLeft, hasScheduledDowngrade, isTrialPlan, type Subscription } from '@incontra/contracts/api/subscription';
import { IT } from '@incontra/contracts/messages/it';
import { formatDate, formatPrice } from '../utils/format';

function trialText(subscription: Subscription, now: Date): string {
  const days = daysLeft(subscription.trialEndsAt, now);
  return days > 0 ? IT.billing.trialDaysLeft(days) : IT.billing.trialEnded;
}

function downgradeText(subscription: Subscription): string | null {
  if (!subscription.nextPlan || !hasScheduledDowngrade(subscription)) return null;
  const switchDate = subscription.currentPeriodEndsAt ?? subscription.trialEndsAt;
  return switchDate
    ? IT.billing.downgradeScheduled(subscription.nextPlan.name, formatDate(switchDate))
    : IT.billing.downgradeAtRenewal(subscription.nextPlan.name);
}

/** The plan, its price and status, the trial's days left and a scheduled downgrade. */
export function SubscriptionSummary({ subscription, now = new Date() }: { subscription: Subscription; now?: Date }) {
  const { plan } = subscription;
  const trial = isTrialPlan(plan);
  const downgrade = downgradeText(subscription);
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={2} size="h3">
            {`${IT.billing.plan} ${plan.name}`}
          </Title>
          {trial && <Badge variant="light">{IT.billing.trial}</Badge>}
        </Group>
        <Text>
          {IT.billing.price}: <strong>{formatPrice(plan.price)}</strong> {IT.billing.perMonth}
        </Text>
        <Text>
          {IT.billing.statusLabel}: <strong>{IT.billing.status[subscription.status]}</strong>
        </Text>
        {trial && <Text fw={600}>{trialText(subscription, now)}</Text>}
        {downgrade && (
          <Alert color="yellow" role="note">
            {downgrade}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
