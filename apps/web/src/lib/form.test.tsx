import { useForm } from '@mantine/form';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { showFormError } from './form.ts';

describe('showFormError', () => {
  it("puts the server's answer on the field the form edits it under", () => {
    const { result } = renderHook(() => useForm({ initialValues: { title: '', sendAtLocal: '' } }));
    const refused = new ApiError(400, 'Invalid input', 'validation_failed', [
      { path: 'body.sendAt', message: 'Choose a time in the future' },
    ]);
    act(() => showFormError(result.current, refused, { sendAt: 'sendAtLocal' }));
    expect(result.current.errors).toEqual({ sendAtLocal: 'Choose a time in the future' });
  });

  it('puts an answer about an item of a list on that item’s field', () => {
    const { result } = renderHook(() =>
      useForm({ initialValues: { bands: [{ label: 'A' }, { label: 'a' }] } }),
    );
    const refused = new ApiError(400, 'Invalid input', 'validation_failed', [
      { path: 'body.bands.1.label', message: 'Each band needs a label of its own' },
      { path: 'body.other', message: 'Not a field of this form' },
    ]);
    act(() => showFormError(result.current, refused));
    expect(result.current.errors).toEqual({
      'bands.1.label': 'Each band needs a label of its own',
    });
  });
});
