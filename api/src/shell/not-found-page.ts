import { IT } from '@incontra/contracts/messages/it';

/**
 * What an unknown host gets: a plain page, no scripts, in Italian for the person who typed the
 * address (what happened, what to do). The error name 'Company not found' is the API's answer
 * (`GET /api/company/{host}`), not text for people.
 */
export function companyNotFoundPage(): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${IT.shell.unknownHostTitle} · ${IT.shell.productName}</title>
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;color:#212529;line-height:1.5}main{text-align:center;padding:16px;max-width:36rem}h1{font-size:1.5rem}</style>
</head>
<body>
<main>
<h1>${IT.shell.unknownHostHeading}</h1>
<p>${IT.shell.unknownHostText}</p>
</main>
</body>
</html>
`;
}
