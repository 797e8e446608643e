import { describe, expect, it } from 'vitest';
import {
  type ChromiumFacts,
  DEBIAN_CHROMIUM,
  ensureChromium,
  planChromium,
  planTools,
} from './chromium.ts';

const machine = (over: Partial<ChromiumFacts> & { files?: string[] }): ChromiumFacts => {
  const files = new Set(over.files ?? []);
  return {
    configured: over.configured,
    exists: (p) => files.has(p),
    isRoot: over.isRoot ?? false,
    hasAptGet: over.hasAptGet ?? true,
  };
};

describe('planChromium', () => {
  it('uses the Debian browser when it is there, whoever runs the tests', () => {
    for (const isRoot of [true, false]) {
      expect(planChromium(machine({ files: [DEBIAN_CHROMIUM], isRoot }))).toEqual({
        action: 'use',
        path: DEBIAN_CHROMIUM,
      });
    }
  });

  it('installs Debian\'s "chromium" when missing and the process is root with apt-get', () => {
    expect(planChromium(machine({ isRoot: true }))).toEqual({
      action: 'install',
      path: DEBIAN_CHROMIUM,
    });
  });

  it('stops with the exact command when not root', () => {
    const plan = planChromium(machine({ isRoot: false }));
    expect(plan.action).toBe('stop');
    expect(plan.action === 'stop' && plan.message).toContain(
      'Run: sudo apt-get install -y chromium',
    );
  });

  it('stops and names CHROMIUM_PATH when there is no apt-get, even as root', () => {
    const plan = planChromium(machine({ isRoot: true, hasAptGet: false }));
    expect(plan.action).toBe('stop');
    expect(plan.action === 'stop' && plan.message).toContain('CHROMIUM_PATH=/path/to/chromium');
  });

  it('honours CHROMIUM_PATH and never installs over a wrong one', () => {
    expect(planChromium(machine({ configured: '/opt/c', files: ['/opt/c'] }))).toEqual({
      action: 'use',
      path: '/opt/c',
    });
    const plan = planChromium(
      machine({ configured: '/opt/missing', files: [DEBIAN_CHROMIUM], isRoot: true }),
    );
    expect(plan.action).toBe('stop');
    expect(plan.action === 'stop' && plan.message).toContain('CHROMIUM_PATH is /opt/missing');
  });
});

describe('ensureChromium', () => {
  it('throws the stop message without running anything', () => {
    expect(() => ensureChromium(machine({ isRoot: false }))).toThrow(
      /missing\. Run: sudo apt-get install -y chromium; then run the tests again\./,
    );
  });

  it('returns the path of a browser that is there', () => {
    expect(ensureChromium(machine({ files: [DEBIAN_CHROMIUM] }))).toBe(DEBIAN_CHROMIUM);
  });
});

describe('planTools (poppler-utils, zbar-tools, libreoffice-calc)', () => {
  const all = ['/usr/bin/pdftoppm', '/usr/bin/pdfinfo', '/usr/bin/zbarimg', '/usr/bin/soffice'];
  it('uses them when present, installs the missing ones as root, else says what to run', () => {
    expect(planTools(machine({ files: all }))).toEqual({ action: 'use' });
    expect(
      planTools(machine({ files: ['/usr/bin/zbarimg', '/usr/bin/soffice'], isRoot: true })),
    ).toEqual({ action: 'install', packages: ['poppler-utils'] });
    const stop = planTools(machine({ files: [] }));
    expect(stop).toMatchObject({ action: 'stop' });
    expect((stop as { message: string }).message).toContain(
      'sudo apt-get install -y poppler-utils zbar-tools libreoffice-calc',
    );
  });
});
