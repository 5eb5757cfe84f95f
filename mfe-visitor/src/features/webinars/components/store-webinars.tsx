import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { PublicWebinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { whenText } from '@incontra/contracts/messages/it-when';
import { ROUTES } from '@incontra/contracts/routes';
import { useStoreWebinars } from '../api/get-store-webinars';

const T = IT_WEBINAR_PAGES;

function availability(webinar: PublicWebinar): string {
  if (webinar.status === 'live') return T.upcoming.live;
  return webinar.seatsLeft > 0 ? T.seatsLeft(webinar.seatsLeft) : T.soldOut;
}

/**
 * The welcome page's «Webinar in programma»: the chosen store's upcoming webinars, each leading to
 * its page. The welcome does without it: nothing at all while it is read, when there are none or
 * when the read fails. It sits under everything else, so that arriving moves nothing already shown.
 */
export function StoreWebinars({ storeId }: { storeId: string }) {
  const headingId = useId();
  const { data } = useStoreWebinars(storeId);
  const webinars = data?.webinars ?? [];
  if (webinars.length === 0) return null;
  return (
    <section aria-labelledby={headingId} style={{ width: '100%' }} data-testid="store-webinars">
      <Title order={2} size="h4" ta="center" id={headingId} mb="sm">
        {T.upcoming.title}
      </Title>
      <Stack component="ul" gap="sm" m={0} p={0} ta="center" style={{ listStyle: 'none' }}>
        {webinars.map((webinar) => (
          <li key={webinar.id}>
            <Anchor
              component={Link}
              to={`${ROUTES.webinar}/${encodeURIComponent(webinar.id)}`}
              fw={600}
              underline="always"
              style={{ overflowWrap: 'anywhere' }}
            >
              {webinar.title}
            </Anchor>
            <Text size="sm">{whenText(webinar.startsAt, webinar.timeZone)}</Text>
            <Text size="sm">{availability(webinar)}</Text>
          </li>
        ))}
      </Stack>
    </section>
  );
}
