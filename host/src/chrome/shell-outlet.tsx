import { useSyncExternalStore } from 'react';
import { remoteForPath, type RemoteName } from '@incontra/contracts/routes';
import type { RemoteStatus } from '../remotes/remote-status';
import { navigate } from '../routing/navigate';
import { usePathname } from '../routing/use-pathname';
import { ErrorView } from './error-view';
import { NotFoundView } from './not-found-view';
import { RemoteErrorView } from './remote-error-view';

interface ShellOutletProps {
  companyName: string;
  companyMissing: boolean;
  remoteStatus: RemoteStatus;
  onRetry: (remote: RemoteName) => void;
}

const goHomeWithReload = () => window.location.assign('/');
const replaceWithHome = () => navigate('/', { replace: true });

/**
 * What the shell itself shows for the current path: nothing while a remote owns the page, the 404
 * view when no remote does, the retry view when the owning remote failed.
 */
export function ShellOutlet({ companyName, companyMissing, remoteStatus, onRetry }: ShellOutletProps) {
  const pathname = usePathname();
  const failed = useSyncExternalStore(remoteStatus.subscribe, remoteStatus.failed);
  if (companyMissing) return <ErrorView companyName={companyName} onHome={goHomeWithReload} />;
  const owner = remoteForPath(pathname);
  if (!owner) return <NotFoundView companyName={companyName} onHome={replaceWithHome} />;
  if (failed.has(owner)) return <RemoteErrorView onRetry={() => onRetry(owner)} />;
  return null;
}
