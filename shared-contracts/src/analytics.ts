import type { Me } from './api/auth';

export type UserType = 'user' | 'admin';

export interface PageViewEvent {
  event: 'page_view';
  page_path: string;
  page_title: string;
  user_type: UserType;
}

export type DataLayerEvent = PageViewEvent | { event: string; [key: string]: unknown };

/** Guest or no user is a plain user, anybody signed in is reported as admin. */
export function userTypeOf(user: Pick<Me, 'isGuest'> | null | undefined): UserType {
  return !user || user.isGuest ? 'user' : 'admin';
}

export function pageViewEvent(pathname: string, title: string, user: Pick<Me, 'isGuest'> | null | undefined): PageViewEvent {
  return { event: 'page_view', page_path: pathname, page_title: title, user_type: userTypeOf(user) };
}
