import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/accessibility.md, the conformance report (ACR) a buyer's procurement asks for, checked against
 * the criteria of WCAG 2.2 and against the tests it cites: a row that says "Supports" is only as good
 * as the test behind it, so every reference must name a file that exists and a test, describe or
 * engines journey declared in it with that very title. A renamed or deleted test fails here, naming
 * the criterion whose evidence went with it.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const REPORT = 'docs/accessibility.md';

type Level = 'A' | 'AA';

/** Every WCAG 2.2 success criterion of levels A and AA (31 + 24), with its level and name. */
const WCAG_22_A_AA: readonly (readonly [string, Level, string])[] = [
  ['1.1.1', 'A', 'Non-text Content'],
  ['1.2.1', 'A', 'Audio-only and Video-only (Prerecorded)'],
  ['1.2.2', 'A', 'Captions (Prerecorded)'],
  ['1.2.3', 'A', 'Audio Description or Media Alternative (Prerecorded)'],
  ['1.2.4', 'AA', 'Captions (Live)'],
  ['1.2.5', 'AA', 'Audio Description (Prerecorded)'],
  ['1.3.1', 'A', 'Info and Relationships'],
  ['1.3.2', 'A', 'Meaningful Sequence'],
  ['1.3.3', 'A', 'Sensory Characteristics'],
  ['1.3.4', 'AA', 'Orientation'],
  ['1.3.5', 'AA', 'Identify Input Purpose'],
  ['1.4.1', 'A', 'Use of Color'],
  ['1.4.2', 'A', 'Audio Control'],
  ['1.4.3', 'AA', 'Contrast (Minimum)'],
  ['1.4.4', 'AA', 'Resize Text'],
  ['1.4.5', 'AA', 'Images of Text'],
  ['1.4.10', 'AA', 'Reflow'],
  ['1.4.11', 'AA', 'Non-text Contrast'],
  ['1.4.12', 'AA', 'Text Spacing'],
  ['1.4.13', 'AA', 'Content on Hover or Focus'],
  ['2.1.1', 'A', 'Keyboard'],
  ['2.1.2', 'A', 'No Keyboard Trap'],
  ['2.1.4', 'A', 'Character Key Shortcuts'],
  ['2.2.1', 'A', 'Timing Adjustable'],
  ['2.2.2', 'A', 'Pause, Stop, Hide'],
  ['2.3.1', 'A', 'Three Flashes or Below Threshold'],
  ['2.4.1', 'A', 'Bypass Blocks'],
  ['2.4.2', 'A', 'Page Titled'],
  ['2.4.3', 'A', 'Focus Order'],
  ['2.4.4', 'A', 'Link Purpose (In Context)'],
  ['2.4.5', 'AA', 'Multiple Ways'],
  ['2.4.6', 'AA', 'Headings and Labels'],
  ['2.4.7', 'AA', 'Focus Visible'],
  ['2.4.11', 'AA', 'Focus Not Obscured (Minimum)'],
  ['2.5.1', 'A', 'Pointer Gestures'],
  ['2.5.2', 'A', 'Pointer Cancellation'],
  ['2.5.3', 'A', 'Label in Name'],
  ['2.5.4', 'A', 'Motion Actuation'],
  ['2.5.7', 'AA', 'Dragging Movements'],
  ['2.5.8', 'AA', 'Target Size (Minimum)'],
  ['3.1.1', 'A', 'Language of Page'],
  ['3.1.2', 'AA', 'Language of Parts'],
  ['3.2.1', 'A', 'On Focus'],
  ['3.2.2', 'A', 'On Input'],
  ['3.2.3', 'AA', 'Consistent Navigation'],
  ['3.2.4', 'AA', 'Consistent Identification'],
  ['3.2.6', 'A', 'Consistent Help'],
  ['3.3.1', 'A', 'Error Identification'],
  ['3.3.2', 'A', 'Labels or Instructions'],
  ['3.3.3', 'AA', 'Error Suggestion'],
  ['3.3.4', 'AA', 'Error Prevention (Legal, Financial, Data)'],
  ['3.3.7', 'A', 'Redundant Entry'],
  ['3.3.8', 'AA', 'Accessible Authentication (Minimum)'],
  ['4.1.2', 'A', 'Name, Role, Value'],
  ['4.1.3', 'AA', 'Status Messages'],
];

