import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { IT_POS } from '@incontra/contracts/messages/it-pos';
import { bodiesSentTo, mockFetch, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import { ROOM_ID } from '../session/testing/session-harness';
import { renderInRoom } from '../components/testing/render-in-room';
import { PaymentRequest, tokenOfLink } from './payment-request';

const T = IT_PAYMENT_PAGES.room;
const PAYMENT_ID = '00000000-0000-4000-8000-0000000000a1';
const STORE_ID = '00000000-0000-4000-8000-0000000000b1';
const ROOM = { id: ROOM_ID, storeId: STORE_ID, storeName: 'Via Roma', name: 'Sala Roma', reservationSlots: 1, slotDuration: 30, maxParticipants: 4 };
const CREATED = {
  id: PAYMENT_ID,
  storeId: STORE_ID,
  storeName: 'Via Roma',
  amount: 2500,
  description: 'Montatura Aria',
  email: 'cliente@example.com',
  phone: null,
  status: 'requested',
  createdAt: '2026-11-22T10:30:00.000Z',
  expiresAt: '2026-11-23T10:30:00.000Z',
  paidAt: null,
  cancelledAt: null,
  createdBy: 'Anna',
  link: 'https://demo.example/pagamento/tok_Abc-123',
  qrCode: 'data:image/png;base64,AAAA',
  last4: null,
};

function serve() {
  return mockFetch({
    [`GET /api/room/${ROOM_ID}`]: { status: 200, body: ROOM },
    'POST /api/pos/create-payment': { status: 201, body: CREATED },
  });
}

async function openForm() {
  await userEvent.click(screen.getByRole('button', { name: T.request }));
  return screen.findByRole('form', { name: T.formTitle });
}

describe('«Richiedi pagamento» in a call (staff)', () => {
  it('makes the request for the room’s store and this call, puts its card into the chat and gives the focus back', async () => {
    const fetchMock = serve();
    const onSend = jest.fn();
    const { mfeProps } = renderInRoom(<PaymentRequest roomId={ROOM_ID} onSend={onSend} />);
    const form = await openForm();
    expect(within(form).getByLabelText(T.amount, { exact: false })).toHaveFocus();
    await userEvent.type(within(form).getByLabelText(T.amount, { exact: false }), '25,00');
    await userEvent.type(within(form).getByLabelText(T.description, { exact: false }), 'Montatura Aria');
    await userEvent.type(within(form).getByLabelText(T.email, { exact: false }), 'cliente@example.com');
    await userEvent.click(within(form).getByRole('button', { name: T.send }));

    await waitFor(() => expect(onSend).toHaveBeenCalledWith({ paymentId: PAYMENT_ID, token: 'tok_Abc-123', amount: 2500, description: 'Montatura Aria' }));
    expect(bodiesSentTo(fetchMock, 'POST /api/pos/create-payment')).toEqual([
      { storeId: STORE_ID, roomId: ROOM_ID, amount: 2500, description: 'Montatura Aria', email: 'cliente@example.com' },
    ]);
    expect(mfeProps.notify.show).toHaveBeenCalledWith({ kind: 'success', message: T.sent });
    await waitFor(() => expect(screen.getByRole('button', { name: T.request })).toHaveFocus());
  });

  it('refuses an amount it cannot read or out of range, and a missing description, sending nothing', async () => {
    const fetchMock = serve();
    const onSend = jest.fn();
    renderInRoom(<PaymentRequest roomId={ROOM_ID} onSend={onSend} />);
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText(T.amount, { exact: false }), '0,10');
    await userEvent.click(within(form).getByRole('button', { name: T.send }));
    expect(await within(form).findByText(IT_POS.amountInvalid)).toBeInTheDocument();
    expect(within(form).getByText(IT_POS.descriptionRequired)).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST /api/pos/create-payment')).toHaveLength(0);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('shows the API’s refusal and sends no card', async () => {
    mockFetch({
      [`GET /api/room/${ROOM_ID}`]: { status: 200, body: ROOM },
      'POST /api/pos/create-payment': {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'Non puoi ricevere pagamenti per questo punto vendita.' },
      },
    });
    const onSend = jest.fn();
    renderInRoom(<PaymentRequest roomId={ROOM_ID} onSend={onSend} />);
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText(T.amount, { exact: false }), '25');
    await userEvent.type(within(form).getByLabelText(T.description, { exact: false }), 'Montatura');
    await userEvent.click(within(form).getByRole('button', { name: T.send }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Non puoi ricevere pagamenti per questo punto vendita.');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('says when the room’s store cannot be read, and makes no request', async () => {
    const fetchMock = mockFetch({ [`GET /api/room/${ROOM_ID}`]: { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Vietato' } } });
    renderInRoom(<PaymentRequest roomId={ROOM_ID} onSend={jest.fn()} />);
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText(T.amount, { exact: false }), '25');
    await userEvent.type(within(form).getByLabelText(T.description, { exact: false }), 'Montatura');
    await userEvent.click(within(form).getByRole('button', { name: T.send }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(T.storeUnknown);
    expect(requestsTo(fetchMock, 'POST /api/pos/create-payment')).toHaveLength(0);
  });

  it('reads the token from the API’s link, and nothing that is not one', () => {
    expect(tokenOfLink('https://demo.example/pagamento/tok_Abc-123')).toBe('tok_Abc-123');
    expect(tokenOfLink('https://demo.example/prenota')).toBeNull();
    expect(tokenOfLink('https://demo.example/pagamento/a%2Fb')).toBeNull();
  });
});
