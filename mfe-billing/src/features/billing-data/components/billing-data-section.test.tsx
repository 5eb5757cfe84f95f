import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_BILLING_DATA } from '@incontra/contracts/messages/it-billing-data';
import { bodiesSentTo, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { BILLING_DATA, serveBilling } from '../../../app/testing/billing-api';
import { renderApp } from '../../../app/test-utils';

const L = IT_BILLING_DATA.labels;
const V = IT_BILLING_DATA.validation;

async function billingForm() {
  return screen.findByRole('form', { name: IT_BILLING_DATA.title });
}

const input = (form: HTMLElement, label: string) => within(form).getByLabelText(label, { exact: false });

describe('the invoicing data form', () => {
  it('asks for the data when none are saved, and refuses each wrong field with its message, sending nothing', async () => {
    const fetchMock = serveBilling({ billing: null });
    renderApp('/admin/abbonamento');
    const form = await billingForm();
    expect(within(form).getByText(IT_BILLING_DATA.missing)).toBeInTheDocument();
    await userEvent.type(input(form, L.vatNumber), '01234567890');
    await userEvent.type(input(form, L.postalCode), '2012');
    await userEvent.click(within(form).getByRole('button', { name: IT_BILLING_DATA.save }));
    expect(await within(form).findByText(V.legalNameRequired)).toBeInTheDocument();
    expect(within(form).getByText(V.vatNumberInvalid)).toBeInTheDocument();
    expect(within(form).getByText(V.postalCodeInvalid)).toBeInTheDocument();
    expect(within(form).getByText(V.provinceInvalid)).toBeInTheDocument();
    expect(within(form).getByText(V.sdiCodeOrPec)).toBeInTheDocument();
    expect(input(form, L.vatNumber)).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST /api/subscription/billing')).toHaveLength(0);
  });

  it('fills in the saved data, and saves the changes (codes upper-cased) with a toast', async () => {
    const fetchMock = serveBilling({}, { 'POST /api/subscription/billing': ({ body }) => ({ status: 200, body: { billing: body } }) });
    const { props } = renderApp('/admin/abbonamento');
    const form = await billingForm();
    expect(input(form, L.legalName)).toHaveValue('Demo S.r.l.');
    expect(within(form).getByRole('combobox', { name: new RegExp(L.province) })).toHaveValue('MI');
    await userEvent.clear(input(form, L.sdiCode));
    await userEvent.type(input(form, L.sdiCode), 'xyz9876');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: new RegExp(L.province) }), 'TO');
    await userEvent.click(within(form).getByRole('button', { name: IT_BILLING_DATA.save }));
    await screen.findByRole('form', { name: IT_BILLING_DATA.title });
    await within(form).findByDisplayValue('XYZ9876');
    expect(bodiesSentTo(fetchMock, 'POST /api/subscription/billing')).toEqual([{ ...BILLING_DATA, sdiCode: 'XYZ9876', province: 'TO' }]);
    expect(props.notify.show).toHaveBeenCalledWith({ kind: 'success', message: IT_BILLING_DATA.saved });
  });

  it('shows the API’s refusal of a field under that field', async () => {
    serveBilling(
      {},
      { 'POST /api/subscription/billing': { status: 400, body: { statusCode: 400, error: 'Bad Request', message: V.taxCodeInvalid, field: 'taxCode' } } },
    );
    renderApp('/admin/abbonamento');
    const form = await billingForm();
    await userEvent.click(within(form).getByRole('button', { name: IT_BILLING_DATA.save }));
    expect(await within(form).findByText(V.taxCodeInvalid)).toBeInTheDocument();
    expect(input(form, L.taxCode)).toHaveAttribute('aria-invalid', 'true');
  });
});
