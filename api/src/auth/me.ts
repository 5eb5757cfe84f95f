import type { Me } from '@incontra/contracts/api/auth';
import { userRoleSchema } from '@incontra/contracts/api/auth';
import type { UserRow } from '../users/facade';

export function toMe(user: UserRow): Me {
  return {
    id: user.id,
    companyId: user.companyId,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: userRoleSchema.parse(user.role),
    isGuest: false,
  };
}
