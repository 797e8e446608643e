import { ErrorCode } from '@bo/contract/error-codes';
import { describe, expect, it } from 'vitest';
import { ApiError, ClientErrorCode, errorFromResponse, errorMessage } from './api-error.ts';

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

describe('an answer read as an ApiError', () => {
  const answer = (body: unknown, status = 409) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });

  it("keeps the server's code when it is one of the contract's", async () => {
    const e = await errorFromResponse(answer({ message: 'Changed', code: 'question_changed' }));
    expect(e.code).toBe(ErrorCode.question_changed);
    expect(e.status).toBe(409);
  });

  it('reads a code the contract does not know (a proxy, an older server) as http_error', async () => {
    const e = await errorFromResponse(answer({ message: 'Nope', code: 'fst_err_whatever' }, 400));
    expect(e.code).toBe(ClientErrorCode.http_error);
    expect(e.message).toBe('Nope');
  });
});
