import { Paper } from '@mantine/core';
import { IT_VISITOR_PAGES } from '@incontra/contracts/messages/it-visitor-pages';
import { hasRichText } from '@incontra/contracts/visitor-texts';
import { RichText } from '../../../app/rich-text';

/**
 * A wall on the welcome screen: what a company (under the heading, for every visitor) or a store
 * (under the actions, for those going there) wants read, in the words it wrote. Nothing when
 * the text holds nothing to read.
 */
export function Wall({ owner, html }: { owner: string; html: string | null }) {
  if (!html || !hasRichText(html)) return null;
  return (
    <Paper component="section" aria-label={IT_VISITOR_PAGES.wallOf(owner)} withBorder radius="md" p="md" w="100%">
      <RichText html={html} />
    </Paper>
  );
}
