import { IT } from '@incontra/contracts/messages/it';
import { FullPageMessage } from './full-page-message';
import { useDocumentTitle } from '@incontra/mfe-kit/use-document-title';

interface NotFoundViewProps {
  companyName: string;
  /** Replaces the current route with `/` (the 404 is not kept in history). */
  onHome: () => void;
}

export function NotFoundView({ companyName, onHome }: NotFoundViewProps) {
  useDocumentTitle(`${companyName} ${IT.shell.notFoundTitleSuffix}`);
  return <FullPageMessage heading={IT.shell.notFoundHeading} text={IT.shell.notFoundText} action={IT.shell.backHome} onAction={onHome} />;
}
