import { Typography } from '@mantine/core';

/** Images keep their proportions when max-width narrows them (the editor stores width and height). */
const RICH_TEXT_CSS = '[data-rich-text] img { height: auto; }';

/**
 * A company's text (privacy, terms, a wall) as the API stored it. The API sanitised it on the way
 * in, so it is shown as it is: no sanitiser is shipped to the visitor's browser. Mantine's
 * typography reads well from 320 px to a desktop and keeps images within the column; long words
 * and addresses wrap instead of widening the page.
 */
export function RichText({ html }: { html: string }) {
  return (
    <Typography data-rich-text="" style={{ overflowWrap: 'anywhere' }}>
      {/* One element however many texts a page shows: React hoists it into <head> once by href. */}
      <style href="incontra-rich-text" precedence="default">
        {RICH_TEXT_CSS}
      </style>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
