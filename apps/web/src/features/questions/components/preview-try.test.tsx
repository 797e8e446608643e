import type { Question } from '@bo/contract';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { PreviewTry } from './preview-try.tsx';

const base = {
  id: 1,
  stem: '<p>q</p>',
  marks: 2,
  negativeMarks: 0.5,
  matching: null,
  ordering: null,
  cloze: null,
} as unknown as Question;

const show = (q: Partial<Question>) =>
  render(
    <MantineProvider theme={theme}>
      <PreviewTry question={{ ...base, ...q }} />
    </MantineProvider>,
  );
const check = () => {
  fireEvent.click(screen.getByRole('button', { name: 'Check' }));
  return screen.getByTestId('preview-try-score').textContent;
};

describe('PreviewTry', () => {
  it('matching: a select per left item; right scores full marks, wrong the negative marks', () => {
    show({
      type: 'matching',
      matching: {
        pairs: [
          { left: '<p>France</p>', right: '<p>Paris</p>' },
          { left: '<p>Italy</p>', right: '<p>Rome</p>' },
        ],
        distractors: ['<p>Oslo</p>'],
      },
    });
    const france = screen.getByLabelText('Match for: France');
    const italy = screen.getByLabelText('Match for: Italy');
    // Every right-hand text, the extra one included, is offered.
    expect(within(france).getAllByRole('option')).toHaveLength(4);
    fireEvent.change(france, { target: { value: '1' } });
    fireEvent.change(italy, { target: { value: '0' } });
    expect(check()).toBe('Wrong: -0.5 of 2 marks');
    fireEvent.change(france, { target: { value: '0' } });
    fireEvent.change(italy, { target: { value: '1' } });
    expect(check()).toBe('Correct: 2 of 2 marks');
  });

  it('ordering: moved into the right order with the buttons, never shown in it', () => {
    const items = ['<p>one</p>', '<p>two</p>', '<p>three</p>'];
    show({ type: 'ordering', ordering: { items } });
    const shown = () =>
      within(screen.getByRole('list', { name: 'Items to put in order' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/^\d+\./, ''));
    expect(shown()).not.toEqual(['one', 'two', 'three']);
    // Bubble each item into place with "Move up" only.
    for (const word of ['one', 'two', 'three']) {
      while (shown().indexOf(word) > ['one', 'two', 'three'].indexOf(word))
        fireEvent.click(screen.getByRole('button', { name: `Move up: ${word}` }));
    }
    expect(shown()).toEqual(['one', 'two', 'three']);
    expect(check()).toBe('Correct: 2 of 2 marks');
  });

  it('cloze: in the sentence, a select for a choice gap, an input for a typed one; a share per gap', () => {
    show({
      type: 'cloze',
      stem: '<p>The sky is ___ over <strong>___</strong>.</p>',
      cloze: {
        gaps: [
          {
            kind: 'choice',
            choices: [
              { text: 'red', correct: false },
              { text: 'blue', correct: true },
            ],
          },
          { kind: 'text', answers: ['Paris'], caseSensitive: true },
        ],
      },
    });
    // Each control stands where its ___ was, the sentence's formatting kept around it.
    const sentence = screen.getByTestId('cloze-sentence');
    expect(sentence.textContent).not.toContain('___');
    const p = sentence.querySelector('p')!;
    expect(p.textContent).toMatch(/^The sky is .* over .*\.$/);
    expect(within(p).getByLabelText('Gap 1').tagName).toBe('SELECT');
    expect(p.querySelector('strong')!.querySelector('input')).toBe(screen.getByLabelText('Gap 2'));
    fireEvent.change(screen.getByLabelText('Gap 1'), { target: { value: 'blue' } });
    fireEvent.change(screen.getByLabelText('Gap 2'), { target: { value: 'paris' } });
    expect(check()).toBe('Partly right: 1 of 2 marks');
    fireEvent.change(screen.getByLabelText('Gap 2'), { target: { value: 'Paris' } });
    expect(check()).toBe('Correct: 2 of 2 marks');
  });
});
