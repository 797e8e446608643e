import type { QuestionInput } from '@bo/contract';

/**
 * The demo questions' content (demo.questions.ts seeds them): a few
 * patterns per type, each generating questions with a computed key, and
 * lists of facts and formulas. Here the single-choice and true/false ones;
 * select-all, blanks, numbers and written answers are in
 * demo.questions.answers.ts, the Hindi ones in demo.questions.hindi.ts.
 */

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
const frac = (n: number, d: number) => {
  const g = gcd(n, d);
  return d / g === 1 ? `\\(${n / g}\\)` : `\\(\\frac{${n / g}}{${d / g}}\\)`;
};
export const letters = ['A', 'B', 'C', 'D'] as const;

/** A single-choice question whose first answer is correct, options shuffled by `seed`. */
export function single(
  stem: string,
  answers: string[],
  seed: number,
  extra: Partial<QuestionInput> = {},
): QuestionInput {
  const order = answers.map((html, i) => ({ html, correct: i === 0 }));
  const shift = seed % order.length;
  const options = [...order.slice(shift), ...order.slice(0, shift)].map((o, i) => ({
    id: letters[i]!,
    ...o,
  }));
  return { type: 'single_choice', stem: `<p>${stem}</p>`, options, ...extra };
}

export function fractions(): QuestionInput[] {
  const out: QuestionInput[] = [];
  const pairs = [
    [1, 2, 1, 3],
    [2, 3, 1, 4],
    [3, 4, 1, 6],
    [1, 5, 2, 3],
    [2, 7, 1, 2],
    [3, 8, 1, 4],
    [5, 6, 1, 3],
    [1, 4, 3, 10],
    [4, 9, 1, 6],
    [2, 5, 3, 4],
    [1, 6, 5, 8],
    [3, 5, 2, 7],
    [7, 10, 1, 5],
    [5, 12, 1, 4],
    [2, 9, 5, 6],
  ];
  pairs.forEach(([a, b, c, d], i) => {
    const stem = `Add: \\(\\frac{${a}}{${b}} + \\frac{${c}}{${d}}\\)`;
    const sum = frac(a! * d! + c! * b!, b! * d!);
    const wrong = [
      frac(a! + c!, b! + d!),
      frac(a! * c!, b! * d!),
      frac(a! * d! + c! * b! + 1, b! * d!),
    ];
    const answers = [sum, ...wrong.filter((x) => x !== sum)];
    out.push(
      single(stem, [...new Set(answers)], i, {
        difficulty: i < 5 ? 'easy' : 'medium',
        tags: ['fractions'],
        status: 'active',
      }),
    );
    out.push({
      type: 'numeric',
      stem: `<p>What is \\(\\frac{${a}}{${b}}\\) of ${b! * d! * 6}?</p>`,
      numeric: { value: a! * d! * 6, tolerance: 0, unit: null },
      tags: ['fractions'],
      difficulty: 'easy',
    });
  });
  return out;
}

export function powers(): QuestionInput[] {
  const out: QuestionInput[] = [];
  for (let base = 2; base <= 6; base++)
    for (let exp = 2; exp <= 5; exp++) {
      out.push({
        type: 'numeric',
        stem: `<p>Evaluate \\(${base}^{${exp}}\\).</p>`,
        numeric: { value: base ** exp, tolerance: 0, unit: null },
        tags: ['exponents'],
        difficulty: exp > 3 ? 'medium' : 'easy',
        status: 'active',
      });
    }
  for (let m = 2; m <= 6; m++) {
    const n = m + 1;
    out.push(
      single(
        `Simplify \\((a^{${m}})^{${n}}\\)`,
        [`\\(a^{${m * n}}\\)`, `\\(a^{${m + n}}\\)`, `\\(a^{${m}}\\)`, `\\(${n}a^{${m}}\\)`],
        m,
        {
          tags: ['exponents'],
          explanation: `<p>\\((a^m)^n = a^{mn}\\), so the power is \\(${m} \\times ${n} = ${m * n}\\).</p>`,
        },
      ),
    );
    out.push(
      single(
        `Simplify \\(\\dfrac{x^{${m + 5}}}{x^{${m}}}\\)`,
        ['\\(x^{5}\\)', `\\(x^{${2 * m + 5}}\\)`, `\\(x^{${m + 5}}\\)`, '\\(1\\)'],
        m + 1,
        { tags: ['exponents'] },
      ),
    );
  }
  return out;
}

