// What the question import benchmarks share: a realistic workbook of
// questions, an upload followed to its job's end with the server's RSS
// sampled, and the server's settled RSS.
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { type ApiServer, rssMb } from '../support/api-process.ts';

export const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);
export const MB = 1024 * 1024;

/** Cells of question `i`: the six types in turn, one in ten in Hindi, a third with math. */
export function cellsFor(i: number, grades: string[]): Record<string, string | number> {
  const hindi = i % 10 === 0;
  const n = i % 97;
  const math = i % 3 === 0 ? ` Given \\(x = ${n}\\), find \\(\\frac{x^{2}}{2}\\).` : '';
  const common = {
    Explanation: hindi
      ? '<p>पत्तियों में क्लोरोफिल प्रकाश को ग्रहण करता है।</p>'
      : `<p>Work it out step by step; item ${i}.</p>`,
    Difficulty: ['easy', 'medium', 'hard'][i % 3]!,
    Marks: (i % 4) + 1,
    'Negative marks': i % 4 ? 0.25 : 0,
    Grade: grades.length ? grades[i % grades.length]! : '',
    Tags: ['algebra, practice', 'geometry', 'biology, light', 'revision, term 1'][i % 4]!,
    Language: hindi ? 'Hindi' : 'English',
    Status: i % 5 ? 'active' : 'draft',
  };
  const stem = (s: string) =>
    hindi ? `<p>प्रश्न ${i}: ${s} प्रकाश संश्लेषण किस भाग में होता है?</p>` : `<p>${s}${math}</p>`;
  switch (i % 6) {
    case 0:
      return {
        ...common,
        Type: 'Single choice',
        Question: stem(`Question ${i}: which value is right for item ${n}?`),
        'Option A': `<p>${n * n}</p>`,
        'Option B': `<p>${n * 2}</p>`,
        'Option C': `<p>${n + 2}</p>`,
        'Option D': `<p>none of ${i}</p>`,
        Correct: 'A',
      };
    case 1:
      return {
        ...common,
        Type: 'Multiple choice',
        Question: stem(`Question ${i}: which of these are prime, near ${n}?`),
        'Option A': '<p>2</p>',
        'Option B': '<p>4</p>',
        'Option C': '<p>7</p>',
        'Option D': `<p>${i}</p>`,
        Correct: 'A,C',
      };
    case 2:
      return {
        ...common,
        Type: 'True/false',
        Question: stem(`Statement ${i}: ${n} is less than 100.`),
        Correct: 'True',
      };
    case 3:
      return {
        ...common,
        Type: 'Fill in the blank',
        Question: stem(`Sentence ${i}: ___ plus ${n} is ${n + 2}, and ___ is its double.`),
        'Blank answers': `2 | two ; ${2 * (n + 2)}`,
      };
    case 4:
      return {
        ...common,
        Type: 'Numeric',
        Question: stem(`Quantity ${i}: a rod of ${n} cm is cut in half; how long is each part?`),
        'Numeric answer': n / 2,
        Tolerance: 0.5,
        Unit: 'cm',
      };
    default:
      return {
        ...common,
        Type: 'Subjective',
        Question: stem(`Essay ${i}: explain in two lines why item ${n} matters.`),
        'Model answer': `<p>Because of reason ${i}, stated plainly.</p>`,
      };
  }
}

export async function api(
  server: ApiServer,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const res = await fetch(server.url + path, {
    ...init,
    headers: { authorization: `Bearer ${server.token.access}`, ...(init.headers ?? {}) },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res;
}

export async function questionXlsx(server: ApiServer, rows: number): Promise<Buffer> {
  const template = new ExcelJS.Workbook();
  await template.xlsx.load(
    (await (await api(server, '/api/questions/importtemplate')).arrayBuffer()) as never,
  );
  const headers = (template.worksheets[0]!.getRow(1).values as unknown[])
    .slice(1)
    .map((v) => String(v ?? ''));
  const grades =
    (
      (await (await api(server, '/api/book/getgrades')).json()) as { items?: { name: string }[] }
    ).items?.map((g) => g.name) ?? [];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Questions');
  ws.addRow(headers);
  for (let i = 1; i <= rows; i++) {
    const cells = cellsFor(i, grades);
    ws.addRow(headers.map((h) => cells[h] ?? null));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export interface Report {
  rows: number;
  valid: number;
  created: number;
  errors: unknown[];
  jobId?: string;
}

/** Uploads the file and follows the job (if any) to its end; seconds and the RSS peak. */
export async function step(server: ApiServer, bytes: Buffer, dryRun: boolean) {
  let peak = rssMb(server.pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(server.pid));
  }, 100);
  const started = performance.now();
  try {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'questions.xlsx');
    let report = (await (
      await api(server, `/api/excelimport/questionimport?dryRun=${dryRun}`, {
        method: 'POST',
        body: form,
      })
    ).json()) as Report;
    const jobId = report.jobId;
    while (report.jobId) {
      await sleep(200);
      const job = (await (await api(server, `/api/jobs/status?id=${report.jobId}`)).json()) as {
        state: string;
        result: Report | null;
        error: unknown;
      };
      if (job.state === 'failed' || job.state === 'cancelled')
        throw new Error(`import job ${job.state}: ${JSON.stringify(job.error).slice(0, 500)}`);
      if (job.state === 'completed') report = job.result!;
    }
    const seconds = Number(((performance.now() - started) / 1000).toFixed(2));
    return { seconds, report, peak, asJob: Boolean(jobId) };
  } finally {
    clearInterval(sampler);
  }
}

/** RSS once the process has settled: the median of five samples a second apart. */
export async function idleMb(pid: number) {
  await sleep(SETTLE_MS);
  const samples: number[] = [];
  for (let i = 0; i < 5; i++) {
    samples.push(rssMb(pid));
    await sleep(1000);
  }
  return samples.sort((a, b) => a - b)[2]!;
}
