/** The staff member a call is made by, as the session knows them: what every domain receives. */
export interface StaffMember {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/** How a staff member is shown to others: first and last name, or the username without them. */
export function displayNameOf(user: StaffMember): string {
  return (
    [user.firstName, user.lastName]
      .filter((part) => part?.trim())
      .join(' ')
      .trim() || user.username
  );
}
