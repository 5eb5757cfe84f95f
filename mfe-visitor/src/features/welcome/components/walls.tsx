import { Paper, Stack } from '@mantine/core';
import type { PublicCompany } from '@incontra/contracts/api/company';
import type { Store } from '@incontra/contracts/api/stores';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { hasRichText } from '@incontra/contracts/visitor-texts';
import { RichText } from '../../../app/rich-text';

interface Wall {
  kind: 'store' | 'company';
  owner: string;
  html: string;
}

/**
 * The walls under the welcome screen's actions: the chosen store's first (what holds where the
 * visitor is going: its hours, a closure), then the company's (what holds everywhere). Both, not
 * one instead of the other: they are written for different things, and a store's wall must not
 * hide a notice the company wants every visitor to read.
 */
export function Walls({ company, store }: { company: Pick<PublicCompany, 'name' | 'wall'>; store: Pick<Store, 'name' | 'wall'> | null }) {
  const walls: Wall[] = [];
  if (store?.wall && hasRichText(store.wall)) walls.push({ kind: 'store', owner: store.name, html: store.wall });
  if (company.wall && hasRichText(company.wall)) walls.push({ kind: 'company', owner: company.name, html: company.wall });
  if (walls.length === 0) return null;
  return (
    <Stack gap="lg" w="100%">
      {walls.map((wall) => (
        <Paper key={wall.kind} component="section" aria-label={IT_VISITOR_PAGES.wallOf(wall.owner)} withBorder radius="md" p="md">
          <RichText html={wall.html} />
        </Paper>
      ))}
    </Stack>
  );
}
