import { pageViewEvent, userTypeOf } from './analytics';

describe('analytics user type', () => {
  it('reports no user and guests as user, staff as admin', () => {
    expect(userTypeOf(null)).toBe('user');
    expect(userTypeOf({ isGuest: true })).toBe('user');
    expect(userTypeOf({ isGuest: false })).toBe('admin');
  });

  it('builds a page view with path, title and user type', () => {
    expect(pageViewEvent('/admin', 'Demo', { isGuest: false })).toEqual({
      event: 'page_view',
      page_path: '/admin',
      page_title: 'Demo',
      user_type: 'admin',
    });
  });
});
