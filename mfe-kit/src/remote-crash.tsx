import { IT } from '@incontra/contracts/messages/it';

/**
 * The remote's place when it cannot render (single-spa-react's error boundary, or a standalone start
 * whose props could not be built): outside the app's providers, so plain markup only.
 */
export function RemoteCrash() {
  return (
    <div role="alert" style={{ padding: 32, textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: 24 }}>{IT.shell.errorHeading}</h1>
      <p>{IT.shell.errorText}</p>
    </div>
  );
}
