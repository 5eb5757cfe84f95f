import { hasStaffLine, joinStaffLine, offerStaffLine, type StaffLine, type StaffLineUser } from './staff-line';

/** A line that records who holds it and can speak to them. */
function recordingLine() {
  const users = new Set<StaffLineUser>();
  const line: StaffLine = {
    join(user) {
      users.add(user);
      return () => users.delete(user);
    },
  };
  const say = () => users.forEach((user) => user.onMessage?.({ type: 'pong' }));
  return { line, users, say };
}

describe('the page staff line', () => {
  it('hands a user to the offered line, and lets go of it when the user leaves', () => {
    const { line, users, say } = recordingLine();
    const withdraw = offerStaffLine(line);
    const heard = jest.fn();
    const leave = joinStaffLine({ onMessage: heard });
    say();
    expect(heard).toHaveBeenCalledWith({ type: 'pong' });
    leave();
    expect(users.size).toBe(0);
    withdraw();
    expect(hasStaffLine()).toBe(false);
  });

  it('keeps a user who came before the offer, and joins it once the line is offered', () => {
    const heard = jest.fn();
    const leave = joinStaffLine({ onMessage: heard });
    const { line, users, say } = recordingLine();
    const withdraw = offerStaffLine(line);
    expect(users.size).toBe(1);
    say();
    expect(heard).toHaveBeenCalledTimes(1);
    withdraw();
    expect(users.size).toBe(0);
    leave();
  });

  it('moves the users to a newer offer; the older withdrawal then changes nothing', () => {
    const first = recordingLine();
    const second = recordingLine();
    const withdrawFirst = offerStaffLine(first.line);
    const leave = joinStaffLine({});
    const withdrawSecond = offerStaffLine(second.line);
    expect(first.users.size).toBe(0);
    expect(second.users.size).toBe(1);
    withdrawFirst();
    expect(second.users.size).toBe(1);
    expect(hasStaffLine()).toBe(true);
    leave();
    withdrawSecond();
  });
});
