import type { QuestionRow } from '@bo/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render.tsx';
import { ListQuestionsTable } from './list-questions-table.tsx';

const row: QuestionRow = {
  id: 5,
  type: 'numeric',
  stem: '<p>How many sides has a hexagon?</p>',
  stemView: '<p>How many sides has a hexagon?</p>',
  difficulty: 'easy',
  status: 'active',
  marks: 1,
  negativeMarks: 0,
  tags: ['shapes'],
  language: 'Hindi',
  source: 'manual',
  gradeName: 'Class 7',
  subjectName: 'Mathematics',
  chapterName: null,
  topicName: null,
  updatedAt: '2026-01-31T10:00:00.000Z',
};

function show(total: number, totalIsEstimate: boolean) {
  const page = { items: [row], total, page: 1, pageSize: 20 };
  const element = (
    <ListQuestionsTable
      params={{ values: { page: 1, pageSize: 20 }, update: () => {} }}
      query={{ data: page, isFetching: false, isError: false, error: null, refetch: () => {} }}
      totalIsEstimate={totalIsEstimate}
      filtered={false}
      selected={[]}
      onSelect={() => {}}
      onPreview={() => {}}
    />
  );
  renderRoutes([{ path: '/', element }], '/');
}

// mantine-datatable shows a column while `matchMedia(column.visibleMediaQuery ?? '')` matches;
// the shared jsdom stub matches nothing, which would hide every column.
beforeEach(() => {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
    ...matchMedia(query),
    matches: query === '',
  }));
});

describe('ListQuestionsTable', () => {
  it('says an estimated total in words', async () => {
    show(1_234_567, true);
    expect(await screen.findByText('1–1 of about 1.2 million')).toBeTruthy();
  });

  it('says an exact total as it is', async () => {
    show(1_234, false);
    expect(await screen.findByText('1–1 of 1,234')).toBeTruthy();
  });

  it('shows the row: stem, curriculum, tags, labels, actions', async () => {
    show(1, false);
    expect((await screen.findByTestId('question-stem-5')).textContent).toBe(
      'How many sides has a hexagon?',
    );
    for (const text of ['Class 7 › Mathematics', 'shapes', 'Numeric', 'Hindi', 'Easy', 'Active'])
      expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit question 5' }).getAttribute('href')).toBe(
      '/questions/5',
    );
    expect(screen.getByRole('button', { name: 'Preview question 5' })).toBeTruthy();
  });
});
