import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/web-ux.md "Typed work survives…": every editor where an admin types
 * content keeps its unsaved values (`useFormDraft`), offers them back
 * (`draft.offer`) and forgets them once saved (`draft.saved()`). The
 * contract here is the list of exemptions below, checked against the source
 * as it is: a new form that forgets the draft fails, and so does an
 * exemption whose file is gone or now keeps its draft.
 */

const SRC = join(import.meta.dirname, '..');

/** Files (from apps/web/src) that hold a form but keep no draft, and why. */
const EXEMPT: Record<string, string> = {
  // Secrets are never written to the browser's storage.
  'features/auth/components/credentials-form.tsx': 'a password',
  'features/auth/components/otp-form.tsx': 'a one-time code',
  'features/auth/routes/forgot-password-page.tsx': 'an e-mail address to send a link to',
  'features/auth/components/set-password-form.tsx': 'a new password (invite, reset, setup)',
  'features/profile/components/change-password-form.tsx': 'passwords',
  // One line typed in place, sent or cancelled at once: nothing worth offering back.
  'features/curriculum/components/add-item-form.tsx': 'one name, added in place',
  'features/curriculum/components/rename-item-form.tsx': 'one name; leaving cancels it',
  'features/toc/components/toc-add-node-form.tsx': 'one title, added in place',
  'features/toc/components/toc-rename-form.tsx': 'one title; leaving saves it',
  'features/books/components/extra-isbns.tsx': 'one ISBN to attach',
  'features/free-content/components/free-books.tsx': 'a search for a book, not content',
  'features/free-content/components/sample-books.tsx': 'an ISBN to open, not content',
  'components/list-view/view-form-modal.tsx': "a view's name; what it saves is the list's URL",
  'features/toc/components/toc-upload-pdf.tsx': 'a chosen file cannot be kept in the browser',
  'features/assessments/components/attempt-question.tsx':
    "a preview of a learner's answer, never saved",
  // Part of an editor that keeps its draft: its value is one of that form's values.
  'components/audience-picker.tsx': "part of its form's values",
  'features/assessments/components/fill-section-modal.tsx':
    'a rule applied at once (counts per kind), not typed content',
  'components/rich-text/rich-text-math-dialog.tsx': "part of its editor's value",
  'features/mail-templates/components/block-fields.tsx':
    "a block's fields: the template editor's blocks value, which keeps its draft",
  // Chosen from lists, nothing typed: a schedule picked again in seconds.
  'components/report-subscriptions/subscription-dialog.tsx':
    "a report subscription's schedule (how often, day, hour, file format)",
  'features/assessments/components/result-options-fields.tsx':
    "part of the settings drawer's form, which keeps its draft",
  // Not on useForm yet (their own useState): to move onto useForm, then keep a draft.
  'features/assessments/components/new-assessment-modal.tsx': 'not on useForm yet',
  'features/assessments/components/new-category-modal.tsx': 'not on useForm yet',
  'features/assessments/components/general-instructions-modal.tsx': 'not on useForm yet',
  'features/assessments/components/section-instructions-modal.tsx': 'not on useForm yet',
  'features/assessments/components/instruction-modal.tsx': 'not on useForm yet',
  'features/assessments/components/assessment-instructions-modal.tsx': 'not on useForm yet',
};

/** A form, or a field for typed text outside one (an instructions modal's rich text). */
const HOLDS_A_FORM =
  /useForm[<(]|<form\b|<Textarea\b|<LazyRichText\b|<RichTextEditor\b|<RichTextDialog\b/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

const files = new Map(
  [...sources(join(SRC, 'features')), ...sources(join(SRC, 'components'))].map((path) => [
    relative(SRC, path),
    readFileSync(path, 'utf8'),
  ]),
);
const forms = [...files].filter(([, text]) => HOLDS_A_FORM.test(text));

describe('every editor keeps its unsaved values', () => {
  it('finds the forms (the scan itself works)', () => {
    expect(forms.map(([path]) => path)).toContain(
      'features/mail-templates/routes/template-editor-page.tsx',
    );
    expect(forms.length).toBeGreaterThan(25);
  });

  it.each(forms.filter(([path]) => !(path in EXEMPT)))(
    '%s keeps a draft, offers it and forgets it once saved',
    (_path, text) => {
      expect(text).toMatch(/useFormDraft\(/);
      expect(text).toMatch(/\{\s*\w+\.offer\s*\}/);
      // Called here, or handed to the code that saves (the question editor's saver).
      expect(text).toMatch(/\.saved\b/);
    },
  );

  it('every exemption names a form that exists and keeps no draft', () => {
    const stale = Object.keys(EXEMPT).filter((path) => {
      const text = files.get(path);
      return !text || !HOLDS_A_FORM.test(text) || /useFormDraft\(/.test(text);
    });
    expect(stale).toEqual([]);
  });

  it('no form for a password or a code keeps a draft', () => {
    const secret = forms.filter(
      ([, text]) => /PasswordInput|PinInput/.test(text) && /useFormDraft\(/.test(text),
    );
    expect(secret.map(([path]) => path)).toEqual([]);
  });
});
