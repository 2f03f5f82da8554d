/**
 * The code editor's languages (spec widgets §9): CSS, JavaScript, HTML, Java, Objective-C, Python, R, Shell,
 * SQL, Swift, Vue, Markdown. Each loads its CodeMirror support on demand (its own chunk), from a language
 * package where one exists and from @codemirror/legacy-modes (a stream parser) for Objective-C, R, Shell and Swift.
 */
import type { Extension } from '@codemirror/state';
import type { StreamParser } from '@codemirror/language';

export interface CodeLanguage {
  id: string;
  label: string;
  load: () => Promise<Extension>;
}

async function legacy(parser: Promise<StreamParser<unknown>>): Promise<Extension> {
  const [{ StreamLanguage }, p] = await Promise.all([import('@codemirror/language'), parser]);
  return StreamLanguage.define(p);
}

export const CODE_LANGUAGES = [
  { id: 'css', label: 'CSS', load: async () => (await import('@codemirror/lang-css')).css() },
  {
    id: 'javascript',
    label: 'JavaScript',
    load: async () => (await import('@codemirror/lang-javascript')).javascript(),
  },
  { id: 'html', label: 'HTML', load: async () => (await import('@codemirror/lang-html')).html() },
  { id: 'java', label: 'Java', load: async () => (await import('@codemirror/lang-java')).java() },
  {
    id: 'objective-c',
    label: 'Objective-C',
    load: () => legacy(import('@codemirror/legacy-modes/mode/clike').then((m) => m.objectiveC)),
  },
  { id: 'python', label: 'Python', load: async () => (await import('@codemirror/lang-python')).python() },
  { id: 'r', label: 'R', load: () => legacy(import('@codemirror/legacy-modes/mode/r').then((m) => m.r)) },
  {
    id: 'shell',
    label: 'Shell',
    load: () => legacy(import('@codemirror/legacy-modes/mode/shell').then((m) => m.shell)),
  },
  { id: 'sql', label: 'SQL', load: async () => (await import('@codemirror/lang-sql')).sql() },
  {
    id: 'swift',
    label: 'Swift',
    load: () => legacy(import('@codemirror/legacy-modes/mode/swift').then((m) => m.swift)),
  },
  { id: 'vue', label: 'Vue', load: async () => (await import('@codemirror/lang-vue')).vue() },
  { id: 'markdown', label: 'Markdown', load: async () => (await import('@codemirror/lang-markdown')).markdown() },
] as const satisfies readonly CodeLanguage[];

export type CodeLanguageId = (typeof CODE_LANGUAGES)[number]['id'];

export function findLanguage(id: string | undefined): CodeLanguage | undefined {
  return CODE_LANGUAGES.find((l) => l.id === id);
}
