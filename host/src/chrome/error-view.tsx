import { IT } from '@incontra/contracts/messages/it';
import { ErrorIcon } from './error-icon';
import { FullPageMessage } from './full-page-message';
import { useDocumentTitle } from '@incontra/mfe-kit/use-document-title';

interface ErrorViewProps {
  /** The company's name; the product name stands in when the company is unknown. */
  companyName: string | null;
  onHome: () => void;
}

export function ErrorView({ companyName, onHome }: ErrorViewProps) {
  useDocumentTitle(`${companyName ?? IT.shell.productName} ${IT.shell.errorTitleSuffix}`);
  return <FullPageMessage icon={<ErrorIcon />} heading={IT.shell.errorHeading} text={IT.shell.errorText} action={IT.shell.backHome} onAction={onHome} />;
}
