import type { Plan } from './subscription';
import { canAddUser, canCreateRoom, daysLeft, hasScheduledDowngrade, isTrialPlan, roomsLeft } from './subscription';

const plan = (over: Partial<Plan>): Plan => ({
  id: 'basic',
  name: 'Basic',
  price: 2900,
  usersLimit: 3,
  rooms: 2,
  trialDays: 0,
  ...over,
});

describe('subscription rules', () => {
  it('recognises a trial by the word trial in the plan id', () => {
    expect(isTrialPlan(plan({ id: 'pro-trial' }))).toBe(true);
    expect(isTrialPlan(plan({ id: 'pro' }))).toBe(false);
  });

  it('schedules a downgrade only when the next plan costs less', () => {
    expect(hasScheduledDowngrade({ plan: plan({ price: 4900 }), nextPlan: plan({ price: 2900 }) })).toBe(true);
    expect(hasScheduledDowngrade({ plan: plan({ price: 2900 }), nextPlan: plan({ price: 4900 }) })).toBe(false);
    expect(hasScheduledDowngrade({ plan: plan({}), nextPlan: null })).toBe(false);
  });

  it('adds users only below the limit', () => {
    expect(canAddUser(plan({ usersLimit: 3 }), 2)).toBe(true);
    expect(canAddUser(plan({ usersLimit: 3 }), 3)).toBe(false);
    expect(canAddUser(plan({ usersLimit: -1 }), 999)).toBe(true);
  });

  it('creates rooms while some are left; -1 is unlimited', () => {
    expect(roomsLeft(plan({ rooms: 2 }), 1)).toBe(1);
    expect(canCreateRoom(plan({ rooms: 2 }), 2)).toBe(false);
    expect(canCreateRoom(plan({ rooms: 2 }), 5)).toBe(false);
    expect(roomsLeft(plan({ rooms: -1 }), 50)).toBeNull();
    expect(canCreateRoom(plan({ rooms: -1 }), 50)).toBe(true);
  });

  it('counts whole days left and never below zero', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(daysLeft('2026-01-15T00:00:00Z', now)).toBe(14);
    expect(daysLeft('2025-12-01T00:00:00Z', now)).toBe(0);
    expect(daysLeft(null, now)).toBe(0);
  });
});
