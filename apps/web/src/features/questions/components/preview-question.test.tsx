import type { Question } from '@bo/contract';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { PreviewQuestion } from './preview-question.tsx';

const base: Question = {
  id: 7,
  revision: 3,
  type: 'single_choice',
  stem: '<p>Pick one</p>',
  options: [],
  blanks: [],
  numeric: null,
  matching: null,
  ordering: null,
  cloze: null,
  modelAnswer: null,
  explanation: null,
  difficulty: 'hard',
  marks: 2,
  negativeMarks: 0.5,
  gradeId: 1,
  subjectId: 2,
  chapterId: null,
  topicId: null,
  tags: ['algebra'],
  language: 'English',
  status: 'active',
  source: 'xlsx',
  sourceLabel: 'bank.xlsx (2026-01-31)',
  gradeName: 'Class 7',
  subjectName: 'Mathematics',
  chapterName: null,
  topicName: null,
  createdByName: 'Asha',
  updatedByName: null,
  createdAt: '2026-01-31T10:00:00.000Z',
  updatedAt: '2026-01-31T10:00:00.000Z',
};

const show = (q: Partial<Question>) =>
  render(
    <MantineProvider theme={theme}>
      <PreviewQuestion question={{ ...base, ...q }} />
    </MantineProvider>,
  );

describe('PreviewQuestion', () => {
  it('shows the options without the key, then the key and the explanation', () => {
    show({
      options: [
        { id: 'A', html: '<p>Red</p>', correct: false },
        { id: 'B', html: '<p>Blue</p>', correct: true },
      ],
      explanation: '<p>The sky.</p>',
    });
    const options = screen.getByRole('list', { name: 'Options' });
    expect(
      within(options)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A.Red', 'B.Blue']);
    const key = screen.getByTestId('preview-key');
    expect(key.textContent).toContain('B.Blue');
    expect(key.textContent).not.toContain('Red');
    expect(screen.getByTestId('preview-explanation').textContent).toBe('The sky.');
    expect(screen.getByText('2 marks, −0.5 if wrong · English')).toBeTruthy();
    expect(screen.getByText('Class 7 › Mathematics')).toBeTruthy();
    expect(
      screen.getByText(/Spreadsheet \(bank\.xlsx \(2026-01-31\)\) · created by Asha/),
    ).toBeTruthy();
  });

  it('shows each blank with its answers and case rule', () => {
    show({
      type: 'fill_blank',
      stem: '<p>___ and ___</p>',
      blanks: [
        { answers: ['salt', 'NaCl'], caseSensitive: true },
        { answers: ['pepper'], caseSensitive: false },
      ],
    });
    const key = screen.getByTestId('preview-key');
    expect(key.textContent).toContain('salt / NaCl (case matters)');
    expect(key.textContent).toContain('pepper (any case)');
    expect(screen.queryByRole('list', { name: 'Options' })).toBe(null);
  });

  it('shows a numeric answer with tolerance and unit, and a model answer', () => {
    show({ type: 'numeric', numeric: { value: 9.8, tolerance: 0.1, unit: 'm/s²' } });
    expect(screen.getByTestId('preview-key').textContent).toContain('9.8 ± 0.1 m/s²');
    expect(screen.getByText('Answer in m/s²')).toBeTruthy();
  });

  it('shows the model answer of a subjective question', () => {
    show({ type: 'subjective', modelAnswer: '<p>Because <em>light</em>.</p>' });
    expect(screen.getByTestId('preview-model-answer').querySelector('em')?.textContent).toBe(
      'light',
    );
  });

  it('says when a subjective draft still lacks its model answer', () => {
    show({ type: 'subjective', status: 'draft', source: 'gift', sourceLabel: 'q.gift' });
    expect(screen.getByTestId('preview-model-answer-missing').textContent).toBe(
      'Model answer missing: write it before making the question active.',
    );
  });
});
