import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { posPaymentSchema, type PosCreateBody, type PosPayment } from '@incontra/contracts/api/pos';
import { managedRoomSchema, type ManagedRoom } from '@incontra/contracts/api/room-management';
import { apiRequest } from '@incontra/contracts/http';
import { joinStaffLine } from '@incontra/contracts/realtime/staff-line';
import { useMfeProps } from '@incontra/mfe-kit/mfe-props-context';

export const posPaymentKey = (companyId: string, id: string) => ['company', companyId, 'pos-payments', id] as const;
export const roomKey = (companyId: string, roomId: string) => ['company', companyId, 'rooms', roomId] as const;

/** GET /api/room/{id}: the room as staff manage it; the store a payment request of its call belongs to. */
export function getRoom(roomId: string, signal?: AbortSignal): Promise<ManagedRoom> {
  return apiRequest(`/api/room/${encodeURIComponent(roomId)}`, { schema: managedRoomSchema, signal });
}

/** POST /api/pos/create-payment: a payment request (its link, its QR code), made for the call in `roomId`. */
export function createPosPayment(body: PosCreateBody): Promise<PosPayment> {
  return apiRequest('/api/pos/create-payment', { method: 'POST', body, schema: posPaymentSchema });
}

/** GET /api/pos/payment/{id}: one request as staff see it (its status, paid or not). */
export function getPosPayment(id: string, signal?: AbortSignal): Promise<PosPayment> {
  return apiRequest(`/api/pos/payment/${encodeURIComponent(id)}`, { schema: posPaymentSchema, signal });
}

/**
 * A request's status for the staff member who made it, kept current without polling: the
 * server tells the staff lobby socket `{ type: 'pos', paymentId }` when a request changes, and
 * this one is read again then (the page's one line, joined, never a socket of its own).
 */
export function usePosPaymentStatus(id: string) {
  const { company } = useMfeProps();
  const queryClient = useQueryClient();
  const key = posPaymentKey(company.id, id);
  useEffect(
    () =>
      joinStaffLine({
        onMessage: (message) => {
          if (message.type === 'pos' && message.paymentId === id) void queryClient.invalidateQueries({ queryKey: posPaymentKey(company.id, id) });
        },
      }),
    [company.id, id, queryClient],
  );
  return useQuery({ queryKey: key, queryFn: ({ signal }) => getPosPayment(id, signal), refetchOnWindowFocus: false });
}
