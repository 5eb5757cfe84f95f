import { Anchor, Badge, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Invoice, InvoiceStatus } from '@incontra/contracts/api/subscription';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { ResponsiveTable, type ResponsiveColumn } from '@incontra/mfe-kit/responsive-table';
import { PageSection } from '../../../app/page-section';
import { QueryState } from '../../../app/query-state';
import { formatPrice } from '../../../utils/format';
import { useCompanyDates } from '../../../utils/use-company-dates';
import { useCompanyPayments } from '../api/get-company-payments';

const T = IT_BILLING_PAGES.payments;
const COLUMNS = T.columns;
const STATUS_COLOR: Record<InvoiceStatus, string> = { paid: 'green', failed: 'red', refunded: 'gray' };

function When({ iso }: { iso: string }) {
  const dates = useCompanyDates();
  return <time dateTime={iso}>{dates.short(iso)}</time>;
}

function Documents({ invoice }: { invoice: Invoice }) {
  if (invoice.status !== 'paid') return null;
  return (
    <Stack gap={2}>
      {invoice.receiptUrl && (
        <Anchor href={invoice.receiptUrl} download size="sm">
          {T.receipt}
          <VisuallyHidden>{` ${T.documentOf(invoice.number)}`}</VisuallyHidden>
        </Anchor>
      )}
      {invoice.eInvoice && (
        <Anchor href={invoice.eInvoice.url} download={invoice.eInvoice.fileName} size="sm">
          {T.eInvoice}
          <VisuallyHidden>{` ${T.documentOf(invoice.number)}`}</VisuallyHidden>
        </Anchor>
      )}
    </Stack>
  );
}

const INVOICE_COLUMNS: ResponsiveColumn<Invoice>[] = [
  { key: 'number', header: COLUMNS.number, render: (invoice) => invoice.number },
  { key: 'date', header: COLUMNS.date, render: (invoice) => <When iso={invoice.issuedAt} /> },
  { key: 'description', header: COLUMNS.description, render: (invoice) => invoice.description },
  {
    key: 'period',
    header: COLUMNS.period,
    render: (invoice) => (
      <>
        <When iso={invoice.periodStart} /> – <When iso={invoice.periodEnd} />
      </>
    ),
  },
  { key: 'total', header: COLUMNS.total, render: (invoice) => formatPrice(invoice.amount.total) },
  {
    key: 'status',
    header: COLUMNS.status,
    render: (invoice) => (
      <Stack gap={4} align="flex-start">
        {/* As wide as its word: in a narrow column a badge would cut it ("PAG…"). */}
        <Badge color={STATUS_COLOR[invoice.status]} variant="light" miw="max-content">
          {T.status[invoice.status]}
        </Badge>
        {invoice.failureMessage && <Text size="sm">{invoice.failureMessage}</Text>}
      </Stack>
    ),
  },
  { key: 'documents', header: COLUMNS.documents, render: (invoice) => <Documents invoice={invoice} /> },
];

function InvoicesTable({ invoices }: { invoices: readonly Invoice[] }) {
  if (invoices.length === 0) return <Text>{T.empty}</Text>;
  return <ResponsiveTable caption={T.caption} columns={INVOICE_COLUMNS} rows={invoices} rowKey={(invoice) => invoice.id} />;
}

/** The subscription's charges: number, date, period, total with VAT, status in words, receipt and e-invoice of a paid one. */
export function PaymentsSection() {
  const payments = useCompanyPayments();
  return (
    <PageSection titleId="billing-payments-title" title={T.title}>
      <QueryState query={payments}>{({ invoices }) => <InvoicesTable invoices={invoices} />}</QueryState>
    </PageSection>
  );
}
