import { ApiError, errorMessage } from '../../../lib/api-error.ts';

/** The message of a refused name: the field's own detail, else the server's message. */
export const nameError = (error: unknown) =>
  error instanceof ApiError
    ? (error.details.find((d) => /name|number/.test(d.path))?.message ?? error.message)
    : errorMessage(error);
