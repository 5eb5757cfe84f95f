import { Badge } from '@mantine/core';
import type { WebinarStatus } from '@incontra/contracts/api/webinars';
import { IT_WEBINARS } from '@incontra/contracts/messages/it-webinars';

const COLORS: Record<WebinarStatus, string> = { draft: 'gray', published: 'blue', live: 'red', ended: 'teal', cancelled: 'dark' };

/** «Bozza», «Pubblicato», «In corso», «Concluso», «Annullato»: the word says it, the colour only helps. */
export function WebinarStatusBadge({ status }: { status: WebinarStatus }) {
  return (
    <Badge component="span" color={COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {IT_WEBINARS.status[status]}
    </Badge>
  );
}
