import { IT_BILLING } from '@incontra/contracts/messages/it-billing';
import { SubscriptionPage } from '../features/subscription/components/subscription-page';
import { StaffPage } from './staff-page';

export function BillingPage() {
  return <StaffPage title={IT_BILLING.title}>{(me) => <SubscriptionPage role={me.role} />}</StaffPage>;
}
