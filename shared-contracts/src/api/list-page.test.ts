import * as z from 'zod/mini';
import { LIST_PAGE_SIZE, listQueryShape, listRequestOf, listSearchParams } from './list-page';

const query = z.object(listQueryShape(['name', 'email']));

describe('a list query', () => {
  it('reads the query string: numbers from their text, the search trimmed, defaults filled in later', () => {
    expect(query.parse({ page: '3', pageSize: '50', q: '  Città ', sort: 'email', dir: 'desc' })).toEqual({
      page: 3,
      pageSize: 50,
      q: 'Città',
      sort: 'email',
      dir: 'desc',
    });
    expect(listRequestOf(query.parse({}))).toEqual({ page: 1, pageSize: LIST_PAGE_SIZE, q: '', sort: null, dir: 'asc' });
  });

  it('refuses what is not a page, a size, a known order or a direction, naming the part', () => {
    for (const [raw, field] of [
      [{ page: '0' }, 'page'],
      [{ page: '2.5' }, 'page'],
      [{ page: '' }, 'page'],
      [{ page: ['1', '2'] }, 'page'],
      [{ pageSize: '101' }, 'pageSize'],
      [{ q: 'x'.repeat(101) }, 'q'],
      [{ sort: 'password' }, 'sort'],
      [{ dir: 'up' }, 'dir'],
    ] as const) {
      const result = query.safeParse(raw);
      expect({ raw, path: result.error?.issues[0]?.path }).toEqual({ raw, path: [field] });
    }
  });

  it('writes only the parts that differ from the defaults, the direction only with an order', () => {
    expect(listSearchParams(listRequestOf({})).toString()).toBe('');
    expect(listSearchParams({ page: 2, pageSize: 20, q: 'rossi', sort: 'name', dir: 'desc' }).toString()).toBe('page=2&q=rossi&sort=name&dir=desc');
    expect(listSearchParams({ page: 1, pageSize: 100, q: '', sort: null, dir: 'desc' }).toString()).toBe('pageSize=100');
  });
});
