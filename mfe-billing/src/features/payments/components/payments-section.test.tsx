import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice } from '@incontra/contracts/api/subscription';
import { IT_BILLING_PAGES } from '@incontra/contracts/messages/it-billing-pages';
import { requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { PAID_INVOICE, serveBilling } from '../../../app/testing/billing-api';
import { renderApp } from '../../../app/test-utils';

const T = IT_BILLING_PAGES.payments;

const FAILED: Invoice = {
  ...PAID_INVOICE,
  id: '1c9a8b7d-6e5f-4a3b-9c2d-1e0f9a8b7c6d',
  number: '2026-000013',
  issuedAt: '2026-12-01T09:00:00Z',
  status: 'failed',
  failureMessage: 'La carta è stata rifiutata.',
  paidAt: null,
  receiptUrl: null,
  eInvoice: null,
};

const paymentsTable = () => screen.findByRole('table', { name: T.caption });

describe('the payments table', () => {
  it('lists each charge with its number, dates, total with VAT and status in words; a paid one has its receipt and e-invoice', async () => {
    serveBilling({ invoices: [FAILED, PAID_INVOICE] });
    renderApp('/admin/abbonamento');
    const table = await paymentsTable();
    const [, failed, paid] = within(table).getAllByRole('row');
    expect(paid).toHaveTextContent('2026-000012');
    expect(paid).toHaveTextContent('01/11/26');
    expect(paid).toHaveTextContent('Abbonamento Pro');
    expect(paid).toHaveTextContent('01/11/26 – 01/12/26');
    expect(paid).toHaveTextContent('59,78 €');
    expect(paid).toHaveTextContent(T.status.paid);
    expect(within(paid!).getByRole('link', { name: `${T.receipt} ${T.documentOf('2026-000012')}` })).toHaveAttribute('href', PAID_INVOICE.receiptUrl);
    const xml = within(paid!).getByRole('link', { name: `${T.eInvoice} ${T.documentOf('2026-000012')}` });
    expect(xml).toHaveAttribute('href', PAID_INVOICE.eInvoice!.url);
    expect(xml).toHaveAttribute('download', 'IT01234567897_00012.xml');
    expect(failed).toHaveTextContent(T.status.failed);
    expect(failed).toHaveTextContent('La carta è stata rifiutata.');
    expect(within(failed!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when there is no payment yet', async () => {
    serveBilling({ invoices: [] });
    renderApp('/admin/abbonamento');
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });

  it('shows a failed read with «Riprova», which reads again', async () => {
    let fail = true;
    const fetchMock = serveBilling(
      {},
      {
        'GET /api/payments/company': () =>
          fail
            ? { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Si è verificato un errore. Riprova.' } }
            : { status: 200, body: { invoices: [] } },
      },
    );
    renderApp('/admin/abbonamento');
    const section = (await screen.findByRole('heading', { name: T.title })).closest('section') as HTMLElement;
    const retry = await within(section).findByRole('button', { name: 'Riprova' }, { timeout: 5000 });
    fail = false;
    await userEvent.click(retry);
    expect(await within(section).findByText(T.empty)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'GET /api/payments/company').length).toBeGreaterThanOrEqual(2);
  });
});
