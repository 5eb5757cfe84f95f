import { Image, Stack, Text } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

/**
 * The company's frame around every visitor page (welcome, live steps and outcomes, booking, not
 * found): its logo and name on top, so no step of the flow reads as a bare white page. A layout
 * route, so the frame is one element that stays put while the steps below it change.
 */
export function CompanyFrame() {
  const { company, theme } = useMfeProps();
  return (
    <>
      <Stack component="header" align="center" gap={4} pt="xl" px="md" data-testid="company-frame">
        {/* The name follows as text: the logo adds nothing to read. */}
        <Image src={theme.logoUrl} alt="" h={56} w="auto" maw="100%" fit="contain" />
        <Text fw={700} size="lg" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {company.name}
        </Text>
      </Stack>
      <Outlet />
    </>
  );
}
