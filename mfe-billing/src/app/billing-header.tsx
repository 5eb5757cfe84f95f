import { Anchor, Group, Image, Title } from '@mantine/core';
import type { MouseEvent } from 'react';
import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/** The page's own header: the back office around it belongs to another remote. */
export function BillingHeader() {
  const { company, theme, navigate } = useMfeProps();

  function backToDashboard(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(ROUTES.admin);
  }

  return (
    <Group component="header" justify="space-between" mb="xl" wrap="wrap">
      <Group gap="md">
        <Image src={theme.logoUrl} alt={company.name} h={40} w="auto" fit="contain" />
        <Title order={1}>{IT_BILLING.title}</Title>
      </Group>
      <Anchor href={ROUTES.admin} onClick={backToDashboard}>
        {IT_BILLING.backToDashboard}
      </Anchor>
    </Group>
  );
}
