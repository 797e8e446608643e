import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Where Debian's `chromium` package puts the browser. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const APT_GET = '/usr/bin/apt-get';

export const chromiumPath = () => process.env.CHROMIUM_PATH || DEBIAN_CHROMIUM;

/** What the machine offers, gathered once so the decision below is a pure function. */
export interface ChromiumFacts {
  /** CHROMIUM_PATH when set: the person chose a browser, so it is never replaced. */
  configured: string | undefined;
  exists(path: string): boolean;
  isRoot: boolean;
  hasAptGet: boolean;
}

export type ChromiumPlan =
  | { action: 'use'; path: string }
  | { action: 'install'; path: string }
  | { action: 'stop'; message: string };

/**
 * Use the browser that is there; install Debian's package when this process
 * may (root with apt-get); otherwise stop with the exact command to run.
 */
export function planChromium(facts: ChromiumFacts): ChromiumPlan {
  if (facts.configured) {
    if (facts.exists(facts.configured)) return { action: 'use', path: facts.configured };
    return {
      action: 'stop',
      message: `CHROMIUM_PATH is ${facts.configured}, which does not exist. Set CHROMIUM_PATH to a Chromium binary, or unset it to use ${DEBIAN_CHROMIUM}.`,
    };
  }
  if (facts.exists(DEBIAN_CHROMIUM)) return { action: 'use', path: DEBIAN_CHROMIUM };
  if (facts.isRoot && facts.hasAptGet) return { action: 'install', path: DEBIAN_CHROMIUM };
  const command = facts.hasAptGet
    ? 'sudo apt-get install -y chromium'
    : "install Chromium with this system's package manager and set CHROMIUM_PATH=/path/to/chromium";
  return {
    action: 'stop',
    message: `The browser tests need Chromium at ${DEBIAN_CHROMIUM}, which is missing. Run: ${command}; then run the tests again.`,
  };
}

export function machineFacts(): ChromiumFacts {
  return {
    configured: process.env.CHROMIUM_PATH || undefined,
    exists: existsSync,
    isRoot: process.getuid?.() === 0,
    hasAptGet: existsSync(APT_GET),
  };
}

/** Returns the browser's path, installing Debian's `chromium` first when missing and allowed. */
export function ensureChromium(facts = machineFacts()): string {
  const plan = planChromium(facts);
  if (plan.action === 'stop') throw new Error(plan.message);
  if (plan.action === 'install') {
    console.log('Chromium is missing: installing Debian\'s "chromium" package (apt-get)...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync(APT_GET, ['update', '-qq'], { stdio: 'inherit', env });
      execFileSync(APT_GET, ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    } catch {
      throw new Error(
        'Installing Chromium failed (see apt-get above). Run: apt-get update && apt-get install -y chromium; then run the tests again.',
      );
    }
    if (!facts.exists(plan.path)) {
      throw new Error(`apt-get installed chromium but ${plan.path} is still missing.`);
    }
  }
  return plan.path;
}

/**
 * Debian tools the API suite runs: the QR print test renders each PDF with
 * poppler (pdftoppm, pdfinfo) and reads every label with ZBar (zbarimg);
 * the spreadsheet round trips open downloads and save edited workbooks
 * with LibreOffice Calc (soffice).
 */
export const TEST_TOOLS = [
  { pkg: 'poppler-utils', binaries: ['/usr/bin/pdftoppm', '/usr/bin/pdfinfo'] },
  { pkg: 'zbar-tools', binaries: ['/usr/bin/zbarimg'] },
  { pkg: 'libreoffice-calc', binaries: ['/usr/bin/soffice'] },
] as const;

export type ToolsPlan =
  | { action: 'use' }
  | { action: 'install'; packages: string[] }
  | { action: 'stop'; message: string };

/** Like Chromium: use what is there, install the missing packages as root, else say what to run. */
export function planTools(facts: ChromiumFacts): ToolsPlan {
  const missing = TEST_TOOLS.filter((t) => t.binaries.some((b) => !facts.exists(b))).map(
    (t) => t.pkg,
  );
  if (!missing.length) return { action: 'use' };
  if (facts.isRoot && facts.hasAptGet) return { action: 'install', packages: missing };
  return {
    action: 'stop',
    message: `The API suite needs ${missing.join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} missing. Run: sudo apt-get install -y ${missing.join(' ')}; then run the tests again.`,
  };
}

export function ensureTools(facts = machineFacts()) {
  const plan = planTools(facts);
  if (plan.action === 'stop') throw new Error(plan.message);
  if (plan.action === 'use') return;
  console.log(`Installing Debian packages for the API suite: ${plan.packages.join(', ')}...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync(APT_GET, ['update', '-qq'], { stdio: 'inherit', env });
    // Without recommends: LibreOffice's would add a Java runtime the tests never use.
    execFileSync(APT_GET, ['install', '-y', '-qq', '--no-install-recommends', ...plan.packages], {
      stdio: 'inherit',
      env,
    });
  } catch {
    throw new Error(
      `Installing ${plan.packages.join(' ')} failed (see apt-get above). Run: apt-get update && apt-get install -y ${plan.packages.join(' ')}; then run the tests again.`,
    );
  }
}

// `npm test` runs this first, so a missing browser or tool stops the run before any suite starts.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(`Chromium: ${ensureChromium()}`);
    ensureTools();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
