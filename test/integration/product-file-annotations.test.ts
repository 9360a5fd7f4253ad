// `npm run validate` in GitHub Actions: one `::error` workflow command per problem, in GitHub's
// syntax (properties escaped for % CR LF : and ,; data for % CR LF), pointing at the field's line.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/load.ts';
import { BROKEN_CASES, BROKEN_DIR as BROKEN } from '../support/broken-fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function validate(env: Record<string, string>) {
  const { GITHUB_ACTIONS: _drop, ...base } = process.env;
  const res = spawnSync(process.execPath, ['scripts/validate.ts', BROKEN], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...base, ...env },
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}

let annotatedRun: ReturnType<typeof validate> | undefined;
/** The validator's run in GitHub Actions, made once for all the tests that read it. */
const annotated = () => (annotatedRun ??= validate({ GITHUB_ACTIONS: 'true' }));

const unescapeData = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProp = (s: string) => unescapeData(s.replace(/%3A/g, ':').replace(/%2C/g, ','));

/** Parses one workflow command line the way the runner does: `::name k=v,k=v::data`. */
function parseCommand(line: string) {
  const m = /^::([a-z]+) ([^:]*)::(.*)$/.exec(line);
  if (!m) return null;
  const props = Object.fromEntries(
    m[2]!.split(',').map((kv) => {
      const i = kv.indexOf('=');
      return [kv.slice(0, i), unescapeProp(kv.slice(i + 1))];
    }),
  );
  return { name: m[1]!, props, data: unescapeData(m[3]!) };
}

describe('validator annotations (GITHUB_ACTIONS=true)', () => {
  it('prints one well-formed ::error command per problem, on the line of the field', async () => {
    const { problems } = await loadCatalog(BROKEN, ROOT);
    expect(problems).toHaveLength(BROKEN_CASES.length);
    const res = annotated();
    expect(res.code).toBe(1);
    const lines = res.out.split('\n').filter((l) => l.startsWith('::error '));
    expect(lines).toHaveLength(problems.length);
    lines.forEach((line, i) => {
      const cmd = parseCommand(line);
      const p = problems[i]!;
      expect(cmd, line).not.toBeNull();
      expect(cmd!.name).toBe('error');
      expect(
        Object.keys(cmd!.props).every((k) => ['file', 'line', 'title'].includes(k)),
        line,
      ).toBe(true);
      expect(cmd!.props.file).toBe(p.file);
      expect(cmd!.props.title).toBe(p.field);
      expect(cmd!.data).toBe(`${p.field} ${p.message}. Fix: ${p.fix}`);
      if (p.line) {
        expect(cmd!.props.line).toBe(String(p.line));
        // The line really holds the field; a YAML error points where the broken value starts (inside
        // the frontmatter); the description is the body, below the closing ---; other problems with
        // the whole file point at its first line.
        const source = readFileSync(path.join(ROOT, p.file), 'utf8').split('\n');
        const text = source[p.line - 1]!;
        if (/not valid YAML/.test(p.message)) expect(p.line).toBeLessThanOrEqual(source.indexOf('---', 1) + 1);
        else if (p.field === 'description') expect(p.line).toBe(source.indexOf('---', 1) + 2);
        else if (p.field.startsWith('(')) expect(p.line).toBe(1);
        else expect(text.startsWith(`${p.field.split(', ')[0]}:`), `${p.file}:${p.line} ${text}`).toBe(true);
      }
    });
  });

  it('prints a safety suggestion as a ::warning on its line, never as an error', () => {
    const commands = annotated()
      .out.split('\n')
      .filter((l) => l.startsWith('::warning '))
      .map(parseCommand);
    // The folder's one valid product: magnetic tiles for 3–8 with no warning.
    expect(commands).toEqual([
      {
        name: 'warning',
        props: { file: `${BROKEN}/duplicate-slug-a.md`, line: '5', title: 'warnings' },
        data: expect.stringMatching(
          /^warnings no small parts or magnets warning, for ages 3–8 years .*Fix: .*noWarningNeeded/,
        ),
      },
    ]);
  });

  it('escapes a comma in a property so the runner does not split it', () => {
    const line = annotated()
      .out.split('\n')
      .find((l) => l.includes('extra-fields.md'))!;
    expect(line).toContain('title=colour%2C size::');
    expect(parseCommand(line)!.props).toEqual({ file: `${BROKEN}/extra-fields.md`, line: '15', title: 'colour, size' });
  });

  it.each(BROKEN_CASES.map((c) => [c.file, c.field, c] as const))(
    'annotates %s on the line of %s with the mistake and the fix',
    (_file, _field, c) => {
      const commands = annotated()
        .out.split('\n')
        .map(parseCommand)
        .filter((cmd) => cmd?.props.file === `${BROKEN}/${c.file}` && cmd.props.title === c.field);
      const cmd = commands.find((x) => c.message.test(x!.data.slice(c.field.length + 1).split('. Fix: ')[0]!));
      expect(cmd, c.file).toBeDefined();
      expect(cmd!.props.line).toBe(c.line === null ? undefined : String(c.line));
      expect(cmd!.data.split('. Fix: ')[1]).toMatch(c.fix);
    },
  );

  it('prints no workflow commands outside GitHub Actions', async () => {
    const { problems } = await loadCatalog(BROKEN, ROOT);
    const res = validate({});
    expect(res.code).toBe(1);
    expect(res.out).not.toMatch(/^::/m);
    expect(res.err).toContain(
      `${problems.length} problems in ${new Set(problems.map((p) => p.file)).size} product files`,
    );
  });
});
