import { listQuery } from '@bo/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useListParams } from '../lib/search-params.ts';
import { renderRoutes } from '../test/render.tsx';
import { FilterBar } from './filter-bar.tsx';

const schema = listQuery(['name']).extend({
  status: z.enum(['active', 'disabled']).optional(),
  gradeId: z.coerce.number().optional(),
  subjectId: z.coerce.number().optional(),
  kind: z.enum(['video', 'audio']).optional(),
  language: z.string().optional(),
});

function Screen() {
  const { values, update } = useListParams(schema);
  return (
    <FilterBar
      values={values}
      onChange={update}
      search={{ label: 'Search things', placeholder: 'Search by name' }}
      filters={[
        {
          kind: 'select',
          key: 'status',
          label: 'Status',
          placeholder: 'Any status',
          data: [
            { value: 'active', label: 'Active' },
            { value: 'disabled', label: 'Disabled' },
          ],
          width: 160,
        },
        {
          kind: 'select',
          key: 'gradeId',
          label: 'Grade',
          placeholder: 'Any grade',
          data: [{ value: '3', label: 'Class 3' }],
          clears: ['subjectId'],
          width: 160,
        },
        {
          kind: 'segmented',
          key: 'kind',
          label: 'Kind',
          anyLabel: 'All',
          data: [
            { value: 'video', label: 'Videos' },
            { value: 'audio', label: 'Audios' },
          ],
        },
        { kind: 'text', key: 'language', label: 'Language', placeholder: 'Any', width: 140 },
        { kind: 'custom', keys: ['subjectId'], element: <span>Subject picker</span> },
      ]}
    />
  );
}

const render = (url: string) => renderRoutes([{ path: '/list', Component: Screen }], url);
const query = (router: ReturnType<typeof render>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

afterEach(() => vi.useRealTimers());

describe('FilterBar', () => {
  it('reads the URL: search text, select label, segmented choice; no clear button when nothing is set', async () => {
    render('/list?q=ada&status=active&kind=audio');
    expect(((await screen.findByLabelText('Search things')) as HTMLInputElement).value).toBe('ada');
    expect((screen.getAllByLabelText('Status')[0] as HTMLInputElement).value).toBe('Active');
    expect((screen.getByRole('radio', { name: 'Audios' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Subject picker')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    render('/list?page=2');
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(1);
  });

  it('writes a select to the URL, clearing what depends on it and the page', async () => {
    const router = render('/list?page=3&subjectId=9');
    fireEvent.click((await screen.findAllByLabelText('Grade'))[0]!);
    fireEvent.click(await screen.findByRole('option', { name: 'Class 3', hidden: true }));
    expect(query(router)).toEqual({ gradeId: '3' });
    fireEvent.click(screen.getByRole('radio', { name: 'Videos' }));
    expect(query(router)).toEqual({ gradeId: '3', kind: 'video' });
    fireEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(query(router)).toEqual({ gradeId: '3' });
  });

  it('writes typed text once typing pauses, trimmed, replacing the history entry', async () => {
    const router = render('/list');
    const input = await screen.findByLabelText('Search things');
    vi.useFakeTimers();
    fireEvent.change(input, { target: { value: ' ad' } });
    fireEvent.change(input, { target: { value: ' ada ' } });
    expect(query(router)).toEqual({});
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(query(router)).toEqual({ q: 'ada' });
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('clears every filter, custom ones included, and drops typing still waiting', async () => {
    const router = render('/list?q=ada&status=active&subjectId=4&kind=video&pageSize=50');
    const language = await screen.findByLabelText('Language');
    vi.useFakeTimers();
    fireEvent.change(language, { target: { value: 'Tamil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(query(router)).toEqual({ pageSize: '50' });
    expect((screen.getByLabelText('Language') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });
});
