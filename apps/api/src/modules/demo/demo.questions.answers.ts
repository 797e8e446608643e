import type { QuestionInput } from '@bo/contract';
import { letters } from './demo.questions.data.ts';

/** Demo questions answered by more than one pick: select-all, blanks, numbers, written answers. */

export function multiple(): QuestionInput[] {
  const sets: [string, [string, boolean][]][] = [
    [
      'Which of these are prime?',
      [
        ['2', true],
        ['9', false],
        ['11', true],
        ['15', false],
      ],
    ],
    [
      'Which of these are equal to \\(\\frac{1}{2}\\)?',
      [
        ['\\(\\frac{2}{4}\\)', true],
        ['\\(0.5\\)', true],
        ['\\(\\frac{3}{5}\\)', false],
        ['\\(50\\%\\)', true],
      ],
    ],
    [
      'Which are multiples of 3?',
      [
        ['12', true],
        ['14', false],
        ['27', true],
        ['31', false],
      ],
    ],
    [
      'Which of these are metals?',
      [
        ['Copper', true],
        ['Sulphur', false],
        ['Zinc', true],
        ['Carbon', false],
      ],
    ],
    [
      'Which are solutions of \\(x^2 = 9\\)?',
      [
        ['\\(3\\)', true],
        ['\\(-3\\)', true],
        ['\\(9\\)', false],
        ['\\(0\\)', false],
      ],
    ],
    [
      'Which of these are gases at room temperature?',
      [
        ['\\(\\mathrm{O_2}\\)', true],
        ['\\(\\mathrm{N_2}\\)', true],
        ['\\(\\mathrm{NaCl}\\)', false],
        ['\\(\\mathrm{H_2O}\\)', false],
      ],
    ],
    [
      'Which numbers are perfect squares?',
      [
        ['16', true],
        ['20', false],
        ['49', true],
        ['50', false],
      ],
    ],
    [
      'Which of these are renewable sources of energy?',
      [
        ['Solar', true],
        ['Wind', true],
        ['Coal', false],
        ['Petroleum', false],
      ],
    ],
    [
      'Which expressions equal \\(2^6\\)?',
      [
        ['\\(64\\)', true],
        ['\\(4^3\\)', true],
        ['\\(8^2\\)', true],
        ['\\(6^2\\)', false],
      ],
    ],
    [
      'Which of these are mammals?',
      [
        ['Whale', true],
        ['Shark', false],
        ['Bat', true],
        ['Penguin', false],
      ],
    ],
    [
      'Which are factors of 24?',
      [
        ['6', true],
        ['8', true],
        ['9', false],
        ['5', false],
      ],
    ],
    [
      'Which of these are acids?',
      [
        ['\\(\\mathrm{HCl}\\)', true],
        ['\\(\\mathrm{NaOH}\\)', false],
        ['\\(\\mathrm{H_2SO_4}\\)', true],
        ['\\(\\mathrm{KOH}\\)', false],
      ],
    ],
  ];
  return sets.map(([stem, opts], i) => ({
    type: 'multiple_choice',
    stem: `<p>${stem}</p>`,
    options: opts.map(([html, correct], j) => ({ id: letters[j]!, html, correct })),
    marks: 2,
    negativeMarks: 0.5,
    difficulty: i % 2 ? 'medium' : 'hard',
    tags: ['select-all'],
  }));
}

export function fillAndNumeric(): QuestionInput[] {
  const blanks: [string, string[][]][] = [
    ['The capital of India is ___.', [['New Delhi', 'Delhi']]],
    ['\\(3 \\times\\) ___ \\(= 21\\)', [['7']]],
    ['The largest planet in our solar system is ___.', [['Jupiter']]],
    ['Light travels at about ___ km per second.', [['300000', '3 lakh', '300,000']]],
    ['Plants make food by ___.', [['photosynthesis']]],
    ['\\(\\frac{3}{4}\\) is the same as ___ twelfths.', [['9']]],
    ['The chemical symbol of gold is ___ and of silver ___.', [['Au'], ['Ag']]],
    [
      'A triangle with all sides equal is called ___.',
      [['equilateral', 'an equilateral triangle']],
    ],
    ['\\(10^3 =\\) ___', [['1000']]],
    ['The freezing point of water is ___ °C.', [['0']]],
  ];
  const fill: QuestionInput[] = blanks.map(([stem, answers]) => ({
    type: 'fill_blank',
    stem: `<p>${stem}</p>`,
    blanks: answers.map((a) => ({ answers: a, caseSensitive: a[0] === 'Au' || a[0] === 'Ag' })),
    tags: ['recall'],
  }));
  const motion: QuestionInput[] = [
    [120, 2],
    [90, 3],
    [300, 5],
    [45, 0.5],
    [150, 2.5],
    [60, 4],
    [200, 8],
    [75, 1.5],
  ].map(([d, t]) => ({
    type: 'numeric',
    stem: `<p>A bus covers ${d} km in ${t} hours. Find its average speed using \\(v = \\dfrac{d}{t}\\).</p>`,
    numeric: { value: d! / t!, tolerance: 0.1, unit: 'km/h' },
    tags: ['motion'],
    difficulty: 'medium',
  }));
  return [...fill, ...motion];
}

export function subjective(): QuestionInput[] {
  const items: [string, string][] = [
    [
      'Explain why \\(\\frac{1}{3} + \\frac{1}{4} \\neq \\frac{2}{7}\\).',
      'Fractions are added over a common denominator: \\(\\frac{4}{12} + \\frac{3}{12} = \\frac{7}{12}\\).',
    ],
    [
      'Describe the water cycle.',
      'Evaporation, condensation, precipitation and collection, driven by the Sun.',
    ],
    [
      'Prove that \\(\\sqrt{2}\\) is irrational.',
      'Assume \\(\\sqrt{2} = \\frac{p}{q}\\) in lowest terms; then \\(p^2 = 2q^2\\), so both are even: a contradiction.',
    ],
    [
      'Why does iron rust? Write the reaction.',
      '\\(4\\mathrm{Fe} + 3\\mathrm{O_2} + x\\mathrm{H_2O} \\rightarrow 2\\mathrm{Fe_2O_3}\\cdot x\\mathrm{H_2O}\\): iron reacts with oxygen and moisture.',
    ],
    [
      "State and explain Newton's second law of motion.",
      '\\(F = ma\\): the force equals the rate of change of momentum.',
    ],
    [
      'Explain the difference between speed and velocity.',
      'Speed is a scalar; velocity has a direction too.',
    ],
    [
      'Derive the formula for the area of a trapezium.',
      '\\(A = \\frac{1}{2}(a + b)h\\), from two triangles or by rearranging.',
    ],
    [
      'What is a balanced chemical equation? Give an example.',
      'Atoms of each element are equal on both sides, e.g. \\(2\\mathrm{H_2} + \\mathrm{O_2} \\rightarrow 2\\mathrm{H_2O}\\).',
    ],
  ];
  return items.map(([stem, model]) => ({
    type: 'subjective',
    stem: `<p>${stem}</p>`,
    modelAnswer: `<p>${model}</p>`,
    marks: 5,
    difficulty: 'hard',
    tags: ['long-answer'],
  }));
}
