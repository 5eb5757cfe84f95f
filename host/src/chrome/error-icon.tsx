import { ThemeIcon } from '@mantine/core';
import { THEME_COLORS } from '@incontra/contracts/theme';

export function ErrorIcon() {
  return (
    <ThemeIcon color={THEME_COLORS.error} size={64} radius="xl" variant="light" aria-hidden="true" data-testid="error-icon">
      <svg width="36" height="36" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="12" cy="12" r="9" />
        <line x1="12" y1="7.5" x2="12" y2="13" />
        <circle cx="12" cy="16.5" r="0.6" fill="currentColor" />
      </svg>
    </ThemeIcon>
  );
}
