import { Card, isLightColor, Text } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

interface ActionLinkProps {
  to: string;
  label: string;
  description: string;
}

/**
 * One of the welcome screen's two big actions, filled with the company colour: a link named by
 * its label and described by its text, in black or white, whichever reads better on the colour.
 */
export function ActionLink({ to, label, description }: ActionLinkProps) {
  const { theme } = useMfeProps();
  const labelId = useId();
  const descriptionId = useId();
  const ink = isLightColor(theme.primaryColor) ? 'var(--mantine-color-black)' : 'var(--mantine-color-white)';
  return (
    <Card
      component={Link}
      to={to}
      shadow="sm"
      padding="xl"
      className="mantine-focus-auto"
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      bg="var(--mantine-color-brand-filled)"
      style={{ color: ink, textDecoration: 'none', minHeight: 140, justifyContent: 'center', textAlign: 'center' }}
    >
      <Text id={labelId} component="span" fz={28} fw={700} lh={1.2}>
        {label}
      </Text>
      {/* Read as the link's description, not as part of its name: the name stays the words shown
          largest (WCAG 2.5.3), the rest is said once, after it. */}
      <Text id={descriptionId} component="span" mt="sm" fz="md" aria-hidden="true">
        {description}
      </Text>
    </Card>
  );
}
