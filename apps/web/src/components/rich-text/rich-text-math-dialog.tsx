import {
  Alert,
  Box,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { type Katex, katexOptions, loadKatex } from './render-rich-text.ts';
import { checkTex } from './rich-text-editor-tex.ts';

/** The formula dialog: the TeX as typed, drawn live by KaTeX below it, refused with KaTeX's reason. */
export function MathDialog({
  initial,
  onInsert,
  onClose,
}: {
  initial: { tex: string; display: boolean };
  onInsert: (tex: string, display: boolean) => void;
  onClose: () => void;
}) {
  const [tex, setTex] = useState(initial.tex);
  const [display, setDisplay] = useState(initial.display);
  const [katex, setKatex] = useState<Katex | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    loadKatex().then(
      (k) => setKatex(() => k),
      () => setLoadFailed(true),
    );
  }, []);
  const problem = useMemo(
    () => (katex && tex.trim() ? checkTex(katex, tex, display) : null),
    [katex, tex, display],
  );
  const rendered = useMemo(
    () =>
      katex && tex.trim() && !problem ? katex.renderToString(tex, katexOptions(display)) : null,
    [katex, tex, display, problem],
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // React bubbles events through portals: unstopped, this submit would also
    // submit the form the editor sits in (and save the question).
    e.stopPropagation();
    if (tex.trim() && !problem) onInsert(tex.trim(), display);
  };
  return (
    <Modal opened onClose={onClose} title="Formula" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Textarea
            label="LaTeX"
            description="For example \frac{a}{b}, x^2, \sqrt{2}, \alpha. No dollar signs."
            data-autofocus
            autosize
            minRows={2}
            maxRows={8}
            ff="monospace"
            value={tex}
            onChange={(e) => setTex(e.currentTarget.value)}
            error={problem ? `This formula is invalid: ${problem}` : undefined}
            spellCheck={false}
          />
          <SegmentedControl
            aria-label="Placement"
            value={display ? 'display' : 'inline'}
            onChange={(v) => setDisplay(v === 'display')}
            data={[
              { value: 'inline', label: 'In the line \\( … \\)' },
              { value: 'display', label: 'On its own line \\[ … \\]' },
            ]}
          />
          <Box>
            <Text fz="sm" fw={500} mb={4} id="math-preview-label">
              Preview
            </Text>
            <Box
              role="group"
              aria-labelledby="math-preview-label"
              data-testid="math-preview"
              mih={56}
              p="sm"
              bd="1px solid var(--mantine-color-gray-4)"
              style={{ borderRadius: 'var(--mantine-radius-sm)', overflowX: 'auto' }}
            >
              {loadFailed ? (
                <Alert color="red" variant="light">
                  The formula preview could not be loaded. Check your connection.
                </Alert>
              ) : rendered ? (
                // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output with trust off: it escapes the author's text itself
                <div dangerouslySetInnerHTML={{ __html: rendered }} />
              ) : (
                <Text c="dimmed" fz="sm">
                  {tex.trim()
                    ? katex
                      ? 'Fix the formula to see it.'
                      : 'Loading…'
                    : 'Type a formula.'}
                </Text>
              )}
            </Box>
          </Box>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!tex.trim() || !katex || problem !== null}>
              Insert formula
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
