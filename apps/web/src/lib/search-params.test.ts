import { adminListQuery } from '@bo/contract';
import { describe, expect, it } from 'vitest';
import { parseSearchParams } from './search-params.ts';

describe('parseSearchParams', () => {
  it('reads valid filters with the contract defaults', () => {
    const values = parseSearchParams(adminListQuery, new URLSearchParams('q=ada&status=invited'));
    expect(values).toMatchObject({ q: 'ada', status: 'invited', page: 1, pageSize: 20 });
  });

  it('drops values the schema rejects and keeps the rest', () => {
    const values = parseSearchParams(
      adminListQuery,
      new URLSearchParams('page=abc&role=root&q=x&status=active'),
    );
    expect(values).toMatchObject({ page: 1, q: 'x', status: 'active' });
    expect(values.role).toBeUndefined();
  });
});