const CHEMISTRY: [string, string, string[]][] = [
  [
    'water',
    '\\(\\mathrm{H_2O}\\)',
    ['\\(\\mathrm{H_2O_2}\\)', '\\(\\mathrm{HO}\\)', '\\(\\mathrm{H_3O}\\)'],
  ],
  [
    'carbon dioxide',
    '\\(\\mathrm{CO_2}\\)',
    ['\\(\\mathrm{CO}\\)', '\\(\\mathrm{C_2O}\\)', '\\(\\mathrm{CO_3}\\)'],
  ],
  [
    'common salt',
    '\\(\\mathrm{NaCl}\\)',
    ['\\(\\mathrm{NaCl_2}\\)', '\\(\\mathrm{KCl}\\)', '\\(\\mathrm{Na_2Cl}\\)'],
  ],
  [
    'sulphuric acid',
    '\\(\\mathrm{H_2SO_4}\\)',
    ['\\(\\mathrm{H_2SO_3}\\)', '\\(\\mathrm{HSO_4}\\)', '\\(\\mathrm{H_2S}\\)'],
  ],
  [
    'ammonia',
    '\\(\\mathrm{NH_3}\\)',
    ['\\(\\mathrm{NH_4}\\)', '\\(\\mathrm{N_2H}\\)', '\\(\\mathrm{NH_2}\\)'],
  ],
  [
    'methane',
    '\\(\\mathrm{CH_4}\\)',
    ['\\(\\mathrm{C_2H_6}\\)', '\\(\\mathrm{CH_3}\\)', '\\(\\mathrm{C_4H}\\)'],
  ],
  [
    'calcium carbonate',
    '\\(\\mathrm{CaCO_3}\\)',
    ['\\(\\mathrm{CaCO_2}\\)', '\\(\\mathrm{Ca_2CO_3}\\)', '\\(\\mathrm{CaO}\\)'],
  ],
  [
    'glucose',
    '\\(\\mathrm{C_6H_{12}O_6}\\)',
    ['\\(\\mathrm{C_6H_6}\\)', '\\(\\mathrm{C_{12}H_{22}O_{11}}\\)', '\\(\\mathrm{CH_2O}\\)'],
  ],
  [
    'ozone',
    '\\(\\mathrm{O_3}\\)',
    ['\\(\\mathrm{O_2}\\)', '\\(\\mathrm{O}\\)', '\\(\\mathrm{O_4}\\)'],
  ],
  [
    'hydrochloric acid',
    '\\(\\mathrm{HCl}\\)',
    ['\\(\\mathrm{HClO}\\)', '\\(\\mathrm{H_2Cl}\\)', '\\(\\mathrm{Cl_2}\\)'],
  ],
  [
    'sodium hydroxide',
    '\\(\\mathrm{NaOH}\\)',
    ['\\(\\mathrm{Na_2O}\\)', '\\(\\mathrm{NaH}\\)', '\\(\\mathrm{KOH}\\)'],
  ],
  [
    'nitric acid',
    '\\(\\mathrm{HNO_3}\\)',
    ['\\(\\mathrm{HNO_2}\\)', '\\(\\mathrm{NO_3}\\)', '\\(\\mathrm{H_2NO_3}\\)'],
  ],
];

export function chemistry(): QuestionInput[] {
  const out = CHEMISTRY.map(([name, formula, wrong], i) =>
    single(`The chemical formula of ${name} is`, [formula, ...wrong], i, {
      tags: ['chemistry', 'formulas'],
      status: i % 3 ? 'active' : 'draft',
    }),
  );
  out.push(
    {
      type: 'fill_blank',
      stem: '<p>Balance: \\(2\\mathrm{H_2} + \\mathrm{O_2} \\rightarrow\\) ___ \\(\\mathrm{H_2O}\\)</p>',
      blanks: [{ answers: ['2'], caseSensitive: false }],
      tags: ['chemistry'],
    },
    {
      type: 'fill_blank',
      stem: '<p>\\(\\mathrm{CaCO_3} \\xrightarrow{\\Delta} \\mathrm{CaO} +\\) ___</p>',
      blanks: [{ answers: ['CO2', 'carbon dioxide'], caseSensitive: false }],
      tags: ['chemistry'],
      difficulty: 'hard',
    },
    {
      type: 'numeric',
      stem: '<p>The pH of pure water at 25 °C is</p>',
      numeric: { value: 7, tolerance: 0, unit: null },
      tags: ['chemistry'],
    },
  );
  return out;
}

const FACTS: [string, boolean][] = [
  ['The Sun is a star.', true],
  ['Sound travels faster than light.', false],
  ['\\(0\\) is an even number.', true],
  ['Every prime number is odd.', false],
  ['\\(\\sqrt{2}\\) is a rational number.', false],
  ['Water boils at \\(100\\,^{\\circ}\\mathrm{C}\\) at sea level.', true],
  ['The sum of the angles of a triangle is \\(180^{\\circ}\\).', true],
  ['Plants take in oxygen during photosynthesis to make glucose.', false],
  ['\\(a^0 = 1\\) for every non-zero \\(a\\).', true],
  ['The Moon has its own light.', false],
  ['\\(\\frac{2}{4} = \\frac{1}{2}\\)', true],
  ['Iron is attracted by a magnet.', true],
  ['A square is a rectangle.', true],
  ['The Earth is the largest planet.', false],
  ['\\(\\pi\\) is exactly \\(\\frac{22}{7}\\).', false],
  ['Diamonds are made of carbon.', true],
  ['Bats are birds.', false],
  ['\\(1\\,\\mathrm{km} = 1000\\,\\mathrm{m}\\)', true],
  ['Mercury is a liquid metal at room temperature.', true],
  ['\\(7 \\times 8 = 54\\)', false],
];

export function trueFalse(): QuestionInput[] {
  return FACTS.map(([stem, truth], i) => ({
    type: 'true_false',
    stem: `<p>${stem}</p>`,
    options: [
      { id: 'A', html: 'True', correct: truth },
      { id: 'B', html: 'False', correct: !truth },
    ],
    tags: ['facts'],
    status: i % 4 ? 'active' : 'inactive',
    difficulty: 'easy',
  }));
}
