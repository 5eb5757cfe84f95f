import { Card, isLightColor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

interface ActionLinkProps {
  to: string;
  label: string;
  description: string;
}

/**
 * One of the welcome screen's two big actions, filled with the company colour, in black or white,
 * whichever reads better on it. The link is named by all it shows, label then text: a name made
 * of the label alone would hide words the visitor sees on it (WCAG 2.5.3, label in name).
 */
export function ActionLink({ to, label, description }: ActionLinkProps) {
  const { theme } = useMfeProps();
  const ink = isLightColor(theme.primaryColor) ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)';
  return (
    <Card
      component={Link}
      to={to}
      shadow="sm"
      padding="xl"
      className="mantine-focus-auto"
      bg="var(--mantine-color-brand-filled)"
      style={{ color: ink, textDecoration: 'none', minHeight: 140, justifyContent: 'center', textAlign: 'center' }}
    >
      <Text component="span" fz={28} fw={700} lh={1.2}>
        {label}
      </Text>{' '}
      <Text component="span" mt="sm" fz="md">
        {description}
      </Text>
    </Card>
  );
}
