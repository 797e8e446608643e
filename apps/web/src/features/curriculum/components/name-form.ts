import { editNameBody } from '@bo/contract/curriculum';
import { validateWith } from '../../../lib/form.ts';

/** Checks a grade, subject, chapter or topic name the way the server does. */
export const validateName = validateWith(editNameBody.pick({ name: true }));