/**
 * 4.1.1 Parsing: removed from WCAG 2.2, but the VPAT 2.5 form keeps its row for readers holding the
 * report against WCAG 2.0 or 2.1. It must be there once, explained, and is left out of the counts.
 */
const OBSOLETE: Readonly<Record<string, readonly [Level, string]>> = { '4.1.1': ['A', 'Parsing'] };

const TERMS = ['Supports', 'Partially Supports', 'Does Not Support', 'Not Applicable'] as const;
type Term = (typeof TERMS)[number];

/** The engine each kind of test runs in, as a reference names it. */
const ENGINES: readonly { engine: string; file: RegExp }[] = [
  { engine: 'Chromium', file: /^tests\/e2e\/.+\.spec\.ts$/ },
  { engine: 'Firefox ESR, WebKitGTK', file: /^tests\/engines\/.+\.ts$/ },
  { engine: 'jsdom', file: /\.test\.tsx?$/ },
];

/** `` `path` › "title" (engine) `` — the title ends at the quote before the engine's bracket. */
const REFERENCE = new RegExp(`\`([^\`]+)\` › "(.+?)" \\((${ENGINES.map(({ engine }) => engine).join('|')})\\)`, 'g');

interface Reference {
  file: string;
  title: string;
  engine: string;
}

interface Row {
  id: string;
  name: string;
  level: string;
  /** The table the row sits in: 'A' for Table 1, 'AA' for Table 2. */
  table: string;
  term: string;
  testedBy: string;
  references: Reference[];
  remarks: string;
}

/** Markdown and HTML escapes a title needs in a table cell, undone. */
const unescapeCell = (text: string) =>
  text.replace(/\\\|/g, '|').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** The cells of a table row, split at the pipes that are not escaped. */
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim());

/** The criteria rows of the report's two tables. */
function parseRows(markdown: string): Row[] {
  const rows: Row[] = [];
  let table = '';
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,4} Table (\d)/.exec(line);
    if (heading) table = heading[1] === '1' ? 'A' : heading[1] === '2' ? 'AA' : '';
    if (!line.startsWith('|')) continue;
    const [criterion = '', level = '', term = '', testedBy = '', remarks = ''] = cells(line);
    const named = /^(\d+\.\d+\.\d+) (.+)$/.exec(criterion.replace(/\*/g, ''));
    if (!named) continue;
    const references = [...unescapeCell(testedBy).matchAll(REFERENCE)].map(([, file = '', title = '', engine = '']) => ({ file, title, engine }));
    rows.push({ id: named[1] ?? '', name: named[2]?.trim() ?? '', level, table, term, testedBy, references, remarks });
  }
  return rows;
}

/**
 * The string first given to each test(…), it(…) or describe(…) as written, and in the engines' journeys
 * each journey's `name:` (elsewhere a `name:` is a role query's, not a title).
 */
