import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { DEFAULT_PRIVACY_POLICY_URL } from '@incontra/contracts/constants';
import { FIRST_PAINT_CONSENT_ELEMENT_ID } from '@incontra/contracts/first-paint';
import { IT } from '@incontra/contracts/messages/it';
import { hasConsent, storeConsent } from './cookie-consent';
import { useBottomInset } from './use-bottom-inset';

interface CookieBannerProps {
  privacyPolicyUrl?: string;
  storage?: Storage;
}

export function CookieBanner({ privacyPolicyUrl, storage = window.localStorage }: CookieBannerProps) {
  const [accepted, setAccepted] = useState(() => hasConsent(storage));
  // This banner takes the first-painted one's place in the same frame (or, consent given, it goes).
  useLayoutEffect(() => document.getElementById(FIRST_PAINT_CONSENT_ELEMENT_ID)?.remove(), []);
  if (accepted) return null;
  const accept = () => {
    storeConsent(storage);
    setAccepted(true);
  };
  return <CookieBannerPanel privacyPolicyUrl={privacyPolicyUrl} onAccept={accept} />;
}

/** Fixed on the bottom edge, so it reserves its height for the remotes while it is there. */
function CookieBannerPanel({ privacyPolicyUrl, onAccept }: { privacyPolicyUrl?: string; onAccept(): void }) {
  const ref = useRef<HTMLElement>(null);
  useBottomInset(ref);
  return (
    <Paper
      ref={ref}
      component="section"
      aria-label="Cookie"
      shadow="md"
      radius={0}
      p="md"
      pos="fixed"
      left={0}
      right={0}
      bottom={0}
      style={{ zIndex: 300 }}
      withBorder
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          {IT.cookies.text}{' '}
          <Anchor href={privacyPolicyUrl || DEFAULT_PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer">
            {IT.cookies.learnMore}
          </Anchor>
        </Text>
        <Button onClick={onAccept}>{IT.cookies.accept}</Button>
      </Group>
    </Paper>
  );
}
