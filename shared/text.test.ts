import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nameSchema, newPasswordSchema, loginInput } from './auth-schemas';
import { lessonCreateInput } from './course-schemas';
import { hasControlCharacter, hasControlCharacterBeyondLines } from './text';

// Every input schema of the procedures; answer-schemas.ts describes what they answer.
const schemaFiles = import.meta.glob<Record<string, unknown>>(['./*-schemas.ts', '!./*answer-schemas.ts'], { eager: true });

const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
];

/** The string schemas inside `schema`, with where they sit; an email's format check is part of its text field. */
function textFields(schema: z.core.$ZodType, path: string): Array<{ path: string; schema: z.core.$ZodType }> {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string, at = path) => textFields(def[key] as z.core.$ZodType, at);
  switch (def.type) {
    case 'string':
      return [{ path, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.core.$ZodType>).flatMap(([key, field]) => textFields(field, path ? `${path}.${key}` : key));
    case 'array':
      return inner('element', `${path}[]`);
    case 'union':
      return (def.options as z.core.$ZodType[]).flatMap((option) => textFields(option, path));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return inner('innerType');
    // A preprocess is a pipe from a transform: the text is what it hands on; otherwise what comes in.
    case 'pipe':
      return (def.in as z.core.$ZodType)._zod.def.type === 'transform' ? inner('out') : inner('in');
    default:
      return [];
  }
}

// A lesson's Markdown body is multi-line: tab and newline are part of it (shared/text.ts); so are
// a quiz question's prompt and explanation (Markdown too), and a comment's body and a report's reason.
const isMultiLine = (name: string, path: string) =>
  (name.startsWith('course-schemas.ts ') && path === 'body') ||
  (name.startsWith('quiz-schemas.ts ') && (path === 'prompt' || path === 'explanation')) ||
  (name.startsWith('discussion-schemas.ts ') && (path === 'body' || path === 'reason'));

const inputSchemas = Object.entries(schemaFiles).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]) => (value instanceof z.ZodType ? [{ name: `${file.slice(2)} ${name}`, schema: value }] : [])),
);

describe('the text rule', () => {
  it('finds C0, DEL and C1 controls, and nothing else', () => {
    for (const control of CONTROLS) expect(hasControlCharacter(`a${control}b`), control.charCodeAt(0).toString(16)).toBe(true);
    for (const text of ['', 'Ann Lee', 'ann@example.com', ' ', '\u00a0', 'é ß Ω 中文', '🌌', '/media/image/a b.png', '\u2028']) {
      expect(hasControlCharacter(text), text).toBe(false);
    }
  });

  it('holds every text field of every input schema, except the passwords and the multi-line texts', () => {
    // A password field, or a password schema exported on its own.
    const isPassword = (name: string, path: string) => /(^|\.)(password|\w+Password)$/.test(path) || (path === '' && /password/i.test(name));
    const fields = inputSchemas.flatMap(({ name, schema }) =>
      textFields(schema, '').flatMap((field) =>
        isPassword(name, field.path) || isMultiLine(name, field.path) ? [] : [{ ...field, path: `${name} ${field.path}` }],
      ),
    );
    expect(fields.length).toBeGreaterThan(40);
    const unheld = fields
      .filter(({ schema }) =>
        CONTROLS.some((control) => z.safeParse(schema, `a${control}b`).error?.issues[0]?.message.endsWith('must not contain control characters') !== true),
      )
      .map(({ path }) => path);
    expect(unheld).toEqual([]);
  });

  it('holds the multi-line texts (a lesson body) to every control but tab and newline', () => {
    const fields = inputSchemas.flatMap(({ name, schema }) => textFields(schema, '').filter((field) => isMultiLine(name, field.path)));
    // A lesson's body when it is created, edited, and previewed in the editor (course.lessons.render);
    // a question's prompt and explanation as written, created and edited; a comment's body as posted
    // and edited, and a report's reason.
    expect(fields.map(({ path }) => path).sort()).toEqual([
      ...Array<string>(5).fill('body'),
      ...Array<string>(3).fill('explanation'),
      ...Array<string>(3).fill('prompt'),
      'reason',
    ]);
    for (const { path, schema } of fields) {
      for (const control of CONTROLS) {
        const refused = z.safeParse(schema, `a${control}b`).error?.issues[0]?.message;
        if (control === '\t' || control === '\n') expect(refused, 'tab or newline').toBeUndefined();
        else expect(refused, control.charCodeAt(0).toString(16)).toBe(`${path} must not contain control characters other than tab and newline`);
      }
    }
    for (const control of CONTROLS)
      expect(hasControlCharacterBeyondLines(control), control.charCodeAt(0).toString(16)).toBe(control !== '\t' && control !== '\n');
    expect(lessonCreateInput.parse({ moduleId: 'm', title: 'T', kind: 'text', body: '  # Title\n\n\tcode\n' }).body).toBe('  # Title\n\n\tcode\n');
  });

  it('forgives a newline around a field that trims, as any other whitespace', () => {
    expect(nameSchema.parse(' Ann Lee\r\n')).toBe('Ann Lee');
    expect(nameSchema.safeParse('Ann\nLee').error?.issues[0]?.message).toBe('Name must not contain control characters');
  });

  it('leaves the passwords alone: they are only hashed', () => {
    expect(newPasswordSchema.parse('pass\u0000word\t')).toBe('pass\u0000word\t');
    expect(loginInput.parse({ email: 'ann@example.com', password: '\u0007\u0000' }).password).toBe('\u0007\u0000');
  });
});
