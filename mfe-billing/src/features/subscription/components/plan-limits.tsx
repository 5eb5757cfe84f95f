import { Card, Table, Title } from '@mantine/core';
import { isUnlimited, type Subscription } from '@incontra/contracts/api/subscription';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';

function usage(used: number, limit: number, unlimitedLabel: string): string {
  return `${used} / ${isUnlimited(limit) ? unlimitedLabel : limit}`;
}

/** What the plan allows against what the company uses; -1 reads as unlimited. */
export function PlanLimits({ subscription }: { subscription: Subscription }) {
  const { plan, usage: used } = subscription;
  const rows = [
    { label: IT_BILLING.users, value: usage(used.users, plan.usersLimit, IT_BILLING.unlimitedUsers) },
    { label: IT_BILLING.rooms, value: usage(used.rooms, plan.rooms, IT_BILLING.unlimited) },
  ];
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h3" mb="sm">
        {IT_BILLING.limits}
      </Title>
      <Table>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row">{row.label}</Table.Th>
              <Table.Td>{row.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
