import { Image, Stack, Text } from '@mantine/core';
import { useMfeProps } from './mfe-props-context';

/**
 * The company's logo and name on top of a visitor-facing page, so that no page a visitor meets —
 * in the visitor flows or at the end of a call — reads as a bare white page.
 */
export function CompanyHeader() {
  const { company, theme } = useMfeProps();
  return (
    <Stack component="header" align="center" gap={4} pt="xl" px="md" data-testid="company-frame">
      {/* The name follows as text: the logo adds nothing to read. */}
      <Image src={theme.logoUrl} alt="" h={56} w="auto" maw="100%" fit="contain" />
      <Text fw={700} size="lg" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {company.name}
      </Text>
    </Stack>
  );
}
