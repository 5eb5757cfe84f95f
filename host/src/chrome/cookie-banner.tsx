import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { useLayoutEffect, useRef, useState, type MouseEvent } from 'react';
import type { PublicCompany } from '@incontra/contracts/api/company';
import { FIRST_PAINT_CONSENT_ELEMENT_ID } from '@incontra/contracts/first-paint';
import { IT } from '@incontra/contracts/messages/it';
import { privacyLinkOf, type PrivacyLink } from '@incontra/contracts/visitor-texts';
import { navigate } from '../routing/navigate';
import { usePathname } from '../routing/use-pathname';
import { hasConsent, storeConsent } from './cookie-consent';
import { useBottomInset } from './use-bottom-inset';

interface CookieBannerProps {
  /** Whose privacy texts 'Scopri di più' leads to. */
  company: Pick<PublicCompany, 'privacyPolicy' | 'settings'>;
  storage?: Storage;
}

export function CookieBanner({ company, storage = window.localStorage }: CookieBannerProps) {
  const [accepted, setAccepted] = useState(() => hasConsent(storage));
  // This banner takes the first-painted one's place in the same frame (or, consent given, it goes).
  useLayoutEffect(() => document.getElementById(FIRST_PAINT_CONSENT_ELEMENT_ID)?.remove(), []);
  if (accepted) return null;
  const accept = () => {
    storeConsent(storage);
    setAccepted(true);
  };
  return <CookieBannerPanel company={company} onAccept={accept} />;
}

/** Fixed on the bottom edge, so it reserves its height for the remotes while it is there. */
function CookieBannerPanel({ company, onAccept }: { company: CookieBannerProps['company']; onAccept(): void }) {
  const ref = useRef<HTMLElement>(null);
  useBottomInset(ref);
  const link = privacyLinkOf(company, usePathname());
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
          {IT.cookies.text} <PrivacyAnchor link={link} />
        </Text>
        <Button onClick={onAccept}>{IT.cookies.accept}</Button>
      </Group>
    </Paper>
  );
}

/** 'Scopri di più': in place through the shell's router (a plain link without scripts), or in a new tab. */
function PrivacyAnchor({ link }: { link: PrivacyLink }) {
  if (!link.inPlace) {
    return (
      <Anchor href={link.href} target="_blank" rel="noopener noreferrer">
        {IT.cookies.learnMore}
      </Anchor>
    );
  }
  return (
    <Anchor href={link.href} onClick={(event) => followInPlace(event, link.href)}>
      {IT.cookies.learnMore}
    </Anchor>
  );
}

/** A plain click changes the page without reloading; a modified one (new tab, new window) is the browser's. */
function followInPlace(event: MouseEvent<HTMLAnchorElement>, path: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(path);
}
