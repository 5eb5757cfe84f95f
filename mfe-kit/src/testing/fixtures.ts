import type { Me } from '@incontra/contracts/api/auth';
import type { PublicCompany } from '@incontra/contracts/api/company';
import type { Subscription } from '@incontra/contracts/api/subscription';

/** The company every remote's tests run for, shaped as GET /api/company answers it. */
export const TEST_COMPANY: PublicCompany = {
  id: '0b7c2f4e-6a51-4d3e-9a8f-1c2d3e4f5a6b',
  name: 'Demo',
  slug: 'demo',
  primaryColor: '#f5a623',
  theme: 'easy',
  logo: null,
  privacyPolicy: null,
  tosPolicy: null,
  wall: null,
  settings: {},
  timeZone: 'Europe/Rome',
};

/** A signed-in admin of TEST_COMPANY, as GET /api/me answers it. */
export const TEST_USER: Me = {
  id: '7d3c1b2a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  companyId: TEST_COMPANY.id,
  username: 'admin',
  email: 'admin@demo.incontra.local',
  firstName: 'Mario',
  lastName: 'Rossi',
  role: 'admin',
  isGuest: false,
};

/** An active subscription of TEST_COMPANY as GET /api/subscription answers it; `over` changes any field. */
export function testSubscription(over: Partial<Subscription> = {}): Subscription {
  return {
    id: '5f0c8f43-2c7e-4a3d-9d0b-7a6e5c4b3a21',
    plan: { id: 'pro-trial', name: 'Prova Pro', price: 0, usersLimit: 5, rooms: 10, trialDays: 14 },
    nextPlan: null,
    status: 'active',
    trialEndsAt: null,
    currentPeriodEndsAt: null,
    usage: { users: 2, rooms: 3 },
    cancelAtPeriodEnd: false,
    graceEndsAt: null,
    billingOnly: false,
    paymentMode: 'test',
    vatRate: 22,
    plans: [],
    ...over,
  };
}
