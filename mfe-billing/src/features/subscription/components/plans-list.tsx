import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { isUnlimited, type Plan, type Subscription } from '@incontra/contracts/api/subscription';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { formatPrice, vatOn } from '../../../utils/format';
import { PlanChangeDialog } from './plan-change-dialog';

const T = IT_BILLING_PAGES.plans;

function PlanCard({ plan, vatRate, current, onChoose }: { plan: Plan; vatRate: number; current: boolean; onChoose: (() => void) | null }) {
  const vat = vatOn(plan.price, vatRate);
  return (
    <Card
      withBorder
      padding="lg"
      aria-current={current ? 'true' : undefined}
      style={current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs" h="100%">
        <Group gap="xs" justify="space-between">
          <Title order={3} size="h4">
            {plan.name}
          </Title>
          {current && <Badge variant="filled">{T.current}</Badge>}
        </Group>
        <Text fw={700}>{T.net(formatPrice(plan.price))}</Text>
        <Text size="sm">{T.vat(vatRate, formatPrice(vat))}</Text>
        <Text size="sm">{T.total(formatPrice(plan.price + vat))}</Text>
        <List size="sm" spacing={2}>
          <List.Item>{T.users(isUnlimited(plan.usersLimit) ? IT_BILLING.unlimitedUsers : String(plan.usersLimit))}</List.Item>
          <List.Item>{T.rooms(isUnlimited(plan.rooms) ? IT_BILLING.unlimited : String(plan.rooms))}</List.Item>
        </List>
        {onChoose && (
          <Button mt="auto" variant="light" onClick={onChoose}>
            {T.switchTo(plan.name)}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The plans on sale side by side, the current one marked; for an admin each other plan is a
 * button that opens the preview of the change (a cancelled subscription may take its own plan
 * back, too).
 */
export function PlansList({ subscription, canManage, hasCard }: { subscription: Subscription; canManage: boolean; hasCard: boolean }) {
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [opened, setOpened] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Where the focus goes once the dialog closes: the plan's button, or the heading after a change
  // (that button may be gone: its plan is now the current one).
  const trigger = useRef<HTMLElement | null>(null);
  const focusAfterClose = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (opened || !focusAfterClose.current) return;
    focusAfterClose.current.focus();
    focusAfterClose.current = null;
  }, [opened]);
  const choose = (plan: Plan) => {
    trigger.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setChosen(plan);
    setOpened(true);
  };
  const close = (changed: boolean) => {
    focusAfterClose.current = changed ? headingRef.current : trigger.current;
    setOpened(false);
  };
  const choosable = (plan: Plan) => canManage && (plan.id !== subscription.plan.id || subscription.status === 'canceled');
  return (
    <section aria-labelledby="billing-plans-title">
      <Title order={2} size="h3" mb="sm" id="billing-plans-title" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {T.title}
      </Title>
      {canManage && !hasCard && subscription.plans.length > 0 && (
        <Text mb="sm" c="dimmed">
          {T.needsCard}
        </Text>
      )}
      {subscription.plans.length === 0 ? (
        <Text>{T.none}</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(3, subscription.plans.length) }}>
          {subscription.plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              vatRate={subscription.vatRate}
              current={plan.id === subscription.plan.id}
              onChoose={choosable(plan) ? () => choose(plan) : null}
            />
          ))}
        </SimpleGrid>
      )}
      {chosen && (
        <PlanChangeDialog plan={chosen} vatRate={subscription.vatRate} testMode={subscription.paymentMode === 'test'} opened={opened} onClose={close} />
      )}
    </section>
  );
}
