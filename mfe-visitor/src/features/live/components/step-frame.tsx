import { Container, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import type { StepHeader } from './step-header';

/**
 * Every step of the live page in one frame whose header stays the same element from step to
 * step: a polite live region, so a screen reader hears each new situation (the answer, the staff
 * message) once, while what ticks (the waiting time) lives below it, outside the region.
 * When the step changes (the request sent, the phone checked, an answer come) the focus moves to
 * its heading: the button that was pressed is gone, and keyboard users go on from the new step.
 */
export function StepFrame({ header, children }: { header: StepHeader; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const step = `${header.testId ?? ''}|${header.title}`;
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);
  return (
    <Container size="xs" py="xl" data-testid={header.testId}>
      <Stack gap="md">
        <div aria-live="polite" aria-atomic="true">
          <Stack gap="sm">
            <Title order={1} ref={heading} tabIndex={-1}>
              {header.title}
            </Title>
            {header.lead && <Text size="lg">{header.lead}</Text>}
            {header.message && (
              <Text size="lg" data-testid="outcome-message" style={{ whiteSpace: 'pre-line' }}>
                {header.message}
              </Text>
            )}
          </Stack>
        </div>
        {children}
      </Stack>
    </Container>
  );
}
