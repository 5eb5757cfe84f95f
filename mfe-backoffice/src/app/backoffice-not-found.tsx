import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { IT } from '@incontra/contracts/messages/it';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { isOwnedBy, ROUTES } from '@incontra/contracts/routes';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { useDocumentTitle } from '@incontra/mfe-kit/use-document-title';
import { useSectionLink } from './use-section-link';

/**
 * An unknown /admin/… path: the spec's not-found texts and title, inside the back office's layout
 * (its menu stays), with the way back to the dashboard. A path of another remote (seen for a
 * moment while the shell switches to it) shows nothing.
 */
export function BackofficeNotFound() {
  const { pathname } = useLocation();
  return isOwnedBy('backoffice', pathname) ? <NotFoundView /> : null;
}

function NotFoundView() {
  const { company } = useMfeProps();
  const sectionLink = useSectionLink();
  useDocumentTitle(`${company.name} ${IT.shell.notFoundTitleSuffix}`);
  return (
    <Stack gap="md" maw={640} data-testid="backoffice-not-found">
      <Title order={1}>{IT.shell.notFoundHeading}</Title>
      <Text>{IT.shell.notFoundText}</Text>
      <Anchor {...sectionLink(ROUTES.admin)}>{IT_BACKOFFICE.notFoundBack}</Anchor>
    </Stack>
  );
}
