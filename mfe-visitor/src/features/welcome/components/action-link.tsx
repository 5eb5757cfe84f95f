import { Card, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';

interface ActionLinkProps {
  to: string;
  label: string;
  description: string;
}

/** One of the welcome screen's two big actions: a link named by its label, described by its text. */
export function ActionLink({ to, label, description }: ActionLinkProps) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      shadow="sm"
      padding="xl"
      className="mantine-focus-auto"
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      style={{ textDecoration: 'none', minHeight: 140 }}
    >
      <Title order={2} id={labelId} c="brand" size="h2">
        {label}
      </Title>
      <Text id={descriptionId} mt="sm" c="dimmed">
        {description}
      </Text>
    </Card>
  );
}
