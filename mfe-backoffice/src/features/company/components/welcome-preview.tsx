import { Box, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { primaryButtonContrast } from '@incontra/contracts/api/company-management';
import type { CompanyTheme } from '@incontra/contracts/theme';
import { themeRadiusPx } from '@incontra/contracts/theme';
import { IT_COMPANY } from '@incontra/contracts/messages/it-company';

interface WelcomePreviewProps {
  title: string;
  /** A valid #rrggbb colour. */
  primaryColor: string;
  theme: CompanyTheme;
}

/** A small picture of the visitor's welcome screen: the title and its two actions in the chosen look. */
export function WelcomePreview({ title, primaryColor, theme }: WelcomePreviewProps) {
  const radius = themeRadiusPx(theme);
  const ink = primaryButtonContrast(primaryColor).ink === 'white' ? '#fff' : '#000';
  const action = (label: string) => (
    <Box data-testid="preview-action" bg={primaryColor} c={ink} p="md" ta="center" fw={700} style={{ borderRadius: radius }}>
      {label}
    </Box>
  );
  return (
    <Box component="figure" m={0} p="md" bg="white" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: radius }}>
      <Stack gap="md" aria-hidden>
        <Title order={2} size="h4" ta="center" c="dark">
          {title}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {action(IT_COMPANY.preview.join)}
          {action(IT_COMPANY.preview.book)}
        </SimpleGrid>
      </Stack>
      <Text component="figcaption" size="xs" c="dimmed" ta="center" mt="sm">
        {IT_COMPANY.preview.title}
      </Text>
    </Box>
  );
}
