import { screen, waitFor } from '@testing-library/react';
import type { PosPayment } from '@incontra/contracts/api/pos';
import type { ClientLobbyMessage, ServerLobbyMessage } from '@incontra/contracts/realtime/lobby';
import { IT_PAYMENT_PAGES } from '@incontra/contracts/messages/it-payment-pages';
import { hasStaffLine } from '@incontra/contracts/realtime/staff-line';
import { FakeWebSocket, FakeWebSockets } from '@incontra/mfe-kit/testing/fake-web-socket';
import { mockFetch, requestsTo } from '@incontra/mfe-kit/testing/mock-fetch';
import type { ChatPayment } from '../store/chat-slice';
import { renderInRoom } from '../components/testing/render-in-room';
import { PaymentCard } from './payment-card';
import { useStaffLineInRoom } from './staff-lobby-line';

const T = IT_PAYMENT_PAGES.room;
const PAYMENT_ID = '00000000-0000-4000-8000-0000000000a1';
const STORE_ID = '00000000-0000-4000-8000-0000000000b1';
const CARD: ChatPayment = { paymentId: PAYMENT_ID, token: 'tok_Abc-123', amount: 2500, description: 'Montatura Aria' };

function posPayment(over: Partial<PosPayment> = {}): PosPayment {
  return {
    id: PAYMENT_ID,
    storeId: STORE_ID,
    storeName: 'Via Roma',
    amount: 2500,
    description: 'Montatura Aria',
    email: null,
    phone: null,
    status: 'requested',
    createdAt: '2026-11-22T10:30:00.000Z',
    expiresAt: '2026-11-23T10:30:00.000Z',
    paidAt: null,
    cancelledAt: null,
    createdBy: 'Anna',
    link: 'https://demo.example/pagamento/tok_Abc-123',
    qrCode: null,
    last4: null,
    ...over,
  };
}

/** The staff member's chat in a call: the room's line to the lobby socket (fake sockets) and the card. */
function StaffChat({ sockets }: { sockets: FakeWebSockets<FakeWebSocket<ClientLobbyMessage, ServerLobbyMessage>> }) {
  useStaffLineInRoom(true, { origin: 'https://demo.example', createSocket: sockets.create });
  return <PaymentCard payment={CARD} mine />;
}

describe('the payment card in the chat', () => {
  it('gives the customer «Paga 25,00 €», opening this site’s payment page for the token in a new tab', () => {
    renderInRoom(<PaymentCard payment={CARD} mine={false} />);
    expect(screen.getByText('Montatura Aria')).toBeInTheDocument();
    const pay = screen.getByRole('link', { name: `Paga 25,00 € ${T.opensNewTab}` });
    expect(pay).toHaveAttribute('href', '/pagamento/tok_Abc-123');
    expect(pay).toHaveAttribute('target', '_blank');
    expect(pay).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByTestId('payment-status')).not.toBeInTheDocument();
  });

  it('shows staff their request waiting, then «Pagato» when the lobby socket says so: one socket, one read per change, no polling', async () => {
    let status: PosPayment['status'] = 'requested';
    const fetchMock = mockFetch({ [`GET /api/pos/payment/${PAYMENT_ID}`]: () => ({ status: 200, body: posPayment({ status }) }) });
    const sockets = new FakeWebSockets((url) => new FakeWebSocket<ClientLobbyMessage, ServerLobbyMessage>(url));
    const { unmount } = renderInRoom(<StaffChat sockets={sockets} />);

    expect(await screen.findByText(T.waiting)).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await waitFor(() => expect(sockets.all).toHaveLength(1));
    const socket = sockets.last;
    expect(new URL(socket.url).pathname).toBe('/api/realtime/lobby');
    socket.accept();
    socket.deliver({ type: 'queue', requests: [] });

    // Another request's change is not this one's.
    socket.deliver({ type: 'pos', storeId: STORE_ID, paymentId: '00000000-0000-4000-8000-0000000000a2' });
    status = 'paid';
    socket.deliver({ type: 'pos', storeId: STORE_ID, paymentId: PAYMENT_ID });
    expect(await screen.findByText(T.paid)).toBeInTheDocument();
    expect(requestsTo(fetchMock, `GET /api/pos/payment/${PAYMENT_ID}`)).toHaveLength(2);
    expect(sockets.all).toHaveLength(1);

    unmount();
    expect(hasStaffLine()).toBe(false);
  });
});
