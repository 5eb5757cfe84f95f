import { MantineProvider } from '@mantine/core';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { cssVariablesFor, mantineThemeFor } from '@incontra/contracts/mantine-theme';
import { shellThemeFor } from '@incontra/contracts/theme';
import { MANTINE_ENV } from '@incontra/mfe-kit/mantine-env';
import { ErrorView } from './error-view';

const NO_LOOK = { primaryColor: null, theme: null, logo: null };
const goHomeWithReload = () => window.location.assign('/');

/** What the page shows when the shell cannot start (no company inlined, no remotes list). */
export function BootErrorChrome({ company }: { company: PublicCompany | null }) {
  return (
    <MantineProvider theme={mantineThemeFor(shellThemeFor(company ?? NO_LOOK))} cssVariablesResolver={cssVariablesFor} env={MANTINE_ENV}>
      <ErrorView companyName={company?.name ?? null} onHome={goHomeWithReload} />
    </MantineProvider>
  );
}
