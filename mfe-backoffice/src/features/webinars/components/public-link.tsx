import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import type { Webinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_BACKOFFICE } from '@incontra/contracts/messages/it-webinar-backoffice';

const TEXT = IT_WEBINAR_BACKOFFICE.publicLink;

/** The page visitors register on, to copy or open (the back office runs on the company's own address, as that page). */
export function PublicLink({ webinar }: { webinar: Pick<Webinar, 'publicPath' | 'status'> }) {
  const clipboard = useClipboard({ timeout: 2000 });
  const url = new URL(webinar.publicPath, window.location.origin).href;
  return (
    <Stack gap="xs">
      <TextInput
        label={TEXT.label}
        description={webinar.status === 'draft' ? TEXT.draftHint : undefined}
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        maw={640}
      />
      <Group gap="xs" wrap="wrap">
        <Button size="xs" variant={clipboard.copied ? 'light' : 'default'} onClick={() => clipboard.copy(url)}>
          {clipboard.copied ? TEXT.copied : TEXT.copy}
        </Button>
        <Button size="xs" variant="subtle" component="a" href={url} target="_blank" rel="noopener noreferrer">
          {TEXT.open}
        </Button>
      </Group>
    </Stack>
  );
}
