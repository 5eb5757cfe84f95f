import { isAdminPath, remoteForPath } from './routes';

describe('route table', () => {
  it.each([
    ['/', 'visitor'],
    ['/partecipa', 'visitor'],
    ['/prenota/passo-2', 'visitor'],
    ['/room/verifica', 'room'],
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

  it('puts any path containing admin in the admin context', () => {
    expect(isAdminPath('/admin/login')).toBe(true);
    expect(isAdminPath('/x/administrator')).toBe(true);
    expect(isAdminPath('/prenota')).toBe(false);
  });
});
