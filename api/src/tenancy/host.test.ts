import { hostFromOrigin, normalizeHost } from './host';

describe('host names', () => {
  it('drops the port and the case', () => {
    expect(normalizeHost('Demo.Localhost:3000')).toBe('demo.localhost');
    expect(normalizeHost('acme.localhost')).toBe('acme.localhost');
    expect(normalizeHost('[::1]:3000')).toBe('[::1]');
    expect(normalizeHost('demo.localhost.')).toBe('demo.localhost');
  });

  it('refuses what cannot be a host', () => {
    expect(normalizeHost('')).toBeNull();
    expect(normalizeHost(undefined)).toBeNull();
    expect(normalizeHost('evil host/<x>')).toBeNull();
  });

  it('reads x-origin as a URL or as a host', () => {
    expect(hostFromOrigin('http://demo.localhost:3000/prenota?x=1')).toBe('demo.localhost');
    expect(hostFromOrigin('https://acme.localhost')).toBe('acme.localhost');
    expect(hostFromOrigin('acme.localhost:3000')).toBe('acme.localhost');
    expect(hostFromOrigin(undefined)).toBeNull();
  });
});
