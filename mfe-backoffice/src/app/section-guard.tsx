import { Alert } from '@mantine/core';
import { Outlet, useLocation } from 'react-router-dom';
import { IT_MANAGEMENT } from '@incontra/contracts/messages/it-management';
import { useRequiredUser } from '../features/auth/hooks/use-required-user';
import { mayOpen } from './sections';

/** A section the role may not open (typed or bookmarked: the navigation does not offer it) says so. */
export function SectionGuard() {
  const { role } = useRequiredUser();
  const { pathname } = useLocation();
  if (!mayOpen(role, pathname)) return <Alert color="red" title={IT_MANAGEMENT.forbidden} role="alert" />;
  return <Outlet />;
}
