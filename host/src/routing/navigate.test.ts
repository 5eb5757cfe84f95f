import { navigate } from './navigate';

jest.mock('single-spa', () => ({ navigateToUrl: jest.fn() }));

describe('navigate', () => {
  it('replaces the current entry and announces it once', () => {
    window.history.pushState(null, '', '/non-esiste');
    const length = window.history.length;
    const announced = jest.fn();
    window.addEventListener('popstate', announced);
    navigate('/', { replace: true });
    window.removeEventListener('popstate', announced);
    expect(window.location.pathname).toBe('/');
    expect(window.history.length).toBe(length);
    expect(announced).toHaveBeenCalledTimes(1);
  });
});
