import { Anchor, Badge, Card, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Invoice, InvoiceStatus } from '@incontra/contracts/api/subscription';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { QueryState } from '../../../app/query-state';
import { formatPrice } from '../../../utils/format';
import { useCompanyDates } from '../../../utils/use-company-dates';
import { useCompanyPayments } from '../api/get-company-payments';
import './invoices-table.css';

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

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  return (
    <Table.Tr role="row">
      <Table.Td role="cell" data-label={COLUMNS.number}>
        {invoice.number}
      </Table.Td>
      <Table.Td role="cell" data-label={COLUMNS.date}>
        <When iso={invoice.issuedAt} />
      </Table.Td>
      <Table.Td role="cell" data-label={COLUMNS.description}>
        {invoice.description}
      </Table.Td>
      <Table.Td role="cell" data-label={COLUMNS.period}>
        <When iso={invoice.periodStart} /> – <When iso={invoice.periodEnd} />
      </Table.Td>
      <Table.Td role="cell" data-label={COLUMNS.total}>
        {formatPrice(invoice.amount.total)}
      </Table.Td>
      <Table.Td role="cell" data-label={COLUMNS.status}>
        <Stack gap={4} align="flex-start">
          {/* As wide as its word: in a narrow column a badge would cut it ("PAG…"). */}
          <Badge color={STATUS_COLOR[invoice.status]} variant="light" miw="max-content">
            {T.status[invoice.status]}
          </Badge>
          {invoice.failureMessage && <Text size="sm">{invoice.failureMessage}</Text>}
        </Stack>
      </Table.Td>
      <Table.Td role="cell" data-label={COLUMNS.documents}>
        <Documents invoice={invoice} />
      </Table.Td>
    </Table.Tr>
  );
}

function InvoicesTable({ invoices }: { invoices: readonly Invoice[] }) {
  if (invoices.length === 0) return <Text>{T.empty}</Text>;
  const headers = [COLUMNS.number, COLUMNS.date, COLUMNS.description, COLUMNS.period, COLUMNS.total, COLUMNS.status, COLUMNS.documents];
  return (
    <div className="billing-invoices-frame">
      {/* The roles are written out: shown as cards on a phone, the table keeps them for screen readers. */}
      <Table className="billing-invoices" role="table" aria-labelledby="billing-payments-caption" striped verticalSpacing="sm">
        <Table.Caption id="billing-payments-caption">
          <VisuallyHidden>{T.caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {headers.map((header) => (
              <Table.Th key={header} role="columnheader">
                {header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {invoices.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The subscription's charges: number, date, period, total with VAT, status in words, receipt and e-invoice of a paid one. */
export function PaymentsSection() {
  const payments = useCompanyPayments();
  return (
    <section aria-labelledby="billing-payments-title">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h3" id="billing-payments-title">
            {T.title}
          </Title>
          <QueryState query={payments}>{({ invoices }) => <InvoicesTable invoices={invoices} />}</QueryState>
        </Stack>
      </Card>
    </section>
  );
}
