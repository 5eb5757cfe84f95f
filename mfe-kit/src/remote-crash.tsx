import { IT } from '@incontra/contracts/messages/it';

/** Rendered by single-spa-react's error boundary, outside the app's providers: plain markup only. */
export function RemoteCrash() {
  return (
    <div role="alert" style={{ padding: 32, textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}>
      <h1 style={{ fontSize: 24 }}>{IT.shell.errorHeading}</h1>
      <p>{IT.shell.errorText}</p>
    </div>
  );
}
