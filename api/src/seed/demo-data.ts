import type { CompanySettings } from '@incontra/contracts/api/company';

/**
 * The demo data `npm start` seeds: what the README, the end-to-end suites and the brief describe.
 * Its texts speak to everyone alike (#24 §5): no «Benvenuto», «un esperto», «un incaricato».
 */

export const DEMO_PASSWORD = 'Incontra2026!';

export interface SeedPlan {
  id: string;
  name: string;
  price: number;
  usersLimit: number;
  rooms: number;
  trialDays: number;
}

/*
 * Demo's trial has room to grow beyond what the seed gives it (3 rooms, 2 users), so that a new
 * admin can try every management action, «Nuova stanza» and «Nuovo utente» included, out of the box.
 */
export const PLANS: SeedPlan[] = [
  { id: 'pro-trial', name: 'Prova Pro', price: 0, usersLimit: 5, rooms: 5, trialDays: 14 },
  { id: 'basic', name: 'Basic', price: 2900, usersLimit: 3, rooms: 2, trialDays: 0 },
  { id: 'pro', name: 'Pro', price: 7900, usersLimit: 10, rooms: -1, trialDays: 0 },
];

export interface SeedRoom {
  name: string;
  reservationSlots: number;
  slotDuration: number;
  maxParticipants: number | null;
  translations: Record<string, string>;
}

export interface SeedStore {
  name: string;
  address: string;
  wall: string | null;
  /** Live visitors prove their phone first (null or absent: the company's setting decides). */
  requirePhoneVerification?: boolean;
  rooms: SeedRoom[];
  topics: string[];
}

export interface SeedUser {
  username: string;
  email: string;
  role: 'admin' | 'operator';
  firstName: string;
  lastName: string;
}

export interface SeedCompany {
  name: string;
  slug: string;
  hosts: string[];
  primaryColor: string;
  theme: 'easy' | 'modern' | 'elegant';
  privacyPolicy: string;
  tosPolicy: string;
  wall: string | null;
  settings: CompanySettings;
  stores: SeedStore[];
  users: SeedUser[];
  subscription: { planId: string; nextPlanId: string | null; status: 'trialing' | 'active'; periodDays: number };
}

/** Weekly reservation hours of every demo room: Monday to Friday, 9–13 and 14–18. */
export const WEEKLY_SLOTS = [1, 2, 3, 4, 5].flatMap((weekday) => [
  { weekday, startTime: '09:00', endTime: '13:00' },
  { weekday, startTime: '14:00', endTime: '18:00' },
]);

const roomTexts = (title: string, description: string) => ({
  title,
  description,
  waitingMessage: 'Una persona del nostro staff ti risponderà a breve.',
});

export const DEMO_COMPANIES: SeedCompany[] = [
  {
    name: 'Demo',
    slug: 'demo',
    hosts: ['demo.localhost', 'localhost'],
    primaryColor: '#f5a623',
    theme: 'easy',
    privacyPolicy: 'Demo tratta i dati personali solo per fornire i servizi richiesti, nel rispetto del GDPR.',
    tosPolicy: 'Usando il servizio accetti le condizioni generali di Demo.',
    wall: 'Questo è lo spazio video di Demo: parla con noi o prenota un appuntamento.',
    settings: { welcomeTitle: 'Ti diamo il benvenuto da Demo' },
    stores: [
      {
        name: 'Milano Centro',
        address: 'Via Dante 12, 20121 Milano',
        wall: 'Il negozio nel cuore di Milano.',
        rooms: [
          {
            name: 'Sala Consulenza',
            reservationSlots: 1,
            slotDuration: 30,
            maxParticipants: 4,
            translations: roomTexts('Consulenza personalizzata', 'Ti guidiamo nella scelta, passo dopo passo.'),
          },
          {
            name: 'Sala Assistenza',
            reservationSlots: 2,
            slotDuration: 20,
            maxParticipants: 2,
            translations: roomTexts('Assistenza clienti', 'Risolviamo insieme ogni problema.'),
          },
        ],
        topics: ['Consulenza prodotto', 'Assistenza post-vendita'],
      },
      {
        name: 'Roma Termini',
        address: 'Via Marsala 29, 00185 Roma',
        wall: null,
        // The demo of the phone step: Roma's live visitors verify by SMS, Milano's do not.
        requirePhoneVerification: true,
        rooms: [
          {
            name: 'Sala Roma',
            reservationSlots: 1,
            slotDuration: 30,
            maxParticipants: null,
            translations: roomTexts('Consulenza a Roma', 'Parla con il nostro staff di Roma.'),
          },
        ],
        topics: ['Informazioni', 'Prenotazione ritiro'],
      },
    ],
    // No user_stores rows: both accounts serve every store (the live queue shows all of them).
    users: [
      { username: 'admin', email: 'admin@demo.incontra.local', role: 'admin', firstName: 'Anna', lastName: 'Rossi' },
      { username: 'operatore', email: 'operatore@demo.incontra.local', role: 'operator', firstName: 'Marco', lastName: 'Bianchi' },
    ],
    subscription: { planId: 'pro-trial', nextPlanId: 'basic', status: 'trialing', periodDays: 14 },
  },
  {
    name: 'Acme',
    slug: 'acme',
    hosts: ['acme.localhost'],
    primaryColor: '#1c7ed6',
    theme: 'modern',
    privacyPolicy: 'Acme protegge i tuoi dati personali.',
    tosPolicy: 'Condizioni di servizio di Acme.',
    wall: null,
    settings: { welcomeTitle: 'Ti diamo il benvenuto in Acme' },
    stores: [
      {
        name: 'Acme Torino',
        address: 'Corso Vittorio Emanuele II 50, 10123 Torino',
        wall: null,
        rooms: [
          {
            name: 'Sala Acme',
            reservationSlots: 1,
            slotDuration: 45,
            maxParticipants: 3,
            translations: roomTexts('Consulenza Acme', 'Il team Acme è a tua disposizione.'),
          },
        ],
        topics: ['Preventivi'],
      },
    ],
    users: [
      { username: 'admin', email: 'admin@acme.incontra.local', role: 'admin', firstName: 'Luca', lastName: 'Verdi' },
      { username: 'operatore', email: 'operatore@acme.incontra.local', role: 'operator', firstName: 'Giulia', lastName: 'Neri' },
    ],
    subscription: { planId: 'pro', nextPlanId: 'basic', status: 'active', periodDays: 30 },
  },
];
