import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PublicWebinar } from '@incontra/contracts/api/webinars';
import { IT_WEBINAR_PAGES } from '@incontra/contracts/messages/it-webinar-pages';
import { whenSentence } from '@incontra/contracts/messages/it-when';

const T = IT_WEBINAR_PAGES.page;

export function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

export interface WebinarFactsProps {
  webinar: PublicWebinar;
  /** The seats left, while the webinar may still take registrations. */
  withSeats?: boolean;
  /** More rows after the webinar's own (the registrant, the registration's status). */
  children?: ReactNode;
}

/** Where and when a webinar is (its day, time and length on the company's clock, with the zone), and the seats left. */
export function WebinarFacts({ webinar, withSeats = false, children }: WebinarFactsProps) {
  return (
    <Stack component="dl" gap="sm" m={0} data-testid="webinar-facts">
      <FactRow label={T.store}>{webinar.store.name}</FactRow>
      <FactRow label={T.when}>{whenSentence(webinar)}</FactRow>
      {withSeats && <FactRow label={T.seats}>{webinar.seatsLeft > 0 ? IT_WEBINAR_PAGES.seatsLeft(webinar.seatsLeft) : IT_WEBINAR_PAGES.soldOut}</FactRow>}
      {children}
    </Stack>
  );
}
