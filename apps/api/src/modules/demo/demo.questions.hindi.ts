import type { QuestionInput } from '@bo/contract';
import { single } from './demo.questions.data.ts';

/** Demo questions in Hindi, with math. */

export function hindi(): QuestionInput[] {
  const h = { language: 'Hindi' as const, tags: ['hindi'] };
  return [
    single(
      '\\(\\frac{1}{2} + \\frac{1}{4}\\) का मान क्या है?',
      ['\\(\\frac{3}{4}\\)', '\\(\\frac{2}{6}\\)', '\\(\\frac{1}{8}\\)', '\\(1\\)'],
      1,
      h,
    ),
    single(
      'पानी का रासायनिक सूत्र क्या है?',
      [
        '\\(\\mathrm{H_2O}\\)',
        '\\(\\mathrm{CO_2}\\)',
        '\\(\\mathrm{O_2}\\)',
        '\\(\\mathrm{NaCl}\\)',
      ],
      2,
      h,
    ),
    single('भारत की राजधानी कौन सी है?', ['नई दिल्ली', 'मुंबई', 'कोलकाता', 'चेन्नई'], 3, h),
    single('\\(2^5\\) का मान है', ['\\(32\\)', '\\(10\\)', '\\(25\\)', '\\(16\\)'], 0, h),
    {
      type: 'true_false',
      stem: '<p>सूर्य एक तारा है।</p>',
      options: [
        { id: 'A', html: 'True', correct: true },
        { id: 'B', html: 'False', correct: false },
      ],
      ...h,
    },
    {
      type: 'true_false',
      stem: '<p>\\(7 \\times 6 = 42\\) सही है।</p>',
      options: [
        { id: 'A', html: 'True', correct: true },
        { id: 'B', html: 'False', correct: false },
      ],
      ...h,
    },
    {
      type: 'fill_blank',
      stem: '<p>पौधे ___ द्वारा भोजन बनाते हैं।</p>',
      blanks: [{ answers: ['प्रकाश संश्लेषण'], caseSensitive: false }],
      ...h,
    },
    {
      type: 'numeric',
      stem: '<p>एक वर्ग की भुजा 5 सेमी है। उसका क्षेत्रफल (\\(\\mathrm{cm^2}\\) में) क्या है?</p>',
      numeric: { value: 25, tolerance: 0, unit: 'cm²' },
      ...h,
    },
    {
      type: 'subjective',
      stem: '<p>जल चक्र का वर्णन कीजिए।</p>',
      modelAnswer: '<p>वाष्पीकरण, संघनन, वर्षा और संग्रहण।</p>',
      marks: 5,
      ...h,
    },
    {
      type: 'multiple_choice',
      stem: '<p>इनमें से कौन सी संख्याएँ अभाज्य हैं?</p>',
      options: [
        { id: 'A', html: '3', correct: true },
        { id: 'B', html: '4', correct: false },
        { id: 'C', html: '5', correct: true },
        { id: 'D', html: '6', correct: false },
      ],
      ...h,
    },
  ];
}
