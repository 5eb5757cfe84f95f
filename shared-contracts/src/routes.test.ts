import { isAdminPath, isShownBy, loginPathFor, remoteContainerId, remoteForPath, safeNextPath } from './routes';

describe('route table', () => {
  it.each([
    ['/', 'visitor'],
    ['/partecipa', 'visitor'],
    ['/prenota/passo-2', 'visitor'],
    ['/room/verifica', 'room'],
    // A webinar's live page is the room remote's, beside the visitor's /webinar pages.
    ['/room/webinar/7c1c7c35-8a0e-4b63-9d1e-0b2f3c4d5e6f', 'room'],
    ['/webinar/7c1c7c35-8a0e-4b63-9d1e-0b2f3c4d5e6f', 'visitor'],
    ['/admin', 'backoffice'],
    ['/admin/login', 'backoffice'],
    ['/admin/abbonamento', 'billing'],
    ['/admin/abbonamento/', 'billing'],
  ])('%s belongs to %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it('leaves unknown paths to the shell 404', () => {
    expect(remoteForPath('/nowhere')).toBeNull();
    expect(remoteForPath('/partecipazione')).toBeNull();
    expect(remoteForPath('/administrator')).toBeNull();
  });

  it('shows the back office around the subscription page, which stays the billing remote’s', () => {
    expect(isShownBy('backoffice', '/admin/abbonamento')).toBe(true);
    expect(isShownBy('billing', '/admin/abbonamento')).toBe(true);
    expect(isShownBy('backoffice', '/admin/agenda')).toBe(true);
    expect(isShownBy('billing', '/admin/agenda')).toBe(false);
    expect(isShownBy('backoffice', '/room/verifica')).toBe(false);
    expect(remoteContainerId('billing')).toBe('single-spa-application:billing');
  });

  it('puts any path containing admin in the admin context', () => {
    expect(isAdminPath('/admin/login')).toBe(true);
    expect(isAdminPath('/x/administrator')).toBe(true);
    expect(isAdminPath('/prenota')).toBe(false);
  });
});

describe('safeNextPath', () => {
  it('keeps a path of this site and drops anything that could leave it', () => {
    expect(safeNextPath('/room/7c1c7c35-8a0e-4b63-9d1e-0b2f3c4d5e6f')).toBe('/room/7c1c7c35-8a0e-4b63-9d1e-0b2f3c4d5e6f');
    expect(loginPathFor('/room/x')).toBe('/admin/login?next=%2Froom%2Fx');
    for (const unsafe of ['https://evil.example/', '//evil.example', '/\\evil.example', 'room/x', '', null, undefined, '/room/"><script>']) {
      expect(safeNextPath(unsafe)).toBeNull();
    }
  });
});
