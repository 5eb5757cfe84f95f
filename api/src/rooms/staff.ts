import type { FastifyRequest } from 'fastify';
import type { StaffMember } from '../common/staff-member';

/** Who makes a call on rooms: their company, and the user as the session knows them (role included). */
export interface Staff {
  companyId: string;
  user: StaffMember & { role: string };
}

export function staffOf(request: FastifyRequest): Staff {
  return { companyId: request.staff.company.id, user: request.staff.session.user };
}
