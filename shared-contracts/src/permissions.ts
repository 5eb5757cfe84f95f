import type { UserRole } from './api/auth';

/*
 * Who may do what in the back office. The API refuses (403) a call whose permission the staff
 * member's role lacks; the screens hide what the role cannot do, reading the same table.
 *
 * admin: everything in its company. operator: reads the stores it serves, manages the documents
 * and translations of their rooms, answers the queue and enters rooms; nothing else.
 */
export const PERMISSIONS = {
  /** Users: list, read, create, change, delete. */
  manageUsers: ['admin'],
  /** Stores, their walls and topics; rooms, their opening hours, exceptions and slots. */
  manageStores: ['admin'],
  manageRooms: ['admin'],
  manageTopics: ['admin'],
  /** Company data, look, time zone, privacy, terms and wall; editor images. */
  manageCompany: ['admin'],
  /** The subscription and its payments. */
  manageSubscription: ['admin'],
  /** Read the activity log. */
  readActivity: ['admin'],
  /** A served store's room documents and translations. */
  manageRoomContent: ['admin', 'operator'],
  /** Stores, rooms, topics and opening hours (of the stores served). */
  readStores: ['admin', 'operator'],
  /** The point of sale of the stores served: ask a customer to pay, follow, cancel and export the requests. */
  takePayments: ['admin', 'operator'],
  /** The webinars of the stores served: create, edit, publish, present, end; read their registrations. */
  runWebinars: ['admin', 'operator'],
} as const satisfies Record<string, readonly UserRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: UserRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly UserRole[]).includes(role);
}
