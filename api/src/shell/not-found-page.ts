import { ERRORS } from '@incontra/contracts/errors';
import { IT } from '@incontra/contracts/messages/it';

/** What an unknown host gets: a plain page, no scripts. */
export function companyNotFoundPage(): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${ERRORS.companyNotFound}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#333}main{text-align:center;padding:16px}</style>
</head>
<body>
<main>
<h1>${ERRORS.companyNotFound}</h1>
<p>404 · ${IT.shell.productName}</p>
</main>
</body>
</html>
`;
}
