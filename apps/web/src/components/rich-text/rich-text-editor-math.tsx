import { IconMathFunction } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { lazyDialog } from '../lazy-dialog.tsx';
import { ToolbarControl } from './rich-text-control.tsx';

// The dialog (Modal, SegmentedControl, Textarea and KaTeX's preview) loads on
// first open: the editor's screen does not wait for it.
const MathDialog = lazyDialog(() =>
  import('./rich-text-math-dialog.tsx').then((m) => m.MathDialog),
);

/** `\( … \)` or `\[ … \]` around the selection, split into its TeX and kind. */
const FORMULA = /^\\([[(])([\s\S]*)\\([\])])$/;

function selectedFormula(text: string): { tex: string; display: boolean } | null {
  const m = FORMULA.exec(text.trim());
  if (!m || (m[1] === '(') !== (m[3] === ')')) return null;
  return { tex: m[2]!, display: m[1] === '[' };
}

/**
 * The toolbar's "Insert formula" button. The formula goes into the text as
 * LaTeX between `\( … \)` (in the line) or `\[ … \]` (on its own line), the
 * form the server checks and every screen renders; a selected formula is
 * opened for editing and replaced.
 */
export function MathControl({ editor }: { editor: Editor | null }) {
  const [start, setStart] = useState<{ tex: string; display: boolean } | null>(null);
  const open = () => {
    if (!editor) return;
    const { from, to } = editor.state.selection;
    const selected = editor.state.doc.textBetween(from, to, ' ');
    setStart(selectedFormula(selected) ?? { tex: '', display: false });
  };
  const insert = (tex: string, display: boolean) => {
    const text = display ? `\\[${tex}\\]` : `\\(${tex}\\)`;
    editor?.chain().focus().insertContent({ type: 'text', text }).run();
    setStart(null);
  };
  return (
    <>
      <ToolbarControl
        onClick={open}
        label="Insert formula"
        title="Insert formula (LaTeX)"
        aria-haspopup="dialog"
        icon={IconMathFunction}
      />
      {start && (
        <MathDialog
          initial={start}
          onInsert={insert}
          onClose={() => {
            setStart(null);
            // Back to the text, where the formula would have gone.
            editor?.commands.focus();
          }}
        />
      )}
    </>
  );
}
