import { PRIMARY_CURRICULUM } from './demo.curriculum-primary.ts';
import { SECONDARY_CURRICULUM } from './demo.curriculum-secondary.ts';

/**
 * The demo curriculum as a compact table: per grade band, its subjects and,
 * per subject, a run of chapters ("Name: topic | topic | …"). Each grade of
 * a band takes its own window of the run, so Class 3 and Class 5 differ.
 */

export type Band = 'early' | 'primary' | 'middle' | 'senior';

export const BAND_GRADES: Record<Band, string[]> = {
  early: ['Nursery', 'LKG', 'UKG'],
  primary: ['Class 1', 'Class 2', 'Class 3', 'Class 4', 'Class 5'],
  middle: ['Class 6', 'Class 7', 'Class 8', 'Class 9', 'Class 10'],
  senior: ['Class 11', 'Class 12'],
};

/** Chapters a grade gets out of its subject's run. */
export const CHAPTERS_PER_GRADE: Record<Band, number> = {
  early: 4,
  primary: 5,
  middle: 5,
  senior: 5,
};

/** Per band, its subjects, and per subject its run of chapters ("Name: topic | topic | …"). */
export const CURRICULUM: Record<Band, Record<string, string[]>> = {
  ...PRIMARY_CURRICULUM,
  ...SECONDARY_CURRICULUM,
};

export interface ChapterSpec {
  name: string;
  topics: string[];
}

export function parseChapter(line: string): ChapterSpec {
  const at = line.lastIndexOf(': ');
  return {
    name: line.slice(0, at),
    topics: line
      .slice(at + 2)
      .split('|')
      .map((t) => t.trim()),
  };
}

/** The curriculum of every grade: subjects in order, each with its window of chapters. */
export function demoCurriculum(): {
  grade: string;
  subjects: { name: string; chapters: ChapterSpec[] }[];
}[] {
  return (Object.keys(BAND_GRADES) as Band[]).flatMap((band) =>
    BAND_GRADES[band].map((grade, g) => ({
      grade,
      subjects: Object.entries(CURRICULUM[band]).map(([name, lines]) => {
        const size = Math.min(CHAPTERS_PER_GRADE[band], lines.length);
        const steps = BAND_GRADES[band].length - 1;
        const start = steps === 0 ? 0 : Math.round((g * (lines.length - size)) / steps);
        return { name, chapters: lines.slice(start, start + size).map(parseChapter) };
      }),
    })),
  );
}
