import { Stack, Text } from '@mantine/core';
import type { UndeliveredMail } from '@incontra/contracts/api/mail';
import { IT_BACKOFFICE } from '@incontra/contracts/messages/it-backoffice';
import { formatClock } from '@incontra/mfe-kit/format/format-clock';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';
import { PageHeader } from '../../../app/management/page-header';
import { QueryState } from '../../../app/management/query-state';
import { ResponsiveTable, type ResponsiveColumn } from '@incontra/mfe-kit/responsive-table';
import { formatActivityTime } from '../../activity/activity-time';
import { useUndeliveredMail } from '../api/get-undelivered-mail';
import { RetryButton } from './retry-button';

const T = IT_BACKOFFICE.undeliveredMail;

/** Where the e-mail stands: sent (after a retry, until the list is read again), retrying at a time, or given up. */
function stateOf(mail: UndeliveredMail, timeZone: string): string {
  if (mail.sentAt) return T.sent;
  if (mail.nextAttemptAt && !mail.failedAt) return T.nextAttempt(formatClock(mail.nextAttemptAt, timeZone));
  return T.failed;
}

/** E-mail non consegnate (admins): what the mail server refused, times on the company's clock, each with «Riprova». */
export function UndeliveredMailPage() {
  const { company } = useMfeProps();
  const mail = useUndeliveredMail();
  const columns: ResponsiveColumn<UndeliveredMail>[] = [
    // Addresses and errors may break anywhere; the date, the state's time and the headers break between words only (responsive-table.css).
    { key: 'to', header: T.to, render: (row) => row.to },
    { key: 'subject', header: T.subject, render: (row) => row.subject },
    { key: 'createdAt', header: T.createdAt, render: (row) => <time dateTime={row.createdAt}>{formatActivityTime(row.createdAt, company.timeZone)}</time> },
    { key: 'attempts', header: T.attempts, render: (row) => row.attempts },
    { key: 'error', header: T.error, render: (row) => row.error ?? T.noError },
    { key: 'state', header: T.state, render: (row) => stateOf(row, company.timeZone), words: 'whole' },
    { key: 'actions', header: T.actions, render: (row) => !row.sentAt && <RetryButton mail={row} /> },
  ];
  return (
    <Stack gap="lg">
      <PageHeader title={IT_BACKOFFICE.nav.undeliveredMail} description={T.description} />
      <QueryState query={mail}>
        {({ messages }) =>
          messages.length === 0 ? (
            <Text role="status" c="dimmed">
              {T.empty}
            </Text>
          ) : (
            <ResponsiveTable caption={T.caption} columns={columns} rows={messages} rowKey={(row) => row.id} />
          )
        }
      </QueryState>
    </Stack>
  );
}
