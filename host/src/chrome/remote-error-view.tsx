import { IT } from '@incontra/contracts/messages/it';
import { ErrorIcon } from './error-icon';
import { FullPageMessage } from './full-page-message';

interface RemoteErrorViewProps {
  onRetry: () => void;
}

/** A section of the product that could not be loaded; the rest of the site keeps working. */
export function RemoteErrorView({ onRetry }: RemoteErrorViewProps) {
  return (
    <FullPageMessage icon={<ErrorIcon />} heading={IT.shell.remoteFailedHeading} text={IT.shell.remoteFailedText} action={IT.shell.retry} onAction={onRetry} />
  );
}
