import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api-error.ts';

const refused = (details: { path: string; message: string }[]) =>
  new ApiError(400, 'Invalid request: body.negativeMarks: …', 'validation_failed', details);

describe('a refusal of the schema in words', () => {
  it("says the server's message, naming the field when the message does not", () => {
    expect(
      errorMessage(
        refused([
          { path: 'body.negativeMarks', message: 'Negative marks cannot be more than the marks' },
        ]),
      ),
    ).toBe('Negative marks cannot be more than the marks');
    expect(
      errorMessage(refused([{ path: 'body.items.0.marks', message: 'Must be 0 or more' }])),
    ).toBe('Marks: Must be 0 or more');
    expect(
      errorMessage(refused([{ path: 'body.sendAt', message: 'Too small: expected number' }])),
    ).toBe('Send at: check this value');
  });

  it('without details, the general sentence', () => {
    expect(errorMessage(refused([]))).toBe(
      'Some values were not accepted. Check them and try again.',
    );
  });
});