function declaredTitles(source: string, journeys = false): string[] {
  const literal = String.raw`'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|\`((?:\\.|[^\`\\])*)\``;
  const opener = journeys ? String.raw`\bname:\s*` : String.raw`\b(?:test|it|describe)(?:\.\w+)*\(\s*`;
  const declaration = new RegExp(`${opener}(?:${literal})`, 'g');
  return [...source.matchAll(declaration)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

/** Whether `title` is the declared one: the same text, or a template literal's text with each `${…}` filled. */
function titleMatches(declared: string, title: string): boolean {
  const text = declared.replace(/\\(['"`\\])/g, '$1');
  if (text === title) return true;
  if (!text.includes('${')) return false;
  const parts = text.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.+?')}$`, 's').test(title);
}

/** What is wrong with the report, one line per problem, each naming its criterion. */
function reportProblems(markdown: string, readSource: (file: string) => string | null): string[] {
  const problems: string[] = [];
  const rows = parseRows(markdown);
  const known = new Map<string, readonly [Level, string]>([...WCAG_22_A_AA.map(([id, level, name]) => [id, [level, name]] as const), ...Object.entries(OBSOLETE)]);

  for (const [id, [level, name]] of known) {
    const found = rows.filter((row) => row.id === id);
    if (found.length !== 1) problems.push(`${id} ${name}: listed ${found.length} times, not once`);
    for (const row of found) {
      if (row.name.toLowerCase() !== name.toLowerCase()) problems.push(`${id} ${name}: named "${row.name}"`);
      if (row.level !== level) problems.push(`${id} ${name}: level "${row.level}", not ${level}`);
      if (row.table !== level) problems.push(`${id} ${name}: in the table of level ${row.table || '(none)'}, not Table ${level === 'A' ? 1 : 2}`);
    }
  }
  for (const row of rows) {
    const label = `${row.id} ${row.name}`;
    if (!known.has(row.id)) problems.push(`${label}: not a WCAG 2.2 level A or AA success criterion`);
    if (!(TERMS as readonly string[]).includes(row.term)) problems.push(`${label}: "${row.term}" is not one of ${TERMS.join(', ')}`);
    const supported = row.term === 'Supports' || row.term === 'Partially Supports';
    if (supported && row.references.length === 0 && !(row.id in OBSOLETE)) problems.push(`${label}: "${row.term}" without a test reference`);
    if (row.term !== 'Supports' && !/\w/.test(row.remarks)) problems.push(`${label}: "${row.term}" without remarks saying why`);
    if (row.id in OBSOLETE && !/\w/.test(row.remarks)) problems.push(`${label}: no remark on why it is kept`);
    const written = row.testedBy.match(/`[^`]+`/g)?.length ?? 0;
    if (written !== row.references.length) problems.push(`${label}: ${written - row.references.length} reference(s) not in the form \`file\` › "title" (engine)`);
    for (const { file, title, engine } of row.references) {
      const where = `${label}: \`${file}\` › "${title}"`;
      const expected = ENGINES.find((candidate) => candidate.file.test(file))?.engine;
      if (expected !== engine) problems.push(`${where}: runs in ${expected ?? 'no known engine'}, not ${engine}`);
      const source = readSource(file);
      if (source === null) problems.push(`${where}: no such file`);
      else if (!declaredTitles(source, file.startsWith('tests/engines/')).some((declared) => titleMatches(declared, title))) problems.push(`${where}: no test, describe or journey with that title in the file`);
    }
  }

  const counted = rows.filter((row) => !(row.id in OBSOLETE) && known.has(row.id));
  const counts = Object.fromEntries(TERMS.map((term) => [term, counted.filter((row) => row.term === term).length])) as Record<Term, number>;
  const summary = /^Supports: (\d+) · Partially Supports: (\d+) · Does Not Support: (\d+) · Not Applicable: (\d+) · Total: (\d+)$/m.exec(markdown);
  if (!summary) problems.push('summary: no line "Supports: N · Partially Supports: N · Does Not Support: N · Not Applicable: N · Total: N"');
  else {
    const stated = summary.slice(1).map(Number);
    const actual = [...TERMS.map((term) => counts[term]), WCAG_22_A_AA.length];
    TERMS.forEach((term, index) => {
      if (stated[index] !== actual[index]) problems.push(`summary: ${term} ${stated[index]}, but the tables have ${actual[index]}`);
    });
    if (stated[4] !== WCAG_22_A_AA.length) problems.push(`summary: Total ${stated[4]}, but WCAG 2.2 has ${WCAG_22_A_AA.length} A and AA criteria`);
  }
  return problems;
}

const readSource = (file: string) => {
  const full = path.join(ROOT, file);
  return !file.includes('..') && existsSync(full) ? readFileSync(full, 'utf8') : null;
};

describe('the accessibility conformance report', () => {
  it('has 55 WCAG 2.2 A and AA criteria to list: 31 of level A and 24 of level AA', () => {
    expect(new Set(WCAG_22_A_AA.map(([id]) => id)).size).toBe(55);
    expect(WCAG_22_A_AA.filter(([, level]) => level === 'A')).toHaveLength(31);
    expect(WCAG_22_A_AA.filter(([, level]) => level === 'AA')).toHaveLength(24);
  });

  it(`lists every criterion once with its level, a conformance term, its tests and remarks, and counts them right (${REPORT})`, () => {
    expect(reportProblems(readFileSync(path.join(ROOT, REPORT), 'utf8'), readSource)).toEqual([]);
  });
});

/** A table row of a report, for the checker's own tests. */
const row = (id: string, name: string, level: string, term: string, testedBy: string, remarks = 'Why.') => `| ${id} ${name} | ${level} | ${term} | ${testedBy} | ${remarks} |`;

/** A whole report: every criterion Supports with one reference, but the rows given. */
const whole = (replace: Record<string, string>) => {
  const table = (level: Level) =>
    WCAG_22_A_AA.filter(([, at]) => at === level).map(([id, , name]) => replace[id] ?? row(id, name, level, 'Supports', '`tests/e2e/a.spec.ts` › "should work" (Chromium)'));
  return [
    'Supports: 55 · Partially Supports: 0 · Does Not Support: 0 · Not Applicable: 0 · Total: 55',
    '### Table 1: Level A',
    ...table('A'),
    row('4.1.1', 'Parsing', 'A', 'Supports', '—', 'Removed from WCAG 2.2.'),
    '### Table 2: Level AA',
    ...table('AA'),
  ].join('\n');
};

describe('the report checker', () => {
  const files: Record<string, string> = {
    'tests/e2e/a.spec.ts': "test.describe('area', () => {\n  test('should work', () => {});\n  for (const w of [1, 2]) test(`should fit ${w} px`, () => {});\n});",
    'src/x.test.ts': 'it("should say \\"hi\\"", () => {});',
    'tests/engines/journeys.ts': "export const JOURNEYS = [{ name: 'log in (acme)' }];",
  };
  const read = (file: string) => files[file] ?? null;

  it('passes a complete report whose references all exist, template-literal titles and engines journeys included', () => {
    const doc = whole({
      '1.4.10': row('1.4.10', 'Reflow', 'AA', 'Supports', '`tests/e2e/a.spec.ts` › "should fit 320 px" (Chromium)<br>`tests/engines/journeys.ts` › "log in (acme)" (Firefox ESR, WebKitGTK)'),
      '1.1.1': row('1.1.1', 'Non-text Content', 'A', 'Supports', '`src/x.test.ts` › "should say &quot;hi&quot;" (jsdom)'),
    });
    expect(reportProblems(doc, read)).toEqual([]);
  });

  it('names the criterion of a missing row, a wrong level, a renamed test, a wrong engine and an unexplained Not Applicable', () => {
    const doc = whole({
      '1.2.1': '',
      '1.3.1': row('1.3.1', 'Info and Relationships', 'AA', 'Supports', '`tests/e2e/a.spec.ts` › "should work" (Chromium)'),
      '2.4.2': row('2.4.2', 'Page Titled', 'A', 'Supports', '`tests/e2e/a.spec.ts` › "should work now" (Chromium)'),
      '2.4.3': row('2.4.3', 'Focus Order', 'A', 'Supports', '`tests/e2e/a.spec.ts` › "should work" (jsdom)'),
      '2.5.4': row('2.5.4', 'Motion Actuation', 'A', 'Not Applicable', '—', ' '),
      '3.3.1': row('3.3.1', 'Error Identification', 'A', 'Partially Supports', 'by review'),
      '4.1.2': row('4.1.2', 'Name, Role, Value', 'A', 'Supported', '`tests/e2e/a.spec.ts` › "should work" (Chromium)'),
    });
    const problems = reportProblems(doc, read);
    expect(problems).toEqual(
      expect.arrayContaining([
        '1.2.1 Audio-only and Video-only (Prerecorded): listed 0 times, not once',
        '1.3.1 Info and Relationships: level "AA", not A',
        '2.4.2 Page Titled: `tests/e2e/a.spec.ts` › "should work now": no test, describe or journey with that title in the file',
        '2.4.3 Focus Order: `tests/e2e/a.spec.ts` › "should work": runs in Chromium, not jsdom',
        '2.5.4 Motion Actuation: "Not Applicable" without remarks saying why',
        '3.3.1 Error Identification: "Partially Supports" without a test reference',
        '4.1.2 Name, Role, Value: "Supported" is not one of Supports, Partially Supports, Does Not Support, Not Applicable',
        'summary: Supports 55, but the tables have 51',
      ]),
    );
  });
});
