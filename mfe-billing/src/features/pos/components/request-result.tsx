import { Alert, Button, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { PosCreated, PosPayment } from '@incontra/contracts/api/pos';
import { IT_POS_PAGES } from '@incontra/contracts/messages/it-pos-pages';
import { formatEuro } from '@incontra/contracts/money';
import { QueryState } from '../../../app/query-state';
import { usePosPayment } from '../api/get-pos-payment';
import { useDateTime } from '../pos-dates';
import { PosStatusBadge } from './status-badge';

const T = IT_POS_PAGES.result;

/** Copies `text` to the clipboard; false where the browser refuses (no permission, an insecure page). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** What became of the link's SMS, for the request just made with a phone: sent, or why not (the link can still be copied or e-mailed). */
function SmsOutcome({ sms }: { sms: NonNullable<PosCreated['sms']> }) {
  if (sms.status === 'queued') {
    return (
      <Text size="sm" role="status">
        {T.smsQueued}
      </Text>
    );
  }
  return (
    <Alert color="yellow" role="status" data-testid="pos-sms-refused">
      {sms.message}
    </Alert>
  );
}

function RequestFacts({ payment, focusCopy, sms }: { payment: PosPayment; focusCopy: boolean; sms: PosCreated['sms'] }) {
  const dateTime = useDateTime();
  const [copied, setCopied] = useState<boolean | null>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  // Just made: the form's button that had the focus is gone, the next thing to do is copying the link.
  useEffect(() => {
    if (focusCopy) copyButton.current?.focus();
  }, [focusCopy]);
  const amount = formatEuro(payment.amount);
  const payable = payment.status === 'requested';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={700} size="xl">
            {amount}
          </Text>
          <Text style={{ overflowWrap: 'anywhere' }}>{payment.description}</Text>
          <Text size="sm" c="dimmed">
            {payment.storeName}
          </Text>
        </Stack>
        {/* The status changes by itself (the customer pays): said politely to a screen reader. */}
        <Stack gap={4} align="flex-end" role="status" aria-live="polite" aria-label={T.status}>
          <PosStatusBadge status={payment.status} />
          {payment.paidAt && <Text size="sm">{T.paidAt(dateTime(payment.paidAt))}</Text>}
          {payment.last4 && <Text size="sm">{T.card(payment.last4)}</Text>}
        </Stack>
      </Group>
      {sms && <SmsOutcome sms={sms} />}
      {payable && (
        <>
          <TextInput label={T.link} value={payment.link} readOnly onFocus={(event) => event.currentTarget.select()} />
          <Group gap="sm" wrap="wrap">
            <Button
              ref={copyButton}
              variant="light"
              onClick={() => {
                void copyText(payment.link).then(setCopied);
              }}
            >
              {T.copy}
            </Button>
            <Text size="sm" role="status" aria-live="polite" c={copied === false ? 'red.8' : undefined}>
              {copied === null ? '' : copied ? T.copied : T.copyFailed}
            </Text>
          </Group>
          {payment.qrCode && <Image src={payment.qrCode} alt={T.qrAlt(amount)} w={200} h={200} fit="contain" />}
          <Text size="sm" c="dimmed">
            {T.expires(dateTime(payment.expiresAt))}
          </Text>
        </>
      )}
    </Stack>
  );
}

/**
 * One request: amount, description, its status as it changes (the page's live line reads it
 * again), and while unpaid the link to copy and its QR code. `initial` is the create call's
 * answer, `sms` what became of its SMS then (null: no phone given, or opened from the list).
 */
export function RequestResult({ id, initial, sms = null }: { id: string; initial?: PosPayment; sms?: PosCreated['sms'] }) {
  const payment = usePosPayment(id, initial);
  return <QueryState query={payment}>{(data) => <RequestFacts payment={data} focusCopy={initial !== undefined} sms={sms} />}</QueryState>;
}
