import { describe, expect, it } from 'vitest';
import { answersShown, hiddenAnswersNote } from './review.ts';
import { cutoffInMarks, nextBand } from './settings-values.ts';

const at = { submitted: false, checked: false, closesAt: null, now: Date.parse('2031-01-01') };

describe('answersShown', () => {
  it('shows a question’s answer after checking it, after submitting, after the close, or never', () => {
    expect(answersShown('after_each', at)).toBe(false);
    expect(answersShown('after_each', { ...at, checked: true })).toBe(true);
    expect(answersShown('after_submit', { ...at, checked: true })).toBe(false);
    expect(answersShown('after_submit', { ...at, submitted: true })).toBe(true);
    const submitted = { ...at, submitted: true };
    expect(answersShown('after_close', { ...submitted, closesAt: '2031-06-01T00:00:00Z' })).toBe(
      false,
    );
    expect(answersShown('after_close', { ...submitted, closesAt: '2030-06-01T00:00:00Z' })).toBe(
      true,
    );
    expect(answersShown('never', { ...submitted, checked: true })).toBe(false);
  });

  it('says why the answers stay hidden, only when they do for a reason of the assessment', () => {
    expect(hiddenAnswersNote('never', null)).toMatch(/never see the right answers/);
    expect(hiddenAnswersNote('after_close', '2031-06-01T00:00:00Z')).toMatch(
      /once the assessment closes \(/,
    );
    expect(hiddenAnswersNote('after_submit', null)).toBe(null);
  });
});

describe('the options’ form helpers', () => {
  it('starts a new band at 0%, then at the next tenth above the last', () => {
    expect(nextBand([])).toEqual({ fromPercent: 0, label: '', feedback: '' });
    expect(nextBand([{ fromPercent: 0, label: 'Low', feedback: '' }]).fromPercent).toBe(10);
    expect(nextBand([{ fromPercent: 65, label: 'Good', feedback: '' }]).fromPercent).toBe(70);
    expect(nextBand([{ fromPercent: '', label: 'Good', feedback: '' }]).fromPercent).toBe('');
  });

  it('says what a pass mark in percent is in marks, when there are marks', () => {
    expect(cutoffInMarks(40, 30)).toBe('12 of 30 marks now');
    expect(cutoffInMarks(33, 10)).toBe('3.3 of 10 marks now');
    expect(cutoffInMarks('', 30)).toBe(null);
    expect(cutoffInMarks(50, 0)).toBe(null);
  });
});
